"""MTEB's results layout: where a model's result on a task lies
(``DIR/ORG__NAME/REVISION/TASK.json``, as ``mteb.ResultCache`` writes it), which MTEB task
and split a registered data set is, and reading back the scores simeval kept in such a
file (for ``resume``). The file itself is built by
:func:`simeval.report.schema.mteb_task_result`."""

from __future__ import annotations

import json
import math
import re
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import numpy as np

from .._validate import first_outside
from ..errors import DataError
from .tasks import TaskScores

__all__ = [
    "MTEB_TASKS",
    "mteb_model",
    "mteb_task",
    "result_path",
    "resumed_scores",
    "stored_scores",
]

#: Registered data set → (MTEB task name, split, hf_subset, languages).
MTEB_TASKS: dict[str, tuple[str, str, str, tuple[str, ...]]] = {
    "stsb:test": ("STSBenchmark", "test", "default", ("eng-Latn",)),
    "stsb:dev": ("STSBenchmark", "validation", "default", ("eng-Latn",)),
    "stsb:train": ("STSBenchmark", "train", "default", ("eng-Latn",)),
    "sickr": ("SICK-R", "test", "default", ("eng-Latn",)),
    **{f"sts{y}": (f"STS{y}", "test", "default", ("eng-Latn",)) for y in range(12, 17)},
    "sts17:track1.ar-ar": ("STS17", "test", "ar-ar", ("ara-Arab",)),
    "sts17:track3.es-es": ("STS17", "test", "es-es", ("spa-Latn",)),
    "sts17:track5.en-en": ("STS17", "test", "en-en", ("eng-Latn",)),
}
#: MTEB's folder name of a model whose revision it does not know.
NO_REVISION = "no_revision_available"


def _path_name(name: str) -> str:
    """MTEB's ``model_name_as_path`` (``/`` → ``__``, space → ``_``), with what a file
    name cannot hold (``:`` and the like) as ``_`` too.

    >>> _path_name("sentence-transformers/all-MiniLM-L6-v2"), _path_name("lexical:jaccard")
    ('sentence-transformers__all-MiniLM-L6-v2', 'lexical_jaccard')
    """
    return re.sub(r"[^\w.\-]", "_", name.replace("/", "__").replace(" ", "_"))


def mteb_task(dataset: str) -> tuple[str, str, str, tuple[str, ...]]:
    """(task name, split, hf_subset, languages) of a data set: MTEB's for the sets MTEB
    has (:data:`MTEB_TASKS`), else the data set's name as a file name, split ``test``,
    subset ``default`` and no language known.

    Parameters
    ----------
    dataset : str
        A data set's label.

    Returns
    -------
    (str, str, str, tuple of str)

    Examples
    --------
    >>> mteb_task("stsb:test"), mteb_task("my:set")
    (('STSBenchmark', 'test', 'default', ('eng-Latn',)), ('my_set', 'test', 'default', ()))
    """
    if dataset in MTEB_TASKS:
        return MTEB_TASKS[dataset]
    return _path_name(dataset), "test", "default", ()


def mteb_model(label: str, scorer: Any) -> tuple[str, str]:
    """(model name, revision) of a model as MTEB names them: the scorer's Hugging Face id
    (``model_id``) and ``revision`` when it has them, else its label and
    ``no_revision_available``.

    Parameters
    ----------
    label : str
        The model's label in the run.
    scorer : Scorer
        Its scorer.

    Returns
    -------
    (str, str)

    Examples
    --------
    >>> from types import SimpleNamespace as NS
    >>> mteb_model("mine", NS()), mteb_model("mine", NS(model_id="org/m", revision="abc1"))
    (('mine', 'no_revision_available'), ('org/m', 'abc1'))
    """
    name = getattr(scorer, "model_id", None) or label
    return str(name), str(getattr(scorer, "revision", None) or NO_REVISION)


def result_path(directory: str | Path, label: str, scorer: Any, dataset: str) -> Path:
    """Where MTEB keeps the result of model ``label`` on ``dataset`` under ``directory``.

    Parameters
    ----------
    directory : path
        The results folder.
    label : str
        The model's label.
    scorer : Scorer
        Its scorer (:func:`mteb_model`).
    dataset : str
        The data set's label (:func:`mteb_task`).

    Returns
    -------
    Path

    Examples
    --------
    >>> result_path("results", "lexical:jaccard", object(), "stsb:test").as_posix()
    'results/lexical_jaccard/no_revision_available/STSBenchmark.json'
    """
    name, revision = mteb_model(label, scorer)
    return (
        Path(directory) / _path_name(name) / _path_name(revision) / f"{mteb_task(dataset)[0]}.json"
    )


