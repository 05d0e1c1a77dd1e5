"""What a metric *is*: one :class:`Metric` record per measure, the one path that runs it
(:func:`score`) and the public function made from it (:func:`public_function`); the
:class:`~simeval.metrics.context.Context` its kernel reads is in
:mod:`simeval.metrics.context`.

A record holds every form of its formula — the kernel (``compute``) and the form the
bootstrap computes on many resamples at once (``resampled``: sufficient statistics or a
weighted form, :mod:`simeval.metrics.weighted`) — and the direction, the bounds, the paper
and the options it reads. Every entry point derives from it: the public function
(``simeval.f1_low``, made by :func:`public_function`) calls :func:`score`,
:func:`~simeval.evaluate` builds one :class:`Context` per system and calls the same
kernel, the bootstrap's point estimate is the kernel's value and its resamples come from
the record's resampled form (or from the kernel once per resample), and the command line
looks the record up by name. Adding a metric is adding one record to the registry.
"""

from __future__ import annotations

import dataclasses
import inspect
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, Protocol, TypeVar

import numpy as np
from numpy.typing import ArrayLike, NDArray

from .._validate import paired_scores
from ..binning import Binning
from ..errors import InputError, SimevalError, param
from ..options import Options
from ..results import MetricResult, warn_if_undefined
from ._sorted import SortedScores
from .context import Context
from .weighted import Resampled

__all__ = ["Metric", "MetricFunction", "options_without_effect", "public_function", "score"]

#: Options whose effect depends on the metric (the scale and the NaN policy act on all).
_METRIC_OPTIONS = ("system_scale", "bins", "low_border", "high_border", "normalize",
                   "skip_undefined_bins", "bin_average", "calibrate")  # fmt: skip

R_co = TypeVar("R_co", bound=MetricResult, covariant=True)


@dataclass(frozen=True, kw_only=True)
class Metric:
    """A named measure: its formula (``compute(context) → MetricResult``), every other form
    of it the bootstrap uses (``resampled``), and what reports need to know.

    Attributes
    ----------
    name
        What users type (``--metric``) and reports print.
    compute
        The kernel: the value on one (gold, system) pair of score vectors
        (:class:`Context`). Every entry point's value comes from it.
    higher_is_better, bounds, source, description, family
        Direction, range, the paper and equation, a one-line description, and the family
        reports group by (``correlation``, ``error``, ``threshold``, ``ranking`` …).
    reads
        The fields of :class:`~simeval.Options` that change this metric's value.
    uses_bins
        Whether the value uses the bins of :attr:`Options.bins`.
    is_correlation
        Whether the value is a correlation coefficient (Fisher-z averaging applies).
    ranks
        Whether the value needs the order of the system scores, so that
        :func:`~simeval.evaluate` sorts each system ahead, in a worker thread.
    gold_scale
        Whether the value compares a system score with a gold *value* or a border on the
        gold scale (the error, low/high and three-class measures), so that the system's
        scores must be on the gold scale; a correlation or a rank measure does not care.
    resampled
        The metric on many weighted resamples at once (:mod:`simeval.metrics.weighted`):
        its sufficient statistics or its weighted form. ``None``: the bootstrap runs
        ``compute`` once per resample.
    parts, combine, op
        For a combination (``hmean(a,b)`` …): the combined metrics, the formula applied to
        their values stacked along axis 0 (one value, or one per resample), and its name.

    Examples
    --------
    >>> from simeval.results import MetricResult
    >>> def max_error(c):
    ...     return MetricResult(float(abs(c.system.values - c.gold.values).max()), c.n)
    >>> worst = Metric(name="max_error", compute=max_error, higher_is_better=False,
    ...                bounds=(0, float("inf")), source="a hand-made example")
    >>> score(worst, [1, 2, 3], [1.5, 2, 2], Options()).statistic
    1.0
    """

    name: str
    compute: Callable[[Context], MetricResult] = field(repr=False, compare=False)
    higher_is_better: bool
    bounds: tuple[float, float]
    source: str
    description: str = ""
    family: str = "other"
    reads: frozenset[str] = frozenset()
    uses_bins: bool = False
    is_correlation: bool = False
    ranks: bool = False
    gold_scale: bool = False
    resampled: Resampled | None = field(default=None, repr=False, compare=False)
    parts: tuple[Metric, ...] = ()
    combine: Callable[[NDArray[np.float64]], NDArray[np.float64]] | None = field(
        default=None, repr=False, compare=False
    )
    op: str | None = None

    @property
    def reads_all(self) -> frozenset[str]:
        """The options this metric or any of its parts reads."""
        return self.reads.union(*(p.reads_all for p in self.parts))

    @property
    def ranks_any(self) -> bool:
        """Whether this metric or any of its parts needs the system's order."""
        return self.ranks or any(p.ranks_any for p in self.parts)

    @property
    def gold_scale_any(self) -> bool:
        """Whether this metric or any of its parts compares scores with gold values."""
        return self.gold_scale or any(p.gold_scale_any for p in self.parts)

    def leaves(self) -> tuple[Metric, ...]:
        """The plain metrics a combination is made of (itself for a plain metric)."""
        if self.combine is None:
            return (self,)
        return tuple(leaf for p in self.parts for leaf in p.leaves())


