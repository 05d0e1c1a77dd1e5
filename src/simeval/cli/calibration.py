"""The calibration options of ``evaluate``, ``compare`` and ``run``: how a system off the
gold scale is put on it for the measures of a gold value, and the
:class:`~simeval.Calibration` they make."""

from __future__ import annotations

import argparse
from pathlib import Path

import numpy as np
from numpy.typing import NDArray

from ..errors import DataError
from ..io import parse_system_spec, read_table
from ..options import CALIBRATIONS, Calibration, Options
from ..runs.calibration import CALIBRATE_ON
from ._common import declare_files, non_negative_int
from ._options import int_at_least
from .table_checks import check_filled, check_range

__all__ = ["add_calibration_options", "calibration_from_args"]


#: The library's defaults, which the flags take (one definition: :class:`Calibration`).
_DEFAULT = Calibration()


def add_calibration_options(p: argparse.ArgumentParser, *, run: bool = False) -> None:
    """``--calibrate``, ``--calibrate-on``, ``--calibrate-folds``, ``--calibrate-seed``:
    how a system off the gold scale is put on it for the measures of a gold value. For
    ``run`` (which scores the registered held-out splits itself), ``--calibrate-on`` is
    ``split`` or ``cv`` rather than a file.

    Parameters
    ----------
    p : argparse.ArgumentParser
        The command's parser.
    run : bool, default False
        Whether it is ``run``'s parser.

    Examples
    --------
    >>> p = argparse.ArgumentParser()
    >>> add_calibration_options(p, run=True)
    >>> args = p.parse_args(["--calibrate", "linear", "--calibrate-on", "cv"])
    >>> args.calibrate, args.calibrate_on, args.calibrate_folds
    ('linear', 'cv', 5)
    """
    p.add_argument(
        "--calibrate",
        choices=CALIBRATIONS,
        default=_DEFAULT.kind,
        help=(
            "a model off the gold scale (its declared range, e.g. cosines in [-1, 1], or "
            "scores covering less than a third of the scale)"
            if run
            else "a system off the gold scale (declared with --system-scale, outside a "
            "declared --scale, or covering less than a third of it)"
        )
        + " is calibrated onto the gold before the error, low/high and three-class measures: "
        "auto (default: isotonic for those systems), linear or isotonic (every system), or "
        "none (a declared range is then mapped linearly); correlations and rank measures "
        "read the raw scores",
    )
    if run:
        p.add_argument(
            "--calibrate-on",
            choices=CALIBRATE_ON,
            default="split",
            help="split (default): fit each model's calibration on the data set's registered "
            "held-out split (stsb:dev for stsb:test, sick:trial for sick:test), scored with "
            "it, and cross-fit where there is none; cv: always cross-fit on the evaluated "
            "pairs",
        )
    else:
        p.add_argument(
            "--calibrate-on",
            metavar="FILE",
            help="fit the calibration on held-out pairs instead of cross-fitting: a table "
            "with a 'gold' column and one column of scores per system name (e.g. the "
            "systems' scores on STS-B dev for an evaluation on STS-B test)",
        )
    p.add_argument(
        "--calibrate-folds",
        type=int_at_least(2),
        default=_DEFAULT.folds,
        metavar="K",
        help=f"folds of the cross-fitted calibration (default {_DEFAULT.folds})",
    )
    p.add_argument(
        "--calibrate-seed",
        type=non_negative_int,
        default=_DEFAULT.seed,
        metavar="S",
        help=f"seed of the cross-fitting's folds (default {_DEFAULT.seed})",
    )
    if not run:
        declare_files(p, inputs=("calibrate_on",))


def calibration_from_args(
    args: argparse.Namespace, *, read_file: bool = True, options: Options | None = None
) -> Calibration:
    """The :class:`~simeval.Calibration` of ``--calibrate`` and its companions; the
    ``--calibrate-on`` table is read here unless it is ``run``'s ``split|cv``
    (``read_file`` false), and checked as the gold and system files are: a ``gold``
    column and a column for each ``--system`` (or ``*`` for all those not named), every
    value a number (blank only with ``--nan-policy omit``), the gold on ``--scale`` and
    each system's on its ``--system-scale`` (from ``options``, when given).

    Parameters
    ----------
    args : argparse.Namespace
        The parsed command line.
    read_file : bool, default True
        Whether ``--calibrate-on`` names a file.
    options : Options, optional
        The other options of the command line (the scales the values are checked on).

    Returns
    -------
    Calibration

    Raises
    ------
    DataError
        A ``--calibrate-on`` table without a ``gold`` column or a system's column, or with
        a value that is not a number, missing or off its scale, named by line and column.

    Examples
    --------
    >>> args = argparse.Namespace(calibrate="linear", calibrate_folds=3, calibrate_seed=1,
    ...                           calibrate_on=None)
    >>> calibration_from_args(args).describe()
    'linear(cv3,seed1)'
    """
    path = getattr(args, "calibrate_on", None) if read_file else None
    return Calibration(
        kind=getattr(args, "calibrate", _DEFAULT.kind),
        folds=getattr(args, "calibrate_folds", _DEFAULT.folds),
        seed=getattr(args, "calibrate_seed", _DEFAULT.seed),
        on=_calibration_set(args, path, options or Options()) if path else None,
        label=Path(path).name if path else None,
    )


def _calibration_set(
    args: argparse.Namespace, path: str, options: Options
) -> dict[str, tuple[NDArray[np.float64], NDArray[np.float64]]]:
    table = read_table(path)
    if "gold" not in table.columns:
        raise DataError(
            f"{path}: --calibrate-on needs a 'gold' column and one column per system; "
            f"columns are {', '.join(table.columns)}"
        )
    omit = getattr(args, "nan_policy", "raise") == "omit"
    gold = table.numbers("gold", parameter="calibrate_on")
    check_range(gold, table, "gold", None, options.scale, "--scale")
    if not omit:
        check_filled(gold, table, "gold", what="gold score")
    systems = [parse_system_spec(spec)[0] for spec in getattr(args, "system", None) or ()]
    columns = [c for c in table.columns if c != "gold"]
    for name in systems:
        if name not in columns and "*" not in columns:
            raise DataError(
                f"{path}: --calibrate-on has no column for --system {name} (columns are "
                f"{', '.join(table.columns)}); add its scores on the calibration pairs, or "
                "a column '*' for every system not named"
            )
    on = {}
    for column in columns:
        values = table.numbers(column, parameter="calibrate_on")
        scale = options.for_system(column).system_scale if column != "*" else None
        check_range(values, table, column, None, scale, "--system-scale")  # type: ignore[arg-type]
        if not omit:
            check_filled(values, table, column)
        on[column] = (gold, values)
    return on
