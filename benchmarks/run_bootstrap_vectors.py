"""Performance rows for the bootstrap of Kendall / nDCG / scaled Pearson, reading word
vectors and neighbour ranks, in the format of ``row()`` in ``benchmarks/run.py``
(name | simeval | peer | × peer | floor | × floor | agreement).

* bootstrap rows — ``bootstrap_distribution`` of one metric for 10 systems × 1000
  resamples at n = 1379 (STS-B test size; gold on a 0.2 grid, 9 systems clipped to [0, 5],
  one integer-valued judge: ties on both sides), against a loop over the *same* resamples
  (``resample_indices``, seed 0) calling ``scipy.stats.kendalltau``, scikit-learn
  ``ndcg_score`` or ``scipy.stats.pearsonr`` per bin of thirds of the scale. The loop is
  timed on the first ``loop_resamples`` resamples and scaled to 1000 (it is linear in
  them). ``ndcg_score`` divides by log2(i + 1), simeval by Reimers et al.'s log2(i) (1 at
  positions 1 and 2), so nDCG agreement is checked against scikit-learn's own tie-averaged
  DCG (``_tie_averaged_dcg``) given simeval's discount. Floor: drawing the resamples and
  counting their multiplicities, which every method needs.
* read vectors — ``se.read_vectors`` on a 400 000 × 300 GloVe-layout text file (1.1 GB,
  generated unless ``--vectors`` names one) against pandas ``read_csv`` (C engine,
  ``sep=" "``, ``quoting=3``, ``header=None``) plus ``to_numpy``; each in a fresh process,
  alternately, which reports its time, CPU time and peak RSS; floor: reading the bytes.
* neighbour ranks — ``pair_distances(..., rank="fwd")`` for 3000 pairs against all
  400 000 rows (cosine angles); no peer; floor: the matrix products it needs (the first
  words' unit vectors times every unit vector, in the same blocks).

Times are the best of ``--repeat`` runs.   python benchmarks/run_bootstrap_vectors.py
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))
import run
from run import best_of, row  # the main runner's timing and row format

N_PAIRS, N_SYSTEMS, RESAMPLES = 1379, 10, 1000


def make_data(n: int = N_PAIRS, k: int = N_SYSTEMS, seed: int = 0):
    """The main runner's data (gold on a 0.2 grid, one integer-valued judge) with ``k``
    systems whose noise widens by 0.15 from one to the next."""
    return run.make_data(n, seed, k=k, step=0.15)


def _reimers_cumulative(n: int) -> np.ndarray:
    return np.cumsum(1.0 / np.log2(np.maximum(np.arange(1, n + 1), 2)))


def _loops(gold, systems):
    """metric → (timed peer call, reference value) for one resample and system."""
    from scipy import stats
    from sklearn.metrics import ndcg_score
    from sklearn.metrics._ranking import _tie_averaged_dcg

    cum = _reimers_cumulative(gold.size)
    edges = (5 / 3, 10 / 3)

    def scaled(g, s):
        masks = [g < edges[0], (g >= edges[0]) & (g < edges[1]), g >= edges[1]]
        return float(np.mean([stats.pearsonr(g[m], s[m]).statistic for m in masks]))

    def ndcg_reference(g, s):
        return min(_tie_averaged_dcg(g, s, cum) / _tie_averaged_dcg(g, g, cum), 1.0)

    return {
        "kendall": (lambda g, s: stats.kendalltau(g, s).statistic, None),
        "ndcg": (lambda g, s: ndcg_score(g[None, :], s[None, :]), ndcg_reference),
        "scaled_pearson": (scaled, None),
    }


def bootstrap_rows(repeat: int = 3, loop_resamples: int = 100) -> list[str]:
    """One row per bootstrap metric: Kendall τ-b, nDCG, the scaled Pearson."""
    from simeval.stats.bootstrap import bootstrap_distribution, resample_indices, resample_weights

    gold, systems = make_data()
    n, m = gold.size, loop_resamples
    idx = next(iter(resample_indices(n, m, np.random.default_rng(0), chunk_size=m)))

    def draw() -> None:
        for block in resample_indices(n, RESAMPLES, np.random.default_rng(0)):
            resample_weights(block, n, np.int32)

    floor = best_of(draw, repeat)
    rows = []
    for metric, (peer_fn, ref_fn) in _loops(gold, systems).items():

        def ours(metric=metric):
            return bootstrap_distribution(
                gold,
                systems,
                [metric],
                n_resamples=RESAMPLES,
                seed=0,
                jackknife_groups=0,
                scale=(0, 5),
            )

        dist = ours()  # warm
        t_ours = best_of(ours, repeat)
        peer_fn(gold, gold)  # warm
        start = time.perf_counter()
        peer = np.array([[peer_fn(gold[r], s[r]) for r in idx] for s in systems.values()])
        t_peer = (time.perf_counter() - start) * RESAMPLES / m
        if ref_fn is not None:
            peer = np.array([[ref_fn(gold[r], s[r]) for r in idx] for s in systems.values()])
        diff = float(np.nanmax(np.abs(dist.resamples[0, :, :m] - peer)))
        same_nan = bool(np.array_equal(np.isnan(dist.resamples[0, :, :m]), np.isnan(peer)))
        what = "sklearn tie-averaged DCG, simeval's discount" if ref_fn else "the loop"
        agree = f"max abs diff {diff:.1e} vs {what}{'' if same_nan else '; NaN differ'}"
        name = (
            f"bootstrap {metric}, {N_SYSTEMS} systems × {RESAMPLES} resamples, n = {n} "
            f"(loop timed on {m}, scaled)"
        )
        rows.append(row(name, t_ours, t_peer, floor, agree))
    return rows


_READER = r"""
import csv, hashlib, resource, sys, time
import numpy as np
mode, path = sys.argv[1], sys.argv[2]
start = time.perf_counter()
if mode == "simeval":
    import simeval as se
    m = se.read_vectors(path).matrix
