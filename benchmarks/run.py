"""Every performance row in one run: simeval, its peer and the floor, ratios and agreement.

Rows (the data of the first row: gold on a 0.2 grid, 7 systems clipped to [0, 5] and one
integer-valued system, like an LLM judge's 0-5 scores):

* default set — ``simeval.evaluate`` with the default metrics for 8 systems, against the
  composition a user would write (scipy ``pearsonr``/``spearmanr``, ``pearsonr`` per bin,
  numpy NMSSE, scikit-learn's tie-averaged DCG and ``f1_score``; see
  ``bench_metrics.peer_values``); floor: one ``np.argsort`` per system. Agreement is the
  largest difference over every system and metric. At n = 1e7 the peer is not timed
  (several GB); its values are computed for two systems (one continuous, the
  integer-valued one) for the agreement, nDCG and Pearson's r against long-double sums
  (``bench_metrics.precise_ndcg``, ``precise_pearson``: scikit-learn's and scipy's own
  float64 sums drift by up to 2e-12 there), and the peak memory of ``evaluate`` above its
  inputs is measured in a fresh process (tracemalloc). The same rows on further data
  shapes (:data:`SHAPES`, n = 1e5, ``--n`` and ``--large``): 7 systems close to the gold
  scores (noise σ 0.1–0.3) and a judge; 4 continuous systems and 4 integer judges; 4
  close systems and 4 judges.
* Kendall — ``simeval.kendall`` against ``scipy.stats.kendalltau``; floor: one ``np.argsort``.
* evaluate under load — the default set at n = 1e5 while two busy-loop processes run;
  the floor (8 argsorts) is timed under the same load.
* CLI start-up — ``simeval --help`` in a fresh interpreter; floor: ``python -c "import numpy"``.
* further rows from ``benchmarks/run_bootstrap_vectors.py`` and ``benchmarks/run_cache.py``
  when they exist (see :func:`extra_rows`), and from ``benchmarks/run_score_files.py``:
  ``simeval evaluate`` on 1e7 pairs × 2 systems from TSV and Parquet files against
  pandas' read + ``se.evaluate``, the command's reading against pandas', and
  ``se.evaluate`` on 1e8 pairs × 2 systems.

Peers are timed warm: scipy and scikit-learn are imported, and each function called once,
before any timed call. Times are the best of ``--repeat`` runs (two at n = 1e7), simeval
and its floor timed in turns. Prints a Markdown table.

    python benchmarks/run.py                  # n = 1e6 for the default set and Kendall, and 1e7
    python benchmarks/run.py --large 0        # without the n = 1e7 row
    python benchmarks/run.py --score-files 0 --api-large 0   # without the score-file rows
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_metrics import (
    baseline,
    max_difference,
    peer_values,
    precise_ndcg,
    precise_pearson,
    precise_scaled_pearson,
)

N_SYSTEMS = 8


def make_data(
    n: int, seed: int = 0, k: int = N_SYSTEMS, step: float = 0.2
) -> tuple[np.ndarray, dict[str, np.ndarray]]:
    """Gold on a 0.2 grid; k − 1 systems clipped to [0, 5], the noise of each ``step``
    wider than the one before; one integer-valued system (an LLM judge's 0–5)."""
    rng = np.random.default_rng(seed)
    gold = np.round(rng.uniform(0, 5, n) * 5) / 5
    systems = {
        f"s{i}": np.clip(gold + rng.normal(0, 0.5 + step * i, n), 0, 5) for i in range(k - 1)
    }
    systems["judge"] = np.clip(np.round(gold + rng.normal(0, 0.8, n)), 0, 5)
    return gold, systems


#: The further data shapes of the default-set rows (gold on a 0.2 grid as in
#: :func:`make_data`): systems close to the gold scores, whose sorts meet long runs and
#: many near-ties, and several integer-valued systems (LLM judges' 0–5).
SHAPES = {
    "close": "7 systems close to gold (σ 0.1–0.3) and a judge",
    "judges": "4 continuous systems and 4 integer judges",
    "mixed": "4 systems close to gold and 4 integer judges",
}


def make_shape(n: int, shape: str, seed: int = 0) -> tuple[np.ndarray, dict[str, np.ndarray]]:
    """Data of one of :data:`SHAPES`: continuous systems clipped to [0, 5], close ones with
    noise σ from 0.1 to 0.3, the others from 0.5 in steps of 0.2 (as :func:`make_data`);
    integer judges ``clip(round(gold + noise), 0, 5)`` with σ from 0.5 in steps of 0.2."""
    rng = np.random.default_rng(seed)
    gold = np.round(rng.uniform(0, 5, n) * 5) / 5
    continuous = {"close": 7, "judges": 4, "mixed": 4}[shape]
    judges = N_SYSTEMS - continuous
    close = shape in ("close", "mixed")
    systems = {}
    for i in range(continuous):
        sigma = 0.1 + 0.2 * i / (continuous - 1) if close else 0.5 + 0.2 * i
        systems[f"s{i}"] = np.clip(gold + rng.normal(0, sigma, n), 0, 5)
    for i in range(judges):
        sigma = 0.8 if shape == "close" else 0.5 + 0.2 * i
        systems[f"judge{i}"] = np.clip(np.round(gold + rng.normal(0, sigma, n)), 0, 5)
    return gold, systems


def best_of(fn: Callable[[], object], repeat: int) -> float:
    times = []
    for _ in range(repeat):
        t = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t)
    return min(times)


