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
    """One answer of the Wikipedia Rewrite Corpus with its source article.

    Attributes
    ----------
    file : str
        The answer's file name (``g0pA_taska.txt``).
    task : str
        ``"a"`` … ``"e"``.
    category : str
        ``"cut"`` (near copy), ``"light"``, ``"heavy"`` or ``"non"``.
    text, source : str
        The answer and its task's Wikipedia source.

    References
    ----------
    Clough, P. & Stevenson, M. (2011). Developing a corpus of plagiarised short answers.
    *Language Resources and Evaluation* 45(1), 5–24.

    Examples
    --------
    >>> import pathlib, tempfile
    >>> folder = pathlib.Path(tempfile.mkdtemp())
    >>> (folder / "texts").mkdir()
    >>> table = "File,Task,Category\\ng0pA_taska.txt,a,cut\\n"
    >>> _ = (folder / "file_information.csv").write_text(table)
    >>> _ = (folder / "texts" / "g0pA_taska.txt").write_text("Inheritance  is a way\\n")
    >>> _ = (folder / "texts" / "orig_taska.txt").write_text("Inheritance is a way to reuse code.")
    >>> answer = load_wikipedia_rewrite(folder)[0]
    >>> answer.task, answer.category, answer.text
    ('a', 'cut', 'Inheritance is a way')
    """

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

    Parameters
    ----------
    folder : str or pathlib.Path
        The corpus folder.

    Returns
    -------
    list of RewriteAnswer

    References
    ----------
    Clough, P. & Stevenson, M. (2011). Developing a corpus of plagiarised short answers.
    *Language Resources and Evaluation* 45(1), 5–24.

    Examples
    --------
    >>> import pathlib, tempfile
    >>> folder = pathlib.Path(tempfile.mkdtemp())
    >>> (folder / "texts").mkdir()
    >>> table = "File,Task,Category\\ng0pA_taska.txt,a,cut\\n"
    >>> _ = (folder / "file_information.csv").write_text(table)
    >>> _ = (folder / "texts" / "g0pA_taska.txt").write_text("Inheritance  is a way\\n")
    >>> _ = (folder / "texts" / "orig_taska.txt").write_text("Inheritance is a way to reuse code.")
    >>> [(a.file, a.source) for a in load_wikipedia_rewrite(folder)]
    [('g0pA_taska.txt', 'Inheritance is a way to reuse code.')]
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

    Parameters
    ----------
    models : sequence of str
        Scorer names.
    data_dir : path, optional
        Where the registered corpus is found (else the cache, or a download).
    folds : int, default 10
    seed : int, default 0
    min_bucket : int, default 6
        OneR's smallest bucket.

    Returns
    -------
    dict of str to ClassifierChoice
        Scorer → the chosen classifier and both accuracies.

    References
    ----------
    Reimers, N., Beyer, P. & Gurevych, I. (2016). Task-oriented intrinsic evaluation of
    semantic textual similarity. *Proceedings of COLING 2016*, 87–96.

    Examples
    --------
    >>> res = rewrite_classification(["lexical:jaccard"], data_dir="data")  # doctest: +SKIP
    >>> res["lexical:jaccard"].accuracy  # needs the corpus  # doctest: +SKIP
    0.6
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
