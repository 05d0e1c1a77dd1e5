"""What ``evaluate`` and ``compare`` share on the command line: the input, metric and
HTML options, the one :class:`~simeval.Options` built from the options, and the notes on
what the options did (reading the files: :mod:`.gold_and_systems`)."""

from __future__ import annotations

import argparse
import math
from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from .._validate import NAN_POLICIES
from ..errors import param
from ..evaluation.evaluate import Evaluation
from ..metrics.base import Metric, options_without_effect
from ..options import BIN_AVERAGES, NORMALIZATIONS, Options
from ._common import declare_files, note
from ._options import parse_bins, system_scales
from .calibration import add_calibration_options, calibration_from_args
from .files import dataset_inputs

__all__ = [
    "add_input_options",
    "add_metric_options",
    "note_evaluation",
    "note_options_without_effect",
    "options_from_args",
]


DEFAULTS = Options()  #: the library's defaults, which the flags take


def add_input_options(p: argparse.ArgumentParser) -> None:
    """Gold (a file or a registered data set) and system files, alignment, headers,
    scales, borders, missing values: shared by ``evaluate`` and ``compare``.

    Parameters
    ----------
    p : argparse.ArgumentParser
        The command's parser.

    Examples
    --------
    >>> p = argparse.ArgumentParser()
    >>> add_input_options(p)
    >>> args = p.parse_args(["gold.txt", "--system", "a=a.txt", "--scale", "0", "5"])
    >>> args.gold, args.system, args.scale
    ('gold.txt', ['a=a.txt'], [0.0, 5.0])
    """
    p.add_argument(
        "gold",
        nargs="?",
        help="gold file: CSV/TSV/JSONL/Parquet with a header (see --no-header), or one "
        "number per line (SemEval style); '-' reads stdin; or give --dataset",
    )
    p.add_argument(
        "--dataset",
        metavar="NAME",
        help="a registered sentence-pair set instead of GOLD (stsb:test, sts12, sickr …; "
        "see simeval datasets --sentences): its gold, ids and scale; systems (e.g. the score "
        "files of simeval score) align with its pairs line by line, or by --id-column (ids "
        "like MSRvid-2012test-0024)",
    )
    p.add_argument(
        "--data-dir",
        metavar="DIR",
        help="with --dataset: find its files under DIR instead of the cache; nothing is downloaded",
    )
    p.add_argument(
        "--gold-column",
        default=None,
        metavar="COL",
        help="gold score column, by name or number (1, 2, …; default: 'score', or the only column)",
    )
    p.add_argument(
        "--system",
        action="append",
        metavar="NAME=FILE[:COLUMN]",
        help="a system's scores (repeat for several systems); COLUMN by name or number; "
        "FILE '-' reads stdin",
    )
    p.add_argument(
        "--no-header",
        action="store_true",
        help="the GOLD file has no header row (STS-B's sts-*.csv): its columns are named "
        "by number, 1, 2, … (system files: --system-no-header)",
    )
    p.add_argument(
        "--system-no-header",
        action="append",
        metavar="NAME",
        help="the file of system NAME has no header row: its columns are named by number "
        "(repeat for each such system; a score file of simeval score has a header)",
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
        "before threshold and error measures: -1 1 (or -1,1) for every system (cosine), "
        "NAME=LO,HI for one system; several after one flag or one flag each "
        "(--system-scale -1 1 lex=0,1 edit=0,1)",
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
        choices=NAN_POLICIES,
        default=DEFAULTS.nan_policy,
        help="missing or NaN scores: raise (default) or omit those pairs",
    )
    declare_files(
        p,
        inputs=("gold",),
        folders=("data_dir",),
        systems=("system",),
        read_by={"dataset": dataset_inputs},
    )


def add_metric_options(p: argparse.ArgumentParser, default: Sequence[str]) -> None:
    """``--metric`` (repeatable) and ``--bins``, shared by ``evaluate`` and ``compare``,
    with ``--normalize``, ``--skip-undefined-bins``, ``--bin-average`` and the calibration
    options.

    Parameters
    ----------
    p : argparse.ArgumentParser
        The command's parser.
    default : sequence of str
        The metrics without ``--metric``, for the help line.

    Examples
    --------
    >>> p = argparse.ArgumentParser()
    >>> add_metric_options(p, ["pearson"])
    >>> args = p.parse_args(["--metric", "mae", "--metric", "nmsse", "--bins", "equal:4"])
    >>> args.metric, args.bins, args.calibrate
    (['mae', 'nmsse'], 'equal:4', 'auto')
    """
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
        choices=NORMALIZATIONS,
        help="bring gold and system to [0, 1] before the error measures (Atoum & Ayyagari "
        "2019, Tables 5–7): scale = by the declared scales, minmax = by the observed ranges",
    )
    p.add_argument(
        "--skip-undefined-bins",
        action="store_true",
        help="average the defined bins when some bin has no defined r",
    )
    p.add_argument(
        "--bin-average",
        choices=BIN_AVERAGES,
        default=DEFAULTS.bin_average,
        help="how the scaled Pearson averages its per-bin r: arithmetic (Atoum 2019, eq. 3; "
        "default) or fisher_z (eq. 4-5)",
    )
    add_calibration_options(p)


