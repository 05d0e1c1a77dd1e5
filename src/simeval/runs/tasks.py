"""The unit of work of a run: one model on one data set (or one shard of it), as a task
that any executor runs (:mod:`simeval.runs.execution`), and the pieces it needs: the
pairs, the scorer, the shard's slice, the digest that names the data set in a signature."""

from __future__ import annotations

import hashlib
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

import numpy as np
from numpy.typing import NDArray

from .._version import __version__
from ..errors import InputError

__all__ = [
    "Task",
    "TaskScores",
    "dataset_digest",
    "load_pairs",
    "make_scorer",
    "pair_labels",
    "shard_bounds",
    "task_signature",
]


def pair_labels(pairs: Any, rows: NDArray[np.intp]) -> tuple[str, ...]:
    """The ids of the pairs at ``rows``, as a task's results name them: the data set's
    own ids, else the pairs' numbers from 1.

    Parameters
    ----------
    pairs : Pairs or SentencePairs
        The data set (``ids`` optional).
    rows : numpy.ndarray
        Positions of pairs.

    Returns
    -------
    tuple of str

    Examples
    --------
    >>> from simeval.runs.run import Pairs
    >>> pair_labels(Pairs("toy", ["a", "b", "c"], ["x", "y", "z"], [1.0, 2.0, 3.0]),
    ...             np.array([0, 2]))
    ('1', '3')
    """
    ids = getattr(pairs, "ids", None)
    return tuple(str(ids[i]) if ids is not None else str(i + 1) for i in rows.tolist())


def shard_bounds(n: int, shard: int, shards: int) -> tuple[int, int]:
    """The pairs ``[start, stop)`` of shard ``shard`` (1 … ``shards``) of ``n`` pairs:
    contiguous slices whose sizes differ by at most one, the same on every machine:
    ``[⌊n(I − 1)/N⌋, ⌊nI/N⌋)`` for shard I of N.

    Parameters
    ----------
    n : int
        The pairs.
    shard, shards : int
        Which shard, of how many.

    Returns
    -------
    (int, int)

    Raises
    ------
    InputError
        ``shard`` not between 1 and ``shards``.

    Examples
    --------
    >>> [shard_bounds(10, i, 3) for i in (1, 2, 3)]
    [(0, 3), (3, 6), (6, 10)]
    """
    if not 1 <= shard <= shards:
        raise InputError(f"shard {shard}/{shards}: the shard must be between 1 and {shards}")
    return n * (shard - 1) // shards, n * shard // shards


def load_pairs(dataset: Any, data_dir: str | None) -> Any:
    """The pairs of ``dataset``: a registry name is loaded (:func:`simeval.datasets.load`),
    anything else (a :class:`~simeval.runs.run.Pairs`) is returned as it is.

    Parameters
    ----------
    dataset : str or pairs
        A registry name, or pairs.
    data_dir : str or None
        Where registered data sets are read from.

    Returns
    -------
    pairs

    Raises
    ------
    InputError
        An unknown registry name.
    DataError
        The data set's files are missing or not the registered ones.

    Examples
    --------
    >>> from simeval.runs.run import Pairs
    >>> pairs = Pairs("toy", ["a cat", "a dog", "the sun"], ["a cat sat", "a cat", "rain"],
    ...               [4.5, 2.0, 0.0])
    >>> load_pairs(pairs, None) is pairs
    True
    """
    if not isinstance(dataset, str):
        return _checked(dataset)
    from ..datasets import load

    return load(dataset, data_dir=data_dir)


