"""Time simeval's default metric set against scipy.stats + scikit-learn, in one run.

For each n, 8 systems are scored against one gold vector with simeval.evaluate (the
default metrics: pearson, spearman, scaled_pearson over thirds, nmsse, ndcg, f1_low,
f1_high, hmean) and with the straightforward composition a user would write: scipy
``pearsonr``/``spearmanr``, ``pearsonr`` per bin, numpy for NMSSE (scipy has none),
scikit-learn's tie-averaged DCG and ``f1_score``. The "sort floor" is one ``np.argsort`` per
system: rank measures cannot beat sorting. Each n runs in a fresh subprocess so that its
peak memory (ru_maxrss, inputs included) is its own.

    python benchmarks/bench_metrics.py                 # n = 1e4 … 1e7
    python benchmarks/bench_metrics.py --n 100000      # one size

nDCG uses Reimers et al.'s discount, not scikit-learn's ``ndcg_score`` default, so the
peer computes it with scikit-learn's tie-averaging DCG routine and that discount; every
value is compared. The baseline is skipped at n = 1e7 (several GB there).
"""

from __future__ import annotations

import argparse
import json
import resource
import subprocess
import sys
import time

import numpy as np

N_SYSTEMS = 8


def make_data(n: int, seed: int = 0) -> tuple[np.ndarray, dict[str, np.ndarray]]:
    rng = np.random.default_rng(seed)
    gold = np.round(rng.uniform(0, 5, n) * 5) / 5  # STS-like: many ties
    systems = {
        f"s{i}": np.clip(gold + rng.normal(0, 0.5 + 0.2 * i, n), 0, 5) for i in range(N_SYSTEMS)
    }
    return gold, systems


def best_of(fn, repeat: int) -> float:
    times = []
    for _ in range(repeat):
        t = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t)
    return min(times)


#: Equal-width thirds of the 0-5 scale: the default bins of ``scaled_pearson``.
EDGES = (5 / 3, 10 / 3)


def reimers_dcg(gold: np.ndarray, system: np.ndarray) -> float:
    """nDCG over all pairs with Reimers et al. (2016)'s discount (1, 1, 1/log2 3, …),
    computed by scikit-learn's tie-averaging DCG (``_tie_averaged_dcg``, the routine
    ``ndcg_score`` calls; McSherry & Najork 2008) with that discount."""
    from sklearn.metrics._ranking import _tie_averaged_dcg

    d = np.ones(gold.size)
    d[1:] = 1.0 / np.log2(np.arange(2, gold.size + 1))
    cum = np.cumsum(d)
    return float(_tie_averaged_dcg(gold, system, cum) / _tie_averaged_dcg(gold, gold, cum))


def precise_ndcg(gold: np.ndarray, system: np.ndarray) -> float:
    """The same nDCG with its sums in long double (tied groups by ``np.add.reduceat``,
    discount ranges from a cumulative sum): at n = 1e7 the float64 running sums of
    scikit-learn's routine (``np.add.at``) drift by about 1e-12, these by about 1e-16."""
    n = gold.size
    order = np.argsort(-system, kind="stable")
    sv = system[order]
    starts = np.flatnonzero(np.r_[True, sv[1:] != sv[:-1]])
    sizes = np.diff(np.r_[starts, n])
    sums = np.add.reduceat(gold[order].astype(np.longdouble), starts)
    d = np.ones(n, dtype=np.longdouble)
    d[1:] = 1 / np.log2(np.arange(2, n + 1, dtype=np.longdouble))
    cum = np.r_[np.longdouble(0), np.cumsum(d)]
    dcg = np.sum(sums / sizes * (cum[starts + sizes] - cum[starts]))
    ideal = np.sum(np.sort(gold)[::-1].astype(np.longdouble) * d)
    return float(dcg / ideal)


def precise_pearson(x: np.ndarray, y: np.ndarray) -> float:
    """Pearson's r with its sums in long double (centred twice): at n = 1e7 scipy's
    ``pearsonr`` on these data is off by up to 7e-13 (its float64 sums drift)."""
    xm, ym = x.astype(np.longdouble), y.astype(np.longdouble)
    xm = xm - xm.mean()
    xm -= xm.mean()
    ym = ym - ym.mean()
    ym -= ym.mean()
    return float((xm * ym).sum() / np.sqrt((xm * xm).sum() * (ym * ym).sum()))


