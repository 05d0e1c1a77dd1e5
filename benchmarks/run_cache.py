"""Performance rows of the embedding cache, in the format of ``row()`` in ``benchmarks/run.py``
(name | simeval | peer | × peer | floor | × floor | agreement).

A cache of N texts (N = 1e3 … 2e5) with 384-dimensional float32 vectors (MiniLM's shape,
drawn at random), stored in four calls of N/4 texts (four segments). Timed:

* lookup of 10 pairs (20 texts spread over the cache) — ``EmbeddingCache.lookup`` from a
  fresh instance, as every ``score`` call makes one; peer: the earlier design, one ``.npz``
  of all keys and vectors, loaded with ``np.load`` and indexed by a dict of its keys (the
  former ``EmbeddingCache.lookup``); floor: the 20 rows of a memory-mapped ``.npy`` of the
  vectors at known positions (the reading no index can save).
* lookup of all 2e5 texts (a warm re-run of a large data set); floor: ``np.load`` of that
  ``.npy``.

Agreement: whether the vectors equal the peer's bit for bit. A note gives the peak memory
(tracemalloc) of the 20-text lookup in a cache of 2e5 and the time to store 2e5 entries.
Files are in the system's temporary folder, read warm from the page cache (best of
``--repeat``).   python benchmarks/run_cache.py
"""

from __future__ import annotations

import argparse
import hashlib
import shutil
import sys
import tempfile
import time
import tracemalloc
from collections.abc import Callable
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))
from run import best_of, row  # the main runner's timing and row format

from simeval.scorers.cache import EmbeddingCache

SIZES = (1_000, 10_000, 100_000, 200_000)
DIM, QUERY = 384, 20


def label(n: int) -> str:
    """1e3, 1e4, 2e5 …"""
    return f"{int(str(n)[0])}e{len(str(n)) - 1}" if str(n)[1:].strip("0") == "" else str(n)


def old_lookup(path: Path, texts: list[str]) -> np.ndarray:
    """The earlier design: load the whole shard, index all its keys, copy the rows asked."""
    with np.load(path) as data:
        keys, vectors = data["keys"], data["vectors"]
    raw = keys.tobytes()
    index = {raw[32 * i : 32 * i + 32]: i for i in range(len(keys))}
    out = np.zeros((len(texts), vectors.shape[1]), dtype=vectors.dtype)
    for i, text in enumerate(texts):
        hit = index.get(hashlib.sha256(text.encode("utf-8")).digest())
        if hit is not None:
            out[i] = vectors[hit]
    return out


class Caches:
    """One cache of ``n`` texts in both designs (and the vectors as a plain ``.npy``)."""

    def __init__(self, n: int, folder: Path) -> None:
        self.texts = [f"cached sentence number {i}, in a benchmark" for i in range(n)]
        self.vectors = np.random.default_rng(n).standard_normal((n, DIM)).astype(np.float32)
        self.root = folder / f"new-{n}"
        cache = EmbeddingCache("bench", root=self.root)
        start = time.perf_counter()
        for part in np.array_split(np.arange(n), 4):
            cache.store([self.texts[i] for i in part], self.vectors[part])
        self.store_seconds = time.perf_counter() - start
        keys = b"".join(hashlib.sha256(t.encode()).digest() for t in self.texts)
        self.npz = folder / f"old-{n}.npz"
        start = time.perf_counter()
        np.savez(self.npz, keys=np.frombuffer(keys, np.uint8).reshape(-1, 32), vectors=self.vectors)
        self.savez_seconds = time.perf_counter() - start
        self.npy = folder / f"vectors-{n}.npy"
        np.save(self.npy, self.vectors)

    def lookup(self, texts: list[str]) -> np.ndarray:
        vectors, found = EmbeddingCache("bench", root=self.root).lookup(texts)
        assert vectors is not None and found.all()
        return vectors


def lookup_row(caches: Caches, n: int, repeat: int, times: list[str]) -> str:
    positions = np.linspace(0, n - 1, QUERY).astype(int)
    query = [caches.texts[i] for i in positions]
    ours = best_of(lambda: caches.lookup(query), repeat)
    peer = best_of(lambda: old_lookup(caches.npz, query), repeat)
    floor = best_of(lambda: np.load(caches.npy, mmap_mode="r")[positions], repeat)
    same = np.array_equal(caches.lookup(query), old_lookup(caches.npz, query))
    agree = "bit-identical" if same else "DIFFERENT"
    times.append(f"{label(n)}: {1e3 * ours:.2f} ms (earlier design {1e3 * peer:.1f} ms)")
    return row(f"cache lookup, 10 pairs, {label(n)} cached", ours, peer, floor, agree)


def full_row(caches: Caches, n: int, repeat: int) -> str:
    ours = best_of(lambda: caches.lookup(caches.texts), repeat)
    peer = best_of(lambda: old_lookup(caches.npz, caches.texts), repeat)
    floor = best_of(lambda: np.load(caches.npy), repeat)
    same = np.array_equal(caches.lookup(caches.texts), caches.vectors)
    agree = "bit-identical" if same else "DIFFERENT"
    return row(f"cache lookup, all {label(n)} cached", ours, peer, floor, agree)


def peak_mb(fn: Callable[[], object]) -> float:
    tracemalloc.start()
    fn()
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    return peak / 2**20


def memory_note(caches: Caches, n: int) -> str:
    query = caches.texts[:QUERY]
    ours = peak_mb(lambda: caches.lookup(query))
    old = peak_mb(lambda: old_lookup(caches.npz, query))
    return (
        f"\nEmbedding cache of {label(n)} texts × {DIM} float32: a 10-pair lookup allocates "
        f"at most {ours:.2f} MB (the earlier design {old:.0f} MB); storing them took "
        f"{caches.store_seconds:.2f} s with checksums (np.savez of one .npz: "
        f"{caches.savez_seconds:.2f} s)."
    )


def cache_rows(repeat: int = 3, sizes: tuple[int, ...] = SIZES) -> list[str]:
    lines: list[str] = []
    times: list[str] = []
    with tempfile.TemporaryDirectory(prefix="simeval-bench-cache-") as tmp:
        for n in sizes:
            caches = Caches(n, Path(tmp))
            lines.append(lookup_row(caches, n, repeat, times))
            if n == max(sizes):
                lines.append(full_row(caches, n, repeat))
                lines.append(memory_note(caches, n))
            shutil.rmtree(caches.root)  # one size at a time on disk
            for path in (caches.npz, caches.npy):
                path.unlink()
    lines.append("\nEmbedding cache, 10-pair lookup times: " + "; ".join(times) + ".")
    return lines


def rows(repeat: int = 3) -> list[Callable[[], str | list[str]]]:
    """The rows for ``benchmarks/run.py``: each callable times its rows when called."""
    return [lambda: cache_rows(repeat)]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repeat", type=int, default=3)
    args = ap.parse_args()
    print("| operation | simeval | peer | × peer | floor | × floor | agreement |")
    print("|---|---:|---:|---:|---:|---:|---|")
    notes = []
    for line in cache_rows(args.repeat):
        if line.startswith("\n"):
            notes.append(line)
        else:
            print(line, flush=True)
    print("".join(notes))


if __name__ == "__main__":
    main()
