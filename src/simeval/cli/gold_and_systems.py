"""Reading what ``evaluate`` and ``compare`` score: the gold ratings (a GOLD file or a
registered ``--dataset``) and every ``--system`` file, aligned pair by pair.

Whether a file has a header row is said per file: ``--no-header`` for GOLD, and
``--system-no-header NAME`` for each system file without one (a score file of
``simeval score`` has its header, ``id`` and ``score``)."""

from __future__ import annotations

import argparse
from collections.abc import Callable, Sequence
from functools import cache, partial
from pathlib import Path
from typing import Any

import numpy as np
from numpy.typing import NDArray

from .._validate import first_outside
from ..errors import DataError
from ..io import (
    default_column,
    ids_of,
    parse_system_spec,
    read_table,
    release_reader_memory,
)
from ..io.align import ID_COLUMN as ID
from ..io.align import Ids, check_same_order, match_rows
from ..io.gold_order import GoldIdsOnFile, gold_ids_on_file, read_in_gold_order
from ..io.score_table import ScoreTable
from ..options import Options
from ._common import note
from .inputs import options_from_args
from .table_checks import check_filled, check_range

__all__ = ["load_inputs"]


def _headerless_systems(args: argparse.Namespace) -> set[str]:
    """The systems ``--system-no-header`` names, each checked to be a ``--system``."""
    named = set(getattr(args, "system_no_header", None) or ())
    systems = [parse_system_spec(spec)[0] for spec in args.system or ()]
    unknown = sorted(named - set(systems))
    if unknown:
        raise DataError(
            f"--system-no-header {unknown[0]}: no --system is named {unknown[0]!r}; the "
            f"systems are {', '.join(systems) or 'none'}"
        )
    return named


def _not_a_data_set_name(gold: str) -> None:
    """GOLD ``stsb:test`` that is no file is the registered data set: say how to name it."""
    from ..datasets.sentences import SENTENCE_DATASETS

    if gold in SENTENCE_DATASETS and not Path(gold).exists():
        raise DataError(
            f"GOLD {gold}: no such file; for the registered data set, give --dataset {gold} "
            "(and --data-dir DIR where its files are)"
        )


def load_inputs(
    args: argparse.Namespace,
) -> tuple[NDArray[np.float64], dict[str, Any], Options]:
    """Read gold and systems, aligned; return (gold, {name: scores}, the options).

    Scores off a declared scale are reported here, with the file, line and column.

    Parameters
    ----------
    args : argparse.Namespace
        The parsed command line of ``evaluate`` or ``compare``.

    Returns
    -------
    gold : numpy.ndarray
    systems : dict of str to numpy.ndarray
    options : Options

    Raises
    ------
    DataError
        No GOLD or system, files that do not align, a score that is not a number or is off
        the declared scale (naming the file, line and column).

    Examples
    --------
    >>> import tempfile
    >>> from simeval.cli import build_parser
    >>> d = Path(tempfile.mkdtemp())
    >>> _ = (d / "gold.txt").write_text("0\\n2.5\\n5\\n")
    >>> _ = (d / "a.txt").write_text("0.1\\n0.4\\n0.9\\n")
    >>> args = build_parser("evaluate").parse_args(
    ...     ["evaluate", str(d / "gold.txt"), "--system", f"a={d / 'a.txt'}", "--scale", "0", "5"])
    >>> gold, systems, options = load_inputs(args)
    >>> gold.tolist(), systems["a"].tolist(), options.scale
    ([0.0, 2.5, 5.0], [0.1, 0.4, 0.9], (0.0, 5.0))
    """
    if not (args.gold or getattr(args, "dataset", None)) or not args.system:
        raise DataError(
            "give a GOLD file (or --dataset NAME) and at least one --system NAME=FILE"
            + (" (or --semeval-dir DIR --runs-dir DIR)" if hasattr(args, "semeval_dir") else "")
        )
    options_from_args(args, [])  # every option is checked before any file is read
    _headerless_systems(args)
    inputs = _dataset_inputs(args) if getattr(args, "dataset", None) else _file_inputs(args)
    release_reader_memory()  # the tables are gone: their memory is not kept while scoring
    return inputs


def _file_inputs(
    args: argparse.Namespace,
) -> tuple[NDArray[np.float64], dict[str, Any], Options]:
    """Gold from the GOLD file, and the systems aligned with it."""
    if getattr(args, "data_dir", None):
        raise DataError("--data-dir needs --dataset NAME (it says where that set's files are)")
    _not_a_data_set_name(args.gold)
    gold_table = read_table(args.gold, header=not args.no_header)
    exclude = [args.id_column] if args.id_column else []
    gold_col = default_column(gold_table, args.gold_column, exclude)
    gold = gold_table.numbers(gold_col, parameter="gold_column")
    labels = None
    bins = getattr(args, "bins", None) or "thirds"
    if bins.startswith("labels:"):
        labels = [str(v) for v in gold_table.column(bins[7:], parameter="bins")]
    options = options_from_args(args, labels)
    check_range(gold, gold_table, gold_col, None, options.scale, "--scale")
    gold_ids: Ids | GoldIdsOnFile | None = None
    if args.id_column:
        gold_ids = _left_in_file(args, gold_table, ids_of(gold_table, args.id_column), gold_col)
    if gold_ids is None and gold_table.has_column(ID):  # rows by position: ids must agree
        gold_ids = ids_of(gold_table, ID, check=False)
    where = partial(gold_table.location, column=ID)
    systems = _read_systems(args, gold_ids, gold.size, args.gold, options, where)
    if args.nan_policy == "raise":
        check_filled(gold, gold_table, gold_col, what="gold score")
    return gold, systems, options


