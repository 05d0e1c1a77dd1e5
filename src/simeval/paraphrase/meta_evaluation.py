"""Meta-evaluation: how well EP, EPR and DIMPLE predict an extrinsic task score.

Following Shima & Mitamura (2011, §3 and Tables 2–3): for each judgment, each task data
set, each metric and each k, Pearson's r (two-sided t-test p-value) between the
metric's per-set means and the task score of the same sets (40 sets in the paper). A
percentile bootstrap over sets adds a confidence interval; every cell is resampled with the
same index matrix, so intervals are comparable across cells.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import asdict, dataclass
from typing import Any

import numpy as np
from numpy.typing import NDArray

from .._validate import check_probability
from ..errors import InputError
from ..metrics.correlation import pearson, pearson_rows
from ..results import json_ready
from ..stats.bootstrap.resampling import MIN_INTERVAL_RESAMPLES, check_resamples
from .metrics import METRIC_LABELS, METRICS, score_patterns
from .patterns import PatternsLike, as_patterns
from .text import Analyzer

__all__ = ["MetaCell", "MetaEvaluation", "bootstrap_pearson", "meta_evaluate"]


@dataclass(frozen=True)
class MetaCell:
    """Pearson's r between ``metric`` at ``k`` (Q from ``judgment``) and the task score on
    ``dataset`` over ``n`` sets, with its p-value and bootstrap interval.

    Attributes
    ----------
    judgment, dataset, metric : str
        Which Q, which task data set, which intrinsic metric.
    k : int
        The metric's cut-off.
    r, pvalue : float
        Pearson's r over the sets and its two-sided p-value.
    ci_low, ci_high : float
        The percentile bootstrap interval over sets.
    n : int
        Sets.
    reason : str or None
        Why r or the interval is NaN, else ``None``.

    Examples
    --------
    >>> from simeval.paraphrase import Patterns
    >>> p = Patterns.from_records([{"set": s, "source": "killed", "rank": 1,
    ...                             "paraphrase": "slain", "q": q}
    ...                            for s, q in [("a", 0.0), ("b", 0.5), ("c", 1.0)]])
    >>> m = meta_evaluate(p, {"task": {"a": 0.2, "b": 0.4, "c": 0.9}}, ks=[1],
    ...                   metrics=["ep"], n_boot=200, seed=0)

    >>> cell = m.cells[0]
    >>> (cell.dataset, cell.metric, cell.k, cell.n), round(cell.r, 4)
    (('task', 'ep', 1, 3), 0.9707)
    """

    judgment: str
    dataset: str
    metric: str
    k: int
    r: float
    pvalue: float
    ci_low: float
    ci_high: float
    n: int
    reason: str | None = None

    def as_dict(self) -> dict[str, Any]:
        return json_ready(asdict(self))


@dataclass(frozen=True)
class MetaEvaluation:
    """All cells of the meta-evaluation; :meth:`table` lays one judgment out like Shima & Mitamura
    2011
    Tables 2–3 (rows: data sets; columns: metric × k).

    Attributes
    ----------
    cells : tuple of MetaCell
        One per judgment × data set × metric × k.
    judgments, datasets, metrics : tuple of str
    ks : tuple of int
    n_boot : int
        Bootstrap resamples over sets.
    confidence_level : float
    seed : int or None
    signature : str
        The settings, for reproduction.

    References
    ----------
    Shima, H. & Mitamura, T. (2011). Diversity-aware evaluation for paraphrase patterns.
    *Proceedings of the TextInfer 2011 Workshop on Textual Entailment*, 35–39.

    Examples
    --------
    >>> from simeval.paraphrase import Patterns
    >>> p = Patterns.from_records([{"set": s, "source": "killed", "rank": 1,
    ...                             "paraphrase": "slain", "q": q}
    ...                            for s, q in [("a", 0.0), ("b", 0.5), ("c", 1.0)]])
    >>> m = meta_evaluate(p, {"task": {"a": 0.2, "b": 0.4, "c": 0.9}}, ks=[1],
    ...                   metrics=["ep"], n_boot=200, seed=0)

    >>> m.table("default")[0]
    ['data set', 'EP@1']
    """

    cells: tuple[MetaCell, ...]
    judgments: tuple[str, ...]
    datasets: tuple[str, ...]
    metrics: tuple[str, ...]
    ks: tuple[int, ...]
    n_boot: int
    confidence_level: float
    seed: int | None
    signature: str

    def cell(self, judgment: str, dataset: str, metric: str, k: int) -> MetaCell:
        """The cell for one (judgment, data set, metric, k)."""
        for c in self.cells:
            if (c.judgment, c.dataset, c.metric, c.k) == (judgment, dataset, metric, k):
                return c
        raise InputError(f"no cell for judgment={judgment}, {dataset}, {metric}@{k}")

    def columns(self) -> list[str]:
        """Column labels of :meth:`table`: ``EP@1``, ``EP@5`` … ``DIMPLE@10``."""
        return [f"{METRIC_LABELS[m]}@{k}" for m in self.metrics for k in self.ks]

    def table(self, judgment: str) -> tuple[list[str], list[list[Any]]]:
        """Header and rows of r for one judgment (Shima & Mitamura 2011 Table 2 is ``lenient``,
        Table 3 ``strict``)."""
        rows = [
            [d] + [self.cell(judgment, d, m, k).r for m in self.metrics for k in self.ks]
            for d in self.datasets
        ]
        return ["data set", *self.columns()], rows


def bootstrap_pearson(
    x: NDArray[np.float64], y: NDArray[np.float64], index: NDArray[np.intp]
) -> NDArray[np.float64]:
    """Pearson's r of every bootstrap resample, for several x at once.

    ``x`` has shape (C, n) (C candidate vectors), ``y`` shape (n,), ``index`` shape (B, n)
    (rows of resampled positions). Returns (C, B); a resample in which x or y is constant
    gives NaN (r is undefined there), never 0.

    Parameters
    ----------
    x : numpy.ndarray
        Shape (C, n).
    y : numpy.ndarray
        Shape (n,).
    index : numpy.ndarray of int
        Shape (B, n): each row a resample of the positions.

    Returns
    -------
    numpy.ndarray
        Shape (C, B).

    Examples
    --------
    >>> idx = np.array([[0, 1, 2, 3], [0, 0, 1, 1]])
    >>> bootstrap_pearson(np.array([[1.0, 2, 3, 5]]), np.array([1.0, 2, 3, 4]), idx).round(4)
    array([[0.9827, 1.    ]])
    """
    return pearson_rows(x[:, index], y[index])  # (C, B, n) against (B, n)


def _aligned_scores(sets: Sequence[str], extrinsic: Mapping[str, Mapping[str, float]]):
    if not extrinsic:
        raise InputError("`extrinsic` is empty; give {data set: {set: score}}")
    out: dict[str, NDArray[np.float64]] = {}
    for dataset, scores in extrinsic.items():
        missing = [s for s in sets if s not in scores]
        if missing:
            raise InputError(
                f"extrinsic data set {dataset!r} has no score for set {missing[0]!r} "
                f"({len(missing)} sets missing); give one score per pattern set"
            )
        extra = [s for s in scores if s not in set(sets)]
        if extra:
            raise InputError(
                f"extrinsic data set {dataset!r} scores set {extra[0]!r}, which has no "
                "patterns; check the set names"
            )
        y = np.array([scores[s] for s in sets], dtype=np.float64)
        if not np.isfinite(y).all():
            raise InputError(f"extrinsic data set {dataset!r} has a non-finite score")
        out[str(dataset)] = y
    return out


def meta_evaluate(
    patterns: PatternsLike,
    extrinsic: Mapping[str, Mapping[str, float]],
    *,
    ks: Iterable[int] = (1, 5, 10),
    metrics: Iterable[str] = METRICS,
    judgments: Iterable[str] | None = None,
    n_boot: int = 1000,
    confidence_level: float = 0.95,
    seed: int | np.random.Generator | None = None,
    analyzer: Analyzer | None = None,
) -> MetaEvaluation:
    """Pearson's r between each intrinsic metric at each k and each extrinsic task score,
    over pattern sets (Shima & Mitamura 2011, §3, Tables 2–3).

    ``extrinsic`` maps each task data set to ``{set: score}`` (see
    :func:`~simeval.paraphrase.read_extrinsic`). ``judgments`` defaults to every judgment
    the patterns carry. r and its p-value come from :func:`simeval.pearson` (undefined,
    NaN with a reason, for fewer than 3 sets or a constant metric); the interval is the
    percentile bootstrap over sets with ``n_boot`` resamples drawn once from ``seed``
    (``None``: fresh entropy; 0 is a seed like any other). Resamples where r is undefined
    are left out of the percentiles.

    Parameters
    ----------
    patterns : Patterns or mapping
        The ranked patterns of every set.
    extrinsic : mapping
        Task data set → {set: score}.
    ks : iterable of int, default (1, 5, 10)
        Cut-offs.
    metrics : iterable of str, default all of ``"ep"``, ``"epr"``, ``"dimple"``
    judgments : iterable of str, optional
        Default: every judgment the patterns carry.
    n_boot : int, default 1000
        Bootstrap resamples over sets.
    confidence_level : float, default 0.95
    seed : int or numpy.random.Generator, optional
        Seed of the resamples (``None``: fresh entropy).
    analyzer : Analyzer, optional
        As :func:`~simeval.paraphrase.diversity.diversity_steps`.

    Returns
    -------
    MetaEvaluation

    References
    ----------
    Shima, H. & Mitamura, T. (2011). Diversity-aware evaluation for paraphrase patterns.
    *Proceedings of the TextInfer 2011 Workshop on Textual Entailment*, 35–39.

    Examples
    --------
    >>> from simeval.paraphrase import Patterns
    >>> p = Patterns.from_records([{"set": s, "source": "killed", "rank": 1,
    ...                             "paraphrase": "slain", "q": q}
    ...                            for s, q in [("a", 0.0), ("b", 0.5), ("c", 1.0)]])
    >>> m = meta_evaluate(p, {"task": {"a": 0.2, "b": 0.4, "c": 0.9}}, ks=[1],
    ...                   metrics=["ep"], n_boot=200, seed=0)
    >>> round(m.cell("default", "task", "ep", 1).r, 6)  # 0.35 / sqrt(0.5 * 0.26)
    0.970725
    """
    p = as_patterns(patterns)
    if n_boot:  # 0: no interval
        check_resamples(n_boot, "n_boot", minimum=MIN_INTERVAL_RESAMPLES)
    check_probability(confidence_level, "confidence_level")
    js = tuple(p.resolve_judgment(j) for j in (judgments if judgments is not None else p.q))
    ys = _aligned_scores(p.sets, extrinsic)
    rng = seed if isinstance(seed, np.random.Generator) else np.random.default_rng(seed)
    n = len(p.sets)
    index = rng.integers(0, n, size=(int(n_boot), n))
    alpha = (1.0 - confidence_level) / 2.0
    cells: list[MetaCell] = []
    signature = ""
    metrics_t: tuple[str, ...] = ()
    ks_t: tuple[int, ...] = ()
    for j in js:
        scores = score_patterns(p, ks=ks, metrics=metrics, judgment=j, analyzer=analyzer)
        metrics_t, ks_t, signature = scores.metrics, scores.ks, scores.signature
        keys = [(m, k) for m in scores.metrics for k in scores.ks]
        x = np.stack([scores.set_values[key] for key in keys])
        for dataset, y in ys.items():
            boot = bootstrap_pearson(x, y, index)
            for (m, k), xi, bi in zip(keys, x, boot, strict=True):
                res = pearson(xi, y)
                lo = hi = math.nan
                reason = res.reason
                if reason is not None and np.ptp(xi) == 0:
                    reason = f"undefined: {METRIC_LABELS[m]}@{k} is the same for every set"
                elif reason is not None and np.ptp(y) == 0:
                    reason = f"undefined: {dataset} gives every set the same score"
                finite = bi[np.isfinite(bi)]
                if reason is None and finite.size >= 2:
                    lo, hi = (float(v) for v in np.quantile(finite, [alpha, 1.0 - alpha]))
                elif reason is None:
                    reason = "bootstrap interval undefined: r is undefined in almost every resample"
                cells.append(
                    MetaCell(
                        j,
                        dataset,
                        m,
                        k,
                        float(res.statistic),
                        float(res.pvalue),
                        lo,
                        hi,
                        res.n,
                        reason,
                    )
                )
    seed_text = (
        "none"
        if seed is None
        else ("generator" if isinstance(seed, np.random.Generator) else str(seed))
    )
    signature = signature.replace("|judgment:" + js[-1], "|judgment:" + "+".join(js))
    signature += f"|meta:pearson|boot:{int(n_boot)}|ci:{confidence_level:g}|seed:{seed_text}"
    return MetaEvaluation(
        cells=tuple(cells),
        judgments=js,
        datasets=tuple(ys),
        metrics=metrics_t,
        ks=ks_t,
        n_boot=int(n_boot),
        confidence_level=float(confidence_level),
        seed=None if seed is None or isinstance(seed, np.random.Generator) else int(seed),
        signature=signature,
    )
