"""The rank agreement between metrics (Reimers et al. 2016, Table 1) as a table."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..meta.ranks import RankAgreement

__all__ = ["agreement_table"]


def agreement_table(
    agreement: Sequence[RankAgreement],
) -> tuple[list[str], list[list[Any]]]:
    """Rank agreement between metrics (Reimers et al. 2016, Table 1) as a table."""
    header = ["metric a", "metric b", "mean |Δrank|", "max |Δrank|", "Kendall τ"]
    rows: list[list[Any]] = [
        [a.metric_a, a.metric_b, a.mean_abs_diff, a.max_abs_diff, a.kendall_tau] for a in agreement
    ]
    return header, rows
