"""What :func:`simeval.runs.run.run` gives back: every model on every data set, the
records of each protocol, the scores, each data set's evaluation and comparison."""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

import numpy as np
from numpy.typing import NDArray

from ..errors import InputError
from .protocol_table import side_by_side
from .tasks import TaskScores

__all__ = ["RunResult"]


@dataclass(frozen=True)
class RunResult:
    """Every model on every data set: tidy ``records`` (``protocol``, ``dataset``,
    ``subset``, ``system``, ``metric``, ``value``, ``n``, interval, ``reason``, ``main``)
    as each protocol reports them (``protocol`` names them, comma-separated when there are
    several, as ``protocols`` lists them), the scores, and — whatever the protocol — each data set's
    :func:`~simeval.evaluate` (``evaluations``), its comparison with bootstrap intervals
    and paired tests when there are two or more models (``comparisons``) and, over two or
    more data sets, the ``aggregates`` of the data sets. ``tasks`` holds each model's
    scores on each data set under every similarity function scored, with their ids, the
    seconds they took and their signature; ``resumed`` the (data set, model) read back
    from earlier results; ``notes`` what the protocol says of the data sets; ``calibration``
    how each data set's measures of the gold value saw the models' scores. The saved
    document is :func:`simeval.report.schema.run_document`.

    Attributes
    ----------
    protocol : str
        The protocol's name (comma-separated when the run reports several).
    models, datasets : tuple of str
        The labels of the models and data sets.
    records : tuple of dict
        The protocol's records.
    signature : str
        Everything that determines the numbers.
    scores : mapping of (str, str) to numpy.ndarray
        (data set, model) → the model's scores under its own similarity function.
    unscored : mapping of (str, str) to int
        (data set, model) → pairs left without a score.
    evaluations, comparisons : mapping of str to Evaluation, Comparison
        Per data set.
    provenance : mapping of str to mapping
        Each data set's files and their digests.
    aggregates : tuple of dict
        Over two or more data sets.
    tasks : mapping of (str, str) to TaskScores
        Each model's scores on each data set, under every function scored.
    resumed : frozenset of (str, str)
        The (data set, model) read back from earlier results.
    notes : tuple of str
        What the protocol says of the data sets.
    scorers : mapping of str to Scorer
        Each model's scorer.
    calibration : mapping of str to str
        How each data set's measures of the gold value saw the scores.
    protocols : tuple of str
        The protocols the run reports, in order.

    Examples
    --------
    Made by :func:`~simeval.runs.run.run`. Jaccard scores the toy pairs 2/3, 1/3 and 0, in
    the gold's order (Spearman 1, MTEB's main score for a model without vectors):

    >>> from simeval.runs.run import Pairs, run
    >>> pairs = Pairs("toy", ["a cat", "a dog", "the sun"], ["a cat sat", "a cat", "rain"],
    ...               [4.5, 2.0, 0.0], scale=(0, 5))
    >>> res = run(["lexical:jaccard"], [pairs], protocol="mteb")
    >>> res.value("lexical:jaccard", "toy"), res.scores[("toy", "lexical:jaccard")].round(4)
    (1.0, array([0.6667, 0.3333, 0.    ]))
    """

    protocol: str
    models: tuple[str, ...]
    datasets: tuple[str, ...]
    records: tuple[dict[str, Any], ...]
    signature: str
    scores: Mapping[tuple[str, str], NDArray[np.float64]] = field(repr=False)
    #: (dataset, model) → pairs the model left without a score (NaN), left out of its
    #: measures under ``nan_policy="omit"``; every pair is counted, also 0.
    unscored: Mapping[tuple[str, str], int] = field(default_factory=dict, repr=False)
    evaluations: Mapping[str, Any] = field(default_factory=dict, repr=False)
    comparisons: Mapping[str, Any] = field(default_factory=dict, repr=False)
    provenance: Mapping[str, Mapping[str, Any]] = field(default_factory=dict, repr=False)
    aggregates: tuple[dict[str, Any], ...] = field(default=(), repr=False)
    tasks: Mapping[tuple[str, str], TaskScores] = field(default_factory=dict, repr=False)
    resumed: frozenset[tuple[str, str]] = field(default=frozenset(), repr=False)
    notes: tuple[str, ...] = ()
    scorers: Mapping[str, Any] = field(default_factory=dict, repr=False)
    #: data set → how its models' scores were calibrated for the measures of the gold
    #: value (``isotonic(on:stsb:dev)``, ``auto(isotonic,cv5,seed0)``, ``none``).
    calibration: Mapping[str, str] = field(default_factory=dict)
    protocols: tuple[str, ...] = ()
    #: what :meth:`collection` computed, by (metric, aggregate): its bootstrap runs once
    #: however many documents (JSON, text, page) are made of the run
    _collections: dict[tuple[str, str | None], Any] = field(
        default_factory=dict, init=False, repr=False, compare=False
    )

    def value(
        self,
        model: str,
        dataset: str,
        metric: str | None = None,
        subset: Any = None,
        protocol: str | None = None,
    ) -> float:
        """The value of ``metric`` (default: the model's main score under the protocol)
        for ``model`` on ``dataset`` (``subset`` as the records name it), under
        ``protocol`` (default: the first the run reports)."""
        protocol = protocol or (self.protocols or (self.protocol,))[0]
        for r in self.records:
            if (r["system"], r["dataset"], r.get("subset")) != (model, dataset, subset):
                continue
            if r.get("protocol", protocol) != protocol:
                continue
            if r["metric"] == metric or (metric is None and r["main"]):
                return math.nan if r["value"] is None else float(r["value"])
        what = metric or "main score"
        raise InputError(
            f"no {what} of {model!r} on {dataset!r} (subset {subset!r}, protocol {protocol!r})"
        )

    def collection(self, metric: str, aggregate: str | None = None) -> Any:
        """Who is best over the data sets by ``metric``: :func:`~simeval.evaluation.
        collection.compare_collection` of the evaluations, aggregated over the data sets by
        ``aggregate`` (None: the Fisher-z mean of a correlation), on the resamples, seed,
        confidence level and alpha of the run's comparisons (no bootstrap without them);
        None with fewer than two models or two data sets. Computed once and kept.

        Parameters
        ----------
        metric : str
            The measure compared.
        aggregate : str, optional
            How the data sets' values are put together (``"mean"``; None: Fisher z).

        Returns
        -------
        CollectionVerdict or None
        """
        if len(self.models) < 2 or len(self.evaluations) < 2:
            return None
        key = (metric, aggregate)
        if key not in self._collections:
            from ..evaluation.collection import compare_collection

            first = next(iter(self.comparisons.values()), None)
            self._collections[key] = compare_collection(
                self.evaluations,
                metric,
                aggregate=aggregate,  # type: ignore[arg-type]
                n_resamples=int(first.distribution.resamples.shape[2]) if first else 0,
                seed=first.distribution.seed if first else None,
                confidence_level=first.confidence_level if first else 0.95,
                alpha=first.alpha if first else 0.05,
            )
        return self._collections[key]

    def side_by_side(self) -> dict[str, Any]:
        """Each model's main score on each data set under each of the run's protocols
        (:func:`simeval.runs.protocol_table.side_by_side`)."""
        names = [p for p in self.protocols if p != "simeval"]
        return side_by_side(self.records, names, self.models, self.datasets)
