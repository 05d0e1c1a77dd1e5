"""Lining system scores up with the gold pairs: by an id column, or line by line."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from ..errors import DataError

__all__ = ["align_rows"]


def align_rows(
    gold_ids: Sequence[Any] | None,
    n_gold: int,
    system_ids: Sequence[Any] | None,
    n_system: int,
    *,
    gold_path: str,
    system_path: str,
) -> tuple[np.ndarray, int]:
    """The row of the system file for each gold pair, and how many system rows were left
    unused. With ids, every gold id needs a system row (extra system rows are allowed and
    counted); without ids, both files must have the same number of rows.

    Parameters
    ----------
    gold_ids, system_ids : sequence or None
        The id of each row; ``None`` aligns line by line.
    n_gold, n_system : int
        Rows of each file.
    gold_path, system_path : str
        File names for the error messages.

    Returns
    -------
    tuple
        ``(rows, unused)``: the system row of each gold pair, and the count of system rows
        no gold pair uses.

    Examples
    --------
    >>> align_rows(["b", "a"], 2, ["a", "b", "c"], 3, gold_path="g", system_path="s")
    (array([1, 0]), 1)
    """
    if gold_ids is None or system_ids is None:
        if n_system != n_gold:
            raise DataError(
                f"{system_path} has {n_system} scores but {gold_path} has {n_gold}; "
                "they must align line by line (or pass --id-column)"
            )
        return np.arange(n_system), 0
    position = {v: i for i, v in enumerate(system_ids)}
    missing = [v for v in gold_ids if v not in position]
    if missing:
        raise DataError(
            f"{system_path}: {len(missing)} gold id(s) have no score (first: {missing[0]!r}); "
            f"every id in {gold_path} needs a row"
        )
    rows = np.fromiter((position[v] for v in gold_ids), dtype=np.intp, count=len(gold_ids))
    return rows, len(system_ids) - len(gold_ids)