def best_of_pair(
    ours: Callable[[], object], floor: Callable[[], object], repeat: int
) -> tuple[float, float]:
    """Best times of ``ours`` and ``floor`` timed in turns, so that a change of the
    machine's load (it is shared) falls on both alike."""
    a, b = [], []
    for _ in range(repeat):
        a.append(best_of(ours, 1))
        b.append(best_of(floor, 1))
    return min(a), min(b)


def row(name: str, ours: float, peer: float | None, floor: float, agree: str) -> str:
    peer_s = f"{peer:.3f} s" if peer is not None else "—"
    speed = f"{peer / ours:.1f}×" if peer is not None else "—"
    cells = [name, f"{ours:.3f} s", peer_s, speed, f"{floor:.3f} s", f"{ours / floor:.2f}×", agree]
    return "| " + " | ".join(cells) + " |"


def sci(n: int) -> str:
    return f"1e{len(str(n)) - 1}" if str(n).strip("0") == "1" else str(n)


def default_set(n: int, repeat: int, shape: str | None = None) -> str:
    """The default set on :func:`make_data`'s data, or on one of :data:`SHAPES`."""
    import simeval as se

    gold, systems = make_data(n) if shape is None else make_shape(n, shape)
    small_gold, small = make_data(1000, 1)
    baseline(small_gold, small)  # warm: imports and first calls outside the timed region
    se.evaluate(small_gold, small, scale=(0, 5))
    ours, floor = best_of_pair(
        lambda: se.evaluate(gold, systems, scale=(0, 5)),
        lambda: [np.argsort(s) for s in systems.values()],
        repeat,
    )
    peer = best_of(lambda: baseline(gold, systems), 1 if n > 100_000 else repeat)
    diff = max_difference(se.evaluate(gold, systems, scale=(0, 5)), peer_values(gold, systems))
    what = "8 systems" if shape is None else SHAPES[shape]
    return row(f"default set, {what}, n = {sci(n)}", ours, peer, floor, f"{diff:.0e} (all)")


