"""One frozen object for every option that changes a number.

:class:`Options` travels unchanged from the command line (or the caller) through
:func:`~simeval.evaluation.evaluate.evaluate`, :func:`~simeval.evaluation.compare.compare`,
the bootstrap, the SemEval aggregation and every public metric function, and it writes the
signature that makes a published number reproducible. Nothing forwards these settings one
keyword at a time, so no entry point can forget one.

>>> o = Options(scale=(0, 5))
>>> o.resolve([0.0, 2.5, 5.0]).low_border, o.resolve([0.0, 2.5, 5.0]).high_border
(1.5, 3.5)
>>> Options.of(o, nan_policy="omit").nan_policy
'omit'
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any, Literal

import numpy as np
from numpy.typing import ArrayLike

from ._validate import (
    NAN_POLICIES,
    NanPolicy,
    check_bool,
    check_choice,
    check_real,
    check_scale,
    check_within,
    extremes_without_nan,
)
from .binning import Bins, check_bins
from .calibration import AUTO_KIND, CALIBRATIONS, Calibration, CalibrationKind
from .errors import InputError, InputTypeError, param

__all__ = [
    "AUTO_KIND",
    "BIN_AVERAGES",
    "CALIBRATIONS",
    "HIGH_FRACTION",
    "LOW_FRACTION",
    "NORMALIZATIONS",
    "BinAverage",
    "Calibration",
    "NanPolicy",
    "Normalize",
    "Options",
    "point_on",
]

Normalize = Literal["scale", "minmax"] | None
BinAverage = Literal["arithmetic", "fisher_z"]
Scale = tuple[float, float]

#: Default borders of the low/high measures as fractions of the declared gold scale:
#: 0.3 and 0.7 give Reimers et al. (2016)'s 1.5 and 3.5 on the STS 0–5 scale, and the same
#: relative borders on any other scale (0.3 / 0.7 on 0–1, 2.2 / 3.8 on 1–5, 30 / 70 on 0–100).
LOW_FRACTION, HIGH_FRACTION = 0.3, 0.7

#: The normalizations of the error measures (:attr:`Options.normalize`; None: none).
NORMALIZATIONS = ("scale", "minmax")
#: How the scaled Pearson averages its per-bin r (:attr:`Options.bin_average`).
BIN_AVERAGES = ("arithmetic", "fisher_z")


def _border(value: object, name: str) -> float | None:
    return None if value is None else check_real(f"`{name}`", value)


def _system_scale(value: object) -> Scale | Mapping[str, Scale] | None:
    if isinstance(value, Mapping):
        out: dict[str, Scale] = {}
        for name, scale in value.items():
            checked = check_scale(scale, f"system_scale[{name!r}]")
            if checked is not None:
                out[str(name)] = checked
        return out
    return check_scale(value, "system_scale")  # type: ignore[arg-type]


@dataclass(frozen=True)
class Options:
    """Every setting that changes a number of simeval, validated once.

    Attributes
    ----------
    scale
        The declared gold scale ``(lo, hi)`` (STS 0–5, SICK 1–5, RG65 0–4 …). Gold values
        outside it are an error. ``None``: the observed range of the gold scores, and the
        signature says ``observed``.
    system_scale
        The range of the system scores, e.g. ``(-1, 1)`` for cosine, or a mapping
        ``system name → (lo, hi)`` for systems on different scales (key ``"*"``: every
        system not named). System scores are mapped
        linearly onto ``scale`` before the threshold and error measures. ``None``: the
        systems are on the gold scale.
    bins
        Bins of the scaled Pearson (Atoum 2019); ``None`` is ``Bins.equal_width(3)``.
    low_border, high_border
        Borders of the low/high-similarity measures (Reimers et al. 2016, §2) on the gold
        scale; ``None`` is 30 % and 70 % of the scale (1.5 and 3.5 on 0–5).
    normalize
        ``None``, ``"scale"`` or ``"minmax"``: bring gold and system to [0, 1] before the
        error measures, as Atoum & Ayyagari (2019, Tables 5–7) do.
    nan_policy
        ``"raise"`` rejects a missing score; ``"omit"`` drops the pairs where the gold or
        that system's score is missing (counted in the results).
    skip_undefined_bins
        Average the scaled Pearson over the bins where r is defined, instead of NaN.
    calibrate
        How a system off the gold scale is put on it for the measures of a gold value
        (errors, low/high and three-class measures; :mod:`simeval.metrics.gold_scale`):
        ``"auto"`` (default: isotonic, cross-fitted, for off-scale systems), ``"none"``,
        ``"linear"``, ``"isotonic"``, or a :class:`Calibration` (folds, seed, a calibration
        set). Correlations and rank measures always read the raw scores. Under
        ``normalize="minmax"`` each side's own range is its map: nothing is calibrated,
        and every measure of a gold value reads the system's observed range mapped onto
        the gold's.
    bin_average
        How the scaled Pearson averages its per-bin r: ``"arithmetic"``, the mean of the
        r_k (Atoum 2019, eq. 3), or ``"fisher_z"``, ``tanh(mean(atanh r_k))`` (Atoum 2019,
        eq. 4–5, |r| clipped to 1 − 1e-15).
    scale_source
        Set by :meth:`resolve`: ``"declared"`` or ``"observed"`` (or a caller's word for a
        conventional scale, e.g. ``"STS default"``); the signature shows it.

    Examples
    --------
    >>> opts = Options(scale=(0, 5), system_scale={"cosine-model": (-1, 1)})
    >>> opts.resolve([0.0, 2.5, 5.0]).borders
    (1.5, 3.5)
    >>> opts.for_system("cosine-model").system_scale
    (-1.0, 1.0)
    """

    scale: Scale | None = None
    system_scale: Scale | Mapping[str, Scale] | None = None
    bins: Bins | None = None
    low_border: float | None = None
    high_border: float | None = None
    normalize: Normalize = None
    nan_policy: NanPolicy = "raise"
    skip_undefined_bins: bool = False
    bin_average: BinAverage = "arithmetic"
    calibrate: Calibration | CalibrationKind | None = None
    scale_source: str | None = field(default=None, repr=False)

    def __post_init__(self) -> None:
        put = object.__setattr__
        put(self, "scale", check_scale(self.scale))
        put(self, "system_scale", _system_scale(self.system_scale))
        check_bins("`bins`", self.bins, optional=True)
        put(self, "low_border", _border(self.low_border, "low_border"))
        put(self, "high_border", _border(self.high_border, "high_border"))
        if self.normalize is not None and self.normalize not in NORMALIZATIONS:
            raise InputError(
                f"{param('normalize')} must be None, 'scale' or 'minmax'; got {self.normalize!r}"
            )
        check_choice("nan_policy", self.nan_policy, NAN_POLICIES)
        put(
            self,
            "skip_undefined_bins",
            check_bool("`skip_undefined_bins`", self.skip_undefined_bins),
        )
        put(self, "calibrate", Calibration.of(self.calibrate))
        if self.normalize == "minmax" and self.calibrate.kind in ("linear", "isotonic"):  # type: ignore[union-attr]
            raise InputError(
                f"{param('normalize', 'minmax')} maps each side onto [0, 1] by its own range "
                "(Atoum & Ayyagari 2019), which is the system's map onto the gold scale: it "
                f"takes no calibration; drop {param('calibrate')} or {param('normalize')}"
            )
        if self.bin_average not in BIN_AVERAGES:
            raise InputError(
                f"{param('bin_average')} must be 'arithmetic' or 'fisher_z'; "
                f"got {self.bin_average!r}"
            )
        # once resolved, a border may be a default that serves only its own side
        _check_borders(
            self.low_border, self.high_border, self.scale, order=self.scale_source is None
        )
        if self.normalize == "scale" and self.scale is None:
            raise InputError(
                f"{param('normalize', 'scale')} needs the declared gold scale ({param('scale')})"
            )

    # -- building ---------------------------------------------------------------------
    @classmethod
    def of(cls, options: Options | None = None, /, **changes: Any) -> Options:
        """``options`` (default: all defaults) with ``changes`` applied; a change of
        ``None`` keeps the value of ``options``. Unknown names are a TypeError.

        This is how every entry point takes both ``options=`` and single keywords.
        """
        base = options if options is not None else cls()
        if not isinstance(base, Options):
            raise InputTypeError(
                f"{param('options')} must be a simeval.Options; got {type(base).__name__} {base!r}"
            )
        known = {f.name for f in dataclasses.fields(cls)} - {"scale_source"}
        unknown = sorted(set(changes) - known)
        if unknown:  # an InputTypeError: a TypeError, as Python's own for a bad keyword
            raise InputTypeError(
                f"unknown option {unknown[0]!r}; the options are {', '.join(sorted(known))}"
            )
        given = {k: v for k, v in changes.items() if v is not None}
        if not given:
            return base
        if "scale" in given:
            given.setdefault("scale_source", None)
        return dataclasses.replace(base, **given)

    def resolve(self, gold: ArrayLike) -> Options:
        """These options with the scale and the borders filled in for ``gold``: the
        observed range when no scale was declared, borders at 30 % / 70 % of the scale.
        Idempotent; gold values outside a declared scale are an error."""
        resolved = self.low_border is not None and self.high_border is not None
        if self.scale_source is not None and resolved:
            return self
        g = np.asarray(gold, dtype=np.float64)
        scale, source = self.scale, self.scale_source or "declared"
        if scale is None:
            lo, hi = extremes_without_nan(g)
            if not lo < hi:  # none, all missing, or constant
                raise InputError(
                    "cannot infer the gold scale from constant or empty gold scores; "
                    f"declare it ({param('scale')})"
                )
            scale, source = (lo, hi), "observed"
        elif source != "observed":
            check_within(g, scale, "gold", source)
        low = point_on(scale, LOW_FRACTION) if self.low_border is None else self.low_border
        high = point_on(scale, HIGH_FRACTION) if self.high_border is None else self.high_border
        both_given = self.low_border is not None and self.high_border is not None
        _check_borders(low, high, scale, order=both_given)
        # min-max normalization is the system's map onto the gold scale: no calibration
        own_map = self.normalize == "minmax" and self.calibrate.kind == "auto"  # type: ignore[union-attr]
        return dataclasses.replace(
            self, scale=scale, scale_source=source, low_border=low, high_border=high,
            calibrate=Calibration(kind="none") if own_map else self.calibrate,
        )  # fmt: skip

    def on_gold_scale(self) -> Options:
        """These options for scores already put on the gold scale (mapped or calibrated):
        no ``system_scale`` and no calibration, so that nothing maps them again."""
        return dataclasses.replace(self, system_scale=None, calibrate=Calibration(kind="none"))

    def __hash__(self) -> int:
        """Options are values (frozen): equal options hash alike, a per-system
        ``system_scale`` (a mapping) by its sorted items."""
        return hash(
            tuple(
                tuple(sorted(v.items())) if isinstance(v, Mapping) else v
                for f in dataclasses.fields(self)
                if f.compare
                for v in (getattr(self, f.name),)
            )
        )

    def check_systems(self, names: Iterable[str]) -> None:
        """A per-system ``system_scale`` must name systems that exist (a typo would leave
        that system unmapped without a word)."""
        if not isinstance(self.system_scale, Mapping):
            return
        known = set(names)
        unknown = sorted(set(self.system_scale) - known - {"*"})
        if unknown:
            raise InputError(
                f"{param('system_scale')} names {', '.join(map(repr, unknown))}, which is not a "
                "system; "
                f"the systems are {', '.join(sorted(known))}"
            )

    def for_system(self, name: str) -> Options:
        """The options one system is scored with: its own ``system_scale`` when the
        options hold one per system."""
        calibrate = self.calibrate.for_system(name)  # type: ignore[union-attr]
        if not isinstance(self.system_scale, Mapping):
            return (
                self
                if calibrate is self.calibrate
                else dataclasses.replace(self, calibrate=calibrate)
            )
        own = self.system_scale.get(name, self.system_scale.get("*"))
        return dataclasses.replace(self, system_scale=own, calibrate=calibrate)

    # -- reading ----------------------------------------------------------------------
    @property
    def borders(self) -> tuple[float, float]:
        """``(low_border, high_border)`` of resolved options."""
        if self.low_border is None or self.high_border is None:
            raise InputError("the borders are known once the options are resolved for gold")
        return self.low_border, self.high_border

    @property
    def binning_rule(self) -> Bins:
        """The bins of the scaled Pearson (``Bins.equal_width(3)`` unless set)."""
        return self.bins if self.bins is not None else Bins.equal_width(3)

    def signature(self, *, bins: bool = True) -> str:
        """The options part of a sacreBLEU-style signature, e.g.
        ``scale:0,5(declared)|system_scale:none|bins:equal:3|borders:1.5,3.5|…``."""

        def rng(r: Scale | None) -> str:
            return "none" if r is None else f"{r[0]:g},{r[1]:g}"

        if isinstance(self.system_scale, Mapping):
            sys_scale = ";".join(f"{k}={rng(v)}" for k, v in self.system_scale.items()) or "none"
        else:
            sys_scale = rng(self.system_scale)
        lo, hi = self.low_border, self.high_border
        parts = [
            f"scale:{rng(self.scale)}({self.scale_source or 'declared'})"
            if self.scale is not None
            else "scale:observed",
            f"system_scale:{sys_scale}",
            f"bins:{self.binning_rule.describe() if bins else 'none'}",
            "borders:"
            + ("30%,70%" if lo is None and hi is None else f"{_g(lo, '30%')},{_g(hi, '70%')}"),
            f"normalize:{self.normalize or 'none'}",
            f"skip_undefined_bins:{'yes' if self.skip_undefined_bins else 'no'}",
            *([f"bin_average:{self.bin_average}"] if self.bin_average != "arithmetic" else []),
            f"calibrate:{self.calibrate.describe()}",  # type: ignore[union-attr]
            f"nan:{self.nan_policy}",
        ]
        return "|".join(parts)


def point_on(scale: Scale, fraction: float) -> float:
    """``lo + fraction·(hi − lo)``, also for scales whose width exceeds the float range.

    Parameters
    ----------
    scale : tuple of float
        ``(lo, hi)``.
    fraction : float
        Where on the scale: 0 is ``lo``, 1 is ``hi``.

    Returns
    -------
    float

    Examples
    --------
    >>> point_on((0, 5), 0.3), point_on((-1e308, 1e308), 0.5)
    (1.5, 0.0)
    """
    lo, hi = scale
    span = hi - lo
    if math.isinf(span):  # ±1e308: the same point without forming hi − lo
        return lo * (1.0 - fraction) + hi * fraction
    return lo + fraction * span


def _check_borders(
    lo: float | None, hi: float | None, scale: Scale | None, *, order: bool = True
) -> None:
    """Borders on the scale; ``order``: the low one below the high one (checked when
    both were chosen: a default border only serves the measures of its own side)."""
    if order and lo is not None and hi is not None and lo > hi:
        raise InputError(f"the low border {lo:g} is above the high border {hi:g}; swap them")
    if scale is None:
        return
    for name, b in (("low_border", lo), ("high_border", hi)):
        if b is not None and not scale[0] <= b <= scale[1]:
            raise InputError(
                f"{param(name)} {b:g} lies outside the gold scale [{scale[0]:g}, {scale[1]:g}]; "
                "choose a border on the scale"
            )


def _g(value: float | None, default: str) -> str:
    return default if value is None else f"{value:g}"


def check_options(options: object, name: str = "options") -> Options:
    """``options`` as :class:`Options` (``None`` → defaults), or an InputError naming it."""
    if options is None:
        return Options()
    if not isinstance(options, Options):
        raise InputError(f"{param(name)} must be a simeval.Options; got {type(options).__name__}")
    return options
