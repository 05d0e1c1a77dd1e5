"""The conventions of the tools users compare against, side by side, so that a number can
be reproduced and compared with the one a paper or a leaderboard printed.

- ``mteb`` (MTEB's STS tasks, its ``STSEvaluator``): over all scored pairs of the task's
  test set (STS12–16 pooled per year, SICK-R all 9 927 pairs, STS-B the test split),
  Pearson's r and Spearman's ρ of the model's own similarity (``pearson``, ``spearman``)
  and, for a model that gives vectors, of cosine similarity, −L1 and −L2
  (``cosine_pearson``, ``cosine_spearman``, ``manhattan_*``, ``euclidean_*``); the main
  score is ``cosine_spearman`` (``spearman`` for a scorer without vectors).
- ``senteval`` (SentEval's STS12–16): Pearson and Spearman per subset of a year, then their
  plain ``mean`` and their ``wmean`` weighted by the subsets' pairs; no pooled value. On
  STS-B and SICK-R SentEval trains a regressor on the sentence embeddings (Conneau &
  Kiela 2018); simeval reports the cosine there, as SimCSE's fork of SentEval does.
- ``simcse`` (SimCSE's evaluation, Gao et al. 2021): SentEval's subsets plus the pooled
  ``all``, which it reports for STS12–16 (Spearman); STS-B and SICK-R as one set each —
  SICK-R is its 4 927-pair test split (``sick:test``), as SimCSE's evaluation uses; ``avg``
  over the tasks.
- ``st`` (sentence-transformers' ``EmbeddingSimilarityEvaluator``): Pearson and Spearman
  for each similarity function (cosine, manhattan = −L1, euclidean = −L2, dot); the main
  score is Spearman of the model's own function.
- ``simeval``: every measure of :func:`simeval.evaluate` with its interval, on each data
  set as one set.

Every record names its ``protocol`` (the run's signature names them too) and its
``subset`` (a SemEval subset, ``all`` for a pooled year, ``mean``/``wmean`` for SentEval's
averages).

Protocols side by side (``protocol="all"`` or a list, :func:`protocols_of`): the main score
of each model on each data set under each convention, one :class:`Column` per number a
convention publishes, with a line saying what it does differently
(:func:`simeval.runs.protocol_table.side_by_side`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..errors import InputError

__all__ = [
    "MTEB_SIMILARITIES",
    "PROTOCOLS",
    "SIDE_BY_SIDE",
    "ST_SIMILARITIES",
    "Column",
    "Protocol",
    "get_protocol",
    "protocols_of",
]

#: The similarity functions of sentence-transformers' evaluator, in its order.
ST_SIMILARITIES = ("cosine", "manhattan", "euclidean", "dot")
#: The similarity functions MTEB's STS evaluator reports besides the model's own.
MTEB_SIMILARITIES = ("cosine", "manhattan", "euclidean")


@dataclass(frozen=True)
class Column:
    """A number a convention publishes for a model on a data set: its main score pooled
    over the data set (``average`` None; a SemEval year's subsets together), or SentEval's
    ``mean``/``wmean`` of the subsets' scores; ``differs`` says in one line what the
    convention does differently from the others.

    Attributes
    ----------
    label : str
        The column's heading (``SentEval mean``).
    average : str or None
        SentEval's average of the subsets (``mean``, ``wmean``), or None: pooled.
    differs : str
        What the convention does differently, in one line.

    Examples
    --------
    >>> [c.label for c in get_protocol("senteval").columns]
    ['SentEval mean', 'SentEval wmean']
    """

    label: str
    average: str | None
    differs: str


@dataclass(frozen=True)
class Protocol:
    """A convention: how a data set is cut (subsets, pooled), which measures are reported
    and which one is the main score; ``columns`` are the numbers it publishes, side by
    side with the other conventions' (none for ``simeval``'s every measure).

    Attributes
    ----------
    name, description : str
        The protocol's name and what it reports.
    main_metric : str
        The main score's record name (:func:`main_metric` refines it per model).
    per_subset, pooled : bool
        Whether the correlations are reported per subset of a data set, and over its
        pooled pairs.
    averages : tuple of str
        SentEval's averages of the subsets (``mean``, ``wmean``).
    similarities : tuple of str
        The similarity functions reported besides the model's own.
    substitutes : tuple of (str, str)
        Registered data sets the protocol reads another split of.
    notes : tuple
        What the output says of data sets the protocol treats otherwise than its toolkit.
    columns : tuple
        The numbers the protocol publishes, each with what differs from the others (for
        the table of protocols side by side).
    across_datasets : str or None
        The aggregate over data sets the tool reports (``mean``); None: simeval's default.

    References
    ----------
    Conneau, A. & Kiela, D. (2018). SentEval: an evaluation toolkit for universal sentence
    representations. *LREC 2018*.

    Gao, T., Yao, X. & Chen, D. (2021). SimCSE: simple contrastive learning of sentence
    embeddings. *EMNLP 2021*, 6894–6910.

    Muennighoff, N., Tazi, N., Magne, L. & Reimers, N. (2023). MTEB: massive text embedding
    benchmark. *EACL 2023*, 2014–2037.

    Examples
    --------
    >>> simcse = get_protocol("simcse")
    >>> simcse.per_subset, simcse.pooled, simcse.dataset_for("sickr"), simcse.dataset_for("sts12")
    (True, True, 'sick:test', 'sts12')
    >>> simcse.notes_for(["sickr", "stsb"])
    ["sickr: SimCSE's evaluation reads SICK-R's test split (sick:test, 4927 pairs)"]
    """

    name: str
    description: str
    main_metric: str
    per_subset: bool
    pooled: bool
    averages: tuple[str, ...] = ()
    #: The similarity functions reported besides the model's own (for models with vectors).
    similarities: tuple[str, ...] = ()
    #: Registered data sets the protocol reads another split of: name → the split read.
    substitutes: tuple[tuple[str, str], ...] = ()
    #: What the output says of data sets it treats otherwise than their toolkit:
    #: (data set names, the note).
    notes: tuple[tuple[tuple[str, ...], str], ...] = ()
    columns: tuple[Column, ...] = ()
    #: How the tool combines a model's scores over data sets, and so the aggregate the
    #: verdict over a run's data sets bootstraps: the plain mean (MTEB's average of its STS
    #: tasks, SentEval's and SimCSE's ``avg``); None: simeval's default, the Fisher-z mean
    #: of a correlation (:func:`simeval.evaluation.collection.default_aggregate`).
    across_datasets: str | None = "mean"

    def dataset_for(self, name: str) -> str:
        """The registered data set the protocol reads for ``name``."""
        return dict(self.substitutes).get(name, name)

    def notes_for(self, names: Sequence[str]) -> list[str]:
        """The protocol's notes on the data sets ``names`` (those it treats otherwise)."""
        out = []
        for sets, note in self.notes:
            hit = [n for n in names if n in sets or n.split(":")[0] in sets]
            if hit:
                out.append(f"{', '.join(hit)}: {note}")
        return out


