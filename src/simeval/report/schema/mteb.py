"""A run's results in MTEB's own layout (not simeval's document): one JSON file per model
and task, ``ORG__NAME/REVISION/TASK.json``, as ``mteb``'s ``TaskResult.to_disk`` writes
it, so that MTEB's tools read them (``mteb.ResultCache``, the leaderboard's tables)::

    {"dataset_revision": …, "task_name": "STS12", "mteb_version": null,
     "scores": {"test": [{"pearson": …, "spearman": …, "cosine_pearson": …,
                          "cosine_spearman": …, "manhattan_pearson": …, …,
                          "main_score": …, "hf_subset": "default",
                          "languages": ["eng-Latn"]}]},
     "evaluation_time": …, "kg_co2_emissions": null, "simeval": {…}}

Scores are rounded to 6 decimals, as MTEB rounds them. ``mteb_version`` is null (MTEB
did not compute these; MTEB reads a null version as its current layout). What MTEB does
not read lies under ``simeval`` (its pydantic model ignores other fields): simeval's
version, each subset's signature, evaluation time, pair ids and per-pair scores under each
similarity function — what ``simeval run --resume`` reads back.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..._version import __version__
from ...results import json_ready

if TYPE_CHECKING:
    from ...runs.result import RunResult

__all__ = ["mteb_task_results"]

#: The correlations MTEB's STS evaluator reports, in its order.
_SCORES = (
    "pearson", "spearman", "cosine_pearson", "cosine_spearman", "manhattan_pearson",
    "manhattan_spearman", "euclidean_pearson", "euclidean_spearman",
)  # fmt: skip


def _rounded(value: Any) -> Any:
    return None if value is None else round(float(value), 6)


def mteb_task_results(res: RunResult, *, skip_resumed: bool = True) -> dict[str, dict[str, Any]]:
    """Every MTEB file of a run of the ``mteb`` protocol: relative path → its content.

    A file whose every subset was read back from earlier results (``res.resumed``) is
    left out with ``skip_resumed`` (it is there already).

    Parameters
    ----------
    res : RunResult
        A run of the ``mteb`` protocol.
    skip_resumed : bool, default True
        Leave out the files read back from earlier results.

    Returns
    -------
    dict of str to dict
        Relative path (``MODEL/REVISION/TASK.json``) → the file's content.

    References
    ----------
    Muennighoff, N., Tazi, N., Magne, L. & Reimers, N. (2023). MTEB: massive text embedding
    benchmark. *EACL 2023*, 2014–2037.

    Examples
    --------
    Jaccard scores the toy pairs 2/3, 1/3 and 0, in the gold's order: Spearman 1 (the main
    score of a model without vectors):

    >>> from simeval.runs.run import Pairs, run
    >>> pairs = Pairs("toy", ["a cat", "a dog", "the sun"], ["a cat sat", "a cat", "rain"],
    ...               [4.5, 2.0, 0.0], scale=(0, 5))
    >>> res = run(["lexical:jaccard"], [pairs], protocol="mteb")
    >>> files = mteb_task_results(res)
    >>> list(files), files["lexical_jaccard/no_revision_available/toy.json"]["scores"]["test"][0]
    ... # doctest: +NORMALIZE_WHITESPACE
    (['lexical_jaccard/no_revision_available/toy.json'],
     {'pearson': 0.997949, 'spearman': 1.0, 'main_score': 1.0, 'hf_subset': 'default',
      'languages': []})
    """
    from ...runs.mteb_layout import mteb_task, result_path
    from ...runs.tasks import dataset_digest

    files: dict[str, dict[str, Any]] = {}
    fresh: set[str] = set()
    for model in res.models:
        scorer = res.scorers[model]
        for dataset in res.datasets:
            task = res.tasks[(dataset, model)]
            name, split, subset, languages = mteb_task(dataset)
            path = str(result_path("", model, scorer, dataset))
            if (dataset, model) not in res.resumed:
                fresh.add(path)
            rows = {
                r["metric"]: r for r in res.records
                if (r["system"], r["dataset"], r.get("subset")) == (model, dataset, None)
            }  # fmt: skip
            entry = {k: _rounded(rows[k]["value"]) for k in _SCORES if k in rows}
            main = next(r for r in rows.values() if r["main"])
            entry.update(main_score=_rounded(main["value"]), hf_subset=subset,
                         languages=list(languages))  # fmt: skip
            doc = files.setdefault(path, {
                "dataset_revision": "", "task_name": name, "mteb_version": None,
                "scores": {}, "evaluation_time": 0.0, "kg_co2_emissions": None,
                "simeval": {"version": __version__, "protocol": res.protocol, "model": model,
                            "subsets": {}},
            })  # fmt: skip
            digest = dataset_digest(res.tasks[(dataset, model)].task.dataset)
            doc["dataset_revision"] = ";".join(filter(None, [doc["dataset_revision"], digest]))
            doc["scores"].setdefault(split, []).append(entry)
            doc["evaluation_time"] += task.seconds
            doc["simeval"]["subsets"][subset] = {
                "dataset": dataset, "signature": task.signature,
                "evaluation_time": task.seconds, "ids": list(task.ids),
                "scores": {fn: v for fn, v in task.scores.items()},
            }  # fmt: skip
    keep = fresh if skip_resumed else set(files)
    return {path: json_ready(doc) for path, doc in files.items() if path in keep}
