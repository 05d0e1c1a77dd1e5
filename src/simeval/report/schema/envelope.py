"""What every saved document shares: the kind, the schema version, the head fields, and
the rule for keeping per-pair scores (see :mod:`simeval.report.schema`)."""

from __future__ import annotations

from typing import Any

__all__ = ["KINDS", "SCHEMA", "SCORES_MAX_VALUES", "head", "keep_scores", "left_out"]

#: The version of the layout; a reader refuses any other.
SCHEMA = 1
#: The kinds of document, one per kind of result.
KINDS = (
    "evaluation",
    "comparison",
    "run",
    "semeval",
    "aggregate",
    "wordsim",
    "meta",
    "paraphrase",
    "explanation",
    "extrinsic",
    "scores",
)
#: Per-pair scores (the gold and every system's) are kept by default up to this many
#: numbers in a document: about 2 MB of JSON; STS-B test (1 379 pairs) with 70 systems,
#: or SICK-R (9 927 pairs) with 9.
SCORES_MAX_VALUES = 100_000


def head(kind: str, signature: str, **fields: Any) -> dict[str, Any]:
    """The first fields of a document: ``kind``, ``schema``, ``signature``, then ``fields``.

    Parameters
    ----------
    kind : str
        One of :data:`KINDS`.
    signature : str
        What reproduces the numbers.
    **fields
        The document's other head fields.

    Returns
    -------
    dict

    Examples
    --------
    >>> head("scores", "simeval:0.1|scores", model="m")
    {'kind': 'scores', 'schema': 1, 'signature': 'simeval:0.1|scores', 'model': 'm'}
    """
    return {"kind": kind, "schema": SCHEMA, "signature": str(signature), **fields}


def keep_scores(scores: bool | None, values: int) -> bool:
    """Whether a document keeps its per-pair scores: as asked, or (``scores`` None) when
    they are at most :data:`SCORES_MAX_VALUES` numbers.

    Parameters
    ----------
    scores : bool or None
        What was asked (None: by size).
    values : int
        How many numbers the scores are.

    Returns
    -------
    bool

    Examples
    --------
    >>> keep_scores(None, 1_379 * 71), keep_scores(None, 9_927 * 11), keep_scores(True, 10**7)
    (True, False, True)
    """
    return values <= SCORES_MAX_VALUES if scores is None else bool(scores)


def left_out(values: int) -> str:
    """The note of a document whose per-pair scores were left out for their size.

    Parameters
    ----------
    values : int
        How many numbers the scores are.

    Returns
    -------
    str

    Examples
    --------
    >>> left_out(109_197)
    'per-pair scores left out: 109,197 numbers, more than the 100,000 kept by default'
    """
    return (
        f"per-pair scores left out: {values:,} numbers, more than the "
        f"{SCORES_MAX_VALUES:,} kept by default"
    )
