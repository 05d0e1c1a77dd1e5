"""The saved results of simeval: one versioned JSON layout for every command.

Every document a command writes with ``--format json`` (and every document the HTML page
is drawn from) is a JSON object built here::

    {"kind": "evaluation", "schema": 1, "signature": "simeval:…", "records": [...],
     "calibration": null, ...what the kind adds}

- ``kind`` says which result it is (:data:`KINDS`), ``schema`` which version of this
  layout (:data:`SCHEMA`); a reader refuses a kind or a version it does not know.
- ``signature`` makes every number reproducible (sacreBLEU style); ``records`` are the
  tidy rows (one number each, with the ``reason`` of an undefined one).
- ``calibration`` is how scores off the gold scale were mapped onto it (null: none).
- What the report needs besides: per-pair scores (``scores``; kept by default up to
  :data:`SCORES_MAX_VALUES` numbers, or always / never when asked), pairwise tests and
  significance clusters (a comparison), each data set's evaluation and comparison (a run).

Strict JSON: NaN and ±inf are ``null`` (see :func:`simeval.results.json_ready`), the
record's ``reason`` says why.
"""

from .aggregates import aggregate_document, semeval_document
from .envelope import KINDS, SCHEMA, SCORES_MAX_VALUES
from .evaluations import comparison_document, document, evaluation_document, run_document
from .mteb import mteb_task_results
from .other_results import (
    explanation_document,
    extrinsic_document,
    meta_document,
    paraphrase_document,
    wordsim_document,
)
from .read import read_document
from .scores import scores_document

__all__ = [
    "KINDS",
    "SCHEMA",
    "SCORES_MAX_VALUES",
    "aggregate_document",
    "comparison_document",
    "document",
    "evaluation_document",
    "explanation_document",
    "extrinsic_document",
    "meta_document",
    "mteb_task_results",
    "paraphrase_document",
    "read_document",
    "run_document",
    "scores_document",
    "semeval_document",
    "wordsim_document",
]
