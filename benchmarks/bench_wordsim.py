"""Time reading a large GloVe-style text vector file and neighbour ranks for many pairs.

Generates a ``rows x dim`` text file (default 400,000 x 300, about 1.1 GB, 6 decimals
like GloVe) in a temporary folder, then times

1. ``read_vectors`` on the whole file,
2. ``read_vectors(..., restrict_to=...)`` for the words of ``pairs`` pairs,
3. ``pair_distances(..., rank="fwd")`` for ``pairs`` pairs against all rows (batches of
   wordspace's default 1e7 values).

Run once; it is heavy:  python benchmarks/bench_wordsim.py [--rows N --dim D --pairs P]
"""

from __future__ import annotations

import argparse
import tempfile
import time
from pathlib import Path

import numpy as np

from simeval.vectors.read import read_vectors
from simeval.wordsim import pair_distances


def write_text(path: Path, rows: int, dim: int, seed: int = 0) -> None:
    """GloVe layout: word, then ``dim`` values with 6 decimals, space-separated, no header."""
    rng = np.random.default_rng(seed)
    fmt = " ".join(["%.6f"] * dim)
    step = 20_000
    with path.open("w") as fh:
        for s in range(0, rows, step):
            block = rng.standard_normal((min(step, rows - s), dim))
            fh.write("\n".join(f"w{s + i} " + fmt % tuple(r) for i, r in enumerate(block)))
            fh.write("\n")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rows", type=int, default=400_000)
    ap.add_argument("--dim", type=int, default=300)
    ap.add_argument("--pairs", type=int, default=3000)
    args = ap.parse_args()
    rng = np.random.default_rng(1)
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "vectors.txt"
        t = time.perf_counter()
        write_text(path, args.rows, args.dim)
        size = path.stat().st_size / 1e9
        print(
            f"generated {args.rows} x {args.dim} ({size:.2f} GB) in {time.perf_counter() - t:.1f} s"
        )

        t = time.perf_counter()
        vectors = read_vectors(path)
        print(f"read_vectors (all rows): {time.perf_counter() - t:.1f} s")

        ids = rng.integers(0, args.rows, size=(args.pairs, 2))
        w1 = [f"w{i}" for i in ids[:, 0]]
        w2 = [f"w{i}" for i in ids[:, 1]]
        t = time.perf_counter()
        small = read_vectors(path, restrict_to=set(w1) | set(w2))
        print(f"read_vectors (restrict_to {len(small)} words): {time.perf_counter() - t:.1f} s")

        t = time.perf_counter()
        pair_distances(w1, w2, vectors)
        print(f"cosine angles, {args.pairs} pairs: {time.perf_counter() - t:.2f} s")

        t = time.perf_counter()
        ranks = pair_distances(w1, w2, vectors, rank="fwd")
        print(
            f"neighbour ranks (fwd), {args.pairs} pairs x {args.rows} rows: "
            f"{time.perf_counter() - t:.1f} s (median rank {np.median(ranks):.0f})"
        )


if __name__ == "__main__":
    main()