def _checked(pairs: Any) -> Any:
    """Given pairs, refused with the field that is wrong: texts that are not strings or
    not UTF-8, fields of other lengths than ``texts1``, no pair at all."""
    name = getattr(pairs, "name", None)
    fields: dict[str, Any] = {f: getattr(pairs, f, None) for f in ("texts1", "texts2", "gold")}
    missing = [f for f, v in fields.items() if v is None]
    if not isinstance(name, str) or missing:
        raise InputError(
            "a data set is a registry name or a Pairs(name, texts1, texts2, gold); got "
            f"{type(pairs).__name__}" + (f" without {', '.join(missing)}" if missing else "")
        )
    n = len(fields["texts1"])
    if n == 0:
        raise InputError(f"data set {name!r}: no pairs (texts1 is empty)")
    for field_name in ("texts2", "gold", "ids", "subsets"):
        value = getattr(pairs, field_name, None)
        if value is not None and len(np.atleast_1d(np.asarray(value, dtype=object))) != n:
            raise InputError(
                f"data set {name!r}: {field_name} has {len(value)} values for {n} pairs "
                "(texts1); give one per pair"
            )
    for field_name in ("texts1", "texts2"):
        for i, text in enumerate(fields[field_name]):
            if not isinstance(text, str):
                raise InputError(
                    f"data set {name!r}: {field_name}[{i}] is {type(text).__name__}, not a text"
                )
            if not text.isascii():
                try:
                    text.encode("utf-8")
                except UnicodeEncodeError as exc:
                    raise InputError(
                        f"data set {name!r}: {field_name}[{i}] is not valid Unicode "
                        f"({exc.reason} at character {exc.start}); decode the file as UTF-8"
                    ) from None
    return pairs


def dataset_digest(pairs: Any) -> str:
    """12 hex digits naming the data: the SHA-256 of its files' digests for a registered
    data set, else of its texts and gold scores (``given:`` first).

    Parameters
    ----------
    pairs : pairs
        A loaded data set (``provenance``) or pairs given in memory.

    Returns
    -------
    str

    Examples
    --------
    >>> from types import SimpleNamespace as NS
    >>> files = {"sts-test.csv": "ab12"}
    >>> digest = dataset_digest(NS(provenance={"sha256": files}))
    >>> digest == hashlib.sha256(str(files).encode()).hexdigest()[:12]
    True
    >>> from simeval.runs.run import Pairs
    >>> pairs = Pairs("toy", ["a cat", "a dog", "the sun"], ["a cat sat", "a cat", "rain"],
    ...               [4.5, 2.0, 0.0])
    >>> dataset_digest(pairs)[:6], len(dataset_digest(pairs))
    ('given:', 18)
    """
    files = (getattr(pairs, "provenance", None) or {}).get("sha256")
    if files:
        return hashlib.sha256(str(files).encode()).hexdigest()[:12]
    digest = hashlib.sha256()
    for side in (pairs.texts1, pairs.texts2):
        digest.update("\0".join(side).encode("utf-8") + b"\1")
    digest.update(np.asarray(pairs.gold, dtype=np.float64).tobytes())
    return "given:" + digest.hexdigest()[:12]


def make_scorer(model: Any, options: Mapping[str, Any]) -> Any:
    """The scorer of ``model``: a scorer name with the ``options`` it takes
    (:func:`simeval.scorers.get`), else the object itself (already a scorer).

    Parameters
    ----------
    model : str or Scorer
        A scorer name, or a scorer.
    options : mapping
        Scorer options; those the named scorer does not take are left out.

    Returns
    -------
    Scorer

    Examples
    --------
    >>> make_scorer("lexical:jaccard", {"device": "cpu"}).name  # jaccard takes no device
    'lexical:jaccard'
    """
    if not isinstance(model, str):
        return model
    from .. import scorers

    taken = scorers.accepted_options(model)
    return scorers.get(model, **{k: v for k, v in options.items() if k in taken})


