"""The plan of a run: one task per model, data set and shard, the number of texts each
embeds (for the progress bar), and the results an earlier run left (``resume``)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any

import numpy as np
from numpy.typing import NDArray

from ..errors import DataError
from .assembly import score_range
from .mteb_layout import mteb_task, result_path, resumed_scores, stored_scores
from .protocols import Protocol
from .tasks import (
    Task,
    TaskScores,
    dataset_digest,
    pair_labels,
    shard_bounds,
    task_signature,
)

__all__ = ["plan_tasks", "similarity_functions"]


def similarity_functions(scorer: Any, protocols: Sequence[Protocol]) -> tuple[str, ...]:
    """The similarity functions a model is scored under: its own, and for a model that
    compares vectors the protocols' others.

    Parameters
    ----------
    scorer : Scorer
        The model's scorer.
    protocols : sequence of Protocol
        The run's protocols.

    Returns
    -------
    tuple of str
        The model's own function first, then the protocols' others in their order.

    Examples
    --------
    >>> from types import SimpleNamespace as NS
    >>> from simeval.runs.protocols import protocols_of
    >>> vectors = NS(similarity="dot", compares_vectors=True)
    >>> similarity_functions(vectors, protocols_of("mteb"))
    ('dot', 'cosine', 'manhattan', 'euclidean')
    >>> similarity_functions(NS(similarity="jaccard"), protocols_of("all"))
    ('jaccard',)
    """
    own = (scorer.similarity,)
    vectors = getattr(scorer, "compares_vectors", False)
    extra = tuple(f for p in protocols for f in p.similarities) if vectors else ()
    return tuple(dict.fromkeys(own + extra))


def _distinct_texts(pairs: Any, rows: NDArray[np.intp]) -> int:
    return len({pairs.texts1[i] for i in rows} | {pairs.texts2[i] for i in rows})


def plan_tasks(
    models: Sequence[tuple[str, Any]],
    scorers: Mapping[str, Any],
    sets: Sequence[tuple[str, Any]],
    protocols: Sequence[Protocol],
    shards: int,
    remote: bool,
    resume: str | Path | None,
    options: Mapping[str, Any],
) -> tuple[list[Task], list[int], dict[tuple[str, str], TaskScores]]:
    """The tasks to run (model × data set × shard), each one's number of distinct texts,
    and the (data set, model) results read back from ``resume``. A task carries the
    model's name (made where the task runs, with ``options``) when it runs elsewhere
    (``remote``), else the scorer made here.

    Parameters
    ----------
    models : sequence of (str, object)
        The labelled models.
    scorers : mapping of str to Scorer
        Each model's scorer, made here.
    sets : sequence of (str, pairs)
        The data sets, labelled.
    protocols : sequence of Protocol
        Give the similarity functions scored (:func:`similarity_functions`).
    shards : int
        Tasks per model and data set.
    remote : bool
        Whether the tasks run on an executor.
    resume : path or None
        A folder of MTEB results to read back.
    options : mapping
        The scorer options.

    Returns
    -------
    tasks : list of Task
    sizes : list of int
        Each task's distinct texts.
    found : dict of (str, str) to TaskScores
        The results read back, by (data set, model).

    Examples
    --------
    Two shards of three pairs: the first scores one pair (2 distinct texts), the second
    two (4):

    >>> from simeval.runs.protocols import protocols_of
    >>> from simeval.runs.run import Pairs
    >>> from simeval.scorers import get
    >>> pairs = Pairs("toy", ["a cat", "a dog", "the sun"], ["a cat sat", "a cat", "rain"],
    ...               [4.5, 2.0, 0.0])
    >>> models = [("lexical:jaccard", "lexical:jaccard")]
    >>> scorers = {"lexical:jaccard": get("lexical:jaccard")}
    >>> tasks, sizes, found = plan_tasks(models, scorers, [("toy", pairs)],
    ...                                  protocols_of("mteb"), 2, False, None, {})
    >>> [(t.shard, t.shards) for t in tasks], sizes, found
    ([(1, 2), (2, 2)], [2, 4], {})
    """
    tasks: list[Task] = []
    sizes: list[int] = []
    found: dict[tuple[str, str], TaskScores] = {}
    for dlabel, pairs in sets:
        gold = np.asarray(pairs.gold, dtype=np.float64)
        rows = np.flatnonzero(~np.isnan(gold))
        for mlabel, spec in models:
            scorer = scorers[mlabel]
            functions = similarity_functions(scorer, protocols)
            model = spec if remote and isinstance(spec, str) else scorer
            task = Task(mlabel, model, dlabel, pairs, options=options,
                        similarities=functions[1:], shards=shards)  # fmt: skip
            if resume is not None:
                fitted = scorer.fit(list(pairs.texts1) + list(pairs.texts2))
                sig = task_signature(
                    fitted.signature, dlabel, dataset_digest(pairs), "scored", shards
                )
                path = result_path(resume, mlabel, scorer, dlabel)
                bound = score_range(scorer)
                kept = stored_scores(path, sig, functions, mteb_task(dlabel)[2],
                                     {functions[0]: bound} if bound else None)  # fmt: skip
                if kept is not None:
                    _check_ids(path, kept["ids"], pair_labels(pairs, rows))
                    found[(dlabel, mlabel)] = resumed_scores(task, kept, sig)
                    continue
            for shard in range(1, shards + 1):
                lo, hi = shard_bounds(len(rows), shard, shards)
                tasks.append(replace(task, shard=shard))
                sizes.append(_distinct_texts(pairs, rows[lo:hi]))
    return tasks, sizes, found


def _check_ids(path: Path, found: tuple[str, ...], expected: tuple[str, ...]) -> None:
    """Refuse resumed scores whose ids are not the pairs the task scores, in their order
    (a file edited by hand: the signature, which names the data set, still matched)."""
    if found == expected:
        return
    i = next((k for k, (a, b) in enumerate(zip(found, expected)) if a != b), None)
    what = (
        f"ids[{i}] is {found[i]!r} where the data set's pair is {expected[i]!r}"
        if i is not None
        else f"it holds {len(found)} ids for the data set's {len(expected)} pairs"
    )
    raise DataError(f"{path}: {what}; delete the file to score it again")
