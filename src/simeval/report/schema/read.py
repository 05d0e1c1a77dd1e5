"""Reading a saved document back: its kind and schema version known, and every field the
report reads present with the right type, or one line naming the field and what is wrong.

A field's type is written as a small spec: ``"str"``, ``"num"`` (int or float, not a
bool), ``"int"``, ``"bool"``, ``"any"``, with ``?`` when null is allowed; ``[spec]`` a
list of such items; ``{"key": spec}`` an object with these keys (``key?``: may be absent);
``("map", spec)`` an object with any keys; ``("null", spec)`` null or ``spec``;
``"doc:KIND"`` a nested document.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...errors import DataError
from .envelope import KINDS, SCHEMA

__all__ = ["read_document"]

Spec = Any

_VALUE = {"system": "str", "metric": "str", "value": "num?", "n?": "int?", "reason?": "str?"}
_INTERVAL = {"ci_low?": "num?", "ci_high?": "num?", "pvalue?": "num?"}
#: The raters' agreement and each system beside it
#: (:meth:`simeval.stats.ceiling.HumanCeiling.as_dict`).
_CEILING = {
    "agreement": {
        "n_items": "int",
        "n_raters": "int",
        "persistent": "bool",
        "n_resamples": "int",
        "measures": [
            {"name": "str", "statistic": "num?", "low": "num?", "high": "num?", "reason": "str?"}
        ],
    },
    "ceiling": {"measure": "str", "value": "num?"},
    "confidence_level": "num",
    "systems": [
        {
            "system": "str",
            "rho": "num?",
            "rho_low": "num?",
            "rho_high": "num?",
            "share": "num?",
            "difference": "num?",
            "difference_low": "num?",
            "difference_high": "num?",
            "verdict": "str?",
        }
    ],
}
_RECORDS: dict[str, Spec] = {
    "evaluation": {**_VALUE, **_INTERVAL, "bin": "str?"},
    "comparison": {**_VALUE, **_INTERVAL, "cluster": "int?"},
    "run": {**_VALUE, **_INTERVAL, "dataset": "str", "subset?": "str?", "main": "bool",
            "protocol?": "str"},
    "semeval": {**_VALUE, "dataset": "str", "bin?": "str?"},
    "aggregate": {**_VALUE, "dataset": "str", "bin?": "str?"},
    "wordsim": {
        "dataset": "str", "n": "int", "missing": "int", "rho": "num?", "p_value": "num?",
        "r": "num?", "r_lower": "num?", "r_upper": "num?", "reason": "str?",
        "human_ceiling?": _CEILING,
    },
    "meta": {
        "measure": "str", "rho": "num?", "mad": "num?", "msd": "num?", "rank": "int?",
        "ci_low": "num?", "ci_high": "num?", "n_systems": "int", "reason": "str?",
    },
    "paraphrase": {"set": "str", "source": "str?", "metric": "str", "k": "int", "value": "num?"},
    "explanation": {"set": "str", "rank": "int", "paraphrase": "str", "d": "int", "q": "num?"},
    "extrinsic": {"system": "str", "reason": "str?"},
    "scores": {"id": "str", "score": "num?"},
}  # fmt: skip
_BINS = [{"label": "str", "low": "num?", "high": "num?"}]
#: Rank intervals (:meth:`simeval.stats.rank_intervals.RankIntervals.as_dict`).
_RANKS = {
    "metric": "str", "confidence_level": "num", "alpha": "num", "n_resamples": "int",
    "n_undefined": "int",
    "systems": [{"system": "str", "value": "num?", "rank": "num", "rank_low": "num?",
                 "rank_high": "num?", "p_best": "num?"}],
    "separable_pairs": [["str"]],
    "resamples_needed?": "int?",
}  # fmt: skip
#: Who is best over a run's data sets
#: (:meth:`simeval.evaluation.collection.CollectionVerdict.as_dict`).
_COLLECTION = {
    "metric": "str",
    "aggregate": "str",
    "datasets": ["str"],
    "systems": ["str"],
    "friedman": (
        "null",
        {
            "n_datasets": "int",
            "f_statistic": "num?",
            "f_pvalue": "num?",
            "df": ["int"],
            "alpha": "num",
            "critical_difference": "num",
            "systems": [{"system": "str", "average_rank": "num"}],
            "cliques": [["str"]],
        },
    ),
    "bootstrap": (
        "null",
        {
            "aggregate": "str",
            "metric": "str",
            "alpha": "num",
            "confidence_level": "num",
            "n_resamples": "int",
            "datasets": [{"dataset": "str", "n": "int"}],
            "systems": [
                {
                    "system": "str",
                    "value": "num?",
                    "ci_low": "num?",
                    "ci_high": "num?",
                    "cluster": "int",
                }
            ],
            "ranks": _RANKS,
        },
    ),
    "reasons": {"friedman": "str?", "bootstrap": "str?"},
}
#: Each model's main score under each protocol
#: (:func:`simeval.runs.protocol_table.side_by_side`).
_PROTOCOL_TABLE = {
    "columns": [{"protocol": "str", "label": "str", "average": "str?", "differs": "str"}],
    "rows": [{"system": "str", "dataset": "str", "values": ["num?"], "reasons": ["str?"]}],
    "means": [{"system": "str", "values": ["num?"]}],
}
_FIELDS: dict[str, dict[str, Spec]] = {
    "evaluation": {
        "dataset": "str?", "systems": ["str"], "metrics": ["str"], "n": "int",
        "scale": ("null", ["num"]), "bins": _BINS, "off_scale": ("map", "str"),
        "scores": ("null", {"gold": ["num?"], "systems": ("map", ["num?"])}),
        "human_ceiling?": _CEILING,
    },
    "comparison": {
        "dataset": "str?", "systems": ["str"], "metrics": ["str"], "alpha": "num",
        "confidence_level": "num", "n_resamples": "int", "warning": "str?",
        "clusters": [{"metric": "str", "systems": [{"system": "str", "value": "num?",
                                                     "cluster": "int"}]}],
        "pairwise": [{"metric": "str", "system_a": "str", "system_b": "str",
                      "difference": "num?", "bootstrap_p": "num?", "bootstrap_p_holm": "num?"}],
        "rank_agreement": [{"metric_a": "str", "metric_b": "str", "kendall_tau": "num?"}],
        "ranks?": [_RANKS],
        "evaluation": "doc:evaluation?",
    },
    "run": {
        "protocol": "str", "headline": "str", "models": ["str"], "datasets": ["str"],
        "aggregates": [_RECORDS["aggregate"]],
        "protocols?": ["str"],
        "protocol_table?": ("null", _PROTOCOL_TABLE),
        "collection?": ("null", _COLLECTION),
        "sets": [{"dataset": "str", "evaluation": "doc:evaluation",
                  "comparison": "doc:comparison?"}],
    },
    "semeval": {"sets": ["str"], "systems": ["str"], "metrics": ["str"]},
    "aggregate": {"datasets": ["str"]},
    "wordsim": {"vectors": "str", "fisher_z_mean": "num?"},
    "meta": {"rank_agreement": [{"metric_a": "str", "metric_b": "str", "kendall_tau": "num?"}]},
    "paraphrase": {
        "judgment": "str",
        "meta": ("null", {"records": [{"dataset": "str", "metric": "str", "k": "int",
                                       "r": "num?", "ci_low": "num?", "ci_high": "num?",
                                       "n": "int"}]}),
        "recognition": [{"corpus": "str", "records": ["any"]}],
    },
    "explanation": {"term": "str", "judgment": "str"},
    "extrinsic": {"task": "str"},
    "scores": {"model": "str", "dataset": "str", "similarity": "str", "set_pairs": "int",
               "shard": ("null", {"index": "int", "count": "int"})},
}  # fmt: skip


def _describe(value: Any) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return f"the boolean {str(value).lower()}"
    if isinstance(value, str):
        text = value if len(value) <= 30 else value[:27] + "…"
        return f"the string {text!r}"
    if isinstance(value, (int, float)):
        return f"the number {value!r}"
    if isinstance(value, list):
        return "a list"
    return "an object"


def _expected(spec: Spec) -> str:
    if isinstance(spec, list):
        return "a list"
    if isinstance(spec, tuple):
        return _expected(spec[1]) + " or null" if spec[0] == "null" else "an object"
    if isinstance(spec, dict):
        return "an object"
    base = spec.rstrip("?")
    words = {"str": "a string", "num": "a number", "int": "an integer", "bool": "true or false"}
    what = f"a {base[4:]} document" if base.startswith("doc:") else words.get(base, base)
    return what + (" or null" if spec.endswith("?") else "")


def _fail(source: str, path: str, spec: Spec, value: Any) -> DataError:
    return DataError(f"{source}: {path} is {_describe(value)}; expected {_expected(spec)}")


def _check(value: Any, spec: Spec, path: str, source: str) -> None:
    """Raise DataError naming ``path`` when ``value`` does not fit ``spec``."""
    if isinstance(spec, tuple) and spec[0] == "null":
        if value is None:
            return
        spec = spec[1]
    if isinstance(spec, str):
        base = spec.removesuffix("?")
        if base == "any" or (value is None and spec.endswith("?")):
            return
        if base.startswith("doc:"):
            _check_document(value, source, path, kind=base[4:])
            return
        fits = {
            "str": isinstance(value, str),
            "bool": isinstance(value, bool),
            "int": isinstance(value, int) and not isinstance(value, bool),
            "num": isinstance(value, (int, float)) and not isinstance(value, bool),
        }
        if not fits[base]:
            raise _fail(source, path, spec, value)
    elif isinstance(spec, list):
        if not isinstance(value, list):
            raise _fail(source, path, spec, value)
        for i, item in enumerate(value):
            _check(item, spec[0], f"{path}[{i}]", source)
    elif not isinstance(value, Mapping):
        raise _fail(source, path, spec, value)
    elif isinstance(spec, tuple):  # ("map", spec of every value)
        for key, item in value.items():
            _check(item, spec[1], f"{path}.{key}", source)
    else:
        _check_fields(value, spec, path, source)


def _check_fields(
    value: Mapping[str, Any], spec: Mapping[str, Spec], path: str, source: str
) -> None:
    for key, item_spec in spec.items():
        name = key.removesuffix("?")
        where = f"{path}.{name}" if path else name
        if name not in value:
            if key.endswith("?"):
                continue
            raise DataError(f"{source}: {where} is missing; expected {_expected(item_spec)}")
        _check(value[name], item_spec, where, source)


def _check_document(doc: Any, source: str, path: str = "", kind: str | None = None) -> str:
    where = f"{path}: " if path else ""
    if not isinstance(doc, Mapping):
        raise DataError(
            f"{source}: {where}{_describe(doc)} is not a saved simeval result (a JSON object "
            "with its 'kind' and 'schema')"
        )
    found = doc.get("kind")
    if found not in KINDS:
        what = "has no 'kind'" if found is None else f"has the unknown kind {found!r}"
        raise DataError(
            f"{source}: {where}{what}; a saved simeval result is of kind {', '.join(KINDS)}"
        )
    if kind is not None and found != kind:
        raise DataError(f"{source}: {where}is of kind {found!r}; expected kind {kind!r}")
    schema = doc.get("schema")
    if schema != SCHEMA:
        what = "has no 'schema' version" if schema is None else f"has schema {schema!r}"
        raise DataError(
            f"{source}: {where}{what}; this simeval reads schema {SCHEMA}: save the result "
            "again with this version"
        )
    envelope = {"signature": "str", "records": [_RECORDS[str(found)]]}
    _check_fields(doc, {**envelope, **_FIELDS[str(found)]}, path, source)
    if found == "evaluation":
        _check_evaluation(doc, f"{source}: {path + '.' if path else ''}")
    return str(found)


def _check_evaluation(doc: Mapping[str, Any], where: str) -> None:
    """What the types cannot say: a scale of two increasing numbers, and per-pair scores
    of one length for the gold and each system, of the systems the document names."""
    scale = doc["scale"]
    if scale is not None and not (len(scale) == 2 and scale[0] < scale[1]):
        raise DataError(f"{where}scale is {scale!r}; expected [low, high] with low < high")
    if doc["n"] < 0:
        raise DataError(f"{where}n is {doc['n']}; expected a number of pairs ≥ 0")
    seen: dict[tuple[str, str, Any], int] = {}
    for i, r in enumerate(doc["records"]):
        for field, known in (("system", doc["systems"]), ("metric", doc["metrics"])):
            if r[field] not in known:
                raise DataError(
                    f"{where}records[{i}].{field} {r[field]!r} is not one of the {field}s {known}"
                )
        key = (r["system"], r["metric"], r.get("bin"))
        if key in seen:
            raise DataError(f"{where}records[{i}] repeats records[{seen[key]}] ({key})")
        seen[key] = i
    scores = doc["scores"]
    if scores is None:
        return
    n = len(scores["gold"])
    for name, values in scores["systems"].items():
        if name not in doc["systems"]:
            raise DataError(
                f"{where}scores.systems.{name} is not one of the systems {doc['systems']}"
            )
        if len(values) != n:
            raise DataError(
                f"{where}scores.systems.{name} holds {len(values)} scores and scores.gold "
                f"{n}; expected one per pair"
            )


def read_document(doc: Any, source: str = "document") -> dict[str, Any]:
    """``doc`` (parsed JSON) when it is a saved simeval result this version reads, else
    :class:`~simeval.errors.DataError` in one line naming ``source`` (the file) and the
    field, e.g. ``ev.json: records[3].value is the string '0.5'; expected a number or
    null``.

    Parameters
    ----------
    doc : object
        Parsed JSON.
    source : str, default "document"
        Where it comes from, for the message.

    Returns
    -------
    dict

    Raises
    ------
    DataError
        Not a saved simeval result of this schema (naming the field).

    Examples
    --------
    >>> read_document({"kind": "evaluation", "schema": 0}, "ev.json")
    Traceback (most recent call last):
    ...
    simeval.errors.DataError: ev.json: has schema 0; this simeval reads schema 1: save the \
result again with this version
    """
    _check_document(doc, source)
    return dict(doc)