def _left_in_file(
    args: argparse.Namespace, table: ScoreTable, ids: Ids, score_column: str
) -> Ids | GoldIdsOnFile:
    """The gold's ids, left in the GOLD file (and let go from its table) where each system
    file can be compared with it piece by piece (:func:`~simeval.io.gold_order.gold_ids_on_file`);
    ``ids`` where not."""
    name = table.column_name(args.id_column, parameter="id_column")
    header = not args.no_header

    @cache  # read again whole for the first system file in another order, then kept
    def load() -> Ids:
        again = read_table(args.gold, header=header)
        again.drop(score_column)
        whole = ids_of(again, name, check=False)
        whole.distinct = True  # checked when first read
        return whole

    on_file = gold_ids_on_file(args.gold, ids, table.raw(name), header=header, id_column=name,
                               score_column=score_column, load=load)  # fmt: skip
    if on_file is None:
        return ids
    table.drop(name)
    return on_file


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
    if args.no_header:
        raise DataError(
            "--no-header says that the GOLD file has no header row; --dataset has no GOLD "
            "file: drop it (--system-no-header NAME is for a system file without one)"
        )
    if (getattr(args, "bins", None) or "").startswith("labels:"):
        raise DataError("--bins labels:COLUMN needs a gold table; use a GOLD file")
    pairs = load(args.dataset, data_dir=args.data_dir)
    if not args.scale and pairs.scale is not None:
        args.scale = list(pairs.scale)
    options = options_from_args(args, None)
    ids = list(pairs.ids) if pairs.ids else None  # by id, or the order checked

    def where(i: int) -> str:
        return f"--dataset {pairs.name}, pair {i + 1}"

    systems = _read_systems(args, ids, len(pairs), f"--dataset {pairs.name}", options, where)
    scored = ~np.isnan(pairs.gold)
    if not scored.all():
        note(args, f"{pairs.name}: {int((~scored).sum())} unscored pair(s) left out")
        systems = {name: values[scored] for name, values in systems.items()}
    return pairs.gold[scored], systems, options


def _read_systems(
    args: argparse.Namespace,
    gold_ids: Sequence[str] | GoldIdsOnFile | None,
    n_gold: int,
    gold_path: str,
    options: Options,
    gold_where: Callable[[int], str],
) -> dict[str, NDArray[np.float64]]:
    """Every ``--system`` file's scores, aligned with the gold pairs (by id or by line):
    paired by id, the files of the gold's ids in the gold's order read together, piece by
    piece, beside the gold's ids (:func:`~simeval.io.gold_order.read_in_gold_order`);
    the others one at a time, each table gone before the next is read."""
    headerless = _headerless_systems(args)
    specs: dict[str, tuple[str, str | None]] = {}
    for spec in args.system:
        name, path, column = parse_system_spec(spec)
        if name in specs:
            raise DataError(f"--system {spec!r}: the name {name!r} is used twice")
        specs[name] = path, column
    in_order: list[NDArray[np.float64] | None] = [None] * len(specs)
    if args.id_column:
        files = [(path, name not in headerless, column) for name, (path, column) in specs.items()]
        in_order = read_in_gold_order(files, id_column=args.id_column, gold_ids=gold_ids)
    systems: dict[str, NDArray[np.float64]] = {}
    for (name, (path, column)), values in zip(specs.items(), in_order, strict=True):
        systems[name] = _read_system(
            args, name, path, column, name not in headerless, gold_ids, n_gold, gold_path,
            options, gold_where, values,
        )  # fmt: skip
        release_reader_memory()  # the file's ids and text, before the next is read
    return systems


def _read_system(
    args: argparse.Namespace,
    name: str,
    path: str,
    column: str | None,
    header: bool,
    gold_ids: Sequence[str] | GoldIdsOnFile | None,
    n_gold: int,
    gold_path: str,
    options: Options,
    gold_where: Callable[[int], str],
    in_order: NDArray[np.float64] | None,
) -> NDArray[np.float64]:
    """One system file's scores, aligned with the gold pairs: ``in_order`` when the file
    was read in the gold's order and its scores pass the checks below; else read by the
    general reader, whose table names the lines."""
    own = options.for_system(name).system_scale
    scale: tuple[float, float] | None = own  # type: ignore[assignment]
    if in_order is not None and (scale is None or first_outside(in_order, scale) is None):
        return in_order  # else the general reader's table names the line
    del in_order
    if isinstance(gold_ids, GoldIdsOnFile):
        gold_ids = gold_ids.load()
    table = read_table(path, header=header)
    col = default_column(table, column, [args.id_column] if args.id_column else [])
    values = table.numbers(col, parameter="system")
    if not args.id_column:  # by position; where both sides carry ids, in the same order
        if gold_ids is not None and table.has_column(ID):
            check_same_order(gold_ids, ids_of(table, ID, check=False), gold_path=gold_path,
                             system_path=path, gold_where=gold_where,
                             system_where=lambda i: table.location(i, ID))  # fmt: skip
        gold_ids = None
    rows, extra = match_rows(
        gold_ids,
        n_gold,
        ids_of(table, args.id_column, check=False) if gold_ids is not None else None,
        values.size,
        gold_path=gold_path,
        system_path=path,
    )
    if extra:
        note(args, f"{path}: {extra} row(s) with ids not in the gold file were ignored")
    if rows is not None:
        values = values[rows]
    check_range(values, table, col, rows, own, "--system-scale")  # type: ignore[arg-type]
    if args.nan_policy == "raise":
        check_filled(values, table, col, rows)
    return values