def stored_scores(
    path: Path,
    signature: str,
    functions: Sequence[str],
    subset: str,
    bounds: Mapping[str, tuple[float, float]] | None = None,
) -> dict[str, Any] | None:
    """The per-pair scores simeval kept in the MTEB file ``path`` for ``subset`` (ids,
    scores per similarity function, seconds), when the file exists, is readable, was
    written for ``signature`` and holds every one of ``functions``; else None.

    Parameters
    ----------
    path : Path
        The MTEB result file.
    signature : str
        The task signature the scores must have been written for.
    functions : sequence of str
        The similarity functions needed.
    subset : str
        The task's ``hf_subset``.
    bounds : mapping of str to (float, float), optional
        The range of a similarity function's scores (cosine: [−1, 1]), where bounded.

    Returns
    -------
    dict or None
        ``ids``, ``scores`` (similarity function → scores, null read as NaN) and
        ``seconds``.

    Raises
    ------
    DataError
        A file written for ``signature`` whose ids or scores are not what simeval wrote
        (a score that is not a number, fewer scores than ids), naming the field.

    Examples
    --------
    >>> import tempfile
    >>> kept = {"signature": "sig", "ids": [1, 2], "scores": {"cosine": [0.5, None]},
    ...         "evaluation_time": 1.5}
    >>> path = Path(tempfile.mkdtemp()) / "STSBenchmark.json"
    >>> _ = path.write_text(json.dumps({"simeval": {"subsets": {"default": kept}}}))
    >>> found = stored_scores(path, "sig", ["cosine"], "default")
    >>> found["ids"], found["scores"]["cosine"].tolist(), found["seconds"]
    (('1', '2'), [0.5, nan], 1.5)
    >>> stored_scores(path, "another signature", ["cosine"], "default") is None
    True
    """
    try:
        doc = json.loads(path.read_text(encoding="utf-8"))
        kept = doc["simeval"]["subsets"][subset]
    except (OSError, ValueError, KeyError, TypeError):
        return None
    if not isinstance(kept, dict) or kept.get("signature") != signature:
        return None
    scores = kept.get("scores") or {}
    if not isinstance(scores, dict) or not all(fn in scores for fn in functions):
        return None
    where = f"{path}: simeval.subsets.{subset}"
    again = "delete the file to score it again"
    ids = kept.get("ids")
    if not isinstance(ids, list) or not all(isinstance(i, (str, int)) for i in ids):
        raise DataError(f"{where}.ids is not a list of ids; {again}")
    for fn, values in scores.items():
        if not isinstance(values, list) or len(values) != len(ids):
            size = f"{len(values)} scores" if isinstance(values, list) else "no list"
            raise DataError(f"{where}.scores.{fn} holds {size} for {len(ids)} ids; {again}")
        for i, v in enumerate(values):
            if v is not None and (isinstance(v, bool) or not isinstance(v, (int, float))):
                raise DataError(
                    f"{where}.scores.{fn}[{i}] is {v!r}; expected a number or null; {again}"
                )
            if isinstance(v, float) and not math.isfinite(v):  # NaN or Infinity tokens
                raise DataError(
                    f"{where}.scores.{fn}[{i}] is {v}; expected a finite number or null (a "
                    f"pair left unscored); {again}"
                )
        bound = (bounds or {}).get(fn)
        found = first_outside(np.array(values, dtype=np.float64), bound) if bound else None
        if found is not None:
            i = found[0]
            raise DataError(
                f"{where}.scores.{fn}[{i}] is {values[i]}, outside {fn}'s range "
                f"[{bound[0]:g}, {bound[1]:g}]; {again}"  # type: ignore[index]
            )
    seconds = kept.get("evaluation_time")
    return {
        "ids": tuple(str(i) for i in ids),
        "scores": {fn: np.array(values, dtype=np.float64) for fn, values in scores.items()},
        "seconds": float(seconds) if isinstance(seconds, (int, float)) else 0.0,
    }


def resumed_scores(task: Any, stored: dict[str, Any], signature: str) -> TaskScores:
    """A :class:`TaskScores` of scores read back from an MTEB file (null read as NaN).

    Parameters
    ----------
    task : Task
        The task whose scores these are.
    stored : dict
        What :func:`stored_scores` read.
    signature : str
        The task's signature.

    Returns
    -------
    TaskScores

    Examples
    --------
    >>> stored = {"ids": ("1", "2"), "scores": {"cosine": np.array([0.5, 0.7])}, "seconds": 1.5}
    >>> resumed_scores(None, stored, "sig").set_pairs
    2
    """
    ids = stored["ids"]
    return TaskScores(task, ids, stored["scores"], stored["seconds"], signature, len(ids))
