"""Paraphrase patterns: EP, EPR and DIMPLE, and how well they predict a task.

Shima & Mitamura (2011), *Diversity-aware Evaluation for Paraphrase Patterns*:
:func:`ep`, :func:`epr` and :func:`dimple` score ranked paraphrases of source terms with
human quality Q and lexical diversity D (:func:`diversity`, Algorithm 1);
:func:`recognize` scores a set by paraphrase recognition on a corpus such as MSRP
(§3.4) and :func:`meta_evaluate` correlates the metrics with such task scores (Tables 2–3).

Stemming needs the ``paraphrase`` extra (``snowballstemmer``), imported on first use.

>>> from simeval import paraphrase as pp
>>> lists = {"killed": [("shot and killed", 1), ("reported killed", 1),
...                     ("killed in", 1), ("assassinated", 1)]}
>>> pp.ep(lists, k=4).statistic, pp.epr(lists, k=4).statistic
(1.0, 0.25)
"""

from __future__ import annotations

from .diversity import DiversityStep, diversity, diversity_steps
from .explain import PatternExplanation, explain
from .io import PATTERN_COLUMNS, read_extrinsic, read_patterns
from .meta_evaluation import MetaCell, MetaEvaluation, bootstrap_pearson, meta_evaluate
from .metrics import (
    METRICS,
    PatternMetricResult,
    PatternScores,
    SetScore,
    TermScore,
    dimple,
    ep,
    epr,
    score_patterns,
)
from .patterns import JUDGMENTS, Patterns
from .recognition import MEASURES, Recognition, recognize, task_scores
from .text import Analyzer, default_analyzer, nltk_stopwords, read_stopwords, tokenize

__all__ = [
    "JUDGMENTS",
    "MEASURES",
    "METRICS",
    "PATTERN_COLUMNS",
    "Analyzer",
    "DiversityStep",
    "MetaCell",
    "MetaEvaluation",
    "PatternExplanation",
    "PatternMetricResult",
    "PatternScores",
    "Patterns",
    "Recognition",
    "SetScore",
    "TermScore",
    "bootstrap_pearson",
    "default_analyzer",
    "dimple",
    "diversity",
    "diversity_steps",
    "ep",
    "epr",
    "explain",
    "meta_evaluate",
    "nltk_stopwords",
    "read_extrinsic",
    "read_patterns",
    "read_stopwords",
    "recognize",
    "score_patterns",
    "task_scores",
    "tokenize",
]
