"""How a run's result is put together from its tasks' scores: the checks of a model's
scores, each protocol's records (from the pairs it reads of each data set), each data set's
evaluation and comparison, the aggregates over data sets and the run's signature."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np
from numpy.typing import NDArray

from .._validate import NanPolicy
from .._version import __version__
from ..calibration import Calibration
from ..errors import DataError, InputError, param
from .protocol_records import correlation_records
from .protocols import Protocol
from .records import across_datasets, evaluate_set, simeval_records, task_average
from .result import RunResult
from .tasks import TaskScores

__all__ = ["assemble", "check_scores", "readings", "score_range", "unscored_reason"]


def score_range(scorer: Any) -> tuple[float, float] | None:
    """The range of a scorer's scores when it is bounded: cosine similarity in [−1, 1],
    the lexical scores in [0, 1]; None for unbounded ones (dot, −L1, −L2).

    Parameters
    ----------
    scorer : Scorer
        The scorer.

    Returns
    -------
    (float, float) or None

    Examples
    --------
    >>> from types import SimpleNamespace as NS
    >>> score_range(NS(name="lexical:edit")), score_range(NS(name="st:m", similarity="cosine"))
    ((0.0, 1.0), (-1.0, 1.0))
    >>> score_range(NS(name="st:m", similarity="dot")) is None
    True
    """
    if str(getattr(scorer, "name", "")).startswith("lexical:"):
        return (0.0, 1.0)
    if getattr(scorer, "similarity", None) == "cosine":
        return (-1.0, 1.0)
    return None


def _scored(pairs: Any) -> tuple[NDArray[np.float64], list[str] | None]:
    """The gold scores and subsets of the pairs that have a gold score (blank SemEval gold
    lines are unscored pairs)."""
    gold = np.asarray(pairs.gold, dtype=np.float64)
    keep = ~np.isnan(gold)
    subsets = getattr(pairs, "subsets", None)
    sub = [s for s, k in zip(subsets, keep) if k] if subsets is not None else None
    return gold[keep], sub


def unscored_reason(scorer: Any) -> str:
    """Why the scorer leaves a pair without a score (its ``unscored_reason``, e.g. a text
    with no word in the vectors' vocabulary), or a generic reason.

    Parameters
    ----------
    scorer : Scorer
        The scorer.

    Returns
    -------
    str

    Examples
    --------
    >>> unscored_reason(object())
    'the model gave NaN'
    """
    return str(getattr(scorer, "unscored_reason", "") or "the model gave NaN")


def check_scores(
    model: str, dataset: str, scores: NDArray[np.float64], scorer: Any, nan_policy: str | None
) -> int:
    """The number of pairs ``model`` left without a score (NaN) on ``dataset``.

    Every pair without a score is an error naming the model, the data set and the reason;
    some pairs without a score are one too under ``nan_policy="raise"`` (``None``: they
    are counted only, as for a score file, where they are written as ``nan``).

    Parameters
    ----------
    model, dataset : str
        The labels, for messages.
    scores : numpy.ndarray
        The model's scores.
    scorer : Scorer
        Its scorer (:func:`unscored_reason`).
    nan_policy : {"raise", "omit"} or None
        What a missing score does (None: count only).

    Returns
    -------
    int

    Raises
    ------
    DataError
        No pair has a score.
    InputError
        Some pair has none, under ``nan_policy="raise"``.

    Examples
    --------
    >>> check_scores("m", "toy", np.array([0.5, np.nan]), object(), "omit")
    1
    >>> check_scores("m", "toy", np.array([0.5, np.nan]), object(), "raise")
    Traceback (most recent call last):
    simeval.errors.InputError: m has no score for 1 of the 2 pairs of toy (first: pair 2; the \
model gave NaN); pass nan_policy='omit' to leave them out of its measures
    """
    missing = np.isnan(scores)
    n, k = int(scores.size), int(missing.sum())
    if n and k == n:
        raise DataError(
            f"{model} scores none of the {n} pairs of {dataset} (every score is NaN: "
            f"{unscored_reason(scorer)}); check that the model suits the data set: its "
            "language, and words as the data set writes them (case, lemmas, POS tags)"
        )
    if k and nan_policy == "raise":
        first = int(np.argmax(missing))
        raise InputError(
            f"{model} has no score for {k} of the {n} pairs of {dataset} (first: pair "
            f"{first + 1}; {unscored_reason(scorer)}); pass {param('nan_policy', 'omit')} "
            "to leave them out of its measures"
        )
    return k


#: Protocols whose main score is not a correlation over a data set's pooled pairs (SentEval's
#: mean of the subsets; SimCSE's SICK-R test split): their numbers are point values, and the
#: rank intervals, clusters and the collection rank the pooled correlation, as MTEB's.
POINT_VALUES_ONLY = ("senteval", "simcse")
POINT_VALUES_NOTE = (
    "the rank intervals, significance clusters and the verdict over the data sets compare "
    "each model's Spearman over a data set's pooled pairs (MTEB's convention); SentEval's "
    "mean of the subsets and SimCSE's numbers are point values, without intervals"
)


def _compared(protos: Sequence[Protocol], per_fn: Mapping[str, Any], own: str) -> str:
    """The similarity function the run's comparisons read: the cosine under MTEB (its main
    score, whatever the model's own function), else the model's own."""
    if protos and protos[0].name == "mteb" and "cosine" in per_fn:
        return "cosine"
    return own


def readings(
    protos: Sequence[Protocol], labels: Sequence[str], datasets: Sequence[Any]
) -> dict[tuple[str, str], str]:
    """(protocol, data set label) → the label of the pairs the protocol's records read:
    the data set itself, or, among several protocols, the other split one reads of it
    (SimCSE's ``sick:test`` for ``sickr``).

    Parameters
    ----------
    protos : sequence of Protocol
        The run's protocols.
    labels : sequence of str
        The data sets' labels.
    datasets : sequence
        The data sets as given (a registered name, or pairs).

    Returns
    -------
    dict of (str, str) to str

    Examples
    --------
    >>> from simeval.runs.protocols import protocols_of
    >>> reads = readings(protocols_of("mteb,simcse"), ["sickr"], ["sickr"])
    >>> reads[("mteb", "sickr")], reads[("simcse", "sickr")]
    ('sickr', 'sick:test')
    """
    return {
        (p.name, label): p.dataset_for(d) if isinstance(d, str) and len(protos) > 1 else label
        for p in protos
        for label, d in zip(labels, datasets)
    }


def assemble(
    protos: Sequence[Protocol],
    models: Sequence[tuple[str, Any]],
    scorers: Mapping[str, Any],
    sets: Sequence[tuple[str, Any]],
    results: Mapping[tuple[str, str], TaskScores],
    resumed: frozenset[tuple[str, str]],
    n_resamples: int,
    seed: int,
    nan_policy: NanPolicy,
    shards: int,
    calibrations: Mapping[str, Calibration],
    calibrated: str,
    reads_from: Mapping[tuple[str, str], str],
    held_out: Mapping[str, Any],
) -> RunResult:
    """The run's records, evaluations and comparisons from every task's scores (each
    data set's measures of the gold value through ``calibrations``; each protocol's
    records from the pairs it reads of the data set, ``reads_from``, among ``held_out``).

    Parameters
    ----------
    protos : sequence of Protocol
        The run's protocols.
    models : sequence of (str, object)
        (label, model as given) of each model.
    scorers : mapping of str to Scorer
        Each model's scorer.
    sets : sequence of (str, pairs)
        The data sets reported.
    results : mapping of (str, str) to TaskScores
        (data set, model) → its scores, those of the held-out splits included.
    resumed : frozenset of (str, str)
        The (data set, model) read back from earlier results.
    n_resamples, seed : int
        The bootstrap's resamples and seed.
    nan_policy : {"raise", "omit"}
        What a pair without a score does.
    shards : int
        The shards of each data set (named in the signature when more than one).
    calibrations : mapping of str to Calibration
        Each data set's calibration of the measures of the gold value.
    calibrated : str
        How the run calibrated, for the signature.
    reads_from : mapping of (str, str) to str
        :func:`readings`.
    held_out : mapping of str to pairs
        Every data set and held-out split scored, by label.

    Returns
    -------
    RunResult

    Examples
    --------
    Made by :func:`simeval.runs.run.run`, which calls it last:

    >>> from simeval.runs.run import Pairs, run
    >>> pairs = Pairs("toy", ["a cat", "a dog", "the sun"], ["a cat sat", "a cat", "rain"],
    ...               [4.5, 2.0, 0.0], scale=(0, 5))
    >>> run(["lexical:jaccard"], [pairs], protocol="mteb,st").protocols
    ('mteb', 'st')
    """
    names = [label for label, _ in models]
    reported = [p for p in protos if p.name != "simeval"]
    simeval = not reported
    records: list[dict[str, Any]] = []
    scores: dict[tuple[str, str], NDArray[np.float64]] = {}
    unscored: dict[tuple[str, str], int] = {}
    evaluations: dict[str, Any] = {}
    comparisons: dict[str, Any] = {}
    for label, pairs in sets:
        gold, subsets = _scored(pairs)
        by_model: dict[str, NDArray[np.float64]] = {}
        for m in names:
            per_fn = dict(results[(label, m)].scores)
            own = scorers[m].similarity
            for values in per_fn.values():
                missing = check_scores(m, label, values, scorers[m], nan_policy)
                unscored[(label, m)] = max(unscored.get((label, m), 0), missing)
            scores[(label, m)] = per_fn[own]
            by_model[m] = per_fn[_compared(protos, per_fn, own)]
            for proto in reported:
                reads = reads_from[(proto.name, label)]
                if reads != label:  # another split of the data set (SimCSE's SICK-R)
                    gold_read, subsets_read = _scored(held_out[reads])
                    per_fn_read = dict(results[(reads, m)].scores)
                    for values in per_fn_read.values():
                        check_scores(m, reads, values, scorers[m], nan_policy)
                else:
                    gold_read, subsets_read, per_fn_read = gold, subsets, per_fn
                records += correlation_records(
                    proto, label, gold_read, per_fn_read, subsets_read, similarity=own,
                    system=m, nan_policy=nan_policy,
                )  # fmt: skip
        ranges = {m: score_range(scorers[m]) for m in names}
        ev, cmp = evaluate_set(
            gold, by_model, getattr(pairs, "scale", None), ranges, n_resamples, seed, nan_policy,
            calibrations[label],
        )  # fmt: skip
        evaluations[label] = ev
        if cmp is not None:
            comparisons[label] = cmp
        if simeval:
            records += [{"protocol": "simeval", **r} for r in simeval_records(label, ev, cmp)]
    labels = [label for label, _ in sets]
    if any(p.name == "simcse" for p in protos):
        simcse = [r for r in records if r["protocol"] == "simcse"]
        records += [{"protocol": "simcse", **r} for r in task_average(simcse, names, labels)]
    aggregates = across_datasets(evaluations) if len(evaluations) > 1 else []
    if simeval:
        records += [{"protocol": "simeval", **r} for r in aggregates]
    sigs = ";".join(f"{m}={scorers[m].signature}" for m in names)
    provenance = {label: dict(getattr(p, "provenance", {}) or {}) for label, p in sets}
    data = ";".join(f"{lab}={_file_digests(provenance[lab])}" for lab in labels)
    shard_part = f"|shards:{shards}" if shards > 1 else ""
    protocol = ",".join(p.name for p in protos)
    signature = (
        f"simeval:{__version__}|run|protocol:{protocol}|models:{sigs}|datasets:{data}"
        f"|fit:every text of each data set{shard_part}|calibrate:{calibrated}"
    )
    notes = dict.fromkeys(n for p in protos for n in p.notes_for(labels))
    if comparisons and any(p.name in POINT_VALUES_ONLY for p in reported):
        notes[POINT_VALUES_NOTE] = None
    return RunResult(
        protocol, tuple(names), tuple(labels), tuple(records), signature, scores,
        unscored, evaluations, comparisons, provenance, tuple(aggregates),
        {k: v for k, v in results.items() if k[0] in labels},
        resumed, tuple(notes), dict(scorers),
        {label: c.describe() for label, c in calibrations.items()},
        tuple(p.name for p in protos),
    )  # fmt: skip


def _file_digests(provenance: Mapping[str, Any]) -> str:
    """Each file's SHA-256 (12 hex digits), joined by ``+``, as the signature names a data
    set (``given`` for pairs given as they are).

    Examples
    --------
    >>> _file_digests({"sha256": "b48fc64cd857;8ca95b722811"}), _file_digests({})
    ('b48fc64cd857+8ca95b722811', 'given')
    """
    return "+".join(part[:12] for part in str(provenance.get("sha256", "given")).split(";"))