def options_from_args(args: argparse.Namespace, labels: list[Any] | None = None) -> Options:
    """The one :class:`~simeval.Options` of a command line: every option of
    :func:`add_input_options` and :func:`add_metric_options` (and ``--normalize``,
    ``--skip-undefined-bins`` where the command has them) goes through here.

    Parameters
    ----------
    args : argparse.Namespace
        The parsed command line.
    labels : list, optional
        The gold file's label column, for ``--bins labels:COLUMN``.

    Returns
    -------
    Options

    Examples
    --------
    >>> from simeval.cli import build_parser
    >>> args = build_parser("evaluate").parse_args(
    ...     ["evaluate", "gold.txt", "--scale", "0", "5", "--nan-policy", "omit"])
    >>> options = options_from_args(args)
    >>> options.scale, options.nan_policy, options.calibrate.kind
    ((0.0, 5.0), 'omit', 'auto')
    """
    bins = getattr(args, "bins", None)
    options = Options(
        scale=tuple(args.scale) if args.scale else None,
        system_scale=system_scales(args.system_scale),
        bins=parse_bins(bins, labels) if bins is not None else None,
        low_border=args.low_border,
        high_border=args.high_border,
        normalize=getattr(args, "normalize", None),
        nan_policy=args.nan_policy,
        skip_undefined_bins=getattr(args, "skip_undefined_bins", DEFAULTS.skip_undefined_bins),
        bin_average=getattr(args, "bin_average", DEFAULTS.bin_average),
        calibrate=calibration_from_args(args, read_file=False),
    )
    if not getattr(args, "calibrate_on", None):
        return options
    # the --calibrate-on set, checked on the scales the options declare
    return replace(options, calibrate=calibration_from_args(args, options=options))


def note_options_without_effect(
    args: argparse.Namespace, options: Options, metrics: tuple[Metric, ...]
) -> None:
    """A note for every option given that none of the metrics reads (``--bins`` without a
    scaled Pearson …): accepted, but the user is told it changed nothing.

    Parameters
    ----------
    args : argparse.Namespace
        The parsed command line.
    options : Options
        The options as the command line set them.
    metrics : tuple of Metric
        The metrics computed.

    Examples
    --------
    >>> from simeval.binning import Bins
    >>> from simeval.metrics.registry import get_metric
    >>> args = argparse.Namespace(quiet=False)
    >>> note_options_without_effect(args, Options(bins=Bins.equal_width(4)),
    ...                             (get_metric("pearson"),))
    >>> args._notes
    ['--bins has no effect on pearson (see simeval evaluate --help for the metrics it acts on)']
    """
    for name in options_without_effect(options, metrics):
        note(
            args,
            f"{'--' + name.replace('_', '-')} has no effect on "
            + ", ".join(m.name for m in metrics)
            + " (see simeval evaluate --help for the metrics it acts on)",
        )


def note_evaluation(args: argparse.Namespace, ev: Evaluation, given: Options) -> None:
    """Notes on stderr: options without effect (of ``given``, the options as the command
    line set them, before the defaults were filled in), pairs dropped, systems on another
    scale, the scale taken from the data.

    Parameters
    ----------
    args : argparse.Namespace
        The parsed command line.
    ev : Evaluation
        The evaluation.
    given : Options
        The options as the command line set them.

    Examples
    --------
    >>> import simeval as se
    >>> args = argparse.Namespace(quiet=False)
    >>> ev = se.evaluate([0, 1, 2, 3], {"s": [0, 1, 3, 2]}, metrics=["pearson"])
    >>> note_evaluation(args, ev, Options())
    >>> args._notes
    ['no --scale given: using the observed gold range 0–3']
    """
    note_options_without_effect(args, given, ev.metrics)
    for name, count in ev.dropped.items():
        if count:
            note(args, f"{name}: dropped {count} pair(s) with a missing score (--nan-policy omit)")
    for warning in ev.scale_warnings():  # only with calibration none
        note(
            args,
            f"{warning} ({param('calibrate', 'none')}; calibrate it with "
            f"{param('calibrate', 'auto')}, the default)",
        )
    for name, fit in ev.calibration.items():
        if fit is not None and fit.kind == "minmax":
            note(
                args,
                f"{name}: {fit.reason}; its observed range is mapped onto the gold's "
                f"({param('normalize', 'minmax')}) for the error, low/high and three-class "
                "measures (correlations read its raw scores)",
            )
        elif fit is not None and fit.kind != "none":
            note(
                args,
                f"{name}: {fit.reason}; calibrated onto the gold scale ({fit.kind}, "
                f"{fit.source}) for the error, low/high and three-class measures "
                f"(correlations read its raw scores; {param('calibrate', 'none')} to measure "
                "it as it is)",
            )
    if ev.options.scale_source == "observed":
        lo, hi = ev.options.scale or (math.nan, math.nan)
        note(args, f"no --scale given: using the observed gold range {lo:g}–{hi:g}")