def score(
    metric: Metric,
    gold: ArrayLike,
    system: ArrayLike,
    options: Options,
    binning: Binning | None = None,
) -> MetricResult:
    """The one path of every public metric function: validate and pair the scores (with
    ``options.nan_policy``), resolve the options for the gold scores, run the kernel, and
    warn (:class:`~simeval.errors.UndefinedMetricWarning`) when the result is undefined.

    Parameters
    ----------
    metric : Metric
        The record whose kernel to run.
    gold, system : array_like
        The scores.
    options : Options
        The options (``nan_policy``, scale, borders …).
    binning : Binning, optional
        Bins already assigned to the gold scores.

    Returns
    -------
    MetricResult
        The kernel's result (a subclass for correlations, binned measures …).

    Examples
    --------
    >>> from simeval.metrics.registry import get_metric
    >>> score(get_metric("spearman"), [1, 2, 3, 4], [1, 3, 2, 4], Options()).statistic
    0.8
    """
    g, s = paired_scores(gold, system, nan_policy=options.nan_policy)
    options.check_systems(["system"])  # a per-system range: "*", or the one named system
    ctx = Context(SortedScores(g), SortedScores(s), options.for_system("system"), binning)
    return warn_if_undefined(ctx.result(metric), stacklevel=4)


class MetricFunction(Protocol[R_co]):
    """The one signature of every public metric function: the gold and system scores, then
    keywords only — ``options`` (a :class:`~simeval.Options`) and any of its fields
    (``scale=(0, 5)``, ``nan_policy="omit"`` …), which override it — and, for a family of
    measures, the parameters that pick its member (``k`` and ``reverse`` of
    :func:`~simeval.ncg`).

    Parameters
    ----------
    gold, system : array_like
        The scores.
    options : Options, optional
        The options; the keyword fields given override them.
    **option_fields
        Fields of :class:`~simeval.Options` (and a family's own parameters).

    Examples
    --------
    >>> from simeval import f1_low
    >>> f: MetricFunction[MetricResult] = f1_low
    >>> f([0.5, 1, 4, 5], [1.0, 2, 4, 5], scale=(0, 5)).statistic  # precision 1, recall 1/2
    0.6666666666666666
    """

    def __call__(
        self,
        gold: ArrayLike,
        system: ArrayLike,
        *,
        options: Options | None = None,
        **option_fields: Any,
    ) -> R_co: ...


def _option_names() -> list[str]:
    return [f.name for f in dataclasses.fields(Options) if f.name != "scale_source"]


