"""wordspace's evaluation plot and the R ``lowess`` smoother it draws (Cleveland 1979)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import numpy as np
from numpy.typing import NDArray

from ..errors import require
from .evaluation import WordsimResult

if TYPE_CHECKING:  # pragma: no cover
    import os

__all__ = ["lowess", "plot"]


def lowess(
    x: NDArray[np.float64] | Sequence[float],
    y: NDArray[np.float64] | Sequence[float],
    *,
    f: float = 2.0 / 3.0,
    iterations: int = 3,
) -> tuple[NDArray[np.float64], NDArray[np.float64]]:
    """Cleveland's (1979) robust locally weighted regression, as R ``lowess(x, y)``.

    For each x (sorted), a line is fitted to the ``round(f·n)`` nearest points with
    tricube weights; ``iterations`` robustness passes reweight by the bisquare of the
    residuals over 6·median|residual|. Vectorized over all points (R's ``delta``
    interpolation shortcut is not used, so values can differ from R's in the last digits
    of skipped points). Returns the sorted x and the fitted values.

    Parameters
    ----------
    x, y : array_like
        The points.
    f : float, default 2/3
        The share of points in each local fit (R's ``f``).
    iterations : int, default 3
        Robustness passes (R's ``iter``).

    Returns
    -------
    tuple of numpy.ndarray
        The sorted ``x`` and the fitted values.

    References
    ----------
    Cleveland, W. S. (1979). Robust locally weighted regression and smoothing scatterplots.
    *Journal of the American Statistical Association* 74(368), 829–836.

    Examples
    --------
    >>> xs, fit = lowess([1, 2, 3, 4, 5], [2, 4, 6, 8, 10])
    >>> fit.round(6).tolist()
    [2.0, 4.0, 6.0, 8.0, 10.0]
    """
    xs = np.asarray(x, dtype=np.float64)
    ys = np.asarray(y, dtype=np.float64)
    order = np.argsort(xs, kind="stable")
    xs, ys = xs[order], ys[order]
    n = xs.size
    if n < 2:
        return xs, ys.copy()
    ns = min(max(int(f * n + 1e-7), 2), n)
    span = xs[-1] - xs[0]
    robust = np.ones(n)
    fit = np.empty(n)
    step = max(1, 2_000_000 // n)
    for it in range(iterations + 1):
        for s in range(0, n, step):
            xi = xs[s : s + step, None]
            dist = np.abs(xs[None, :] - xi)
            h = np.partition(dist, ns - 1, axis=1)[:, ns - 1 : ns]
            with np.errstate(divide="ignore", invalid="ignore"):
                u = np.where(h > 0, dist / h, 0.0)
            w = np.where(u <= 0.999, (1 - u**3) ** 3, 0.0)
            w = np.where(u <= 0.001, 1.0, w) * robust[None, :]
            sw = w.sum(axis=1, keepdims=True)
            sw[sw == 0] = 1.0
            w = w / sw
            xm = (w * xs).sum(axis=1, keepdims=True)
            dx = xs[None, :] - xm
            c = (w * dx * dx).sum(axis=1, keepdims=True)
            ok = np.sqrt(c) > 0.001 * span
            slope = np.divide(
                (w * dx * ys).sum(axis=1, keepdims=True), c, out=np.zeros_like(c), where=ok
            )
            fit[s : s + step] = ((w * ys).sum(axis=1, keepdims=True) + slope * (xi - xm))[:, 0]
        if it == iterations:
            break
        res = np.abs(ys - fit)
        cmad = 6.0 * float(np.median(res))
        if cmad < 1e-7 * float(np.mean(np.abs(ys))) or cmad == 0:
            break
        r = res / cmad
        robust = np.where(r <= 0.001, 1.0, np.where(r <= 0.999, (1 - r * r) ** 2, 0.0))
    return xs, fit


def plot(
    result: WordsimResult,
    path: str | os.PathLike[str] | None = None,
    *,
    ax: Any = None,
    title: str | None = None,
    line: bool = True,
) -> Any:
    """wordspace's ``plot.eval.similarity.correlation``: gold rating vs model value.

    Known pairs are filled dots, missing pairs open squares (drawn at their surrogate
    value, slightly smaller); a blue :func:`lowess` line; the y range extended by 5% at
    the top; the figures in the top-left corner:
    ``|rho| = …, p = …, |r| = … .. …`` plus ``(k pairs not found)``.
    Needs matplotlib (``pip install 'simeval[plot]'``). Returns the Axes; with ``path``
    the figure is also saved there.

    Parameters
    ----------
    result : WordsimResult
        What :func:`~simeval.wordsim.evaluation.evaluate` returned.
    path : str or os.PathLike, optional
        Save the figure there too (the format follows the extension).
    ax : matplotlib.axes.Axes, optional
        Draw into these axes (default: a new figure).
    title : str, optional
        Default: the result's name.
    line : bool, default True
        Draw the lowess line.

    Returns
    -------
    matplotlib.axes.Axes

    References
    ----------
    Evert, S. (2014). Distributional semantics in R with the wordspace package. *COLING
    2014: System Demonstrations*, 110–114.

    Examples
    --------
    >>> from simeval.vectors.read import Vectors
    >>> from simeval.wordsim import evaluate
    >>> v = Vectors(["a", "b", "c", "d"], [[1, 0], [1, 1], [0, 1], [-1, 1]])
    >>> res = evaluate([("a", "b", 9), ("a", "c", 5), ("a", "d", 1), ("b", "x", 8)], v)
    >>> ax = plot(res)
    >>> "1 pairs not found" in ax.texts[0].get_text()
    True
    """
    require("matplotlib", "plot")

    d = result.details
    if ax is None:  # through pyplot, so that plt.show() and notebooks display it
        import matplotlib.pyplot as plt

        ax = plt.figure(figsize=(6.4, 4.8)).add_subplot()
    known = ~d.missing
    ax.scatter(d.score[known], d.distance[known], s=14, c="black", marker="o")
    if d.missing.any():
        ax.scatter(
            d.score[d.missing],
            d.distance[d.missing],
            s=11,
            facecolors="none",
            edgecolors="black",
            marker="s",
            label="missing",
        )
    if line:
        xs, fit = lowess(d.score, d.distance)
        ax.plot(xs, fit, color="blue", linewidth=3)
    lo, hi = float(d.distance.min()), float(d.distance.max())
    ax.set_xlim(float(d.score.min()), float(d.score.max()))
    if hi > lo:
        ax.set_ylim(lo, hi + 0.05 * (hi - lo))
    ax.set_xlabel("human rating")
    ax.set_ylabel("distributional model")
    ax.set_title(title if title is not None else result.name)
    report = (
        f"|rho| = {result.rho:.3f}, p = {result.p_value:.4f}, "
        f"|r| = {result.r_lower:.3f} .. {result.r_upper:.3f}"
    )
    if result.missing > 0:
        report += f" ({result.missing} pairs not found)"
    ax.text(
        0.02,
        0.98,
        report,
        transform=ax.transAxes,
        ha="left",
        va="top",
        color="blue",
        fontweight="bold",
        fontsize=8,
    )
    if path is not None:
        ax.figure.savefig(path, dpi=150, bbox_inches="tight")
    return ax
