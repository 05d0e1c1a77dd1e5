"""Time simeval's vectorized bootstrap against a loop over scipy.stats on the same resamples.

10 systems × 1000 resamples × the default metrics (pearson, spearman, nmsse, f1_low,
f1_high) on 1379 pairs (STS-B test size) and on 100 000 pairs. The loop draws the very
same resamples (``simeval.stats.bootstrap.resample_indices``) and calls
``scipy.stats.pearsonr`` / ``spearmanr`` and numpy for NMSSE and F1 on each; its values are
checked against simeval's. On large n the loop is timed on the first
``--baseline-resamples`` resamples and scaled to the full count (it is linear in them).

    python benchmarks/bench_bootstrap.py [--resamples 1000] [--baseline-resamples 50]
"""

from __future__ import annotations

import argparse
import math
import time

import numpy as np
from scipy import stats

from simeval.stats.bootstrap import DEFAULT_METRICS, bootstrap_distribution, resample_indices


def make_data(n: int, k: int = 10, seed: int = 0) -> tuple[np.ndarray, dict[str, np.ndarray]]:
    """STS-like gold (0–5 in steps of 0.2, many ties) and k noisy continuous systems."""
    rng = np.random.default_rng(seed)
    gold = np.round(rng.uniform(0, 5, n) * 5) / 5
    systems = {f"sys{j}": gold + rng.normal(0, 0.6 + 0.15 * j, n) for j in range(k)}
    return gold, systems


def scipy_loop(gold, systems, idx) -> np.ndarray:
    """metrics × systems × resamples, one scipy/numpy call per metric, system and resample."""
    out = np.empty((len(DEFAULT_METRICS), len(systems), idx.shape[0]))
    for b, rows in enumerate(idx):
        g = gold[rows]
        for j, s_all in enumerate(systems.values()):
            s = s_all[rows]
            ae = np.abs(s - g)
            dev = np.abs(s - s.mean()).mean()
            lo_t, lo_p, hi_t, hi_p = g < 1.5, s < 1.5, g > 3.5, s > 3.5
            out[:, j, b] = (
                stats.pearsonr(g, s).statistic,
                stats.spearmanr(g, s).statistic,
                1 - math.exp(-((ae / dev) ** 2).mean()),
                2 * (lo_t & lo_p).sum() / (lo_t.sum() + lo_p.sum()),
                2 * (hi_t & hi_p).sum() / (hi_t.sum() + hi_p.sum()),
            )
    return out


def run(n: int, resamples: int, baseline_resamples: int) -> dict[str, float]:
    gold, systems = make_data(n)
    t0 = time.perf_counter()
    dist = bootstrap_distribution(
        gold, systems, DEFAULT_METRICS, n_resamples=resamples, seed=0, jackknife_groups=0
    )
    ours = time.perf_counter() - t0
    m = min(resamples, baseline_resamples)
    idx = next(iter(resample_indices(n, m, np.random.default_rng(0), chunk_size=m)))
    t0 = time.perf_counter()
    ref = scipy_loop(gold, systems, idx)
    loop = (time.perf_counter() - t0) * resamples / m
    diff = float(np.nanmax(np.abs(ref - dist.resamples[:, :, :m])))
    return {"n": n, "ours": ours, "loop": loop, "timed": m, "max_abs_diff": diff}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--resamples", type=int, default=1000)
    parser.add_argument(
        "--baseline-resamples",
        type=int,
        default=50,
        help="resamples the scipy loop runs on for n = 100000 (scaled up)",
    )
    args = parser.parse_args()
    print(f"10 systems × {args.resamples} resamples × {', '.join(DEFAULT_METRICS)}")
    print(
        f"{'pairs':>8} {'simeval s':>10} {'scipy loop s':>13} {'loop timed on':>14} "
        f"{'ratio':>7} {'max |diff|':>11}"
    )
    for n, base in ((1379, args.resamples), (100_000, args.baseline_resamples)):
        r = run(n, args.resamples, base)
        print(
            f"{r['n']:>8} {r['ours']:>10.2f} {r['loop']:>13.1f} {r['timed']:>14} "
            f"{r['loop'] / r['ours']:>6.1f}× {r['max_abs_diff']:>11.1e}"
        )


if __name__ == "__main__":
    main()
