"""Meta-evaluation: which intrinsic measure to trust for a task.

- :mod:`.ranks` — rankings of systems and the agreement between the rankings of two
  measures (Reimers, Beyer & Gurevych 2016, Table 1);
- :mod:`.predictiveness` — how well a measure predicts the ranking on an extrinsic task
  (Reimers et al. 2016, §3, Table 2);
- :mod:`.recommend` — the task-to-measure recommender (Reimers et al. 2016, Table 3);
- :mod:`.extrinsic` — the extrinsic tasks themselves (pair classification, related-item
  detection, the Wikipedia rewrite corpus).
"""

from __future__ import annotations

from .predictiveness import Predictiveness, PredictivenessTable, predictiveness
from .ranks import RankAgreement, RankAgreements, rank_agreement, rank_systems, rank_table

__all__ = [
    "Predictiveness",
    "PredictivenessTable",
    "RankAgreement",
    "RankAgreements",
    "predictiveness",
    "rank_agreement",
    "rank_systems",
    "rank_table",
]
