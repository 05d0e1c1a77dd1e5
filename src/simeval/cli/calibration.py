"""The calibration options of ``evaluate``, ``compare`` and ``run``: how a system off the
gold scale is put on it for the measures of a gold value, and the
:class:`~simeval.Calibration` they make."""

from __future__ import annotations

import argparse
from pathlib import Path

from ..errors import DataError
from ..io import read_table
from ..options import CALIBRATIONS, Calibration
from ..runs.calibration import CALIBRATE_ON
from ._common import declare_files, non_negative_int
from ._options import int_at_least

__all__ = ["add_calibration_options", "calibration_from_args"]


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
        default="auto",
        help="a system off the gold scale (declared with --system-scale, outside a declared "
        "--scale, or covering less than a third of it) is calibrated onto the gold before "
        "the error, low/high and three-class measures: auto (default: isotonic), linear, "
        "isotonic, or none (a declared range is then mapped linearly); correlations and "
        "rank measures read the raw scores",
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
        default=5,
        metavar="K",
        help="folds of the cross-fitted calibration (default 5)",
    )
    p.add_argument(
        "--calibrate-seed",
        type=non_negative_int,
        default=0,
        metavar="S",
        help="seed of the cross-fitting's folds (default 0)",
    )
    if not run:
        declare_files(p, inputs=("calibrate_on",))


def calibration_from_args(args: argparse.Namespace, *, read_file: bool = True) -> Calibration:
    """The :class:`~simeval.Calibration` of ``--calibrate`` and its companions; the
    ``--calibrate-on`` table is read here (its ``gold`` column and one column per
    system) unless it is ``run``'s ``split|cv`` (``read_file`` false).

    Parameters
    ----------
    args : argparse.Namespace
        The parsed command line.
    read_file : bool, default True
        Whether ``--calibrate-on`` names a file.

    Returns
    -------
    Calibration

    Raises
    ------
    DataError
        A ``--calibrate-on`` table without a ``gold`` column, or with a value that is not a
        number.

    Examples
    --------
    >>> args = argparse.Namespace(calibrate="linear", calibrate_folds=3, calibrate_seed=1,
    ...                           calibrate_on=None)
    >>> calibration_from_args(args).describe()
    'linear(cv3,seed1)'
    """
    on = None
    path = getattr(args, "calibrate_on", None) if read_file else None
    if path:
        table = read_table(path)
        if "gold" not in table.columns:
            raise DataError(
                f"{path}: --calibrate-on needs a 'gold' column and one column per system; "
                f"columns are {', '.join(table.columns)}"
            )
        gold = table.numbers("gold", parameter="calibrate_on")
        on = {
            c: (gold, table.numbers(c, parameter="calibrate_on"))
            for c in table.columns
            if c != "gold"
        }
    return Calibration(
        kind=getattr(args, "calibrate", "auto"),
        folds=getattr(args, "calibrate_folds", 5),
        seed=getattr(args, "calibrate_seed", 0),
        on=on,
        label=Path(path).name if path else None,
    )
