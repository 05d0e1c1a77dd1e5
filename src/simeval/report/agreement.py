"""The rank agreement between metrics (Reimers et al. 2016, Table 1) as a table."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..meta.ranks import RankAgreement

__all__ = ["agreement_table"]


def agreement_table(
    agreement: Sequence[RankAgreement],
) -> tuple[list[str], list[list[Any]]]:
    """Rank agreement between metrics (Reimers et al. 2016, Table 1) as a table.

    Parameters
    ----------
    agreement : sequence of RankAgreement
        One per pair of metrics.

    Returns
    -------
    header : list of str
    rows : list of list

    References
    ----------
    Reimers, N., Beyer, P. & Gurevych, I. (2016). Task-oriented intrinsic evaluation of
    semantic textual similarity. *COLING 2016*, 87–96, Table 1.

    Examples
    --------
    Pearson ranks systems A … E 3, 1, 2, 5, 4 and NMSSE (lower is better) 1 … 5: the ranks
    differ by 2, 1, 1, 1, 1, a mean of 1.2 and a maximum of 2:

    >>> from simeval.meta.ranks import rank_agreement
    >>> table = {"pearson": {"A": 0.7, "B": 0.9, "C": 0.8, "D": 0.5, "E": 0.6},
    ...          "nmsse": {"A": 0.1, "B": 0.2, "C": 0.3, "D": 0.4, "E": 0.5}}
    >>> header, rows = agreement_table(rank_agreement(table))
    >>> rows[0][:4]
    ['pearson', 'nmsse', 1.2, 2.0]
    """
    header = ["metric a", "metric b", "mean |Δrank|", "max |Δrank|", "Kendall τ"]
    rows: list[list[Any]] = [
        [a.metric_a, a.metric_b, a.mean_abs_diff, a.max_abs_diff, a.kendall_tau] for a in agreement
    ]
    return header, rows
