"""SemEval STS directories: gold files per set, system runs, and the aggregations papers use.

A gold directory holds ``STS.gs.<set>.txt`` (or ``STS<year>.gs.<set>.txt``) with one score
per line aligned with ``STS.input.<set>.txt``; a **blank gold line is an unscored pair**
and is skipped (and counted). A runs directory holds either one sub-directory per system
(its name is the system's) with ``STS.output.<set>.txt`` or
``STS<year>.OUTPUT.<team>.<run>.<set>.txt`` files, or such files directly (the system is
then ``<team>.<run>``, or the directory's name for ``STS.output.*``). A run line may carry
a second, tab-separated confidence value, which is ignored. Other files are ignored.

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

import math
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path
from typing import Any

import numpy as np
from numpy.typing import NDArray

from .._version import __version__
from ..errors import DataError, InputError
from ..evaluation.aggregate import AGGREGATES, borda_points, pooled, set_aggregate
from ..evaluation.evaluate import Evaluation, evaluate
from ..evaluation.records import Record
from ..io import read_text
from ..metrics.registry import get_metric
from ..options import Options

__all__ = [
    "AGGREGATES",
    "SemevalEvaluation",
    "evaluate_semeval",
    "read_gold_dir",
    "read_runs_dir",
]


_GOLD_RE = re.compile(r"^STS(?P<year>\d{4})?\.gs\.(?P<set>.+)\.txt$")
_INPUT_RE = re.compile(r"^STS(?P<year>\d{4})?\.input\.(?P<set>.+)\.txt$")
_RUN_RE = re.compile(
    r"^STS(?:\d{4})?\.(?:output|OUTPUT)\.(?:(?P<team>[^.]+)\.(?P<run>[^.]+)\.)?(?P<set>.+)\.txt$"
)


def _read_lines(path: Path) -> list[str]:
    lines = read_text(path).split("\n")
    if lines and lines[-1] == "":
        lines.pop()  # the final newline ends the last line; it is not a line of its own
    return [line.rstrip("\r") for line in lines]


def _parse(path: Path, lines: Sequence[str], blank_ok: bool) -> NDArray[np.float64]:
    out = np.full(len(lines), math.nan)
    for i, line in enumerate(lines):  # per line, for messages that name it
        field = line.split("\t")[0].strip()
        if not field:
            if blank_ok:
                continue
            raise DataError(f"{path}, line {i + 1}: no score; every input line needs one")
        try:
            out[i] = float(field)
        except ValueError:
            raise DataError(f"{path}, line {i + 1}: {field[:40]!r} is not a number") from None
        if math.isinf(out[i]) or (math.isnan(out[i]) and not blank_ok):
            raise DataError(f"{path}, line {i + 1}: {field!r} is not a finite number")
    return out


def read_gold_dir(path: str | Path) -> dict[str, NDArray[np.float64]]:
    """Gold scores per set, NaN where the gold line is blank (unscored), in set-name order.

    The number of pairs is the input file's line count when ``STS.input.<set>.txt`` exists
    (gold files may end early), else the gold file's.
    """
    root = Path(path)
    if not root.is_dir():
        raise DataError(
            f"{root}: not a directory; --semeval-dir takes the folder of STS.gs.* files"
        )
    inputs = {m["set"]: p for p in root.iterdir() if (m := _INPUT_RE.match(p.name))}
    gold: dict[str, NDArray[np.float64]] = {}
    for p in sorted(root.iterdir()):
        m = _GOLD_RE.match(p.name)
        if not m:
            continue
        lines = _read_lines(p)
        if m["set"] in inputs:
            n_input = len(_read_lines(inputs[m["set"]]))
            if len(lines) > n_input:
                raise DataError(f"{p} has {len(lines)} lines but its input file has {n_input}")
            lines = lines + [""] * (n_input - len(lines))
        scores = _parse(p, lines, blank_ok=True)
        if np.isnan(scores).all():
            raise DataError(f"{p}: no scored pair")
        gold[m["set"]] = scores
    if not gold:
        raise DataError(f"{root}: no STS.gs.<set>.txt files found")
    return gold


def _run_files(root: Path) -> dict[str, dict[str, Path]]:
    systems: dict[str, dict[str, Path]] = {}
    candidates = [(d.name, d) for d in sorted(root.iterdir()) if d.is_dir()]
    candidates.append((root.name, root))
    for default_name, folder in candidates:
        for p in sorted(folder.iterdir()):
            m = _RUN_RE.match(p.name)
            if not (p.is_file() and m):
                continue
            name = default_name
            if folder is root and m["team"]:
                name = f"{m['team']}.{m['run']}"
            files = systems.setdefault(name, {})
            if m["set"] in files:
                raise DataError(f"{p}: a second run file for set {m['set']!r} of system {name!r}")
            files[m["set"]] = p
    return systems


def read_runs_dir(
    path: str | Path, gold: Mapping[str, NDArray[np.float64]]
) -> dict[str, dict[str, NDArray[np.float64]]]:
    """System scores per system and set, each checked against the set's number of lines."""
    root = Path(path)
    if not root.is_dir():
        raise DataError(f"{root}: not a directory; --runs-dir takes the folder of system runs")
    systems: dict[str, dict[str, NDArray[np.float64]]] = {}
    for name, files in _run_files(root).items():
        runs: dict[str, NDArray[np.float64]] = {}
        for set_name, p in files.items():
            if set_name not in gold:
                continue
            lines = _read_lines(p)
            if len(lines) != gold[set_name].size:
                raise DataError(
                    f"{p} has {len(lines)} lines but set {set_name!r} has {gold[set_name].size} "
                    "pairs; a run needs one line per input pair"
                )
            # a blank or NaN line is a pair the run left unscored: missing, for nan_policy
            runs[set_name] = _parse(p, lines, blank_ok=True)
        missing = sorted(set(gold) - set(runs))
        if missing:
            raise DataError(
                f"{root}: system {name!r} has no run for set(s) {', '.join(missing)}; "
                "add them or remove the gold files"
            )
        systems[name] = runs
    if not systems:
        raise DataError(f"{root}: no STS.output.<set>.txt or STS<year>.OUTPUT.* run files found")
    return systems


@dataclass(frozen=True)
class SemevalEvaluation:
    """Per-set evaluations and aggregates; ``records`` carry the ``dataset`` they belong to."""

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
    for every set and every aggregate. Pairs whose gold is NaN (blank line) are unscored
    pairs of the official data: they are skipped and counted in ``skipped``. A missing
    *system* score is an error unless ``nan_policy="omit"``. Default metric: ``pearson``,
    the official one.
    """
    opts = Options.of(options, **option_fields)
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