def default_set_large(n: int, shape: str | None = None) -> list[str]:
    """The default set at a size where the peer is not timed: simeval, the floors (argsort
    and sort), the agreement on two systems (one continuous, one integer-valued) and, on
    :func:`make_data`'s data, the peak memory above the inputs."""
    import simeval as se

    small_gold, small = make_data(1000, 1)
    peer_values(small_gold, small)  # warm
    se.evaluate(small_gold, small, scale=(0, 5))
    gold, systems = make_data(n) if shape is None else make_shape(n, shape)
    last = []
    ours, floor = best_of_pair(
        lambda: last.append(se.evaluate(gold, systems, scale=(0, 5))),
        lambda: [np.argsort(s) for s in systems.values()],
        2,
    )
    ev = last[-1]
    judge = "judge" if shape is None else "judge0"
    two = {k: systems[k] for k in ("s0", judge)}
    peer = peer_values(gold, two)
    sk_ndcg = max(abs(ev.value(k, "ndcg") - peer[k]["ndcg"]) for k in two)
    for k, s in two.items():  # sums in long double where scipy's and scikit-learn's drift
        peer[k]["ndcg"] = precise_ndcg(gold, s)
        peer[k]["pearson"] = precise_pearson(gold, s)
        peer[k]["scaled_pearson"] = precise_scaled_pearson(gold, s)
    diff = max_difference(ev, peer)
    what = "8 systems" if shape is None else SHAPES[shape]
    line = row(
        f"default set, {what}, n = {sci(n)}", ours, None, floor, f"{diff:.0e} (all; s0, {judge})"
    )
    if shape is not None:
        return [line]
    sort = best_of(lambda: [np.sort(s) for s in systems.values()], 1)
    inputs, above = memory_above_inputs(n)
    return [
        line,
        f"\nAt n = {sci(n)}: `np.sort` floor {sort:.2f} s ({ours / sort:.2f}× it); peak memory of "
        f"`evaluate` {above:.0f} MB above its {inputs:.0f} MB of inputs. Agreement: nDCG "
        "and Pearson's r (whole and per bin) against long-double sums; scikit-learn's "
        f"tie-averaged DCG differs by {sk_ndcg:.0e} (its float64 running sums drift).",
    ]


def memory_above_inputs(n: int) -> tuple[float, float]:
    """(inputs, peak above them) in MB of ``evaluate`` in a fresh process (tracemalloc,
    which numpy reports its arrays to)."""
    out = subprocess.run(
        [sys.executable, __file__, "--memory-child", str(n)],
        capture_output=True,
        text=True,
        check=True,
    ).stdout.split()
    return float(out[-2]), float(out[-1])


def _memory_child(n: int) -> None:
    import tracemalloc

    import simeval as se

    gold, systems = make_data(n)
    small_gold, small = make_data(1000, 1)
    se.evaluate(small_gold, small, scale=(0, 5))
    inputs = (gold.nbytes + sum(s.nbytes for s in systems.values())) / 2**20
    tracemalloc.start()
    base = tracemalloc.get_traced_memory()[0]
    se.evaluate(gold, systems, scale=(0, 5))
    print(inputs, (tracemalloc.get_traced_memory()[1] - base) / 2**20)


def kendall(n: int, repeat: int) -> str:
    from scipy import stats

    import simeval as se

    gold, systems = make_data(n)
    s = systems["s0"]
    stats.kendalltau(gold[:30000], s[:30000])  # warm
    se.kendall(gold[:30000], s[:30000])
    ours = best_of(lambda: se.kendall(gold, s), repeat)
    peer = best_of(lambda: stats.kendalltau(gold, s), repeat)
    floor = best_of(lambda: np.argsort(s), repeat)
    a, b = se.kendall(gold, s), stats.kendalltau(gold, s)
    diff = max(abs(a.statistic - b.statistic), abs(a.pvalue - b.pvalue))
    return row(f"Kendall τ-b, n = {sci(n)}", ours, peer, floor, f"{diff:.0e} (τ, p)")


def under_load(repeat: int) -> str:
    import simeval as se

    gold, systems = make_data(100_000)
    se.evaluate(gold, systems, scale=(0, 5))
    busy = [subprocess.Popen([sys.executable, "-c", "while True: pass"]) for _ in range(2)]
    try:
        time.sleep(0.5)
        ours, floor = best_of_pair(
            lambda: se.evaluate(gold, systems, scale=(0, 5)),
            lambda: [np.argsort(s) for s in systems.values()],
            max(repeat, 5),
        )
    finally:
        for p in busy:
            p.kill()
            p.wait()
    return row("default set, n = 1e5, 2 busy-loop processes", ours, None, floor, "—")


