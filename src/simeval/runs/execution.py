"""Running tasks: one here (:func:`run_task`), many here or on an executor (a process
pool, a Dask cluster: :func:`run_tasks`), and the shards of one task put back together
(:func:`merge_parts`)."""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from typing import Any

import numpy as np
from numpy.typing import NDArray

from .tasks import (
    Task,
    TaskScores,
    dataset_digest,
    load_pairs,
    make_scorer,
    pair_labels,
    shard_bounds,
    task_signature,
)

__all__ = ["merge_parts", "run_task", "run_tasks"]


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
    scorer reports it.

    Parameters
    ----------
    task : Task
        The task.
    progress : callable, optional
        ``progress(done, total)``.

    Returns
    -------
    TaskScores

    Examples
    --------
    Jaccard of "a cat" and "a cat sat" is 2/3, of "a dog" and "a cat" 1/3, of "the sun"
    and "rain" 0:

    >>> from simeval.runs.run import Pairs
    >>> pairs = Pairs("toy", ["a cat", "a dog", "the sun"], ["a cat sat", "a cat", "rain"],
    ...               [4.5, 2.0, 0.0])
    >>> result = run_task(Task("jaccard", "lexical:jaccard", "toy", pairs))
    >>> result.ids, result.scores["jaccard"].round(4).tolist()
    (('1', '2', '3'), [0.6667, 0.3333, 0.0])
    """
    start = time.perf_counter()
    scorer = make_scorer(task.model, task.options)
    pairs = load_pairs(task.dataset, task.data_dir)
    texts1, texts2 = list(pairs.texts1), list(pairs.texts2)
    fitted = scorer.fit(texts1 + texts2)
    rows = _chosen(pairs, task.scored_only)
    set_pairs = len(rows)
    lo, hi = shard_bounds(set_pairs, task.shard, task.shards)
    rows = rows[lo:hi]
    labels = pair_labels(pairs, rows)
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
    return TaskScores(task, labels, scores, time.perf_counter() - start, signature, set_pairs)


def run_tasks(
    tasks: Sequence[Task],
    executor: Any = None,
    progress: Callable[[int, int], None] | None = None,
    sizes: Sequence[int] | None = None,
) -> list[TaskScores]:
    """Every task's scores, in the order of ``tasks``: here, one after the other, or on
    ``executor`` (anything with ``submit(fn, *args)`` whose futures have ``result()``: a
    ``concurrent.futures`` pool, a Dask ``Client``). ``progress(done, total)`` counts the
    ``sizes`` of the tasks (their texts): as each task goes here, as tasks end there.

    Parameters
    ----------
    tasks : sequence of Task
        The tasks.
    executor : optional
        Where to run them (None: here).
    progress : callable, optional
        ``progress(done, total)``.
    sizes : sequence of int, optional
        Each task's share of the progress (default 1 each).

    Returns
    -------
    list of TaskScores

    Examples
    --------
    The same scores here and on a pool of threads:

    >>> from concurrent.futures import ThreadPoolExecutor
    >>> from simeval.runs.run import Pairs
    >>> pairs = Pairs("toy", ["a cat", "a dog", "the sun"], ["a cat sat", "a cat", "rain"],
    ...               [4.5, 2.0, 0.0])
    >>> tasks = [Task("j", "lexical:jaccard", "toy", pairs, shard=i, shards=2) for i in (1, 2)]
    >>> here = run_tasks(tasks)
    >>> with ThreadPoolExecutor(2) as pool:
    ...     there = run_tasks(tasks, pool)
    >>> [r.ids for r in here] == [r.ids for r in there] == [("1",), ("2", "3")]
    True
    """
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
            if describe is not None and len(tasks) > 1 and base == total:
                describe(f"{len(tasks)} tasks")  # the last line counts the whole run
            if progress is not None:
                progress(base, total)
        return out
    futures = [executor.submit(run_task, task) for task in tasks]
    for k, (future, size) in enumerate(zip(futures, sizes), start=1):
        out.append(future.result())
        base += size
        if describe is not None:  # said after the task, so that the last line says all
            describe(f"{len(tasks)} tasks on the executor, {k} done")
        if progress is not None:
            progress(base, total)
    return out


def merge_parts(parts: Sequence[TaskScores]) -> TaskScores:
    """The shards of one model on one data set, in shard order, as one result: ids and
    scores one after the other, the seconds summed.

    Parameters
    ----------
    parts : sequence of TaskScores
        Every shard of one task, in any order.

    Returns
    -------
    TaskScores

    Examples
    --------
    >>> from simeval.runs.run import Pairs
    >>> pairs = Pairs("toy", ["a cat", "a dog", "the sun"], ["a cat sat", "a cat", "rain"],
    ...               [4.5, 2.0, 0.0])
    >>> tasks = [Task("j", "lexical:jaccard", "toy", pairs, shard=i, shards=2) for i in (2, 1)]
    >>> whole = merge_parts(run_tasks(tasks))
    >>> whole.ids, whole.scores["jaccard"].round(4).tolist()
    (('1', '2', '3'), [0.6667, 0.3333, 0.0])
    """
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
