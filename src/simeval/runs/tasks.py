"""The unit of work of a run: one model on one data set (or one shard of it), as a task
that any executor runs (in this process, a process pool, a Dask cluster), and the pieces
it needs: which pairs, the texts the scorer is fitted on, the shard's slice, the digest
that names the data set in a signature."""

from __future__ import annotations

import hashlib
import time
from collections.abc import Callable, Mapping, Sequence
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
    "merge_parts",
    "run_task",
    "run_tasks",
    "shard_bounds",
    "task_signature",
]


def shard_bounds(n: int, shard: int, shards: int) -> tuple[int, int]:
    """The pairs ``[start, stop)`` of shard ``shard`` (1 … ``shards``) of ``n`` pairs:
    contiguous slices whose sizes differ by at most one, the same on every machine.

    >>> [shard_bounds(10, i, 3) for i in (1, 2, 3)]
    [(0, 3), (3, 6), (6, 10)]
    """
    if not 1 <= shard <= shards:
        raise InputError(f"shard {shard}/{shards}: the shard must be between 1 and {shards}")
    return n * (shard - 1) // shards, n * shard // shards


def load_pairs(dataset: Any, data_dir: str | None) -> Any:
    """The pairs of ``dataset``: a registry name is loaded (:func:`simeval.datasets.load`),
    anything else (a :class:`~simeval.runs.run.Pairs`) is returned as it is."""
    if not isinstance(dataset, str):
        return dataset
    from ..datasets import load

    return load(dataset, data_dir=data_dir)


def dataset_digest(pairs: Any) -> str:
    """12 hex digits naming the data: the SHA-256 of its files' digests for a registered
    data set, else of its texts and gold scores (``given:`` first)."""
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
    (:func:`simeval.scorers.get`), else the object itself (already a scorer)."""
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
    how many shards they were scored (an embedding model batches each shard apart)."""
    return (
        f"simeval:{__version__}|scores|{scorer_signature}|dataset:{dataset}={digest}"
        f"|pairs:{pairs}|shards:{shards}"
    )


@dataclass(frozen=True)
class Task:
    """One model on one data set, or on one shard (``shard`` of ``shards``) of its pairs.

    ``model`` is a scorer name (made where the task runs, with ``options``) or a scorer
    object; ``dataset`` a registry name (read from ``data_dir`` where the task runs) or
    pairs. ``scored_only``: only the pairs with a gold score (a run), else every pair (a
    score file). ``similarities``: the functions to score with besides the model's own."""

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
    of pairs of the whole set the shard was cut from (``set_pairs``)."""

    task: Task
    ids: tuple[str, ...]
    scores: Mapping[str, NDArray[np.float64]]
    seconds: float
    signature: str
    set_pairs: int


def _chosen(pairs: Any, scored_only: bool) -> NDArray[np.intp]:
    """The rows of the pairs a task scores: those with a gold score, or all."""
    n = len(pairs.texts1)
    if not scored_only or getattr(pairs, "gold", None) is None:
        return np.arange(n)
    return np.flatnonzero(~np.isnan(np.asarray(pairs.gold, dtype=np.float64)))


def run_task(task: Task, progress: Callable[[int, int], None] | None = None) -> TaskScores:
    """Run ``task``: load the data set and the scorer, fit the scorer on every text of the
    data set (both texts of every pair, scored or not: the same fit for every shard and
    in every command), then score the task's pairs. ``progress(done, total)`` as the
    scorer reports it."""
    start = time.perf_counter()
    scorer = make_scorer(task.model, task.options)
    pairs = load_pairs(task.dataset, task.data_dir)
    texts1, texts2 = list(pairs.texts1), list(pairs.texts2)
    fitted = scorer.fit(texts1 + texts2)
    rows = _chosen(pairs, task.scored_only)
    set_pairs = len(rows)
    lo, hi = shard_bounds(set_pairs, task.shard, task.shards)
    rows = rows[lo:hi]
    ids = getattr(pairs, "ids", None)
    labels = [str(ids[i]) if ids is not None else str(i + 1) for i in rows.tolist()]
    chosen = ([texts1[i] for i in rows], [texts2[i] for i in rows])
    scores = (
        fitted.score_each(chosen, task.similarities, progress=progress)
        if len(rows)
        else {fn: np.zeros(0) for fn in (fitted.similarity, *task.similarities)}
    )
    signature = task_signature(
        fitted.signature, task.dataset_label, dataset_digest(pairs),
        "scored" if task.scored_only else "all", task.shards,
    )  # fmt: skip
    return TaskScores(
        task, tuple(labels), scores, time.perf_counter() - start, signature, set_pairs
    )


def run_tasks(
    tasks: Sequence[Task],
    executor: Any = None,
    progress: Callable[[int, int], None] | None = None,
    sizes: Sequence[int] | None = None,
) -> list[TaskScores]:
    """Every task's scores, in the order of ``tasks``: here, one after the other, or on
    ``executor`` (anything with ``submit(fn, *args)`` whose futures have ``result()``: a
    ``concurrent.futures`` pool, a Dask ``Client``). ``progress(done, total)`` counts the
    ``sizes`` of the tasks (their texts): as each task goes here, as tasks end there."""
    sizes = list(sizes) if sizes is not None else [1] * len(tasks)
    total, base = int(sum(sizes)), 0
    out: list[TaskScores] = []
    describe = getattr(progress, "set_description", None)  # a tqdm-like bar
    if executor is None:
        for task, size in zip(tasks, sizes):
            if describe is not None:
                part = f" (shard {task.shard}/{task.shards})" if task.shards > 1 else ""
                describe(f"{task.label} on {task.dataset_label}{part}")
            scale = _scaled(progress, base, size, total)
            out.append(run_task(task, scale))
            base += size
            if progress is not None:
                progress(base, total)
        return out
    futures = [executor.submit(run_task, task) for task in tasks]
    for k, (future, size) in enumerate(zip(futures, sizes)):
        if describe is not None:
            describe(f"{len(tasks)} tasks on the executor, {k} done")
        out.append(future.result())
        base += size
        if progress is not None:
            progress(base, total)
    return out


def merge_parts(parts: Sequence[TaskScores]) -> TaskScores:
    """The shards of one model on one data set, in shard order, as one result: ids and
    scores one after the other, the seconds summed."""
    parts = sorted(parts, key=lambda p: p.task.shard)
    first = parts[0]
    if len(parts) == 1:
        return first
    scores = {fn: np.concatenate([p.scores[fn] for p in parts]) for fn in first.scores}
    ids = tuple(i for p in parts for i in p.ids)
    seconds = sum(p.seconds for p in parts)
    return TaskScores(first.task, ids, scores, seconds, first.signature, first.set_pairs)


def _scaled(
    progress: Callable[[int, int], None] | None, base: int, size: int, total: int
) -> Callable[[int, int], None] | None:
    """A task's own ``(done, of)`` as a count of its ``size`` texts after ``base``."""
    if progress is None:
        return None

    def report(done: int, of: int) -> None:
        progress(base + (size * done // of if of else size), total)

    return report
