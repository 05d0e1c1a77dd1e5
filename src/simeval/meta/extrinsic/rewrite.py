"""Task 1 of Reimers et al. (2016, §3.1) on the Wikipedia Rewrite corpus (Clough &
Stevenson 2011): classify each answer's rewrite level (cut, light, heavy, non) from one
similarity score between the answer and its Wikipedia source.

The corpus is read by the data set registry (``wikipedia-rewrite``, see
:mod:`simeval.datasets.sentences.rewrite`); :func:`load_wikipedia_rewrite` gives the same
answers as records, :func:`rewrite_classification` scores them with simeval's scorers and
picks the classifier as the paper does (:func:`~simeval.meta.extrinsic.select_classifier`).
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from ...errors import DataError
from .classify import ClassifierChoice, select_classifier

__all__ = ["RewriteAnswer", "load_wikipedia_rewrite", "rewrite_classification"]


@dataclass(frozen=True)
class RewriteAnswer:
    """One answer of the Wikipedia Rewrite Corpus with its source article."""

    file: str
    task: str
    category: str  # cut (near copy), light, heavy, non
    text: str
    source: str


def load_wikipedia_rewrite(folder: str | Path) -> list[RewriteAnswer]:
    """Read the Wikipedia Rewrite Corpus (Clough & Stevenson 2011): the 95 answers with
    their rewrite level and the Wikipedia source of their task.

    ``folder`` holds ``file_information.csv`` (``File,Task,Category``) and ``texts/``; the
    registry's reader does the work (UTF-8, else Windows-1252; whitespace collapsed).
    """
    from ...datasets.sentences.rewrite import read_rewrite

    base = Path(folder)
    table = base / "file_information.csv"
    if not table.is_file():
        raise DataError(f"{table}: not found; point to the wikipedia-rewrite folder")
    texts = sorted((base / "texts").glob("*.txt"))
    answers, sources, _, files, categories = read_rewrite(table, texts)
    return [
        RewriteAnswer(f, f.rsplit("task", 1)[-1].removesuffix(".txt"), c, a, s)
        for f, c, a, s in zip(files, categories, answers, sources)
    ]


def rewrite_classification(
    models: Sequence[str],
    *,
    data_dir: str | os.PathLike[str] | None = None,
    folds: int = 10,
    seed: int = 0,
    min_bucket: int = 6,
) -> dict[str, ClassifierChoice]:
    """Reimers et al. (2016, §3.1) task 1 for each scorer of ``models``
    (:func:`simeval.scorers.get` names): score each answer against its source, then
    10-fold cross-validate OneR and logistic regression on the four rewrite levels and
    keep the better (:func:`~simeval.meta.extrinsic.select_classifier`; folds stratified by
    level, ``numpy.random.default_rng(seed)``, the same folds for every scorer).
    """
    from ... import scorers
    from ...datasets import load

    pairs = load("wikipedia-rewrite", data_dir=data_dir)
    if pairs.labels is None:  # pragma: no cover - the registry reader always sets them
        raise DataError("wikipedia-rewrite: the rewrite levels are missing")
    texts = (list(pairs.texts1), list(pairs.texts2))
    return {
        m: select_classifier(
            scorers.get(m).score(texts),
            pairs.labels,
            folds=folds,
            seed=seed,
            min_bucket=min_bucket,
        )
        for m in models
    }
