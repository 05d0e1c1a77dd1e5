"""What ``evaluate`` and ``compare`` share on the command line: the input, metric and
HTML options, reading and aligning the files, the one :class:`~simeval.Options` built
from the options, and the notes on what the options did."""

from __future__ import annotations

import argparse
import math
from collections.abc import Sequence
from typing import Any

import numpy as np
from numpy.typing import NDArray

from ..binning import parse_bins
from ..errors import DataError
from ..evaluation.evaluate import Evaluation
from ..io import ScoreTable, default_column, ids_of, parse_system_spec, read_table
from ..io.align import align_rows
from ..metrics.base import Metric, options_without_effect
from ..options import Options
from ._common import declare_files, emit, note

__all__ = [
    "add_html_option",
    "add_input_options",
    "add_metric_options",
    "emit_html",
    "load_inputs",
    "note_evaluation",
    "note_options_without_effect",
    "options_from_args",
    "system_scales",
]


def add_input_options(p: argparse.ArgumentParser, *, gold_optional: bool = False) -> None:
    """Gold and system files, alignment, scales, borders, missing values: shared by
    ``evaluate`` and ``compare``."""
    p.add_argument(
        "gold",
        nargs="?" if gold_optional else None,
        help="gold file: CSV/TSV/JSONL/Parquet with a header, or one number "
        "per line (SemEval style); '-' reads stdin",
    )
    if gold_optional:
        p.add_argument(
            "--dataset",
            metavar="NAME",
            help="a registered sentence-pair set instead of GOLD (stsb:test, sts12, sickr …; "
            "see simeval datasets --sentences): its gold, ids and scale; systems align with "
            "its pairs line by line, or by --id-column (ids like MSRvid-2012test-0024)",
        )
        p.add_argument(
            "--data-dir",
            metavar="DIR",
            help="with --dataset: find its files under DIR instead of the cache; nothing is "
            "downloaded",
        )
        declare_files(p, folders=("data_dir",))
    p.add_argument(
        "--gold-column",
        default=None,
        metavar="COL",
        help="gold score column, by name or number (1, 2, …; default: 'score', or the only column)",
    )
    p.add_argument(
        "--system",
        action="append",
        required=not gold_optional,
        metavar="NAME=FILE[:COLUMN]",
        help="a system's scores (repeat for several systems); COLUMN by name or number; "
        "FILE '-' reads stdin",
    )
    p.add_argument(
        "--no-header",
        action="store_true",
        help="the CSV/TSV files have no header row (STS-B's sts-*.csv): columns are "
        "named by number, 1, 2, …",
    )
    p.add_argument(
        "--id-column",
        metavar="COL",
        help="align rows by this id column (present in gold and every system file)",
    )
    p.add_argument(
        "--scale",
        nargs=2,
        type=float,
        metavar=("LO", "HI"),
        help="declared gold scale, e.g. 0 5 (default: the observed range)",
    )
    p.add_argument(
        "--system-scale",
        nargs="+",
        action="append",
        metavar="LO HI | NAME=LO,HI",
        help="range of the system scores, mapped linearly onto the gold scale "
        "before threshold and error measures: -1 1 for every system (cosine), or "
        "NAME=LO,HI for one system (repeat for several)",
    )
    p.add_argument(
        "--low-border",
        type=float,
        metavar="X",
        help="low-similarity border (default 30%% of the scale: 1.5 on 0–5)",
    )
    p.add_argument(
        "--high-border",
        type=float,
        metavar="X",
        help="high-similarity border (default 70%% of the scale: 3.5 on 0–5)",
    )
    p.add_argument(
        "--nan-policy",
        choices=("raise", "omit"),
        default="raise",
        help="missing or NaN scores: raise (default) or omit those pairs",
    )
    declare_files(p, inputs=("gold",), systems=("system",))


def add_metric_options(p: argparse.ArgumentParser, default: Sequence[str]) -> None:
    """``--metric`` (repeatable) and ``--bins``, shared by ``evaluate`` and ``compare``."""
    p.add_argument(
        "--metric",
        action="append",
        metavar="NAME",
        help="metric name or expression, repeatable (default: " + ", ".join(default) + ")",
    )
    p.add_argument(
        "--bins",
        default=None,
        help="scaled-Pearson bins: thirds | equal:K | edges:A,B,… | labels:COLUMN | "
        "segments:N | quantiles:K (default thirds = equal:3 over the scale)",
    )
    p.add_argument(
        "--normalize",
        choices=("scale", "minmax"),
        help="bring gold and system to [0, 1] before the error measures (Atoum & Ayyagari "
        "2019, Tables 5–7): scale = by the declared scales, minmax = by the observed ranges",
    )
    p.add_argument(
        "--skip-undefined-bins",
        action="store_true",
        help="average the defined bins when some bin has no defined r",
    )