def precise_scaled_pearson(gold: np.ndarray, system: np.ndarray) -> float:
    """The mean of :func:`precise_pearson` over the thirds of the 0-5 scale."""
    masks = [gold < EDGES[0], (gold >= EDGES[0]) & (gold < EDGES[1]), gold >= EDGES[1]]
    return float(np.mean([precise_pearson(gold[m], system[m]) for m in masks]))


def peer_values(gold: np.ndarray, systems: dict[str, np.ndarray]) -> dict[str, dict[str, float]]:
    """The default metric set as a user would compose it from scipy.stats (``pearsonr``,
    ``spearmanr``, ``pearsonr`` per bin), numpy (NMSSE: scipy has none) and scikit-learn
    (tie-averaged DCG, ``f1_score``), per system and metric."""
    from scipy import stats
    from sklearn.metrics import f1_score

    masks = [gold < EDGES[0], (gold >= EDGES[0]) & (gold < EDGES[1]), gold >= EDGES[1]]
    out = {}
    for name, s in systems.items():
        se = np.abs(s - gold) / np.abs(s - s.mean()).mean()
        v = {
            "pearson": stats.pearsonr(gold, s).statistic,
            "spearman": stats.spearmanr(gold, s).statistic,
            "scaled_pearson": np.mean([stats.pearsonr(gold[m], s[m]).statistic for m in masks]),
            "nmsse": 1 - np.exp(-(se**2).mean()),
            "ndcg": reimers_dcg(gold, s),
            "f1_low": f1_score(gold < 1.5, s < 1.5),
            "f1_high": f1_score(gold > 3.5, s > 3.5),
        }
        out[name] = {k: float(x) for k, x in v.items()}
    return out


def baseline(gold: np.ndarray, systems: dict[str, np.ndarray]) -> dict[str, float]:
    """:func:`peer_values` summed per system (the timed work)."""
    return {k: sum(v.values()) for k, v in peer_values(gold, systems).items()}


def max_difference(ev, peer: dict[str, dict[str, float]]) -> float:
    """The largest |simeval − peer| over every system and metric of ``peer``."""
    return max(abs(ev.value(k, m) - x) for k, vals in peer.items() for m, x in vals.items())


def run_one(n: int, repeat: int) -> dict[str, float]:
    import simeval as se

    gold, systems = make_data(n)
    result: dict[str, float] = {"n": n}
    result["simeval_s"] = best_of(lambda: se.evaluate(gold, systems, scale=(0, 5)), repeat)
    result["sort_floor_s"] = best_of(lambda: [np.argsort(s) for s in systems.values()], repeat)
    if n <= 1_000_000:
        small_gold, small = make_data(1000, 1)
        baseline(small_gold, small)  # warm: scipy / scikit-learn imports are not timed
        result["baseline_s"] = best_of(lambda: baseline(gold, systems), 1)
        ev = se.evaluate(gold, systems, scale=(0, 5))
        result["max_abs_diff_vs_scipy"] = max_difference(ev, peer_values(gold, systems))
    result["peak_rss_mb"] = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    return result


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--n", type=int, action="append", help="sizes (default 1e4 … 1e7)")
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.child:
        print(json.dumps(run_one(args.n[0], args.repeat)))
        return
    sizes = args.n or [10_000, 100_000, 1_000_000, 10_000_000]
    print(f"{N_SYSTEMS} systems, default metric set; times are the best of {args.repeat} runs")
    header = (
        f"{'n':>10} {'simeval s':>10} {'baseline s':>11} {'speed-up':>9} "
        f"{'sort floor s':>13} {'× floor':>8} {'peak MB':>8}"
    )
    print(header)
    for n in sizes:
        repeat = args.repeat if n < 10_000_000 else 1
        proc = subprocess.run(
            [sys.executable, __file__, "--child", "--n", str(n), "--repeat", str(repeat)],
            capture_output=True,
            text=True,
            check=True,
        )
        r = json.loads(proc.stdout.strip().splitlines()[-1])
        base = r.get("baseline_s")
        speed = f"{base / r['simeval_s']:8.1f}×" if base else f"{'—':>9}"
        print(
            f"{n:>10} {r['simeval_s']:>10.3f} {base if base else float('nan'):>11.3f} {speed} "
            f"{r['sort_floor_s']:>13.3f} {r['simeval_s'] / r['sort_floor_s']:>7.1f}× "
            f"{r['peak_rss_mb']:>8.0f}"
        )
        if "max_abs_diff_vs_scipy" in r:
            print(
                f"{'':>10} max |simeval − scipy/scikit-learn| over the metrics: "
                f"{r['max_abs_diff_vs_scipy']:.1e}"
            )


if __name__ == "__main__":
    main()
