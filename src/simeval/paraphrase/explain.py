"""Why each paraphrase pattern earned its credit: the steps of Algorithm 1 of Shima &
Mitamura (2011) for one source term, with Q and the EPR and DIMPLE gains."""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any

import numpy as np

from ..errors import InputError
from ..results import json_ready
from .diversity import diversity_steps
from .metrics import DIMPLE, EPR, term_bounds
from .patterns import PatternsLike, as_patterns
from .text import Analyzer, default_analyzer

__all__ = ["PatternExplanation", "PatternExplanations", "explain"]


@dataclass(frozen=True)
class PatternExplanation:
    """Why one pattern earned its credit: Algorithm 1's W1 (``content_words``), W2
    (``stems``), D and branch (``reason``), Q, DIMPLE's gain 2^(Q·D) − 1 and EPR's
    credit Q·[D = 3].

    Attributes
    ----------
    set, source : str
        The pattern set and the source term.
    rank : int
        The pattern's rank in its list (1 = first).
    paraphrase : str
    content_words, stems : tuple of str
        W1 and W2.
    d : int
        Lexical diversity (1, 2, 3).
    reason : str
        The branch of Algorithm 1.
    q : float
        Quality: the share of positive labels.
    gain : float
        DIMPLE's gain 2^(Q·D) − 1.
    epr_credit : float
        Q when D = 3, else 0.

    Examples
    --------
    >>> e = explain({"killed": [("slain", 1)]}, "killed")[0]
    >>> e.d, e.gain, e.epr_credit
    (3, 7.0, 1.0)
    """

    set: str
    source: str
    rank: int
    paraphrase: str
    content_words: tuple[str, ...]
    stems: tuple[str, ...]
    d: int
    reason: str
    q: float
    gain: float
    epr_credit: float

    def as_dict(self) -> dict[str, Any]:
        """The explanation as a JSON-ready dict."""
        return json_ready(asdict(self))


class PatternExplanations(tuple[PatternExplanation, ...]):
    """The tuple :func:`explain` returns, with a picture.

    Parameters
    ----------
    iterable : iterable of PatternExplanation

    Examples
    --------
    >>> ex = explain({"killed": [("slain", 1), ("killing", 0.5)]}, "killed")
    >>> fig = ex.plot()
    >>> len(ex), hasattr(fig, "savefig")
    (2, True)
    """

    def plot(self, *, set: str | None = None, fig: Any = None) -> Any:
        """D and Q of each pattern with the running EP_k (Shima & Mitamura 2011) for the
        patterns of one set (``set``, default the first), as a matplotlib figure (needs
        ``pip install 'simeval[plot]'``): two panels, made through pyplot unless drawn
        into ``fig``, which is returned."""
        from ..report.figures import pattern_figure

        if not self:
            raise InputError("no patterns to draw")
        chosen = self[0].set if set is None else set
        rows = [e.as_dict() for e in self if e.set == chosen]
        if not rows:
            sets = ", ".join(sorted({e.set for e in self}))
            raise InputError(f"no patterns in set {chosen!r}; sets: {sets}")
        return pattern_figure(rows, fig=fig)


def explain(
    patterns: PatternsLike,
    source: str,
    *,
    set: str | None = None,
    judgment: str | None = None,
    analyzer: Analyzer | None = None,
) -> PatternExplanations:
    """Each pattern of ``source`` (in every set, or only ``set``) with its content words,
    stems, D, the branch of Algorithm 1 that gave it, Q and its gains.

    Parameters
    ----------
    patterns : Patterns or mapping
        The ranked patterns (anything :func:`~simeval.paraphrase.patterns.as_patterns` takes).
    source : str
        The source term to explain.
    set : str, optional
        Only this set (default: every set that has ``source``).
    judgment : str, optional
        The judgment whose Q is used (default: the patterns' first).
    analyzer : Analyzer, optional
        As :func:`~simeval.paraphrase.diversity.diversity_steps`.

    Returns
    -------
    PatternExplanations
        One explanation per pattern, in set and rank order.

    References
    ----------
    Shima, H. & Mitamura, T. (2011). Diversity-aware evaluation for paraphrase patterns.
    *Proceedings of the TextInfer 2011 Workshop on Textual Entailment*, 35–39.

    Examples
    --------
    >>> ex = explain({"killed": [("killed in", 1), ("killing", 1), ("to", 1)]}, "killed")
    >>> [(e.paraphrase, e.stems, e.d, e.reason) for e in ex]  # doctest: +NORMALIZE_WHITESPACE
    [('killed in', ('kill',), 1, 'word already seen'),
     ('killing', ('kill',), 2, 'only the stem seen'),
     ('to', (), 1, 'no content words')]
    """
    p = as_patterns(patterns)
    q = p.quality(judgment)
    an = analyzer if analyzer is not None else default_analyzer()
    wanted = [
        t for t, (s, src) in enumerate(p.terms) if src == source and (set is None or s == set)
    ]
    if not wanted:
        known = sorted({src for _, src in p.terms})
        shown = ", ".join(repr(k) for k in known[:8]) + (", …" if len(known) > 8 else "")
        where = f" in set {set!r}" if set is not None else ""
        raise InputError(f"source {source!r} not found{where} in {p.origin}; sources: {shown}")
    bounds = term_bounds(p)
    out: list[PatternExplanation] = []
    for t in wanted:
        lo, hi = int(bounds[t]), int(bounds[t + 1])
        steps = diversity_steps(source, p.paraphrase[lo:hi], analyzer=an)
        for i, step in zip(range(lo, hi), steps, strict=True):
            qi = float(q[i])
            out.append(
                PatternExplanation(
                    set=p.set[i],
                    source=source,
                    rank=int(p.rank[i]),
                    paraphrase=step.paraphrase,
                    content_words=step.content_words,
                    stems=step.stems,
                    d=step.d,
                    reason=step.reason,
                    q=qi,
                    gain=float(DIMPLE.gain(np.float64(qi), np.int8(step.d))),
                    epr_credit=float(EPR.gain(np.float64(qi), np.int8(step.d))),
                )
            )
    return PatternExplanations(out)
