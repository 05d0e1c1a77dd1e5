"""Performance rows for score files, in the format of ``row()`` in ``benchmarks/run.py``
(name | simeval | peer | × peer | floor | × floor | agreement).

The files: the main runner's data (``run.make_data``: gold on a 0.2 grid, one continuous
system, one integer-valued judge) at n = 1e7, each of gold and the two systems a file of
``id`` (``p0`` … ``p9999999``, in the same order in every file) and ``score``, written by
pandas (``to_csv(sep="\\t")``, ``to_parquet``) to a temporary folder.

* ``simeval evaluate`` from score files — ``simeval evaluate GOLD --system s0=…
  --system judge=… --id-column id --scale 0 5 --format json`` through
  ``simeval.cli.main``, against pandas (``read_csv`` / ``read_parquet``, each system lined
  up with the gold by ``set_index("id").reindex``) plus ``se.evaluate`` on the arrays;
  floor: ``se.evaluate`` alone on the arrays (timed in the peer's process). Agreement: the
  largest difference between the command's JSON values and the API's; and the peak memory
  (``VmHWM``) of each process against the score arrays (3 × n float64), also above the
  command's peak on the first 1000 rows of the same files (what it needs on any input).
* reading the same files as the command does (``simeval.cli.gold_and_systems.load_inputs``: the
  files read, scores and ids checked, systems lined up by id) against pandas' read and
  reindex; floor: reading the files' bytes.
* ``se.evaluate`` at 1e8 pairs × 2 systems (default metrics, arrays made in the process):
  time and peak memory; no peer.

Every measurement runs in a fresh process, simeval and pandas in turns; times are the best
of ``--repeat``. ``python benchmarks/run_score_files.py [--n 10000000] [--large 100000000]``
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))
import run
from run import row, sci  # the main runner's row format

SYSTEMS = ("s0", "judge")
#: The pairs of the small files whose peak memory is the command's own (the interpreter,
#: its imports, the report), which the command needs whatever the size of its input.
TINY = 1000

_CHILD = r"""
import json, sys, time
mode, folder, fmt = sys.argv[1], sys.argv[2], sys.argv[3]
start = time.perf_counter()
suffix = "tsv" if fmt == "tsv" else "parquet"
paths = {name: f"{folder}/{name}.{suffix}" for name in ("gold", "s0", "judge")}
out = {}
if mode == "cli":
    from simeval.cli import main
    argv = ["evaluate", paths["gold"], "--system", "s0=" + paths["s0"], "--system",
            "judge=" + paths["judge"], "--id-column", "id", "--scale", "0", "5",
            "--format", "json", "--output", f"{folder}/cli-{fmt}.json", "-q"]
    if main(argv) != 0:
        sys.exit("simeval evaluate failed")
    doc = json.load(open(f"{folder}/cli-{fmt}.json"))
elif mode == "load":
    from simeval.cli import build_parser
    try:  # where the command line reads its files
        from simeval.cli.gold_and_systems import load_inputs
    except ImportError:
        from simeval.cli.inputs import load_inputs
    argv = ["evaluate", paths["gold"], "--system", "s0=" + paths["s0"], "--system",
            "judge=" + paths["judge"], "--id-column", "id", "--scale", "0", "5", "-q"]
    gold, systems, _ = load_inputs(build_parser(only="evaluate").parse_args(argv))
    doc = None
elif mode in ("pandas", "pandas-read"):
    import pandas as pd
    read = (lambda p: pd.read_csv(p, sep="\t")) if fmt == "tsv" else pd.read_parquet
    gold = read(paths["gold"])
    systems = {
        name: read(paths[name]).set_index("id")["score"].reindex(gold["id"]).to_numpy()
        for name in ("s0", "judge")
    }
    doc = None
    if mode == "pandas":
        import simeval as se
        from simeval.report.schema import evaluation_document
        api = time.perf_counter()
        ev = se.evaluate(gold["score"].to_numpy(), systems, scale=(0, 5))
        out["api"] = time.perf_counter() - api
        out["took"] = time.perf_counter() - start  # read + evaluate; the values after
        doc = evaluation_document(ev, scores=False)
elif mode == "api":
    sys.path.insert(0, folder)
    import run
    import simeval as se
    gold, systems = run.make_data(int(fmt), k=len(("s0", "judge")))
    api = time.perf_counter()
    se.evaluate(gold, systems, scale=(0, 5))
    out["api"] = time.perf_counter() - api
    doc = None
elif mode == "bytes":
    for p in paths.values():
        open(p, "rb").read()
    doc = None
out.setdefault("took", time.perf_counter() - start)
with open("/proc/self/status") as fh:  # this process's own peak (VmHWM)
    out["peak"] = next(int(line.split()[1]) * 1024 for line in fh if line.startswith("VmHWM"))
if doc is not None:
    out["values"] = {f"{r['system']} {r['metric']} {r['bin']}": r["value"] for r in doc["records"]}