def task_signature(
    scorer_signature: str, dataset: str, digest: str, pairs: str, shards: int
) -> str:
    """What identifies a task's scores: simeval's version, the scorer (fitted), the data
    set and its digest, which pairs (``scored``: those with a gold score; ``all``) and in
    how many shards they were scored (an embedding model batches each shard apart).

    Parameters
    ----------
    scorer_signature : str
        The fitted scorer's signature.
    dataset, digest : str
        The data set's label and :func:`dataset_digest`.
    pairs : {"scored", "all"}
        Which pairs.
    shards : int
        In how many shards.

    Returns
    -------
    str

    Examples
    --------
    >>> task_signature("model:x", "toy", "given:abc", "scored", 2).split("|")[1:]
    ['scores', 'model:x', 'dataset:toy=given:abc', 'pairs:scored', 'shards:2']
    """
    return (
        f"simeval:{__version__}|scores|{scorer_signature}|dataset:{dataset}={digest}"
        f"|pairs:{pairs}|shards:{shards}"
    )


@dataclass(frozen=True)
class Task:
    """One model on one data set, or on one shard (``shard`` of ``shards``) of its pairs.

    ``model`` is a scorer name (made where the task runs, with ``options``) or a scorer
    object; ``dataset`` a registry name (read from ``data_dir`` where the task runs) or
    pairs.

    Attributes
    ----------
    label : str
        The model's label.
    model : str or Scorer
        A scorer name or a scorer.
    dataset_label : str
        The data set's label.
    dataset : str or pairs
        A registry name or pairs.
    data_dir : str or None
        Where a registered data set is read from.
    options : mapping
        Scorer options (for a named model).
    similarities : tuple of str
        The similarity functions to score with besides the model's own.
    scored_only : bool
        Only the pairs with a gold score (a run), else every pair (a score file).
    shard, shards : int
        Which shard, of how many.

    Examples
    --------
    Run by :func:`~simeval.runs.execution.run_task`:

    >>> from simeval.runs.run import Pairs
    >>> pairs = Pairs("toy", ["a cat", "a dog", "the sun"], ["a cat sat", "a cat", "rain"],
    ...               [4.5, 2.0, 0.0])
    >>> task = Task("jaccard", "lexical:jaccard", "toy", pairs, shard=2, shards=2)
    >>> task.shard, task.scored_only
    (2, True)
    """

    label: str
    model: Any
    dataset_label: str
    dataset: Any
    data_dir: str | None = None
    options: Mapping[str, Any] = field(default_factory=dict)
    similarities: tuple[str, ...] = ()
    scored_only: bool = True
    shard: int = 1
    shards: int = 1


@dataclass(frozen=True)
class TaskScores:
    """What a task gives back: the ids of its pairs, their scores under each similarity
    function (the model's own first), the seconds it took, its signature, and the number
    of pairs of the whole set the shard was cut from (``set_pairs``).

    Attributes
    ----------
    task : Task
        The task.
    ids : tuple of str
        The ids of the pairs scored (``1``, ``2`` … when the data set has none).
    scores : mapping of str to numpy.ndarray
        Similarity function → one score per pair (NaN: no score).
    seconds : float
        How long the task took.
    signature : str
        :func:`task_signature`.
    set_pairs : int
        The pairs of the whole set the shard was cut from.

    Examples
    --------
    Made by :func:`~simeval.runs.execution.run_task`; Jaccard of "a cat" and "a cat sat"
    is 2/3, of "a dog" and "a cat" 1/3:

    >>> from simeval.runs.execution import run_task
    >>> from simeval.runs.run import Pairs
    >>> pairs = Pairs("toy", ["a cat", "a dog", "the sun"], ["a cat sat", "a cat", "rain"],
    ...               [4.5, 2.0, 0.0])
    >>> result = run_task(Task("jaccard", "lexical:jaccard", "toy", pairs, shard=1, shards=2))
    >>> result.ids, result.scores["jaccard"].round(4).tolist(), result.set_pairs
    (('1',), [0.6667], 3)
    """

    task: Task
    ids: tuple[str, ...]
    scores: Mapping[str, NDArray[np.float64]]
    seconds: float
    signature: str
    set_pairs: int