def add_html_option(p: argparse.ArgumentParser) -> None:
    """``--html FILE``: also write the HTML report (figures, verdict, tables)."""
    p.add_argument(
        "--html",
        metavar="FILE.html",
        help="also write a self-contained HTML report: verdict, figures, tables (needs "
        "matplotlib: pip install 'simeval[plot]')",
    )
    declare_files(p, outputs=("html",), extras={"html": ("matplotlib", "plot")})


def emit_html(args: argparse.Namespace, docs: list[dict[str, Any]]) -> None:
    """The HTML report of ``docs`` to ``--html``, when asked."""
    if getattr(args, "html", None):
        from ..report.html import build_page

        emit(build_page(docs), args.html)


def _first_nan(values: NDArray[np.float64]) -> int | None:
    bad = np.isnan(values)
    return int(np.argmax(bad)) if bad.any() else None


def _check_range(
    values: NDArray[np.float64],
    table: ScoreTable,
    column: str,
    rows: NDArray[np.intp],
    scale: tuple[float, float] | None,
    option: str,
) -> None:
    if scale is None:
        return
    off = (values < scale[0]) | (values > scale[1])
    if off.any():
        i = int(np.argmax(off))
        raise DataError(
            f"{table.location(int(rows[i]), column)}: {values[i]:g} is outside {option} "
            f"{scale[0]:g} {scale[1]:g} ({int(off.sum())} values in all); fix the data or the scale"
        )


def load_inputs(
    args: argparse.Namespace,
) -> tuple[NDArray[np.float64], dict[str, Any], Options]:
    """Read gold and systems, aligned; return (gold, {name: scores}, the options).

    Scores off a declared scale are reported here, with the file, line and column."""
    options_from_args(args, [])  # every option is checked before any file is read
    if getattr(args, "dataset", None):
        return _dataset_inputs(args)
    if getattr(args, "data_dir", None):
        raise DataError("--data-dir needs --dataset NAME (it says where that set's files are)")
    header = not getattr(args, "no_header", False)
    gold_table = read_table(args.gold, header=header)
    exclude = [args.id_column] if args.id_column else []
    gold_col = default_column(gold_table, args.gold_column, exclude)
    gold = gold_table.numbers(gold_col, option="--gold-column")
    labels = None
    bins = getattr(args, "bins", None) or "thirds"
    if bins.startswith("labels:"):
        labels = [str(v) for v in gold_table.column(bins[7:], option="--bins labels:")]
    options = options_from_args(args, labels)
    _check_range(gold, gold_table, gold_col, np.arange(len(gold_table)), options.scale, "--scale")
    gold_ids = ids_of(gold_table, args.id_column) if args.id_column else None
    systems = _read_systems(args, gold_ids, gold.size, args.gold, options)
    if args.nan_policy == "raise" and (i := _first_nan(gold)) is not None:
        raise DataError(
            f"{gold_table.location(i, gold_col)}: missing gold score; fill it in or pass "
            "--nan-policy omit to drop such pairs"
        )
    return gold, systems, options


def _dataset_inputs(
    args: argparse.Namespace,
) -> tuple[NDArray[np.float64], dict[str, Any], Options]:
    """Gold, ids and scale (unless ``--scale``) of the registered set ``--dataset``; the
    pairs its organisers left unscored (blank gold lines) are dropped after alignment."""
    from ..datasets import load

    if args.gold:
        raise DataError(
            f"give a GOLD file or --dataset {args.dataset}, not both ({args.gold!r} was read "
            "as GOLD; --metric takes one name: repeat it, --metric a --metric b)"
        )
    if (getattr(args, "bins", None) or "").startswith("labels:"):
        raise DataError("--bins labels:COLUMN needs a gold table; use a GOLD file")
    pairs = load(args.dataset, data_dir=args.data_dir)
    if not args.scale and pairs.scale is not None:
        args.scale = list(pairs.scale)
    options = options_from_args(args, None)
    ids = list(pairs.ids or ()) if args.id_column else None
    systems = _read_systems(args, ids, len(pairs), f"--dataset {pairs.name}", options)
    scored = ~np.isnan(pairs.gold)
    if not scored.all():
        note(args, f"{pairs.name}: {int((~scored).sum())} unscored pair(s) left out")
        systems = {name: values[scored] for name, values in systems.items()}
    return pairs.gold[scored], systems, options


