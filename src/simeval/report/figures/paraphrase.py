r"""Paraphrase patterns of one source term: the lexical diversity D of each pattern
(Algorithm 1) and its quality Q with the running EP (Shima & Mitamura 2011):

.. math:: EP_k = \frac1k \sum_{i \le k} Q_i.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np

from ...errors import InputError
from ._base import PALETTE, PANEL, SMALL, is_missing, new_figure, note

__all__ = ["pattern_figure"]


def pattern_figure(records: Sequence[Mapping[str, Any]], *, fig: Any = None) -> Any:
    """Two panels over the ranked patterns of one source term (one set): the top one the
    D ∈ {1, 2, 3} of each pattern as bars, the bottom one its Q (share of positive
    labels) as dots and :math:`EP_k` after each rank as a line.

    ``records`` are ``PatternExplanation.as_dict()`` rows of one term (``rank``,
    ``paraphrase``, ``d``, ``q``; ``source`` and ``set`` for the title), e.g. from
    :func:`simeval.paraphrase.explain`. A pattern without a Q is a gap with a note (its
    EP stays undrawn from there on). Returns the matplotlib ``Figure``.

    Parameters
    ----------
    records : sequence of mapping
        The ranked patterns of one source term.
    fig : matplotlib.figure.Figure, optional
        Where to draw.

    Returns
    -------
    matplotlib.figure.Figure

    References
    ----------
    Shima, H. & Mitamura, T. (2011). Diversity-aware evaluation for paraphrase patterns.
    *Proceedings of the TextInfer 2011 Workshop on Textual Entailment*, 35–39.

    Examples
    --------
    >>> from simeval.report.figures import offscreen
    >>> rows = [{"rank": 1, "paraphrase": "shot and killed", "d": 3, "q": 1.0,
    ...          "source": "killed", "set": "g"},
    ...         {"rank": 2, "paraphrase": "killed in", "d": 1, "q": 0.0,
    ...          "source": "killed", "set": "g"}]
    >>> with offscreen():
    ...     fig = pattern_figure(rows)
    >>> len(fig.axes)
    2
    """
    rows = sorted(records, key=lambda r: r["rank"])
    if not rows:
        raise InputError("no patterns to draw; give the explanations of one source term")
    if fig is None:
        fig = new_figure((max(PANEL[0], 0.5 * len(rows) + 2), PANEL[1] * 1.5))
    top, bottom = fig.subplots(2, 1, sharex=True)
    x = np.arange(1, len(rows) + 1)
    d = np.array([r["d"] for r in rows], dtype=float)
    q = np.array([np.nan if is_missing(r.get("q")) else float(r["q"]) for r in rows])
    top.bar(x, d, color=[PALETTE[int(v) - 1] for v in d], width=0.6, gid="d-bar")
    top.set_yticks([1, 2, 3])
    top.set_ylim(0, 3.4)
    top.set_ylabel("D (lexical diversity, 3 = new)")
    ep = np.cumsum(q) / x  # NaN from the first missing Q on: a gap, never 0
    bottom.plot(x, q, "o", color=PALETTE[1], label="Q of the pattern", gid="q-point")
    bottom.plot(
        x, ep, "-", color=PALETTE[0], linewidth=2, label="EP@k (higher is better)", gid="ep-line"
    )
    bottom.set_ylim(-0.05, 1.05)
    bottom.set_ylabel("Q and EP@k")
    bottom.set_xlabel("rank k of the pattern")
    bottom.set_xticks(
        x,
        [f"{k}\n{r['paraphrase'][:14]}" for k, r in zip(x, rows)],
        fontsize=SMALL,
        rotation=0 if len(rows) <= 8 else 60,
    )
    bottom.legend(fontsize=SMALL, loc="lower left")
    first = rows[0]
    where = f" in set {first['set']!r}" if first.get("set") else ""
    top.set_title(
        f"Paraphrase patterns of {first.get('source', '?')!r}{where}: D and EP", fontsize=10
    )
    note(
        fig,
        [
            f"gap: no Q for rank {r['rank']} ({r['paraphrase']})"
            for r, v in zip(rows, q)
            if np.isnan(v)
        ],
    )
    return fig
