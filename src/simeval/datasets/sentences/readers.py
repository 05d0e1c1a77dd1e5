"""One reader per file format of the registered sentence-pair releases.

- STS Benchmark: tab-separated, no header, no quoting (texts contain ``"``): ``genre
  filename year id score sentence1 sentence2 [attribution …]``;
- SICK (SemEval-2014 Task 1): tab-separated with a header ``pair_ID sentence_A sentence_B
  relatedness_score entailment_judgment`` (the full release: ``entailment_label`` and more
  columns);
- STS-B companion: the same without the genre column;
- MSR Paraphrase Corpus: tab-separated with a header ``Quality #1 ID #2 ID #1 String
  #2 String`` (gold 1 = paraphrase, 0 = not);
- SemEval STS: ``STS.input.<set>.txt`` (``sentence1 <tab> sentence2 [notes …]``) beside
  ``STS.gs.<set>.txt`` (one score per line, blank for an unscored pair).
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

import numpy as np

from ...errors import DataError
from ...io import read_text
from .pairs import SentencePairs

if TYPE_CHECKING:
    from .registry import SentenceDataset

__all__ = ["read_dataset"]


def _lines(path: Path) -> list[str]:
    text = read_text(path)
    return [line.rstrip("\r") for line in text.split("\n")][: text.count("\n") + 1]


def _rows(path: Path) -> list[list[str]]:
    lines = read_text(path).splitlines()
    return [line.split("\t") for line in lines if line.strip()]


def _stsb(
    path: Path, *, genre: bool = True
) -> tuple[list[str], list[str], list[float], list[str], None]:
    """STS-B rows; the companion sets lack the leading genre column."""
    k = 1 if genre else 0
    t1, t2, gold, ids = [], [], [], []
    for i, row in enumerate(_rows(path), start=1):
        if len(row) < 6 + k:
            raise DataError(f"{path}, line {i}: {len(row)} fields; expected at least {6 + k}")
        try:
            gold.append(float(row[3 + k]))
        except ValueError:
            raise DataError(f"{path}, line {i}: score {row[3 + k]!r} is not a number") from None
        t1.append(row[4 + k])
        t2.append(row[5 + k])
        ids.append(f"{row[k]}-{row[k + 1]}-{row[k + 2]}")
    return t1, t2, gold, ids, None


def _msrp(path: Path) -> tuple[list[str], list[str], list[float], list[str], list[str]]:
    """MSRP: ``Quality #1 ID #2 ID #1 String #2 String`` with a header; 1 = paraphrase."""
    rows = _rows(path)
    if [c.lstrip("\ufeff") for c in rows[0][:3]] != ["Quality", "#1 ID", "#2 ID"]:
        raise DataError(f"{path}: not an MSR Paraphrase Corpus file (header {rows[0]})")
    t1, t2, gold, ids, labels = [], [], [], [], []
    for i, row in enumerate(rows[1:], start=2):
        if len(row) != 5 or row[0] not in ("0", "1"):
            raise DataError(f"{path}, line {i}: expected 5 fields with a 0/1 quality")
        gold.append(float(row[0]))
        labels.append("paraphrase" if row[0] == "1" else "not paraphrase")
        ids.append(f"{row[1]}-{row[2]}")
        t1.append(row[3])
        t2.append(row[4])
    return t1, t2, gold, ids, labels


def _sick(paths: Sequence[Path]) -> tuple[list[str], list[str], list[float], list[str], list[str]]:
    t1, t2, gold, ids, labels = [], [], [], [], []
    for path in paths:
        rows = _rows(path)
        head = rows[0]
        try:
            c = {k: head.index(k) for k in ("pair_ID", "sentence_A", "sentence_B")}
            c["score"] = head.index("relatedness_score")
            label = "entailment_judgment" if "entailment_judgment" in head else "entailment_label"
            c["label"] = head.index(label)
        except ValueError:
            raise DataError(f"{path}: not a SICK SemEval-2014 file (header {head})") from None
        for row in rows[1:]:
            ids.append(row[c["pair_ID"]])
            t1.append(row[c["sentence_A"]])
            t2.append(row[c["sentence_B"]])
            gold.append(float(row[c["score"]]))
            labels.append(row[c["label"]])
    return t1, t2, gold, ids, labels


def _sts(
    paths: Sequence[Path], subsets: Sequence[str]
) -> tuple[list[str], list[str], list[float], list[str], list[str]]:
    t1, t2, gold, ids, subs = [], [], [], [], []
    for k, sub in enumerate(subsets):
        inp, gs = paths[2 * k], paths[2 * k + 1]
        texts = read_text(inp).splitlines()
        scores = read_text(gs).splitlines()
        if len(scores) != len(texts):
            raise DataError(f"{gs}: {len(scores)} lines but {inp} has {len(texts)}")
        for i, (line, score) in enumerate(zip(texts, scores), start=1):
            fields = line.split("\t")
            if len(fields) < 2:
                raise DataError(f"{inp}, line {i}: no tab between the two sentences")
            t1.append(fields[0])
            t2.append(fields[1])
            gold.append(float(score) if score.strip() else float("nan"))
            ids.append(f"{sub}-{i}")
            subs.append(sub)
    return t1, t2, gold, ids, subs


def read_dataset(ds: SentenceDataset, paths: Sequence[Path]) -> SentencePairs:
    """The pairs of ``ds`` from its verified local files.

    Parameters
    ----------
    ds : SentenceDataset
        The registered data set (its ``kind`` picks the reader).
    paths : sequence of pathlib.Path
        Its files, in the order of ``ds.files``, already verified.

    Returns
    -------
    SentencePairs

    Examples
    --------
    >>> from simeval.datasets.sentences.registry import get_sentences
    >>> ds = get_sentences("stsb:test")
    >>> pairs = read_dataset(ds, [ds.files[0].path])  # doctest: +SKIP
    """

    labels = subsets = None
    if ds.kind in ("stsb", "companion"):
        t1, t2, gold, ids, _ = _stsb(paths[0], genre=ds.kind == "stsb")
    elif ds.kind == "msrp":
        t1, t2, gold, ids, labels = _msrp(paths[0])
    elif ds.kind == "rewrite":
        from .rewrite import read_rewrite

        t1, t2, gold, ids, labels = read_rewrite(paths[0], list(paths[1:]))
    elif ds.kind == "sick":
        t1, t2, gold, ids, labels = _sick(paths)
    else:
        t1, t2, gold, ids, subsets = _sts(paths, ds.subsets)
    return SentencePairs(
        name=ds.name,
        texts1=tuple(t1),
        texts2=tuple(t2),
        gold=np.asarray(gold, dtype=np.float64),
        scale=ds.scale,
        subsets=tuple(subsets) if subsets is not None and len(ds.subsets) > 1 else None,
        ids=tuple(ids),
        provenance={
            "files": [f.path for f in ds.files],
            "sha256": ";".join(f.sha256[:12] for f in ds.files),
            "url": ds.files[0].url,
            "licence": ds.licence,
            "citation": ds.citation,
        },
        labels=tuple(labels) if labels is not None else None,
    )