def _read_systems(
    args: argparse.Namespace,
    gold_ids: Sequence[str] | None,
    n_gold: int,
    gold_path: str,
    options: Options,
) -> dict[str, NDArray[np.float64]]:
    """Every ``--system`` file's scores, aligned with the gold pairs (by id or by line)."""
    header = not getattr(args, "no_header", False)
    exclude = [args.id_column] if args.id_column else []
    systems: dict[str, NDArray[np.float64]] = {}
    for spec in args.system:
        name, path, column = parse_system_spec(spec)
        if name in systems:
            raise DataError(f"--system {spec!r}: the name {name!r} is used twice")
        table = read_table(path, header=header)
        col = default_column(table, column, exclude)
        values = table.numbers(col, option="NAME=FILE:COLUMN")
        rows, extra = align_rows(
            gold_ids,
            n_gold,
            ids_of(table, args.id_column, check=False) if gold_ids is not None else None,
            values.size,
            gold_path=gold_path,
            system_path=path,
        )
        if extra:
            note(args, f"{path}: {extra} row(s) with ids not in the gold file were ignored")
        values = values[rows] if gold_ids is not None else values
        own = options.for_system(name).system_scale
        _check_range(values, table, col, rows, own, "--system-scale")  # type: ignore[arg-type]
        if args.nan_policy == "raise" and (i := _first_nan(values)) is not None:
            raise DataError(
                f"{table.location(int(rows[i]), col)}: missing score; fill it in or pass "
                "--nan-policy omit to drop such pairs"
            )
        systems[name] = values
    return systems


def system_scales(
    given: list[list[str]] | None,
) -> tuple[float, float] | dict[str, tuple[float, float]] | None:
    """``--system-scale LO HI`` (every system) and ``--system-scale NAME=LO,HI`` (one
    system), as the ``system_scale`` option."""
    if not given:
        return None
    default: tuple[float, float] | None = None
    named: dict[str, tuple[float, float]] = {}
    for tokens in given:
        text = " ".join(tokens)
        name, rng = tokens[0].partition("=")[::2] if len(tokens) == 1 else ("", "")
        if not rng:
            name, rng = "", ",".join(tokens)
        try:
            lo, hi = (float(x) for x in rng.split(","))
        except ValueError:
            raise DataError(
                f"--system-scale {text}: give two numbers (LO HI or LO,HI) or NAME=LO,HI"
            ) from None
        if (name in named) if name else (default is not None):
            raise DataError(f"--system-scale {text}: a scale for {name or 'every system'} "
                            "is given twice; keep one")  # fmt: skip
        if name:
            named[name] = (lo, hi)
        else:
            default = (lo, hi)
    if not named:
        return default
    if default is not None:
        named["*"] = default
    return named


def options_from_args(args: argparse.Namespace, labels: list[Any] | None = None) -> Options:
    """The one :class:`~simeval.Options` of a command line: every option of
    :func:`add_input_options` and :func:`add_metric_options` (and ``--normalize``,
    ``--skip-undefined-bins`` where the command has them) goes through here."""
    bins = getattr(args, "bins", None)
    return Options(
        scale=tuple(args.scale) if args.scale else None,
        system_scale=system_scales(args.system_scale),
        bins=parse_bins(bins, labels) if bins is not None else None,
        low_border=args.low_border,
        high_border=args.high_border,
        normalize=getattr(args, "normalize", None),
        nan_policy=args.nan_policy,
        skip_undefined_bins=getattr(args, "skip_undefined_bins", False),
    )


_OPTION_NAMES = {
    "system_scale": "--system-scale",
    "bins": "--bins",
    "low_border": "--low-border",
    "high_border": "--high-border",
    "normalize": "--normalize",
    "skip_undefined_bins": "--skip-undefined-bins",
}


def note_options_without_effect(
    args: argparse.Namespace, options: Options, metrics: tuple[Metric, ...]
) -> None:
    """A note for every option given that none of the metrics reads (``--bins`` without a
    scaled Pearson …): accepted, but the user is told it changed nothing."""
    for name in options_without_effect(options, metrics):
        note(
            args,
            f"{_OPTION_NAMES[name]} has no effect on "
            + ", ".join(m.name for m in metrics)
            + " (see simeval evaluate --help for the metrics it acts on)",
        )


def note_evaluation(args: argparse.Namespace, ev: Evaluation, given: Options) -> None:
    """Notes on stderr: options without effect (of ``given``, the options as the command
    line set them, before the defaults were filled in), pairs dropped, systems on another
    scale, the scale taken from the data."""
    note_options_without_effect(args, given, ev.metrics)
    for name, count in ev.dropped.items():
        if count:
            note(args, f"{name}: dropped {count} pair(s) with a missing score (--nan-policy omit)")
    for warning in ev.scale_warnings():
        note(args, warning)
    if ev.options.scale_source == "observed":
        lo, hi = ev.options.scale or (math.nan, math.nan)
        note(args, f"no --scale given: using the observed gold range {lo:g}–{hi:g}")
