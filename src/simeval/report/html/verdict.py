"""The verdict in words, from the records of an evaluation or a comparison: which system
leads on the headline measure, where the significance clusters split, where a system
fails a score range, and where another measure would pick another system."""

from __future__ import annotations

import html
from collections.abc import Mapping, Sequence
from typing import Any

from ...metrics.registry import direction
from ..tables import format_number

__all__ = ["FAILING_BIN_R", "comparison_verdict", "evaluation_verdict"]

#: A per-bin Pearson r below this, for a system whose overall r is at least
#: :data:`GOOD_OVERALL_R`, is reported as a failed score range (Atoum 2019's point:
#: a good overall r can hide a range where the system does not work).
FAILING_BIN_R = 0.2
GOOD_OVERALL_R = 0.5

Record = Mapping[str, Any]


def _num(x: Any) -> str:
    return format_number(x, 3) if isinstance(x, (int, float)) else "—"


def _b(text: str) -> str:
    return f"<strong>{html.escape(text)}</strong>"


def _whole(records: Sequence[Record]) -> list[Record]:
    return [r for r in records if r.get("bin") is None and r.get("dataset") is None]


def _metrics(records: Sequence[Record]) -> list[str]:
    return list(dict.fromkeys(r["metric"] for r in _whole(records)))


def _best(records: Sequence[Record], metric: str) -> list[Record]:
    """Records of ``metric`` with a value, best first."""
    rows = [r for r in _whole(records) if r["metric"] == metric and r.get("value") is not None]
    higher = direction(metric, default=True)
    return sorted(rows, key=lambda r: -r["value"] if higher else r["value"])


def _range_failures(records: Sequence[Record]) -> list[str]:
    overall = {r["system"]: r.get("value") for r in _whole(records) if r["metric"] == "pearson"}
    out = []
    for r in records:
        if r.get("bin") is None or r["metric"] != "pearson":
            continue
        total = overall.get(r["system"])
        if total is None or total < GOOD_OVERALL_R:
            continue
        v = r.get("value")
        if v is None:
            why = r.get("reason") or "undefined"
            out.append(
                f"{_b(r['system'])} has no defined r in the range {html.escape(r['bin'])} "
                f"({html.escape(why)}), though its overall r is {_num(total)}."
            )
        elif v < FAILING_BIN_R:
            out.append(
                f"{_b(r['system'])} fails the range {html.escape(r['bin'])}: r = {_num(v)} "
                f"there (n = {r.get('n')}), against {_num(total)} overall."
            )
    return out


def _other_leaders(records: Sequence[Record], headline: str, leader: str) -> list[str]:
    out = []
    for m in _metrics(records):
        if m == headline:
            continue
        best = _best(records, m)
        if best and best[0]["system"] != leader:
            out.append(
                f"Under {_b(m)} ({'higher' if direction(m, default=True) else 'lower'} is "
                f"better), {_b(best[0]['system'])} leads instead ({_num(best[0]['value'])})."
            )
    return out


def evaluation_verdict(records: Sequence[Record]) -> list[str]:
    """Sentences (HTML) for an evaluation's records: the leader on the first metric, the
    other measures that disagree, and the score ranges where a system fails."""
    metrics = _metrics(records)
    if not metrics:
        return ["No metric has a value."]
    headline = metrics[0]
    best = _best(records, headline)
    if not best:
        return [f"{_b(headline)} is undefined for every system."]
    lead = best[0]
    out = [
        f"On {_b(headline)}, {_b(lead['system'])} leads with {_num(lead['value'])}"
        + (
            f", ahead of {_b(best[1]['system'])} ({_num(best[1]['value'])})."
            if len(best) > 1
            else "."
        )
        + " Without intervals this order may be chance: see simeval compare."
    ]
    return out + _other_leaders(records, headline, lead["system"]) + _range_failures(records)


def comparison_verdict(
    records: Sequence[Record], clusters: Sequence[Record], alpha: float | None = None
) -> list[str]:
    """Sentences (HTML) for a comparison: the leader and whether it is significantly
    better, the clusters of the headline measure, disagreeing measures, failed ranges."""
    if not clusters:
        return evaluation_verdict(records)
    head = clusters[0]
    metric = head["metric"]
    ranked = head["systems"]
    first = [s for s in ranked if s.get("cluster") == 1]
    by = {(r["system"], r["metric"]): r for r in _whole(records)}
    level = f"α = {alpha:g}" if alpha is not None else "Holm-corrected"
    out: list[str] = []
    if not ranked:
        return [f"{_b(metric)} is undefined for every system."]
    top = ranked[0]["system"]
    rec = by.get((top, metric), {})
    interval = (
        f" [{_num(rec.get('ci_low'))}, {_num(rec.get('ci_high'))}]"
        if rec.get("ci_low") is not None
        else ""
    )
    if len(first) == 1 and len(ranked) > 1:
        out.append(
            f"On {_b(metric)}, {_b(top)} leads ({_num(ranked[0]['value'])}{interval}) and is "
            f"significantly better than every other system (paired bootstrap, Holm, {level})."
        )
    else:
        names = ", ".join(_b(s["system"]) for s in first)
        out.append(
            f"On {_b(metric)}, {names} are not significantly different "
            f"(paired bootstrap, Holm, {level}); {_b(top)} has the highest value "
            f"({_num(ranked[0]['value'])}{interval})."
        )
    groups: dict[int, list[str]] = {}
    for s in ranked:
        if s.get("cluster") is not None:
            groups.setdefault(int(s["cluster"]), []).append(s["system"])
    if len(groups) > 1:
        out.append(
            "The clusters split as "
            + "; ".join(f"{k}: {', '.join(map(html.escape, v))}" for k, v in sorted(groups.items()))
            + "."
        )
    undefined = [
        s for s in {r["system"] for r in _whole(records)} if s not in {x["system"] for x in ranked}
    ]
    if undefined:
        out.append(f"{', '.join(map(_b, undefined))}: {_b(metric)} undefined, not ranked.")
    return out + _other_leaders(records, metric, top) + _range_failures(records)