PROTOCOLS: dict[str, Protocol] = {
    p.name: p
    for p in (
        Protocol(
            "mteb",
            "MTEB: Spearman of cosine similarity over the pooled test set (main), Pearson, "
            "and both for the model's own similarity, -L1 and -L2",
            "spearman",
            per_subset=False,
            pooled=True,
            similarities=MTEB_SIMILARITIES,
            columns=(
                Column(
                    "MTEB",
                    None,
                    "Spearman of the cosine (of the model's own score without vectors) over "
                    "all the data set's pairs: a SemEval year's subsets pooled, SICK-R's "
                    "9,927 pairs",
                ),
            ),
        ),
        Protocol(
            "senteval",
            "SentEval: Pearson and Spearman per subset, their mean and weighted mean; on "
            "STS-B and SICK-R SentEval trains a regressor, simeval reports the cosine (as "
            "SimCSE's fork)",
            "spearman",
            per_subset=True,
            pooled=False,
            averages=("mean", "wmean"),
            notes=(
                (
                    ("stsb", "sick", "sickr"),
                    "SentEval trains a regressor on the embeddings for STS-B and SICK-R; "
                    "simeval reports the cosine's correlations instead, as SimCSE's fork of "
                    "SentEval does",
                ),
            ),
            columns=(
                Column(
                    "SentEval mean",
                    "mean",
                    "Spearman within each subset of a SemEval year, then their plain mean (a "
                    "set without subsets is one; SentEval fits a regressor on STS-B and "
                    "SICK-R, simeval takes the cosine)",
                ),
                Column(
                    "SentEval wmean",
                    "wmean",
                    "the same per-subset Spearman, weighted by the subsets' numbers of pairs",
                ),
            ),
        ),
        Protocol(
            "simcse",
            "SimCSE: SentEval's subsets plus the pooled 'all' (reported), 'avg' over tasks; "
            "SICK-R is its 4927-pair test split",
            "spearman",
            per_subset=True,
            pooled=True,
            substitutes=(("sickr", "sick:test"),),
            notes=(
                (
                    ("sickr",),
                    "SimCSE's evaluation reads SICK-R's test split (sick:test, 4927 pairs)",
                ),
            ),
            columns=(
                Column(
                    "SimCSE",
                    None,
                    "Spearman over a SemEval year's subsets pooled ('all'), as MTEB; SICK-R "
                    "is its 4,927-pair test split, not all 9,927 pairs",
                ),
            ),
        ),
        Protocol(
            "st",
            "sentence-transformers' evaluator: Pearson and Spearman per similarity function",
            "spearman_cosine",
            per_subset=False,
            pooled=True,
            similarities=ST_SIMILARITIES,
            columns=(
                Column(
                    "sentence-transformers",
                    None,
                    "EmbeddingSimilarityEvaluator: Spearman of the model's own similarity "
                    "function (the cosine unless the model names another) over the pairs "
                    "given, pooled",
                ),
            ),
        ),
        Protocol(
            "simeval",
            "simeval: every measure of evaluate, with intervals, on each data set",
            "pearson",
            per_subset=False,
            pooled=True,
            across_datasets=None,
        ),
    )
}


