"""What the paraphrase metrics return: a metric's value per source term and per set
(:class:`TermScore`, :class:`SetScore`), one metric's result
(:class:`PatternMetricResult`) and every metric at every k (:class:`PatternScores`).
The metrics themselves are in :mod:`simeval.paraphrase.metrics`."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

import numpy as np
from numpy.typing import NDArray

from ..results import MetricResult

__all__ = ["PatternMetricResult", "PatternScores", "SetScore", "TermScore"]


@dataclass(frozen=True)
class TermScore:
    """A metric's value for one source term of one set; ``n_patterns`` is the list length.

    Attributes
    ----------
    set, source : str
        The set and the source term.
    value : float
        The metric's value for the term.
    n_patterns : int
        Patterns in the term's list.

    Examples
    --------
    >>> from simeval.paraphrase import ep
    >>> res = ep({"killed": [("slain", 1.0), ("killing", 0.5)], "told": [("said", 1.0)]}, k=2)

    >>> res.terms[0]
    TermScore(set='set', source='killed', value=0.75, n_patterns=2)
    """

    set: str
    source: str
    value: float
    n_patterns: int


@dataclass(frozen=True)
class SetScore:
    """A metric's mean over the ``n_terms`` source terms of one set.

    Attributes
    ----------
    set : str
    value : float
        The mean over the set's terms.
    n_terms : int

    Examples
    --------
    >>> from simeval.paraphrase import ep
    >>> res = ep({"killed": [("slain", 1.0), ("killing", 0.5)], "told": [("said", 1.0)]}, k=2)

    >>> res.sets  # (0.75 + 0.5) / 2
    (SetScore(set='set', value=0.625, n_terms=2),)
    """

    set: str
    value: float
    n_terms: int


@dataclass(frozen=True)
class PatternMetricResult(MetricResult):
    """EP_k, EPR_k or DIMPLE_k: ``statistic`` is the mean over every (set, term), ``n``
    the number of terms; ``terms`` and ``sets`` hold the per-term values and per-set
    means; ``d`` is the D of each pattern in the rows' order of the
    :class:`~simeval.paraphrase.Patterns`; ``signature`` says how to reproduce it.

    Attributes
    ----------
    statistic, n, reason
        As :class:`~simeval.results.MetricResult` (``n``: source terms).
    metric : str
        ``"ep"``, ``"epr"`` or ``"dimple"``.
    k : int
    judgment : str
        Whose Q.
    terms : tuple of TermScore
    sets : tuple of SetScore
    d : tuple of int
        D of each pattern (Algorithm 1).
    signature : str

    References
    ----------
    Shima, H. & Mitamura, T. (2011). Diversity-aware evaluation for paraphrase patterns.
    *Proceedings of the TextInfer 2011 Workshop on Textual Entailment*, 35–39.

    Examples
    --------
    >>> from simeval.paraphrase import ep
    >>> res = ep({"killed": [("slain", 1.0), ("killing", 0.5)], "told": [("said", 1.0)]}, k=2)

    >>> res.metric, res.k, res.statistic, res.d
    ('ep', 2, 0.625, (3, 2, 3))
    """

    metric: str = "dimple"
    k: int = 10
    judgment: str = "default"
    terms: tuple[TermScore, ...] = ()
    sets: tuple[SetScore, ...] = ()
    d: tuple[int, ...] = ()
    signature: str = ""


@dataclass(frozen=True, eq=False)
class PatternScores:
    """Every metric at every k for every term and set, from one computation of D.

    ``term_values[(metric, k)]`` is aligned with ``terms``, ``set_values[(metric, k)]``
    with ``sets``. :meth:`records` gives the rows of the JSON output.

    Attributes
    ----------
    judgment : str
    ks : tuple of int
    metrics : tuple of str
    terms : tuple of (str, str)
        (set, source) of each term.
    sets : tuple of str
    term_set : numpy.ndarray
        The set of each term (index into ``sets``).
    n_patterns : numpy.ndarray
        Patterns per term.
    d : numpy.ndarray
        D of each pattern row.
    term_values, set_values : mapping of (str, int) to numpy.ndarray
        Per (metric, k): the value of each term, the mean of each set.
    signature : str

    Examples
    --------
    >>> from simeval.paraphrase import score_patterns
    >>> s = score_patterns({"killed": [("slain", 1.0), ("killing", 0.5)]}, ks=[1, 2])
    >>> s.set_values["ep", 2].tolist(), s.set_values["dimple", 1].tolist()
    ([0.75], [1.0])
    """

    judgment: str
    ks: tuple[int, ...]
    metrics: tuple[str, ...]
    terms: tuple[tuple[str, str], ...]
    sets: tuple[str, ...]
    term_set: NDArray[np.intp]
    n_patterns: NDArray[np.intp]
    d: NDArray[np.int8]
    term_values: Mapping[tuple[str, int], NDArray[np.float64]]
    set_values: Mapping[tuple[str, int], NDArray[np.float64]]
    signature: str

    def records(self) -> list[dict[str, Any]]:
        """``{"set", "source", "metric", "k", "value"}`` per term, then the set's mean
        (``source`` None), set by set."""
        out: list[dict[str, Any]] = []
        for si, set_name in enumerate(self.sets):
            members = np.flatnonzero(self.term_set == si)
            for key in self.term_values:
                metric, k = key
                vals = self.term_values[key]
                out += [
                    {
                        "set": set_name,
                        "source": self.terms[t][1],
                        "metric": metric,
                        "k": k,
                        "value": float(vals[t]),
                    }
                    for t in members
                ]
                out.append(
                    {
                        "set": set_name,
                        "source": None,
                        "metric": metric,
                        "k": k,
                        "value": float(self.set_values[key][si]),
                    }
                )
        return out
