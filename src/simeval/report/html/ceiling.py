"""The human ceiling on the page: how well the raters who made the gold agree (IAA-1,
IAA-2, split-half; Hill et al. 2015) and each system beside them — its share of the
ceiling, and whether it agrees with the other raters better or worse than an average single
rater does — in a sentence and two tables, drawn from the ``human_ceiling`` of an
evaluation or of a word-similarity record
(:meth:`simeval.stats.ceiling.HumanCeiling.as_dict`)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from html import escape
from typing import Any

from ..ceiling import left_out_raters
from .tables import html_table
from .text import Html, interval, name, num, strong

__all__ = ["ceiling_parts"]

Doc = Mapping[str, Any]

_MEASURES = {
    "iaa1": "IAA-1: mean pairwise ρ of the raters",
    "iaa2": "IAA-2: each rater against the mean of the others (the ceiling)",
    "split_half": "split-half: ρ of two halves of the raters, Spearman–Brown",
}
_AGAINST_A_RATER = {
    "better": "agrees with the other raters better than an average single rater does",
    "worse": "agrees with the other raters worse than an average single rater does",
    "not separable": "is not separable from an average single rater",
}


def _signed(value: Any) -> str:
    return "—" if value is None else f"{float(value):+.3f}"


def _system_clause(s: Mapping[str, Any]) -> str:
    """``a reaches ρ = 0.886 with the gold, 105 % of the ceiling, and agrees …``."""
    share = "" if s.get("share") is None else f", {float(s['share']) * 100:.0f} % of the ceiling"
    text = f"{strong(s['system'])} reaches ρ = {num(s.get('rho'))} with the gold{share}"
    if s.get("verdict") in _AGAINST_A_RATER:
        text += (
            f", and {_AGAINST_A_RATER[s['verdict']]} (Δ = {_signed(s.get('difference'))} "
            f"[{_signed(s.get('difference_low'))}, {_signed(s.get('difference_high'))}])"
        )
    return text


def _sentence(where: str, ceiling: Doc, systems: Sequence[Mapping[str, Any]]) -> Html:
    a = ceiling["agreement"]
    iaa2: Mapping[str, Any] = next((m for m in a["measures"] if m["name"] == "iaa2"), {})
    who = "raters" if a.get("persistent", True) else "rating slots"
    value = ceiling["ceiling"].get("value")
    if value is None:
        why = iaa2.get("reason") or "undefined"
        return Html(f"On {name(where)}, the human ceiling (IAA-2) is undefined: {name(why)}.")
    head = (
        f"On {name(where)}, against a human ceiling of {num(value)}"
        f"{interval(iaa2.get('low'), iaa2.get('high'))} (IAA-2 of {a['n_raters']} {who} over "
        f"{a['n_items']:,} items), "
    )
    return Html(head + "; ".join(_system_clause(s) for s in systems) + ".")


def _agreement_table(where: str, ceiling: Doc) -> str:
    a = ceiling["agreement"]
    level = f"{ceiling['confidence_level'] * 100:g} %"
    rows = [
        [_MEASURES.get(m["name"], m["name"]), m.get("statistic"), m.get("low"), m.get("high")]
        for m in a["measures"]
    ]
    reasons = [[None, *([m.get("reason")] * 3)] for m in a["measures"]]
    boot = (
        f"{level} percentile intervals over {a['n_resamples']:,} bootstrap resamples of the items"
        if a.get("n_resamples")
        else "no bootstrap, no intervals"
    )
    left_out = left_out_raters(a.get("per_rater") or ())
    caption = Html(
        f"How the {a['n_raters']} {'raters' if a.get('persistent', True) else 'rating slots'} "
        f"of {name(where)} agree over {a['n_items']:,} items (Spearman's ρ; {boot})."
        + (f" {escape(left_out[0].upper() + left_out[1:])}." if left_out else "")
    )
    return html_table(["measure", "value", "low", "high"], rows, caption=caption,
                      reasons=reasons, digits=3)  # fmt: skip


def _systems_table(where: str, systems: Sequence[Mapping[str, Any]]) -> str:
    header = [
        "system", "ρ with the gold", "share of the ceiling", "ρ with the others",
        "a rater's ρ with the others", "Δ", "than an average rater",
    ]  # fmt: skip
    rows = []
    for s in systems:
        rho = Html(
            f"{num(s.get('rho'))}<br><small>{interval(s.get('rho_low'), s.get('rho_high'))}</small>"
        )
        delta = Html(
            f"{_signed(s.get('difference'))}<br><small>[{_signed(s.get('difference_low'))}, "
            f"{_signed(s.get('difference_high'))}]</small>"
        )
        share = None if s.get("share") is None else f"{float(s['share']) * 100:.0f} %"
        rows.append(
            [s["system"], rho, share, s.get("rho_with_others"), s.get("rater_with_others"),
             delta, s.get("verdict")]
        )  # fmt: skip
    caption = Html(
        f"Each system beside the raters of {name(where)}: ρ with the gold and its share of "
        "the ceiling (IAA-2); then like with like, the system's and a rater's mean ρ with the "
        "mean of the other raters on that rater's items, their difference Δ with its "
        "interval, and whether the system is better or worse than an average single rater "
        "(the interval of Δ excludes 0) or not separable from one."
    )
    return html_table(header, rows, caption=caption, digits=3)


def ceiling_parts(where: str, ceilings: Sequence[Doc]) -> tuple[list[Html], list[str]]:
    """The sentence and the tables of the human ceiling of data set ``where``: one or
    more ``human_ceiling`` documents of the same raters (one per set of word vectors, or
    one with every system of an evaluation), their systems side by side.

    Parameters
    ----------
    where : str
        The data set's name.
    ceilings : sequence of dict
        :meth:`HumanCeiling.as_dict <simeval.stats.ceiling.HumanCeiling.as_dict>` documents.

    Returns
    -------
    sentences : list of Html
    tables : list of str
        The raters' agreement and the systems (HTML).

    Examples
    --------
    A model in the order of the mean rating has ρ = 1, 1 / 0.843 = 119 % of IAA-2:

    >>> from simeval.stats.ceiling import human_ceiling
    >>> R = [[1, 2, 1], [2, 1, 3], [3, 4, 2], [4, 3, 5], [5, 5, 4], [6, 6, 6]]
    >>> doc = human_ceiling(R, {"model": [1, 2, 3, 4, 5, 6]}, n_resamples=0).as_dict()
    >>> sentences, tables = ceiling_parts("rg65", [doc])
    >>> print(sentences[0])  # doctest: +NORMALIZE_WHITESPACE
    On <bdi>rg65</bdi>, against a human ceiling of 0.843 (IAA-2 of 3 raters over 6 items),
    <strong><bdi>model</bdi></strong> reaches ρ = 1.000 with the gold, 119 % of the ceiling.
    """
    if not ceilings:
        return [], []
    first = ceilings[0]
    systems = [s for c in ceilings for s in c["systems"]]
    return [_sentence(where, first, systems)], [
        _agreement_table(where, first),
        _systems_table(where, systems),
    ]