def startup(repeat: int) -> str:
    env = dict(os.environ)

    def cli() -> None:
        subprocess.run(
            [sys.executable, "-m", "simeval", "--help"],
            env=env,
            check=True,
            stdout=subprocess.DEVNULL,
        )

    def numpy_only() -> None:
        subprocess.run([sys.executable, "-c", "import numpy"], env=env, check=True)

    cli()
    return row(
        "`simeval --help` (fresh process)",
        best_of(cli, repeat),
        None,
        best_of(numpy_only, repeat),
        "—",
    )


#: Modules of further rows (see :func:`extra_rows`).
EXTRA_MODULES = ("run_bootstrap_vectors", "run_cache")


def extra_rows(repeat: int) -> list[Callable[[], str | list[str]]]:
    """Hook for the rows of ``benchmarks/run_bootstrap_vectors.py`` (bootstrap of Kendall,
    nDCG and scaled Pearson against a scipy / scikit-learn loop; reading word vectors and
    their neighbour ranks against a compiled reader and the matrix product) and
    ``benchmarks/run_cache.py`` (embedding-cache lookups against the earlier one-file
    cache, 1e3 … 2e5 cached texts). Each module provides
    ``rows(repeat) -> list[Callable[[], str | list[str]]]``: each callable times one row
    and returns it in this table's columns (operation, simeval, peer, × peer, floor,
    × floor, agreement; see :func:`row`)."""
    import importlib

    found: list[Callable[[], str | list[str]]] = []
    for name in EXTRA_MODULES:
        try:
            module = importlib.import_module(name)
        except ImportError:
            continue
        found.extend(module.rows(repeat))
    return found


def score_file_rows(repeat: int, n: int, large: int) -> list[Callable[[], str | list[str]]]:
    """The rows of ``benchmarks/run_score_files.py`` (score files at ``n`` pairs through
    the command line and pandas; ``se.evaluate`` at ``large`` pairs), in the same form."""
    if not n and not large:
        return []
    import run_score_files  # type: ignore[import-not-found]

    return list(run_score_files.rows(repeat, n, large))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--n", type=int, default=1_000_000)
    ap.add_argument("--large", type=int, default=10_000_000, help="0: no large-n row")
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument(
        "--score-files", type=int, default=10_000_000, help="pairs in the score files; 0: none"
    )
    ap.add_argument(
        "--api-large", type=int, default=100_000_000, help="pairs of the API row; 0: none"
    )
    ap.add_argument("--memory-child", type=int, help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.memory_child:
        _memory_child(args.memory_child)
        return
    load = os.getloadavg()[0]
    print(f"{os.cpu_count()} cores, load average {load:.2f} at start; best of {args.repeat}")
    print()
    print("| operation | simeval | peer | × peer (speed-up) | floor | × floor | agreement |")
    print("|---|---:|---:|---:|---:|---:|---|")
    shaped = [
        partial(default_set, n, args.repeat, shape) for n in (100_000, args.n) for shape in SHAPES
    ]
    rows: list[Callable[[], str | list[str]]] = [
        lambda: default_set(100_000, args.repeat),
        lambda: default_set(args.n, args.repeat),
        *shaped,  # systems close to the gold scores, integer judges, both
        lambda: kendall(args.n, args.repeat),
        lambda: under_load(args.repeat),
        lambda: startup(max(args.repeat, 5)),
        *extra_rows(args.repeat),  # bootstrap, word-vector and cache rows, when delivered
        *score_file_rows(args.repeat, args.score_files, args.api_large),
    ]
    notes: list[str] = []
    if args.large:  # after the default-set rows: make_data's data, then each shape
        large = [partial(default_set_large, args.large, shape) for shape in (None, *SHAPES)]
        rows[2 + len(shaped) : 2 + len(shaped)] = large
    for make in rows:
        out = make()
        for line in [out] if isinstance(out, str) else out:  # type: ignore[union-attr]
            if line.startswith("\n"):  # a note: printed below the table
                notes.append(line)
            else:
                print(line, flush=True)
    for note in notes:
        print(note)
    print(f"\nload average {os.getloadavg()[0]:.2f} at the end")


if __name__ == "__main__":
    main()
