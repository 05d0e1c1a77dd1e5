"""Putting shards back together: the scores of one model on one data set, scored in slices
by separate jobs (``simeval score --shard I/N``), merged once every slice is there exactly
once and all of them come from the same model, data set and version."""

from __future__ import annotations

import math
import re
from collections.abc import Mapping, Sequence
from typing import Any

from ..errors import DataError, InputError

__all__ = ["merge_shards", "parse_shard"]


def parse_shard(text: str) -> tuple[int, int]:
    """``"I/N"`` as ``(I, N)``: shard I (1 … N) of N.

    Parameters
    ----------
    text : str
        ``I/N``, spaces allowed around the numbers.

    Returns
    -------
    (int, int)

    Raises
    ------
    InputError
        Not ``I/N`` with 1 ≤ I ≤ N.

    Examples
    --------
    >>> parse_shard("2/4")
    (2, 4)
    >>> parse_shard("0/4")
    Traceback (most recent call last):
    ...
    simeval.errors.InputError: shard '0/4': give I/N with 1 ≤ I ≤ N (e.g. 1/4 … 4/4)
    """
    match = re.fullmatch(r"\s*(\d+)\s*/\s*(\d+)\s*", text)
    if match is None or not 1 <= int(match.group(1)) <= int(match.group(2)):
        raise InputError(f"shard {text!r}: give I/N with 1 ≤ I ≤ N (e.g. 1/4 … 4/4)")
    return int(match.group(1)), int(match.group(2))


def _describe(doc: Mapping[str, Any]) -> str:
    return f"{doc['model']} on {doc['dataset']}"


_MODEL = re.compile(r"\|model:[^|]*")


def _same_model(a: Mapping[str, Any], b: Mapping[str, Any]) -> bool:
    """One model in both shards: the same name, or — for a model named by its folder
    (``st:PATH``, ``model2vec:PATH``), which jobs started elsewhere spell otherwise — the
    same signature but for the name, its weights' and files' digests included."""
    if a["model"] == b["model"]:
        return True
    sig_a, sig_b = str(a["signature"]), str(b["signature"])
    return "|weights:sha256:" in sig_a and _MODEL.sub("", sig_a) == _MODEL.sub("", sig_b)


def merge_shards(shards: Sequence[tuple[str, Mapping[str, Any]]]) -> dict[str, Any]:
    """The whole set's scores from its shards' ``scores`` documents (``(source, document)``
    each, as :func:`simeval.report.schema.scores_document` writes them): every shard of
    the same model, data set and signature present exactly once, every pair once.

    Parameters
    ----------
    shards : sequence of (str, mapping)
        Each shard's source (its file, for messages) and its document.

    Returns
    -------
    dict
        The fields of the merged document: ``signature``, ``model``, ``dataset``,
        ``similarity``, ``ids`` and ``scores`` in the shards' order.

    Raises
    ------
    InputError
        No shard given.
    DataError
        A document that is no shard, a shard of another run (its model, data set, shard
        count or signature differs), a shard given twice or missing, a pair in two shards,
        or shards that do not hold the data set's pairs: one line naming the files.

    Examples
    --------
    >>> def shard(index, pair, score):
    ...     return {"model": "m", "dataset": "d", "set_pairs": 2, "signature": "s",
    ...             "similarity": "cosine", "shard": {"index": index, "count": 2},
    ...             "records": [{"id": pair, "score": score}]}
    >>> merged = merge_shards([("b.json", shard(2, "p2", 0.7)), ("a.json", shard(1, "p1", 0.5))])
    >>> merged["ids"], merged["scores"]
    (['p1', 'p2'], [0.5, 0.7])
    >>> merge_shards([("a.json", shard(1, "p1", 0.5))])
    Traceback (most recent call last):
    simeval.errors.DataError: shard 2/2 of m on d is missing (given: 1); score it (--shard) \
and merge again
    """
    if not shards:
        raise InputError("give the shards to merge")
    first_source, first = shards[0]
    by_index: dict[int, str] = {}
    for source, doc in shards:
        if doc.get("shard") is None:
            raise DataError(f"{source}: holds the scores of a whole set, not a shard; merge shards")
        for key, what in (("model", "model"), ("dataset", "data set"), ("set_pairs", "pairs")):
            if doc[key] != first[key] and not (key == "model" and _same_model(doc, first)):
                raise DataError(
                    f"{source}: a shard of {_describe(doc)} ({doc['set_pairs']} pairs), not "
                    f"of {_describe(first)} ({first['set_pairs']} pairs) as {first_source}; "
                    f"its {what} differs: merge the shards of one run"
                )
        index, count = doc["shard"]["index"], doc["shard"]["count"]
        if count != first["shard"]["count"]:
            raise DataError(
                f"{source}: shard {index}/{count}, where {first_source} is one of "
                f"{first['shard']['count']} shards; merge the shards of one run"
            )
        if not 1 <= index <= count:
            raise DataError(
                f"{source}: shard {index}/{count} does not exist (the shards of {count} are "
                f"1 to {count}); merge the files simeval score --shard wrote"
            )
        if _MODEL.sub("", doc["signature"]) != _MODEL.sub("", first["signature"]):
            raise DataError(
                f"{source}: its signature differs from {first_source}'s (another model "
                f"version, option or simeval version): {doc['signature']} vs "
                f"{first['signature']}"
            )
        if index in by_index:
            raise DataError(
                f"shard {index}/{count} of {_describe(doc)} is given twice: "
                f"{by_index[index]} and {source}"
            )
        by_index[index] = source
    count = first["shard"]["count"]
    missing = [i for i in range(1, count + 1) if i not in by_index]
    if missing:
        have = ", ".join(str(i) for i in sorted(by_index))
        raise DataError(
            f"shard {', '.join(f'{i}/{count}' for i in missing)} of {_describe(first)} is "
            f"missing (given: {have}); score it (--shard) and merge again"
        )
    return _joined(sorted(shards, key=lambda s: s[1]["shard"]["index"]), first)


def _joined(
    shards: Sequence[tuple[str, Mapping[str, Any]]], first: Mapping[str, Any]
) -> dict[str, Any]:
    ids: list[str] = []
    scores: list[Any] = []
    where: dict[str, str] = {}
    for source, doc in shards:
        for i, record in enumerate(doc["records"]):
            pair, score = record["id"], record["score"]
            if pair in where:
                raise DataError(f"pair {pair!r} is in {where[pair]} and in {source}")
            if score is not None and not math.isfinite(score):
                raise DataError(
                    f"{source}: records[{i}].score is {score}; a score is a finite number, or "
                    "null for a pair left unscored"
                )
            where[pair] = source
            ids.append(pair)
            scores.append(score)
    if len(ids) != first["set_pairs"]:
        raise DataError(
            f"the shards hold {len(ids)} pairs where {_describe(first)} has "
            f"{first['set_pairs']}; score the shards again"
        )
    return {
        "signature": first["signature"], "model": first["model"],
        "dataset": first["dataset"], "similarity": first["similarity"],
        "ids": ids, "scores": scores,
    }  # fmt: skip
