"""How systems off the gold scale are to be calibrated: the :class:`Calibration` option of
:class:`~simeval.Options` (``Options.calibrate``). The maps themselves are fitted in
:mod:`simeval.metrics.gold_scale`."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Literal

import numpy as np

from ._validate import as_float_array, check_choice, check_int
from .errors import InputError, InputTypeError, param

__all__ = ["AUTO_KIND", "CALIBRATIONS", "Calibration", "CalibrationKind"]

CalibrationKind = Literal["auto", "none", "linear", "isotonic"]
#: The values of :attr:`Options.calibrate` (and ``--calibrate``); see
#: :mod:`simeval.metrics.calibration`.
CALIBRATIONS: tuple[str, ...] = ("auto", "none", "linear", "isotonic")
#: The map ``auto`` fits to an off-scale system (chosen on STS-B, SICK and STS 2012–16
#: with MiniLM and the lexical baselines: see the README, "Calibration").
AUTO_KIND = "isotonic"


@dataclass(frozen=True, kw_only=True)
class Calibration:
    """How systems off the gold scale are calibrated (see :mod:`simeval.metrics.gold_scale`).

    Attributes
    ----------
    kind
        ``"auto"`` (isotonic for off-scale systems), ``"none"``, ``"linear"`` or
        ``"isotonic"``.
    folds, seed
        The cross-fitting: k folds of ``default_rng(seed).permutation(n)``.
    on
        A calibration set: system name → ``(gold, scores)`` on held-out pairs (the key
        ``"*"`` serves every system not named); ``None``: cross-fitting.
    label
        How signatures and reports name the calibration set (``stsb:dev``, a file).

    Examples
    --------
    >>> Calibration(kind="linear", folds=10).describe()
    'linear(cv10,seed0)'
    >>> Calibration(kind="isotonic", on={"*": ([0, 5, 3], [0.1, 0.9, 0.5])},
    ...             label="stsb:dev").describe()
    'isotonic(on:stsb:dev)'
    """

    kind: CalibrationKind = "auto"
    folds: int = 5
    seed: int = 0
    on: Mapping[str, tuple[Any, Any]] | None = field(default=None, compare=False)
    label: str | None = None

    def __post_init__(self) -> None:
        check_choice("calibrate", self.kind, CALIBRATIONS)
        check_int(self.folds, "folds", minimum=2)
        check_int(self.seed, "seed", minimum=0)
        if self.on is not None:
            if not isinstance(self.on, Mapping):
                raise InputTypeError(
                    f"{param('on')} must map a system name to (gold, scores) of the "
                    f"calibration set; got {type(self.on).__name__}"
                )
            checked = {}
            for name, pair in self.on.items():
                gold, scores = pair
                g = as_float_array(gold, f"calibration gold of {name}")
                s = as_float_array(scores, f"calibration scores of {name}")
                if g.size != s.size or g.size < 2:
                    raise InputError(
                        f"the calibration set of {name!r} needs at least 2 pairs of gold and "
                        f"scores of the same length; got {g.size} and {s.size}"
                    )
                keep = ~(np.isnan(g) | np.isnan(s))
                checked[str(name)] = (g[keep], s[keep])
            object.__setattr__(self, "on", checked)

    @classmethod
    def of(cls, value: Calibration | str | None) -> Calibration:
        """``value`` as a :class:`Calibration` (a kind's name, or None for ``auto``)."""
        if value is None:
            return cls()
        if isinstance(value, Calibration):
            return value
        return cls(kind=value)  # type: ignore[arg-type]

    def for_system(self, name: str) -> Calibration:
        """This calibration with only ``name``'s calibration set (key ``"*"`` otherwise)."""
        if self.on is None:
            return self
        own = self.on.get(name, self.on.get("*"))
        return Calibration(kind=self.kind, folds=self.folds, seed=self.seed,
                           on=None if own is None else {"*": own}, label=self.label)  # fmt: skip

    def describe(self) -> str:
        """The signature's part, e.g. ``auto(isotonic,cv5,seed0)``,
        ``linear(on:stsb:dev)``, ``none``."""
        if self.kind == "none":
            return "none"
        kind = f"auto({AUTO_KIND}," if self.kind == "auto" else f"{self.kind}("
        source = f"on:{self.label or 'given set'}" if self.on else f"cv{self.folds},seed{self.seed}"
        return kind + source + ")"
