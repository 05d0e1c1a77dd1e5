"""SemEval STS evaluations: every system on every set (read by
:mod:`simeval.runs.semeval_files`), and the aggregations papers use.

Aggregations over sets (published numbers differ by which one was used):

- ``weighted_mean`` — the per-set values weighted by scored pairs (SemEval's official "Mean");
- ``fisher_z_mean`` — averaged through Fisher's z (Atoum 2019, eq. 4–5; correlations only);
- ``mean`` — the plain mean over sets;
- ``all`` — the metric on all pairs concatenated (SemEval 2012 "ALL");
- ``allnrm`` — each set's system scores first mapped onto its gold by least squares, then
  concatenated (SemEval 2012 "ALLnrm", Agirre et al. 2012 §5);
- ``borda`` — Borda count over sets: in each set a system gets one point per system it
  beats (ties: half a point), summed.
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cached_property
from typing import Any

import numpy as np
from numpy.typing import NDArray

from .._version import __version__
from ..errors import InputError
from ..evaluation.aggregate import AGGREGATES, borda_points, pooled, set_aggregate
from ..evaluation.evaluate import Evaluation, evaluate
from ..evaluation.records import Record
from ..metrics.registry import get_metric
from ..options import Options

__all__ = ["AGGREGATES", "STS_SCALE", "SemevalEvaluation", "evaluate_semeval"]

#: The similarity scale of every SemEval STS set (Agirre et al. 2012, §3): 0 to 5.
STS_SCALE = (0.0, 5.0)


@dataclass(frozen=True)
class SemevalEvaluation:
    """Per-set evaluations and aggregates; ``records`` carry the ``dataset`` they belong to.

    Attributes
    ----------
    sets, systems, metrics : tuple of str
        The sets, systems and measures.
    per_set : mapping of str to Evaluation
        Each set's evaluation.
    records : tuple of dict
        Per set and per aggregate (``dataset`` names which), per system and measure.
    skipped : mapping of str to int
        The unscored pairs (blank gold lines) skipped per set.
    signature : str
        Everything that determines the numbers.

    Examples
    --------
    The run's Pearson is 0.8 on ``forum`` (4 pairs) and 0.5 on ``news`` (3 scored pairs):
    SemEval's weighted mean is ``(4 · 0.8 + 3 · 0.5) / 7 ≈ 0.6714``, the plain mean 0.65:

    >>> gold = {"forum": np.array([1.0, 2, 3, 4]), "news": np.array([1.0, 2, np.nan, 3])}
    >>> runs = {"team.run1": {"forum": np.array([1.0, 2, 4, 3]), "news": np.array([1.0, 3, 0, 2])}}
    >>> ev = evaluate_semeval(gold, runs)
    >>> header, rows = ev.table("pearson")
    >>> header[1:6], [round(v, 4) for v in rows[0][1:6]]
    (['forum', 'news', 'weighted_mean', 'fisher_z_mean', 'mean'], [0.8, 0.5, 0.6714, 0.6772, 0.65])
    >>> ev.skipped
    {'forum': 0, 'news': 1}
    """

    sets: tuple[str, ...]
    systems: tuple[str, ...]
    metrics: tuple[str, ...]
    per_set: Mapping[str, Evaluation]
    records: tuple[dict[str, Any], ...]
    skipped: Mapping[str, int]
    signature: str

    @cached_property
    def _values(self) -> dict[tuple[str, str, str], float]:
        """Whole-set values by (system, metric, dataset), indexed once."""
        return {
            (r["system"], r["metric"], r["dataset"]): (
                math.nan if r["value"] is None else float(r["value"])
            )
            for r in self.records
            if r["bin"] is None
        }

    def value(self, system: str, metric: str, dataset: str) -> float:
        """The value of ``metric`` for ``system`` on a set or an aggregate."""
        return self._values[(system, get_metric(metric).name, dataset)]

    def table(self, metric: str) -> tuple[list[str], list[list[Any]]]:
        """Systems in rows; each set, then the aggregates, in columns."""
        name = get_metric(metric).name
        header = ["system", *self.sets, *AGGREGATES]
        rows = [[s] + [self.value(s, name, d) for d in header[1:]] for s in self.systems]
        borda = header.index("borda")
        for row in rows:  # points: whole or half, printed as such (4, 2.5), not 4.0000
            b = float(row[borda])
            if not math.isnan(b):
                row[borda] = int(b) if b == int(b) else str(b)
        return header, rows


def evaluate_semeval(
    gold: Mapping[str, NDArray[np.float64]],
    runs: Mapping[str, Mapping[str, NDArray[np.float64]]],
    *,
    metrics: Sequence[str] | None = None,
    options: Options | None = None,
    **option_fields: Any,
) -> SemevalEvaluation:
    """Evaluate every system on every set, then aggregate (see the module docstring).

    ``options`` (a :class:`~simeval.Options`, or its fields as keywords: ``scale``,
    ``bins``, ``nan_policy`` …) are those of :func:`~simeval.evaluation.evaluate.evaluate`,
    for every set and every aggregate; without a ``scale``, the STS scale 0–5 of every
    SemEval set (:data:`STS_SCALE`, named ``STS default`` in the signature), so that the
    low/high borders are 1.5 and 3.5 on every set. Pairs whose gold is NaN (blank line) are unscored
    pairs of the official data: they are skipped and counted in ``skipped``. A missing
    *system* score is an error unless ``nan_policy="omit"``. Default metric: ``pearson``,
    the official one.

    Parameters
    ----------
    gold : mapping of str to numpy.ndarray
        Gold scores per set (NaN: an unscored pair).
    runs : mapping of str to mapping of str to numpy.ndarray
        System → set → scores.
    metrics : sequence of str, optional
        Default ``["pearson"]``.
    options : Options, optional
        As for :func:`~simeval.evaluation.evaluate.evaluate`.
    **option_fields
        Fields of :class:`~simeval.Options`.

    Returns
    -------
    SemevalEvaluation

    Raises
    ------
    InputError
        No system, or a missing system score under ``nan_policy="raise"``.

    References
    ----------
    Agirre, E., Cer, D., Diab, M. & Gonzalez-Agirre, A. (2012). SemEval-2012 Task 6: a
    pilot on semantic textual similarity. ``*SEM 2012``, 385–393, §5 (ALL, ALLnrm, Mean).

    Atoum, I. (2019). Scaled Pearson's correlation coefficient for evaluating text
    similarity measures. *Modern Applied Science* 13(10), 26–40, eq. 4–5.

    Examples
    --------
    Fisher's z mean of 0.8 and 0.5: ``tanh((1.0986 + 0.5493) / 2) ≈ 0.6772``:

    >>> gold = {"forum": np.array([1.0, 2, 3, 4]), "news": np.array([1.0, 2, np.nan, 3])}
    >>> runs = {"team.run1": {"forum": np.array([1.0, 2, 4, 3]), "news": np.array([1.0, 3, 0, 2])}}
    >>> ev = evaluate_semeval(gold, runs)
    >>> round(ev.value("team.run1", "pearson", "fisher_z_mean"), 4)
    0.6772
    """
    opts = Options.of(options, **option_fields)
    if opts.scale is None:  # the scale of every SemEval STS set (Agirre et al. 2012, §3)
        opts = dataclasses.replace(opts, scale=STS_SCALE, scale_source="STS default")
    metric_names = tuple(get_metric(m).name for m in (metrics or ["pearson"]))
    sets = tuple(gold)
    systems = tuple(runs)
    if not systems:
        raise InputError("no systems to evaluate")
    per_set: dict[str, Evaluation] = {}
    skipped: dict[str, int] = {}
    kept: dict[str, NDArray[np.bool_]] = {}
    records: list[dict[str, Any]] = []
    for set_name in sets:
        mask = ~np.isnan(gold[set_name])
        kept[set_name] = mask
        skipped[set_name] = int((~mask).sum())
        ev = evaluate(
            gold[set_name][mask],
            {s: runs[s][set_name][mask] for s in systems},
            metrics=metric_names,
            options=opts,
        )
        per_set[set_name] = ev
        records.extend({**r.as_dict(), "dataset": set_name} for r in ev.records)
    # Concatenations: ALL and ALLnrm.
    golds = [gold[s][kept[s]] for s in sets]
    per_system = {sy: [runs[sy][s][kept[s]] for s in sets] for sy in systems}
    for label, normalize in (("all", False), ("allnrm", True)):
        g_all, sys_scores = pooled(golds, per_system, normalize=normalize)
        ev = evaluate(g_all, sys_scores, metrics=metric_names, options=opts)
        records.extend({**r.as_dict(), "dataset": label} for r in ev.records if r.bin is None)
    weights = np.array([kept[s].sum() for s in sets], dtype=float)
    for m in metric_names:
        metric = get_metric(m)
        by_system = {sy: np.array([per_set[s].value(sy, m) for s in sets]) for sy in systems}
        borda = borda_points(by_system, metric.higher_is_better)
        for sy in systems:
            vals = by_system[sy]
            for label in ("weighted_mean", "fisher_z_mean", "mean"):
                value, reason = set_aggregate(
                    vals, label, sizes=weights, is_correlation=metric.is_correlation, names=sets
                )
                if reason is not None and label == "fisher_z_mean":
                    reason = f"{reason}; {m} is not one" if not metric.is_correlation else reason
                rec = Record(sy, m, value, None, int(weights.sum()), reason=reason)
                records.append({**rec.as_dict(), "dataset": label})
            undefined = [s for s, v in zip(sets, vals) if math.isnan(v)]
            reason = f"undefined on set(s) {', '.join(undefined)}" if undefined else None
            rec = Record(sy, m, borda[sy], None, int(weights.sum()), reason=reason)
            records.append({**rec.as_dict(), "dataset": "borda"})
    order = {d: i for i, d in enumerate((*sets, *AGGREGATES))}
    records.sort(
        key=lambda r: (
            systems.index(r["system"]),
            metric_names.index(r["metric"]) if r["metric"] in metric_names else -1,
            order[r["dataset"]],
        )
    )
    signature = "|".join(
        [
            f"simeval:{__version__}",
            "semeval",
            opts.signature(bins=per_set[sets[0]].uses_bins),
            "metrics:" + ",".join(metric_names),
            f"sets:{len(sets)}",
            f"aggregates:{','.join(AGGREGATES)}",
        ]
    )
    return SemevalEvaluation(
        sets,
        systems,
        metric_names,
        per_set,
        tuple(records),
        skipped,
        signature,
    )
