"""Scoring throughput of ``minilm`` against sentence-transformers' own ``encode``.

Reads STS-B test (``sts-test.csv``: tab-separated, no header, no quoting; gold in column 5,
sentences in columns 6 and 7), deduplicates its sentences, and times

1. ``SentenceTransformer.encode`` directly on those sentences (plus the cosine of each pair);
2. ``simeval.scorers.get("minilm").score`` with an empty cache (the first run);
3. the same call again (everything from the cache).

The model is loaded once before any timing. Usage::

    python benchmarks/bench_scorers.py [--data ../shared/data/stsbenchmark/sts-test.csv]
"""

from __future__ import annotations

import argparse
import os
import tempfile
import time
from pathlib import Path

import numpy as np

DEFAULT = Path(__file__).resolve().parents[1].parent / "shared/data/stsbenchmark/sts-test.csv"


def read_stsb(path: Path) -> tuple[list[str], list[str]]:
    t1, t2 = [], []
    for line in path.read_text(encoding="utf-8").splitlines():
        cols = line.split("\t")
        t1.append(cols[5])
        t2.append(cols[6])
    return t1, t2


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data", type=Path, default=DEFAULT)
    parser.add_argument("--repeat", type=int, default=3, help="timed runs of each (best kept)")
    args = parser.parse_args()
    t1, t2 = read_stsb(args.data)
    unique = list(dict.fromkeys(t1 + t2))
    print(f"STS-B test: {len(t1)} pairs, {len(unique)} distinct sentences")

    import simeval as se

    os.environ["SIMEVAL_HOME"] = tempfile.mkdtemp(prefix="simeval-bench-")
    scorer = se.scorers.get("minilm")
    model = scorer.model  # loaded once, outside the timings
    model.encode(unique[:64], batch_size=32, show_progress_bar=False)  # warm-up

    def direct() -> None:
        emb = model.encode(unique, batch_size=32, show_progress_bar=False, convert_to_numpy=True)
        row = {s: i for i, s in enumerate(unique)}
        a = emb[[row[s] for s in t1]]
        b = emb[[row[s] for s in t2]]
        _ = (a * b).sum(1) / (np.linalg.norm(a, axis=1) * np.linalg.norm(b, axis=1))

    def simeval_cold() -> None:
        os.environ["SIMEVAL_HOME"] = tempfile.mkdtemp(prefix="simeval-bench-")
        scorer.score((t1, t2))

    best = {}
    for label, fn in (("encode directly", direct), ("simeval, empty cache", simeval_cold)):
        times = []
        for _ in range(args.repeat):
            start = time.perf_counter()
            fn()
            times.append(time.perf_counter() - start)
        best[label] = min(times)
        print(f"{label:>24}: {best[label]:7.3f} s  ({len(unique) / best[label]:7.1f} sentences/s)")
    start = time.perf_counter()
    scorer.score((t1, t2))
    cached = time.perf_counter() - start
    print(f"{'simeval, cached':>24}: {cached:7.3f} s")
    ratio = best["simeval, empty cache"] / best["encode directly"]
    print(f"throughput ratio (simeval time / encode time): {ratio:.3f} (target <= 1.10)")
    print(f"cache speed-up (empty cache / cached): {best['simeval, empty cache'] / cached:.1f}x")


if __name__ == "__main__":
    main()