def public_function(
    metric: Metric | Callable[..., Metric],
    doc: str,
    *,
    name: str | None = None,
    parameters: Mapping[str, Any] | None = None,
    aliases: Mapping[str, str] | None = None,
) -> MetricFunction[Any]:
    """The public function of ``metric``: ``f(gold, system, *, options=None, **fields)``.

    Parameters
    ----------
    metric
        The record, or for a family of measures a function of ``parameters`` that returns
        the member's record (``lambda k=None, reverse=False: ranking_metric(k, …)``).
    doc
        The function's docstring (formula, paper, example).
    name
        The function's name (default: the record's name).
    parameters
        The family's parameters and their defaults, keyword-only.
    aliases
        Keywords that stand for an option field (``border`` → ``low_border`` for
        :func:`f1_low`).

    Returns
    -------
    MetricFunction
        A function that validates and pairs the scores, applies ``options`` and the option
        fields given as keywords, and returns the kernel's result (:func:`score`).

    Examples
    --------
    >>> from simeval.metrics.registry import get_metric
    >>> mae = public_function(get_metric("mae"), "Mean absolute error.")
    >>> mae([0, 1, 2], [0.5, 1, 3], scale=(0, 5)).statistic  # (0.5 + 0 + 1)/3
    0.5
    >>> str(inspect.signature(mae)).startswith("(gold: 'ArrayLike', system: 'ArrayLike', *,")
    True
    """
    own = dict(parameters or {})
    alias = dict(aliases or {})

    def measure(
        gold: ArrayLike, system: ArrayLike, *, options: Options | None = None, **keywords: Any
    ) -> MetricResult:
        chosen = {p: keywords.pop(p, default) for p, default in own.items()}
        spelled: dict[str, str] = {}  # option field → the alias the caller wrote
        for keyword, field_name in alias.items():
            value = keywords.pop(keyword, None)
            if value is not None:
                if keywords.get(field_name) is not None:
                    raise InputError(
                        f"give {param(keyword)} or {param(field_name)}, not both (the same option)"
                    )
                keywords[field_name] = value
                spelled[field_name] = f"`{keyword}`"
        record = metric if isinstance(metric, Metric) else metric(**chosen)
        try:
            opts = Options.of(options, **keywords)
        except SimevalError as exc:  # name the keyword as the caller wrote it
            raise type(exc)(exc.render(spelled)) from None
        return score(record, gold, system, opts)

    kw = inspect.Parameter.KEYWORD_ONLY
    positional = inspect.Parameter.POSITIONAL_OR_KEYWORD
    measure.__signature__ = inspect.Signature(  # type: ignore[attr-defined]
        [
            inspect.Parameter("gold", positional, annotation="ArrayLike"),
            inspect.Parameter("system", positional, annotation="ArrayLike"),
            *(inspect.Parameter(p, kw, default=d) for p, d in own.items()),
            *(inspect.Parameter(a, kw, default=None) for a in alias),
            inspect.Parameter("options", kw, default=None, annotation="Options | None"),
            *(inspect.Parameter(f, kw, default=None) for f in _option_names()),
        ]
    )
    label = name or (metric.name if isinstance(metric, Metric) else "metric")
    measure.__name__ = measure.__qualname__ = label
    measure.__doc__ = doc
    return measure


def options_without_effect(options: Options, metrics: tuple[Metric, ...]) -> list[str]:
    """The options set (not at their default) that no metric of ``metrics`` reads, e.g.
    ``bins`` when no scaled Pearson is asked for: callers tell the user, never silently
    ignore them.

    Parameters
    ----------
    options : Options
        The options given.
    metrics : tuple of Metric
        The metrics asked for.

    Returns
    -------
    list of str
        The names of the options without effect, in a fixed order.

    Examples
    --------
    >>> from simeval import Bins
    >>> from simeval.metrics.registry import get_metric
    >>> options_without_effect(Options(bins=Bins.equal_width(4)), (get_metric("pearson"),))
    ['bins']
    """
    read = frozenset().union(*(m.reads_all for m in metrics))
    if any(m.gold_scale_any for m in metrics):
        read = read | {"calibrate"}  # every measure of a gold value reads the calibration
    default = Options()
    return [
        name
        for name in _METRIC_OPTIONS
        if getattr(options, name) != getattr(default, name) and name not in read
    ]
