"""Extrinsic tasks of Reimers et al. (2016, §3.1) built on one similarity score per item:
k-fold cross-validated classification (OneR with optimized buckets, or logistic
regression, or the better of the two as the paper chose), top-1 related-item detection,
and task 1 itself on the Wikipedia Rewrite corpus (Clough & Stevenson 2011).
"""

from __future__ import annotations

from .classify import (
    ClassifierChoice,
    CrossValidationResult,
    OneRModel,
    cross_validated_accuracy,
    macro_f1,
    majority_baseline,
    oner_fit,
    select_classifier,
    stratified_folds,
)
from .detect import query_groups, top1_accuracy, top1_detection, top1_hits
from .rewrite import RewriteAnswer, load_wikipedia_rewrite, rewrite_classification

__all__ = [
    "ClassifierChoice",
    "CrossValidationResult",
    "OneRModel",
    "RewriteAnswer",
    "cross_validated_accuracy",
    "load_wikipedia_rewrite",
    "macro_f1",
    "majority_baseline",
    "oner_fit",
    "query_groups",
    "rewrite_classification",
    "select_classifier",
    "stratified_folds",
    "top1_accuracy",
    "top1_detection",
    "top1_hits",
]
