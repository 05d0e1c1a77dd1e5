"""How word pairs are measured: the one definition of the options of
:func:`~simeval.wordsim.evaluation.evaluate`, ``simeval wordsim`` and the signature they
write (wordspace 0.2-8's ``pair.distances`` arguments; Evert 2014)."""

from __future__ import annotations

from dataclasses import dataclass

from .._validate import check_choice
from .._version import __version__
from ..errors import InputError, param
from .distances import AVG_METHODS, METHODS, RANKS, AvgMethod, Method, Rank, check_method

__all__ = ["WordsimOptions"]


@dataclass(frozen=True)
class WordsimOptions:
    """The measure of a word pair, checked once: an option that has no effect with the
    others (``p`` without minkowski, ``similarity`` without cosine, ``avg_method``
    without ``rank="avg"``) is an error, not silently ignored.

    Attributes
    ----------
    method : {"cosine", "euclidean", "manhattan", "maximum", "minkowski"}
        The distance (cosine: the angle in degrees, or the similarity).
    p : float, optional
        The minkowski exponent, 0 ≤ p ≤ ∞ (default 2; only with ``method="minkowski"``).
    similarity : bool
        The cosine itself instead of the angle (wordspace ``convert=FALSE``).
    rank : {"none", "fwd", "bwd", "avg"}
        Neighbour ranks instead of the values (wordspace ``pair.ranks``).
    avg_method : {"arithmetic", "geometric", "harmonic"}, optional
        The average of the two ranks of ``rank="avg"`` (default arithmetic).

    Examples
    --------
    >>> WordsimOptions(method="minkowski", p=3).signature()
    'wordsim|method:minkowski|p:3|rank:none|v:0.1.0'
    >>> WordsimOptions(p=3)
    Traceback (most recent call last):
    simeval.errors.InputError: `p` is the exponent of method='minkowski' and has no effect \
with method='cosine'; drop `p` or use method='minkowski'
    """

    method: Method = "cosine"
    p: float | None = None
    similarity: bool = False
    rank: Rank = "none"
    avg_method: AvgMethod | None = None

    def __post_init__(self) -> None:
        check_choice("method", self.method, METHODS)
        check_choice("rank", self.rank, RANKS)
        if self.p is not None:
            if self.method != "minkowski":
                raise InputError(
                    f"{param('p')} is the exponent of {param('method', 'minkowski')} and has "
                    f"no effect with {param('method', self.method)}; drop {param('p')} or use "
                    f"{param('method', 'minkowski')}"
                )
            check_method(self.method, self.p)
        if self.similarity and self.method != "cosine":
            raise InputError(
                f"{param('similarity')} applies to {param('method', 'cosine')} only; drop it "
                f"for {param('method', self.method)}"
            )
        if self.avg_method is not None:
            check_choice("avg_method", self.avg_method, AVG_METHODS)
            if self.rank != "avg":
                raise InputError(
                    f"{param('avg_method')} applies with {param('rank', 'avg')} only; add "
                    f"{param('rank', 'avg')} or drop {param('avg_method')}"
                )

    @property
    def exponent(self) -> float:
        """The minkowski exponent in use (2 unless given)."""
        return 2.0 if self.p is None else float(self.p)

    @property
    def average(self) -> AvgMethod:
        """The average of ``rank="avg"`` in use (arithmetic unless given)."""
        return self.avg_method or "arithmetic"

    def signature(self, format: str | None = None, measure: str | None = None) -> str:
        """A one-line record of the settings that apply, so that a number can be
        reproduced: ``wordsim|method:…|…|v:VERSION`` (``measure``: the name of a
        ``dist_fnc`` in place of the method; ``format``: the lemma conversion)."""
        parts = ["wordsim", f"method:{measure or self.method}"]
        if self.method == "minkowski" and measure is None:
            parts.append(f"p:{self.exponent:g}")
        if self.method == "cosine" and self.rank == "none" and measure is None:
            parts.append("value:similarity" if self.similarity else "value:angle")
        parts.append(f"rank:{self.rank}")
        if self.rank == "avg":
            parts.append(f"avg:{self.average}")
        if format:
            parts.append(f"lemma:{format}")
        parts.append(f"v:{__version__}")
        return "|".join(parts)