#: The conventions of other tools, in the order of the table ``protocol="all"`` prints.
SIDE_BY_SIDE = ("mteb", "senteval", "simcse", "st")


def get_protocol(name: str) -> Protocol:
    """The protocol called ``name``; an unknown one lists the known ones.

    Parameters
    ----------
    name : str
        One of :data:`PROTOCOLS`.

    Returns
    -------
    Protocol

    Raises
    ------
    InputError
        An unknown name.

    Examples
    --------
    >>> get_protocol("senteval").averages
    ('mean', 'wmean')
    >>> get_protocol("glue")
    Traceback (most recent call last):
    simeval.errors.InputError: unknown protocol 'glue'; known: mteb, senteval, simcse, st, simeval
    """
    if name not in PROTOCOLS:
        raise InputError(f"unknown protocol {name!r}; known: {', '.join(PROTOCOLS)}")
    return PROTOCOLS[name]


def protocols_of(protocol: str | Sequence[str]) -> tuple[Protocol, ...]:
    """The protocols a run reports: one name, ``"all"`` (:data:`SIDE_BY_SIDE`, the
    conventions of other tools), or several, as a comma-separated string or a sequence.
    ``simeval`` (every measure of :func:`simeval.evaluate`) goes alone.

    Parameters
    ----------
    protocol : str or sequence of str
        ``mteb``, ``senteval``, ``simcse``, ``st``, ``simeval``; ``all``; or several.

    Returns
    -------
    tuple of Protocol
        In the order given, each once.

    Raises
    ------
    InputError
        An unknown name, or ``simeval`` with others.

    Examples
    --------
    >>> [p.name for p in protocols_of("all")]
    ['mteb', 'senteval', 'simcse', 'st']
    >>> [p.name for p in protocols_of("mteb, senteval")]
    ['mteb', 'senteval']
    """
    names = protocol.split(",") if isinstance(protocol, str) else list(protocol)
    names = [n.strip() for n in names if isinstance(n, str) and n.strip()] or [""]
    if names == ["all"]:
        names = list(SIDE_BY_SIDE)
    elif "all" in names:
        raise InputError(
            f"protocol 'all' goes alone (it is {', '.join(SIDE_BY_SIDE)}); got {protocol!r}"
        )
    out = tuple(get_protocol(n) for n in dict.fromkeys(names))
    if len(out) > 1 and any(p.name == "simeval" for p in out):
        raise InputError(
            "the simeval protocol reports every measure of evaluate and goes alone; list "
            f"the conventions of other tools together ({', '.join(SIDE_BY_SIDE)}) or 'all'"
        )
    return out
