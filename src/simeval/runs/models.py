"""The models a run is given, each with the label its results carry: scorer names, your
own objects (named by ``name=`` of :func:`simeval.scorers.from_object` or by a mapping's
keys), and the executor that runs their tasks."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ..errors import InputError, MissingExtraError, param

__all__ = ["check_options", "executor_from", "labelled_models"]


def labelled_models(models: Any) -> list[tuple[str, Any]]:
    """``(label, model)`` of each model: a scorer name is its own label; a mapping
    ``{label: model}`` names each (a name or an object); any other object becomes a
    scorer (:func:`simeval.scorers.from_object`) labelled by its ``name``.

    Parameters
    ----------
    models : str, object, sequence or mapping
        One model, several, or ``{label: model}``.

    Returns
    -------
    list of (str, object)
        Each model's label and the model (a name, or a scorer).

    Raises
    ------
    InputError
        Two models with the same label.

    Examples
    --------
    >>> labelled_models(["lexical:jaccard"])
    [('lexical:jaccard', 'lexical:jaccard')]
    >>> labelled_models({"mine": "lexical:edit"})
    [('mine', 'lexical:edit')]
    """
    from ..scorers import from_object

    if isinstance(models, str) or not isinstance(models, (Sequence, Mapping)):
        models = [models]
    items = models.items() if isinstance(models, Mapping) else ((None, m) for m in models)
    out: list[tuple[str, Any]] = []
    for label, model in items:
        if isinstance(model, str):
            out.append((str(label) if label is not None else model, model))
        else:
            scorer = from_object(model, name=None if label is None else str(label))
            out.append((scorer.name, scorer))
    labels = [label for label, _ in out]
    twice = sorted({label for label in labels if labels.count(label) > 1})
    if twice:
        raise InputError(
            f"two models are named {', '.join(map(repr, twice))}; name each with a mapping "
            "{'name': model} or simeval.scorers.from_object(model, name=...)"
        )
    return out


def executor_from(spec: Any) -> tuple[Any, Any]:
    """The executor ``spec`` names and what to close after the run: ``None`` or
    ``"local"`` (this process), ``"dask"`` (a Dask cluster on this machine, closed after),
    ``"dask://HOST:PORT"`` (the scheduler there); any other object is an executor itself
    (with ``submit``, such as a Dask ``Client``).

    Parameters
    ----------
    spec : None, str or executor
        What the user gave.

    Returns
    -------
    executor : object or None
        None: run here.
    closers : tuple or None
        What to close after the run (a Dask cluster started here, its client).

    Raises
    ------
    InputError
        An unknown name, an object without ``submit``, or no scheduler at the address.
    MissingExtraError
        ``dask`` without dask.distributed installed.

    Examples
    --------
    >>> from concurrent.futures import ThreadPoolExecutor
    >>> executor_from("local")
    (None, None)
    >>> with ThreadPoolExecutor(1) as pool:
    ...     executor_from(pool) == (pool, None)
    True
    >>> executor_from("spark")
    Traceback (most recent call last):
    simeval.errors.InputError: executor='spark': the executor is local, dask or dask://HOST:PORT
    """
    if spec is None or spec == "local":
        return None, None
    if not isinstance(spec, str):
        if not callable(getattr(spec, "submit", None)):
            raise InputError(
                f"an executor needs submit(fn, *args) (a Dask Client, a concurrent.futures "
                f"pool); got {type(spec).__name__}"
            )
        return spec, None
    if spec != "dask" and not spec.startswith("dask://"):
        raise InputError(
            f"{param('executor', spec)}: the executor is local, dask or dask://HOST:PORT"
        )
    host, colon, port = spec.removeprefix("dask://").rpartition(":")
    if spec != "dask" and not (host and colon and port.isdigit() and 0 < int(port) < 65536):
        raise InputError(
            f"{param('executor', spec)}: give the scheduler as dask://HOST:PORT, the port a "
            "number (e.g. dask://127.0.0.1:8786)"
        )
    try:
        from distributed import Client, LocalCluster
    except ImportError:
        raise MissingExtraError(
            "the dask executor needs dask.distributed; install it with: pip install 'simeval[dask]'"
        ) from None
    if spec == "dask":
        cluster = LocalCluster(dashboard_address=None)
        client = Client(cluster)
        return client, (client, cluster)
    address = "tcp://" + spec.removeprefix("dask://")
    try:
        client = Client(address, timeout=30)
    except OSError as exc:
        raise InputError(
            f"{param('executor', spec)}: no Dask scheduler answers there ({exc})"
        ) from None
    return client, (client,)


def check_options(models: Sequence[tuple[str, Any]], options: Mapping[str, Any]) -> None:
    """Every scorer option applies to at least one of the models named (an option no
    model takes would be silently ignored).

    Parameters
    ----------
    models : sequence of (str, object)
        The labelled models (:func:`labelled_models`).
    options : mapping
        The scorer options given.

    Raises
    ------
    InputError
        An option none of the named models takes.

    Examples
    --------
    >>> check_options([("m", "minilm")], {"device": "cpu"})  # minilm takes a device
    >>> check_options([("j", "lexical:jaccard")], {"device": "cpu"})
    Traceback (most recent call last):
    simeval.errors.InputError: device='cpu' applies to none of the models (j); it is an \
option of the sentence-transformers models (minilm, st:NAME)
    """
    from .. import scorers

    names = [spec for _, spec in models if isinstance(spec, str)]
    for key, value in options.items():
        if not any(key in scorers.accepted_options(name) for name in names):
            labels = ", ".join(label for label, _ in models)
            raise InputError(
                f"{param(key, value)} applies to none of the models ({labels}); it is an "
                "option of the sentence-transformers models (minilm, st:NAME)"
                + (" and of model2vec:, static: and sif: models" if key == "similarity" else "")
            )