else:
    import pandas as pd
    frame = pd.read_csv(path, sep=" ", quoting=csv.QUOTE_NONE, header=None, engine="c")
    m = frame.iloc[:, 1:].to_numpy(np.float64)
took = time.perf_counter() - start
use = resource.getrusage(resource.RUSAGE_SELF)
try:  # this process's own peak: ru_maxrss starts at the parent's RSS when it forked
    with open("/proc/self/status") as fh:
        peak = next(int(line.split()[1]) * 1024 for line in fh if line.startswith("VmHWM"))
except (OSError, StopIteration):
    peak = use.ru_maxrss * 1024
digest = hashlib.sha1(np.ascontiguousarray(m).tobytes()).hexdigest()
print(took, peak, m.nbytes, digest, use.ru_utime + use.ru_stime)
"""


def _read_in_fresh_process(mode: str, path: Path) -> tuple[float, int, int, str, float]:
    """Wall time, peak RSS, matrix bytes, matrix digest, CPU time (whole process)."""
    out = subprocess.run(
        [sys.executable, "-c", _READER, mode, str(path)], capture_output=True, text=True, check=True
    ).stdout.split()
    return float(out[0]), int(out[1]), int(out[2]), out[3], float(out[4])


def vectorsrow(path: Path | None = None, repeat: int = 3, rows: int = 400_000, dim: int = 300):
    """``se.read_vectors`` against pandas ``read_csv`` on a GloVe-layout text file."""
    with tempfile.TemporaryDirectory() as tmp:
        if path is None:
            from bench_wordsim import write_text

            path = Path(tmp) / "vectors.txt"
            write_text(path, rows, dim)
        floor = best_of(path.read_bytes, repeat)
        ours, peer = [], []
        for _ in range(repeat):  # alternate, so both see the same machine
            ours.append(_read_in_fresh_process("simeval", path))
            peer.append(_read_in_fresh_process("pandas", path))
        size = path.stat().st_size / 1e9
    t_ours, peak, nbytes, digest, _ = min(ours)
    t_peer, peer_peak, _, peer_digest, _ = min(peer)
    cpu, peer_cpu = min(r[4] for r in ours), min(r[4] for r in peer)
    same = "identical matrix" if digest == peer_digest else "MATRICES DIFFER"
    agree = (
        f"{same}; peak RSS {peak / 1e9:.2f} GB = {peak / nbytes:.2f}× the matrix "
        f"(pandas {peer_peak / 1e9:.2f} GB); CPU time {cpu:.1f} s vs {peer_cpu:.1f} s"
    )
    from importlib.util import find_spec

    how = "compiled parser, numba" if find_spec("numba") else "pandas' parser, no numba"
    name = f"read_vectors ({how}), {rows} × {dim} text ({size:.2f} GB) vs pandas read_csv (C)"
    return row(name, t_ours, t_peer, floor, agree)


def ranksrow(rows: int = 400_000, dim: int = 300, pairs: int = 3000, repeat: int = 1) -> str:
    """Neighbour ranks of ``pairs`` pairs against ``rows`` vectors; floor: the products."""
    from scipy import stats

    from simeval.vectors.read import Vectors
    from simeval.wordsim import pair_distances
    from simeval.wordsim.distances import BATCH_SIZE, _normalize_rows

    rng = np.random.default_rng(0)
    vectors = Vectors([f"w{i}" for i in range(rows)], rng.standard_normal((rows, dim)))
    ids = rng.integers(0, rows, size=(pairs, 2))
    w1, w2 = [f"w{i}" for i in ids[:, 0]], [f"w{i}" for i in ids[:, 1]]
    got = pair_distances(w1, w2, vectors, rank="fwd")
    t_ours = best_of(lambda: pair_distances(w1, w2, vectors, rank="fwd"), repeat)
    unit = _normalize_rows(vectors.matrix)
    queries = unit[ids[:, 0]]
    step = max(1, BATCH_SIZE // pairs)

    out = np.empty((pairs, step))

    def products() -> None:  # into one preallocated matrix: no page faults per block
        for s in range(0, rows - step + 1, step):
            np.matmul(queries, unit[s : s + step].T, out=out)
        queries @ unit[rows - rows % step :].T

    floor = best_of(products, repeat)
    checked = 20  # R's rank(ties.method="min") − 1 over each full row of angles
    ref = []
    for a, b in ids[:checked]:
        c = np.clip(unit @ unit[a], -1, 1)
        ref.append(stats.rankdata(np.degrees(np.arccos(c)), method="min")[b] - 1)
    equal = int(np.sum(got[:checked] == np.array(ref)))
    agree = f"{equal}/{checked} ranks equal to scipy rankdata over the full row"
    name = f"neighbour ranks, {pairs} pairs × {rows} rows × {dim} (cosine)"
    return row(name, t_ours, None, floor, agree)


def rows(repeat: int = 3) -> list[Callable[[], str | list[str]]]:
    """The rows for ``benchmarks/run.py``: each callable times its row when called."""
    return [
        lambda: bootstrap_rows(repeat),
        lambda: vectorsrow(repeat=repeat),
        lambda: ranksrow(),
    ]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--loop-resamples", type=int, default=100)
    ap.add_argument("--vectors", type=Path, help="an existing GloVe-layout text file")
    ap.add_argument("--skip-vectors", action="store_true", help="only the bootstrap rows")
    args = ap.parse_args()
    import os

    print(f"machine: {os.cpu_count()} CPUs\n")
    print("| operation | simeval | peer | × peer | floor | × floor | agreement |")
    print("|---|---|---|---|---|---|---|")
    for line in bootstrap_rows(args.repeat, args.loop_resamples):
        print(line, flush=True)
    if not args.skip_vectors:
        print(vectorsrow(args.vectors, repeat=args.repeat), flush=True)
        print(ranksrow(), flush=True)


if __name__ == "__main__":
    main()
