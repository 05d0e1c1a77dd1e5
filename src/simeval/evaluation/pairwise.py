"""System A against system B under one metric: the tests of one pair that
:func:`~simeval.evaluation.compare.compare` reports."""

from __future__ import annotations

import math
from collections.abc import Iterator, Mapping
from dataclasses import asdict, dataclass
from typing import Any

import numpy as np
from numpy.typing import NDArray

from ..errors import InputError
from ..metrics.correlation import pearson, spearman
from ..results import json_ready
from ..stats.clusters import SignificanceClusters
from ..stats.dependent import steiger_z_from_r, williams_test_from_r, zou_ci_from_r
from .evaluate import Evaluation

__all__ = ["PairwiseComparison"]

#: Williams' t has n − 3 degrees of freedom and Zou's interval Fisher's 1/√(n − 3): with
#: fewer pairs they are left out (— in the table).
MIN_DEPENDENT_N = 4

_CORRELATIONS = ("pearson", "spearman")


@dataclass(frozen=True)
class PairwiseComparison:
    """System A against system B under one metric (A is ranked at or above B).

    Attributes
    ----------
    metric, system_a, system_b : str
        The measure and the two systems.
    value_a, value_b, difference : float
        Their values and ``value_a − value_b``.
    bootstrap_p, bootstrap_p_holm : float
        The one-sided paired bootstrap p-value that A is better than B, and its Holm
        adjustment over every pair.
    permutation_p : float or None
        The two-sided approximate-randomization p-value (when asked for).
    williams_t, williams_p, steiger_z, steiger_p : float or None
        For Pearson and Spearman: Williams' t and Steiger's z of two dependent correlations
        sharing the gold scores, and their p-values.
    zou_low, zou_high : float or None
        Zou's confidence interval of the difference of the two correlations.
    dependent_reason : str or None
        Why those tests are undefined (NaN) or left out, else None.

    References
    ----------
    Williams, E. J. (1959). The comparison of regression variables. *Journal of the Royal
    Statistical Society B* 21(2), 396–399.

    Steiger, J. H. (1980). Tests for comparing elements of a correlation matrix.
    *Psychological Bulletin* 87(2), 245–251.

    Zou, G. Y. (2007). Toward using confidence intervals to compare correlations.
    *Psychological Methods* 12(4), 399–413.

    Examples
    --------
    From :func:`~simeval.evaluation.compare.compare`. Swapping the gold's 4 and 5 costs
    ``good`` 1 of the 22.5 of the gold's sum of squares: ``r = 21.5 / 22.5 ≈ 0.9556``.

    >>> from simeval.evaluation.compare import compare
    >>> gold = [0, 1, 2, 3, 4, 5, 1, 2, 3, 4]
    >>> cmp = compare(gold, {"good": [0, 1, 2, 3, 5, 4, 1, 2, 3, 4],
    ...                      "noisy": [3, 0, 4, 1, 2, 5, 4, 0, 2, 1]},
    ...               metrics=["pearson"], n_resamples=200, seed=0)
    >>> p = cmp.pairwise[0]
    >>> p.system_a, p.system_b, round(p.value_a, 4), p.williams_t is not None
    ('good', 'noisy', 0.9556, True)
    """

    metric: str
    system_a: str
    system_b: str
    value_a: float
    value_b: float
    difference: float
    bootstrap_p: float  # one-sided: a better than b
    bootstrap_p_holm: float
    permutation_p: float | None = None
    williams_t: float | None = None
    williams_p: float | None = None
    steiger_z: float | None = None
    steiger_p: float | None = None
    zou_low: float | None = None
    zou_high: float | None = None
    dependent_reason: str | None = None

    def as_dict(self) -> dict[str, Any]:
        """The fields, JSON-ready."""
        return json_ready(asdict(self))


def pairwise_comparisons(
    metric: str,
    cl: SignificanceClusters,
    raw: Mapping[tuple[str, str], float],
    scores: Mapping[str, NDArray[np.float64]],
    ev: Evaluation,
    permutation_p: Mapping[frozenset[str], Mapping[str, float]],
) -> Iterator[PairwiseComparison]:
    """Every pair (a ranked above b in ``cl``) under ``metric``, with the tests that apply
    to it: the paired bootstrap p-values ``raw`` (and their Holm adjustment in ``cl``), the
    permutation p-values when there are any, and for Pearson and Spearman the tests of two
    dependent correlations, which read the raw ``scores``."""
    order = cl.systems
    for i, a in enumerate(order):
        for j in range(i + 1, len(order)):
            b = order[j]
            va, vb = ev.value(a, metric), ev.value(b, metric)
            extra: dict[str, Any] = {}
            if metric in _CORRELATIONS:
                r23 = _correlation(metric, scores[a], scores[b])  # correlations read raw scores
                n = ev.n  # the tests of dependent correlations need n ≥ 4 (t on n − 3 df)
                if n >= MIN_DEPENDENT_N and not any(math.isnan(x) for x in (va, vb, r23)):
                    try:
                        w = williams_test_from_r(va, vb, r23, n)
                    except InputError as exc:  # correlations over other pairs (omit)
                        extra = dict(dependent_reason=f"no test of dependent correlations: {exc}")
                    else:
                        st = steiger_z_from_r(va, vb, r23, n)
                        z = zou_ci_from_r(va, vb, r23, n)
                        extra = dict(
                            williams_t=w.statistic,
                            williams_p=w.pvalue,
                            steiger_z=st.statistic,
                            steiger_p=st.pvalue,
                            zou_low=z.low,
                            zou_high=z.high,
                            dependent_reason=w.reason or st.reason,
                        )
            if permutation_p:
                extra["permutation_p"] = permutation_p[frozenset((a, b))][metric]
            yield PairwiseComparison(
                metric=metric,
                system_a=a,
                system_b=b,
                value_a=va,
                value_b=vb,
                difference=va - vb,
                bootstrap_p=raw[(a, b)],
                bootstrap_p_holm=float(cl.adjusted[i, j]),
                **extra,
            )


def _correlation(name: str, a: NDArray[np.float64], b: NDArray[np.float64]) -> float:
    """r(a, b) between two systems: the r23 of the dependent-correlation tests."""
    return (pearson if name == "pearson" else spearman)(a, b).statistic
