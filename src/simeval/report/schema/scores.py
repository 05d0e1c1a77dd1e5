"""The saved per-pair scores of one model on one data set, or on one shard of it (``kind:
scores``): what ``simeval score`` writes as JSON and ``simeval merge`` reads and writes."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from ...results import json_ready
from .envelope import head

__all__ = ["scores_document"]


def scores_document(
    *,
    signature: str,
    model: str,
    dataset: str,
    similarity: str,
    ids: Sequence[str],
    scores: Iterable[float],
    set_pairs: int,
    shard: tuple[int, int] | None = None,
) -> dict[str, Any]:
    """The document of one model's scores on one data set (``kind: scores``): one record
    per pair (``id``, ``score``; a pair without a score has null), the data set's number
    of pairs (``set_pairs``) and, for a shard, which one (``{"index": I, "count": N}``).
    The signature names the model, the data set, the pairs and the number of shards, so
    that only shards of the same run merge.

    Parameters
    ----------
    signature : str
        The task's signature.
    model, dataset, similarity : str
        Whose scores, on what, under which function.
    ids : sequence of str
        The pairs' ids.
    scores : iterable of float
        One per pair (NaN: none).
    set_pairs : int
        The pairs of the whole data set.
    shard : (int, int), optional
        Which shard, of how many.

    Returns
    -------
    dict

    Examples
    --------
    >>> doc = scores_document(signature="s", model="m", dataset="d", similarity="cosine",
    ...                       ids=["a", "b"], scores=[0.5, float("nan")], set_pairs=4,
    ...                       shard=(1, 2))
    >>> doc["kind"], doc["shard"], doc["records"]
    ('scores', {'index': 1, 'count': 2}, [{'id': 'a', 'score': 0.5}, {'id': 'b', 'score': None}])
    """
    return json_ready(
        head(
            "scores",
            signature,
            model=model,
            dataset=dataset,
            similarity=similarity,
            set_pairs=int(set_pairs),
            shard=None if shard is None else {"index": shard[0], "count": shard[1]},
            records=[{"id": str(i), "score": float(s)} for i, s in zip(ids, scores)],
        )
    )