print(json.dumps(out))
"""


def _child(mode: str, folder: Path, fmt: str) -> dict:
    done = subprocess.run(
        [sys.executable, "-c", _CHILD, mode, str(folder), fmt],
        capture_output=True,
        text=True,
        check=True,
    )
    return json.loads(done.stdout.strip().splitlines()[-1])


def make_files(folder: Path, n: int) -> None:
    """gold, s0 and judge as TSV and Parquet files of ``id`` and ``score`` in ``folder``,
    and their first :data:`TINY` rows in ``folder / "tiny"``."""
    import pandas as pd

    gold, systems = run.make_data(n, k=len(SYSTEMS))
    ids = np.char.add("p", np.arange(n).astype(str))
    (folder / "tiny").mkdir(exist_ok=True)
    for name, scores in [("gold", gold), *systems.items()]:
        frame = pd.DataFrame({"id": ids, "score": scores})
        for where, part in ((folder, frame), (folder / "tiny", frame.head(TINY))):
            part.to_csv(where / f"{name}.tsv", sep="\t", index=False)
            part.to_parquet(where / f"{name}.parquet", index=False)


def _best(runs: list[dict], key: str = "took") -> dict:
    return min(runs, key=lambda r: r[key])


def _gb(size: float) -> str:
    return f"{size / 1e9:.2f} GB"


def command_row(folder: Path, n: int, fmt: str, repeat: int) -> str:
    """``simeval evaluate`` on the files against pandas' read + ``se.evaluate``."""
    ours, peer = [], []
    for _ in range(repeat):  # in turns, so that both see the same machine
        ours.append(_child("cli", folder, fmt))
        peer.append(_child("pandas", folder, fmt))
    best, other = _best(ours), _best(peer)
    floor = min(r["api"] for r in peer)
    diff = max(abs(best["values"][k] - other["values"][k]) for k in other["values"])
    arrays = 3 * n * 8
    peak, peer_peak = min(r["peak"] for r in ours), min(r["peak"] for r in peer)
    fixed = min(_child("cli", folder / "tiny", fmt)["peak"] for _ in range(repeat))
    agree = (
        f"max abs diff {diff:.0e} vs the API; peak {_gb(peak)} = {peak / arrays:.1f}× the "
        f"score arrays, {_gb(peak - fixed)} = {(peak - fixed) / arrays:.1f}× above the "
        f"command's own {_gb(fixed)} on {TINY} pairs (pandas + API {_gb(peer_peak)} = "
        f"{peer_peak / arrays:.1f}×)"
    )
    name = (
        f"`simeval evaluate`, {sci(n)} pairs × 2 systems from {fmt.upper()} (ids) vs pandas "
        "read + `se.evaluate`; floor: `se.evaluate`"
    )
    return row(name, best["took"], other["took"], floor, agree)


def reading_row(folder: Path, n: int, fmt: str, repeat: int) -> str:
    """The command's reading (``load_inputs``) against pandas' read + reindex."""
    ours, peer, floor = [], [], []
    for _ in range(repeat):
        ours.append(_child("load", folder, fmt))
        peer.append(_child("pandas-read", folder, fmt))
        floor.append(_child("bytes", folder, fmt))
    best, other = _best(ours), _best(peer)
    arrays = 3 * n * 8
    peak, peer_peak = min(r["peak"] for r in ours), min(r["peak"] for r in peer)
    agree = (
        f"peak {_gb(peak)} = {peak / arrays:.1f}× the score arrays "
        f"(pandas {_gb(peer_peak)} = {peer_peak / arrays:.1f}×)"
    )
    name = (
        f"reading + lining up by id, {sci(n)} pairs × 2 systems, {fmt.upper()} "
        "(`load_inputs`) vs pandas read + reindex; floor: the bytes"
    )
    return row(name, best["took"], other["took"], _best(floor)["took"], agree)


def api_row(n: int) -> str:
    """``se.evaluate`` at ``n`` pairs × 2 systems: time and peak memory; no peer."""
    here = str(Path(__file__).resolve().parent)
    out = _child("api", Path(here), str(n))
    inputs = 3 * n * 8
    agree = (
        f"peak {_gb(out['peak'])} = {out['peak'] / inputs:.1f}× the score arrays "
        f"({_gb(inputs)}), data made in the process"
    )
    return row(f"`se.evaluate`, {sci(n)} pairs × 2 systems (default metrics)", out["api"], None,
               out["api"], agree)  # fmt: skip


def rows(repeat: int = 3, n: int = 10_000_000, large: int = 100_000_000) -> list[Callable]:
    """The rows for ``benchmarks/run.py``: each callable times its row when called."""

    def files_rows() -> list[str]:
        with tempfile.TemporaryDirectory() as tmp:
            folder = Path(tmp)
            make_files(folder, n)
            return [command_row(folder, n, fmt, repeat) for fmt in ("tsv", "parquet")] + [
                reading_row(folder, n, fmt, repeat) for fmt in ("tsv", "parquet")
            ]

    out: list[Callable] = [files_rows]
    if large:
        out.append(lambda: api_row(large))
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--n", type=int, default=10_000_000)
    ap.add_argument("--large", type=int, default=100_000_000, help="0: no 1e8 API row")
    args = ap.parse_args()
    import os

    print(f"{os.cpu_count()} cores, load average {os.getloadavg()[0]:.2f} at start\n")
    print("| operation | simeval | peer | × peer | floor | × floor | agreement |")
    print("|---|---:|---:|---:|---:|---:|---|")
    started = time.perf_counter()
    for make in rows(args.repeat, args.n, args.large):
        out = make()
        for line in [out] if isinstance(out, str) else out:
            print(line, flush=True)
    took = time.perf_counter() - started
    print(f"\nload average {os.getloadavg()[0]:.2f} at the end ({took:.0f} s)")


if __name__ == "__main__":
    main()
