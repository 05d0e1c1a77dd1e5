"""From the requirements of a task to the intrinsic measure to rank systems by
(Reimers, Beyer & Gurevych 2016, §4 and Table 3).

A task is described by three dimensions: **cardinality** (``1:1`` one text compared with
one other, ``1:n`` one text with a set), **set of interest** (``all`` results, the
``k-best``, or those over a ``threshold``) and **information** (the ``value``, the ``rank``,
or a ``classification``). Of the 18 combinations the paper finds nine plausible and
proposes a measure for each; the others are refused with the paper's reason.

Measures are metric expressions of :func:`simeval.metrics.registry.get_metric`:
``ndcg@k`` / ``ncg@k`` are nDCG / nCG at the task's k (pass ``k`` to fill it in), and
"harmonic mean of F1-score for low and high similarity pairs and Pearson correlation" is
the three-way ``hmean(pearson,f1_low,f1_high)``, the reading the registry gives the same
measure of Table 2.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any

from .._validate import check_int
from ..errors import InputError

__all__ = [
    "CARDINALITIES",
    "INFORMATION",
    "SETS_OF_INTEREST",
    "Recommendation",
    "parse_task",
    "plausible_combinations",
    "recommend",
]

CARDINALITIES = ("1:1", "1:n")
SETS_OF_INTEREST = ("all", "k-best", "threshold")
INFORMATION = ("value", "rank", "classification")

_SOURCE = "Reimers, Beyer & Gurevych (2016), Table 3"
_F1 = "hmean(f1_low,f1_high)"

#: (cardinality, set of interest, information) → (measure, alternatives, explanation).
_TABLE: dict[tuple[str, str, str], tuple[str, tuple[str, ...], str]] = {
    ("1:1", "all", "classification"): (
        _F1,
        (),
        "One score is mapped to a class, so what matters is whether clearly low and clearly "
        "high pairs land on the right side of the borders: the harmonic mean of F1_low and "
        "F1_high rewards getting both ends right.",
    ),
    ("1:1", "all", "value"): (
        "pearson",
        (),
        "The score itself is used, so it should be linear in the human judgement on every "
        "pair: Pearson's r measures exactly that.",
    ),
    ("1:n", "all", "rank"): (
        "ndcg",
        ("spearman",),
        "Only the order of all results is used: nDCG over all pairs (or Spearman's ρ) "
        "judges the ranking, not the values.",
    ),
    ("1:n", "all", "classification"): (
        _F1,
        (),
        "Every result is turned into a class, so both ends of the scale must be classified "
        "well: the harmonic mean of F1_low and F1_high.",
    ),
    ("1:n", "all", "value"): (
        "pearson",
        (),
        "All values are used as they are, so they must be linear in the human judgement: "
        "Pearson's r.",
    ),
    ("1:n", "k-best", "value"): (
        "hmean(ncg@k,pearson)",
        (),
        "The values of the k most similar results are used: nCG_k checks that the right "
        "results reach the top, Pearson's r that their values are right; their harmonic "
        "mean asks for both.",
    ),
    ("1:n", "k-best", "rank"): (
        "ndcg@k",
        (),
        "Only the order of the top k results matters, best first: nDCG_k weights the top "
        "positions most.",
    ),
    ("1:n", "threshold", "value"): (
        "hmean(pearson,f1_low,f1_high)",
        (),
        "Results over a threshold are kept and their values used: F1 low/high checks the "
        "cut, Pearson's r the values; the harmonic mean asks for both.",
    ),
    ("1:n", "threshold", "rank"): (
        "hmean(spearman,f1_low,f1_high)",
        (),
        "Results over a threshold are kept and ordered: F1 low/high checks the cut, "
        "Spearman's ρ the order; the harmonic mean asks for both.",
    ),
}

_ALIASES = {
    "cardinality": {"1:1": "1:1", "1-1": "1:1", "1:n": "1:n", "1-n": "1:n"},
    "set_of_interest": {
        "all": "all",
        "k-best": "k-best",
        "kbest": "k-best",
        "k_best": "k-best",
        "threshold": "threshold",
    },
    "information": {
        "value": "value",
        "rank": "rank",
        "classification": "classification",
        "class": "classification",
    },
}


@dataclass(frozen=True)
class Recommendation:
    """The measure Reimers et al. 2016 proposes for one plausible task profile.

    Attributes
    ----------
    cardinality : {"1:1", "1:n"}
    set_of_interest : {"all", "k-best", "threshold"}
    information : {"value", "rank", "classification"}
    measure : str
        The recommended measure, as a simeval metric expression.
    alternatives : tuple of str
        Other measures the paper names for the profile.
    explanation : str
        Why, in a sentence.
    source : str
        The paper and table.

    References
    ----------
    Reimers, N., Beyer, P. & Gurevych, I. (2016). Task-oriented intrinsic evaluation of
    semantic textual similarity. *Proceedings of COLING 2016*, 87–96 (§4, Table 3).

    Examples
    --------
    >>> rec = recommend("1:n", "all", "rank")
    >>> rec.task, rec.measure, rec.alternatives
    ('1:n,all,rank', 'ndcg', ('spearman',))
    """

    cardinality: str
    set_of_interest: str
    information: str
    measure: str
    alternatives: tuple[str, ...]
    explanation: str
    source: str = _SOURCE

    @property
    def task(self) -> str:
        """The profile as ``cardinality,set_of_interest,information`` (the CLI's ``--task``)."""
        return f"{self.cardinality},{self.set_of_interest},{self.information}"

    def as_dict(self) -> dict[str, Any]:
        out = asdict(self)
        out["alternatives"] = list(self.alternatives)
        return out


def _normalise(kind: str, value: str) -> str:
    key = str(value).strip().lower().replace(" ", "")
    table = _ALIASES[kind]
    if key not in table:
        choices = {
            "cardinality": CARDINALITIES,
            "set_of_interest": SETS_OF_INTEREST,
            "information": INFORMATION,
        }[kind]
        raise InputError(f"`{kind}` must be one of {', '.join(choices)}; got {value!r}")
    return table[key]


def recommend(
    cardinality: str, set_of_interest: str, information: str, *, k: int | None = None
) -> Recommendation:
    """The intrinsic measure for a task profile (Reimers et al. 2016, Table 3), or InputError with
    the
    paper's reason when the profile is not plausible.

    ``k`` (the number of best results the task uses) replaces the ``k`` of ``ndcg@k`` /
    ``ncg@k``; without it the measure keeps the placeholder.

    Parameters
    ----------
    cardinality : {"1:1", "1:n"}
        One result per query, or several.
    set_of_interest : {"all", "k-best", "threshold"}
    information : {"value", "rank", "classification"}
        What the task uses of a score.
    k : int, optional
        The number of best results the task uses.

    Returns
    -------
    Recommendation

    References
    ----------
    Reimers, N., Beyer, P. & Gurevych, I. (2016). Task-oriented intrinsic evaluation of
    semantic textual similarity. *Proceedings of COLING 2016*, 87–96 (§4, Table 3).

    Examples
    --------
    >>> recommend("1:n", "k-best", "rank").measure
    'ndcg@k'
    >>> recommend("1:n", "k-best", "value", k=10).measure
    'hmean(ncg@10,pearson)'
    >>> recommend("1:1", "k-best", "value")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    simeval.errors.InputError: (1:1, k-best, value) is not plausible: 1:1 leaves one result, ...
    """
    c = _normalise("cardinality", cardinality)
    s = _normalise("set_of_interest", set_of_interest)
    i = _normalise("information", information)
    profile = f"({c}, {s}, {i}) is not plausible"
    if c == "1:1" and s != "all":
        raise InputError(
            f"{profile}: 1:1 leaves one result, so only All is a useful set of interest "
            "(Reimers et al. 2016, §4)"
        )
    if c == "1:1" and i == "rank":
        raise InputError(
            f"{profile}: Rank needs more than one result, and 1:1 leaves one "
            "(Reimers et al. 2016, §4)"
        )
    if (c, s, i) not in _TABLE:
        raise InputError(
            f"{profile}: the paper counts nine plausible combinations and proposes no "
            "measure for this one (Reimers et al. 2016, §4, Table 3); classify all results "
            "(1:n,all,classification) or keep the ranking (rank)"
        )
    measure, alternatives, explanation = _TABLE[(c, s, i)]
    if k is not None:
        measure = measure.replace("@k", f"@{check_int(k, 'k')}")
    return Recommendation(c, s, i, measure, alternatives, explanation)


def parse_task(task: str, *, k: int | None = None) -> Recommendation:
    """Recommendation for a profile written ``cardinality,set_of_interest,information``.

    Parameters
    ----------
    task : str
        E.g. ``"1:n,k-best,rank"``.
    k : int, optional
        As :func:`recommend`.

    Returns
    -------
    Recommendation

    Examples
    --------
    >>> parse_task("1:n,all,rank").alternatives
    ('spearman',)
    """
    parts = str(task).split(",")
    if len(parts) != 3:
        raise InputError(
            f"a task is 'cardinality,set_of_interest,information' (e.g. 1:n,k-best,rank); "
            f"got {task!r}"
        )
    return recommend(*parts, k=k)


def plausible_combinations() -> tuple[Recommendation, ...]:
    """The nine plausible profiles of Table 3, in the paper's order.

    Returns
    -------
    tuple of Recommendation

    Examples
    --------
    >>> len(plausible_combinations())
    9
    """
    return tuple(recommend(*key) for key in _TABLE)
