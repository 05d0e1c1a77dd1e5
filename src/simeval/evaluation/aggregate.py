"""Every way simeval combines a metric across data sets and splits (STS-B dev + test, a
SemEval year's sets, STS-B + SICK …), as the papers and toolkits combine them; the
SemEval folders, the protocols (SentEval's ``mean``/``wmean``, SimCSE's ``avg``),
``simeval run``, word similarity and the reports all aggregate here:

- :func:`set_aggregate` — one value from per-set values: ``mean``, ``weighted_mean`` (by
  scored pairs: SemEval's official "Mean"), ``fisher_z_mean`` (correlations only);
- ``all`` / ``allnrm`` — the metric on the pairs of every set pooled, each set's scores
  first mapped onto its gold by least squares for ``allnrm`` (:func:`pooled`, Agirre
  et al. 2012 §5);
- :func:`borda_points` — Borda count over sets;

- a correlation (Pearson, Spearman, Kendall, the scaled Pearson, and each bin's Pearson)
  by Fisher's z: ``tanh(mean(atanh r))`` (Atoum 2019, eq. 4–5), unweighted as the paper
  does, or weighted by ``n − 3``;
- any other measure by its mean, unweighted or weighted by the pairs of each set (the
  size-weighted dev/test averages of Atoum & Ayyagari 2019, Tables 5–7);
- the normalized averaged rank of each system (Atoum 2019, Fig. 10): its rank under each
  measure on each set (1 = best, ties share their mean rank), averaged, then mapped to
  [0, 1] by ``(rank − 1)/(k − 1)`` for k systems, so that 0 is always best.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np
from numpy.typing import ArrayLike, NDArray

from ..errors import InputError
from ..metrics.means import mean_of
from ..metrics.registry import direction, get_metric
from .evaluate import Evaluation
from .records import SPREAD_BIN

__all__ = [
    "AGGREGATES",
    "aggregate",
    "borda_points",
    "least_squares_map",
    "normalized_ranks",
    "pooled",
    "set_aggregate",
]

#: The aggregates of a SemEval year's sets, side by side (published numbers differ by
#: which one was used).
AGGREGATES = ("weighted_mean", "fisher_z_mean", "mean", "all", "allnrm", "borda")


def set_aggregate(
    values: ArrayLike,
    how: str,
    *,
    sizes: ArrayLike | None = None,
    is_correlation: bool = False,
    names: Sequence[str] | None = None,
) -> tuple[float, str | None]:
    """One value from per-set ``values`` (``mean``, ``weighted_mean`` with ``sizes`` the
    scored pairs of each set, ``fisher_z_mean`` or ``weighted_fisher_z_mean`` for
    correlations), and why it is NaN when it is (a set's value is undefined; Fisher's z of
    a measure that is not a correlation).

    With weights ``w_i`` (1, the pairs ``n_i`` or ``n_i − 3``) the means are
    ``Σ w_i v_i / Σ w_i`` and, for correlations, ``tanh(Σ w_i atanh(r_i) / Σ w_i)``
    (Fisher 1921; Atoum 2019, eq. 4–5).

    Parameters
    ----------
    values : array_like
        One value per set.
    how : {"mean", "weighted_mean", "fisher_z_mean", "weighted_fisher_z_mean"}
        The average.
    sizes : array_like, optional
        The scored pairs of each set (for the weighted averages).
    is_correlation : bool, default False
        Whether the values are correlations (Fisher's z needs them).
    names : sequence of str, optional
        The sets' names, for the reason (default: their positions).

    Returns
    -------
    value : float
        The aggregate (NaN when undefined).
    reason : str or None
        Why it is NaN.

    References
    ----------
    Fisher, R. A. (1921). On the "probable error" of a coefficient of correlation deduced
    from a small sample. *Metron* 1, 3–32.

    Atoum, I. (2019). Scaled Pearson's correlation coefficient for evaluating text
    similarity measures. *Modern Applied Science* 13(10), 26–40, eq. 4–5.

    Examples
    --------
    ``tanh((atanh 0.5 + atanh 0.7) / 2) = tanh((0.5493 + 0.8673) / 2) = 0.6096``:

    >>> set_aggregate([0.5, 0.7], "fisher_z_mean", is_correlation=True)[0]  # doctest: +ELLIPSIS
    0.6096...
    >>> set_aggregate([0.5, 0.8], "weighted_mean", sizes=[1, 3])  # (0.5 + 3 × 0.8) / 4
    (0.725, None)
    >>> set_aggregate([0.5, float("nan")], "mean", names=["a", "b"])
    (nan, 'undefined on set(s) b')
    """
    v = np.asarray(values, dtype=np.float64)
    if how.endswith("fisher_z_mean") and not is_correlation:
        return math.nan, "Fisher's z averages correlations only"
    if np.isnan(v).any():
        labels = list(names) if names is not None else [str(i) for i in range(v.size)]
        bad = [labels[int(i)] for i in np.flatnonzero(np.isnan(v))]
        return math.nan, f"undefined on set(s) {', '.join(bad)}"
    return mean_of(v, how, sizes), None


def pooled(
    gold: Sequence[NDArray[np.float64]],
    systems: Mapping[str, Sequence[NDArray[np.float64]]],
    *,
    normalize: bool = False,
) -> tuple[NDArray[np.float64], dict[str, NDArray[np.float64]]]:
    """Every set's pairs concatenated (SemEval 2012's ``ALL``), each system's scores of a
    set first mapped onto that set's gold by least squares with ``normalize`` (``ALLnrm``,
    Agirre et al. 2012 §5).

    Parameters
    ----------
    gold : sequence of numpy.ndarray
        Each set's gold scores.
    systems : mapping of str to sequence of numpy.ndarray
        Each system's scores, one array per set (NaN where it gave none).
    normalize : bool, default False
        Map each set's scores onto its gold first (:func:`least_squares_map`).

    Returns
    -------
    gold : numpy.ndarray
        The gold of every set, concatenated.
    systems : dict of str to numpy.ndarray
        Each system's scores, concatenated.

    References
    ----------
    Agirre, E., Cer, D., Diab, M. & Gonzalez-Agirre, A. (2012). SemEval-2012 Task 6: a
    pilot on semantic textual similarity. ``*SEM 2012``, 385–393, §5.

    Examples
    --------
    Each set's scores here are a line of its gold (``g = s / 10`` and ``g = s + 3``), so
    ``ALLnrm`` maps them onto it exactly:

    >>> gold = [np.array([1.0, 2.0]), np.array([3.0, 4.0])]
    >>> s = {"s": [np.array([10.0, 20.0]), np.array([0.0, 1.0])]}
    >>> pooled(gold, s)[1]["s"].tolist(), pooled(gold, s, normalize=True)[1]["s"].round(6).tolist()
    ([10.0, 20.0, 0.0, 1.0], [1.0, 2.0, 3.0, 4.0])
    """
    g = np.concatenate(list(gold))
    out = {}
    for name, per_set in systems.items():
        parts = [least_squares_map(gs, s) if normalize else s for gs, s in zip(gold, per_set)]
        out[name] = np.concatenate(parts)
    return g, out


def least_squares_map(g: NDArray[np.float64], s: NDArray[np.float64]) -> NDArray[np.float64]:
    """``a + b·s`` with (a, b) minimizing Σ(g − a − b·s)² (ALLnrm's per-set normalization),
    fitted on the pairs the system scored; a missing score stays missing. Scores that
    are all equal map to the mean gold.

    Parameters
    ----------
    g : numpy.ndarray
        A set's gold scores.
    s : numpy.ndarray
        A system's scores of the same pairs (NaN where it gave none).

    Returns
    -------
    numpy.ndarray
        The mapped scores.

    References
    ----------
    Agirre, E., Cer, D., Diab, M. & Gonzalez-Agirre, A. (2012). SemEval-2012 Task 6: a
    pilot on semantic textual similarity. ``*SEM 2012``, 385–393, §5 (ALLnrm).

    Examples
    --------
    ``g = s / 2`` on the scored pairs (the third is unscored):

    >>> least_squares_map(np.array([1.0, 2.0, 9.0, 3.0]), np.array([2.0, 4.0, np.nan, 6.0]))
    ... # doctest: +NORMALIZE_WHITESPACE
    array([ 1.,  2., nan,  3.])
    """
    ok = ~np.isnan(s)
    if not ok.any():
        return s.copy()
    if np.all(s[ok] == s[ok][0]):
        return np.where(ok, g[ok].mean(), np.nan)
    b, a = np.polyfit(s[ok], g[ok], 1)
    return a + b * s


def borda_points(values: Mapping[str, NDArray[np.float64]], higher: bool) -> dict[str, float]:
    """Borda count over sets: in each set a system gets one point per system it beats,
    half a point per tie; NaN for a system undefined on a set.

    Parameters
    ----------
    values : mapping of str to numpy.ndarray
        Each system's values, one per set (the same sets, in the same order).
    higher : bool
        Whether a higher value is better.

    Returns
    -------
    dict of str to float
        Each system's points.

    References
    ----------
    de Borda, J.-C. (1781). Mémoire sur les élections au scrutin. *Histoire de l'Académie
    Royale des Sciences*, Paris.

    Examples
    --------
    ``a`` beats ``b`` on the first set (1 point) and ties on the second (½ each):

    >>> borda_points({"a": np.array([0.9, 0.5]), "b": np.array([0.8, 0.5])}, True)
    {'a': 1.5, 'b': 0.5}
    """
    names = list(values)
    mat = np.array([values[n] for n in names])  # systems × sets
    if not higher:
        mat = -mat
    beats = (mat[:, None, :] > mat[None, :, :]).sum(axis=(1, 2))
    ties = (mat[:, None, :] == mat[None, :, :]).sum(axis=(1, 2)) - mat.shape[1]
    undefined = np.isnan(mat).any(axis=1)
    return {
        n: (math.nan if undefined[i] else float(beats[i] + 0.5 * ties[i]))
        for i, n in enumerate(names)
    }


def _is_correlation(metric: str, bin_label: str | None) -> bool:
    if bin_label is not None and metric == "pearson":
        return True
    try:
        return get_metric(metric).is_correlation
    except InputError:
        return False


def aggregate(
    evaluations: Mapping[str, Evaluation], *, weighted: bool = False
) -> list[dict[str, Any]]:
    """One record per system, metric and bin with the aggregate over the data sets
    (``dataset`` = ``"fisher_z_mean"`` for correlations, ``"mean"`` otherwise; with
    ``weighted=True`` the weights are ``n − 3`` and ``n``), ``n`` = the pairs in all.

    Parameters
    ----------
    evaluations : mapping of str to Evaluation
        One evaluation per data set.
    weighted : bool, default False
        Weight each set by its pairs (``n − 3`` for Fisher's z).

    Returns
    -------
    list of dict
        ``system``, ``metric``, ``bin``, ``dataset`` (the aggregate's name), ``weighted``,
        ``value`` (None when undefined), ``n`` and ``reason`` (why it is undefined).

    Raises
    ------
    InputError
        No evaluation.

    References
    ----------
    Fisher, R. A. (1921). On the "probable error" of a coefficient of correlation deduced
    from a small sample. *Metron* 1, 3–32.

    Atoum, I. (2019). Scaled Pearson's correlation coefficient for evaluating text
    similarity measures. *Modern Applied Science* 13(10), 26–40, eq. 4–5.

    Examples
    --------
    >>> import simeval as se
    >>> a = se.evaluate([1, 2, 3, 4], {"s": [1, 2, 4, 3]}, metrics=["pearson", "mae"])
    >>> b = se.evaluate([1, 2, 3, 4, 5], {"s": [1, 3, 2, 4, 5]}, metrics=["pearson", "mae"])
    >>> # r 0.8 and 0.9: tanh((atanh 0.8 + atanh 0.9)/2); MAE 0.5 and 0.4
    >>> [(r["metric"], r["dataset"], round(r["value"], 4)) for r in aggregate({"a": a, "b": b})]
    [('pearson', 'fisher_z_mean', 0.8579), ('mae', 'mean', 0.45)]
    """
    if not evaluations:
        raise InputError("aggregate needs at least one evaluation")
    groups: dict[tuple[str, str, str | None], list[tuple[float, int, str]]] = {}
    for name, ev in evaluations.items():
        for r in ev.records:
            if r.bin == SPREAD_BIN:
                continue
            key = (r.system, r.metric, r.bin)
            groups.setdefault(key, []).append((float(r.value), int(r.n), name))
    out = []
    for (system, metric, bin_label), rows in groups.items():
        values = np.array([v for v, _, _ in rows])
        ns = np.array([n for _, n, _ in rows], dtype=float)
        corr = _is_correlation(metric, bin_label)
        missing = [d for v, _, d in rows if math.isnan(v)]
        reason = None
        if missing:
            value = math.nan
            reason = f"undefined on {', '.join(missing)}"
        elif len(rows) < len(evaluations):
            value = math.nan
            reason = "not measured on every data set"
        else:
            how = ("weighted_" if weighted else "") + ("fisher_z_mean" if corr else "mean")
            value, reason = set_aggregate(values, how, sizes=ns, is_correlation=corr)
        out.append(
            {
                "system": system,
                "metric": metric,
                "bin": bin_label,
                "dataset": "fisher_z_mean" if corr else "mean",
                "weighted": weighted,
                "value": None if math.isnan(value) else value,
                "n": int(ns.sum()),
                "reason": reason,
            }
        )
    return out


def normalized_ranks(evaluations: Mapping[str, Evaluation]) -> dict[str, float]:
    """Each system's normalized averaged rank over every measure and data set (Atoum 2019,
    Fig. 10): 0 = best everywhere, 1 = worst everywhere. A measure undefined for some
    system on a set is left out of that set's ranking.

    A system's value is the mean over measures and sets of ``(rank − 1) / (k − 1)``, with
    rank 1 the best of the ``k`` systems of that set (ties share their mean rank).

    Parameters
    ----------
    evaluations : mapping of str to Evaluation
        One evaluation per data set.

    Returns
    -------
    dict of str to float
        Each system's normalized averaged rank (NaN when it was never ranked).

    Raises
    ------
    InputError
        Fewer than two systems.

    References
    ----------
    Atoum, I. (2019). Scaled Pearson's correlation coefficient for evaluating text
    similarity measures. *Modern Applied Science* 13(10), 26–40, Fig. 10.

    Examples
    --------
    ``a`` is best on both measures, ``b`` worst:

    >>> import simeval as se
    >>> ev = se.evaluate([1, 2, 3, 4], {"a": [1, 2, 3, 4], "b": [4, 3, 2, 1]},
    ...                  metrics=["pearson", "mae"])
    >>> normalized_ranks({"x": ev})
    {'a': 0.0, 'b': 1.0}
    """
    from scipy.stats import rankdata

    systems: list[str] = []
    for ev in evaluations.values():
        systems += [s for s in ev.systems if s not in systems]
    if len(systems) < 2:
        raise InputError("ranking needs at least 2 systems")
    sums = dict.fromkeys(systems, 0.0)
    counts = dict.fromkeys(systems, 0)
    for ev in evaluations.values():
        for m in ev.metrics:
            values = np.array([ev.value(s, m.name) for s in ev.systems])
            if np.isnan(values).any() or len(ev.systems) < 2:
                continue
            ranks = rankdata(-values if direction(m.name, default=True) else values)
            scaled = (ranks - 1) / (len(ev.systems) - 1)
            for s, r in zip(ev.systems, scaled.tolist()):
                sums[s] += r
                counts[s] += 1
    return {s: (sums[s] / counts[s] if counts[s] else math.nan) for s in systems}
