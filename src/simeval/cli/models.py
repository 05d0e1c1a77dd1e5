"""The options that name models and data sets and say how the models run, shared by
``simeval run`` and ``simeval score``: ``--model``, ``--dataset``, ``--data-dir`` (the files
behind them declared as inputs), ``--device``, ``--batch-size``, ``--prompt``,
``--prompt-name``, ``--similarity``; and the note on pairs a model leaves without a score."""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from typing import Any

from ._common import declare_files, note
from ._options import positive_int
from .files import dataset_inputs, model_inputs

__all__ = [
    "add_model_options",
    "add_models_and_data",
    "note_unscored",
    "scorer_options",
]


class _Distinct(argparse.Action):
    """``append`` that refuses a value given twice: two runs of one model would be two
    systems of one name."""

    def __call__(
        self,
        parser: argparse.ArgumentParser,
        namespace: argparse.Namespace,
        values: str | Sequence[Any] | None,
        option_string: str | None = None,
    ) -> None:
        before = list(getattr(namespace, self.dest, None) or [])
        if values in before:
            what = "data set" if self.dest == "dataset" else "model"
            parser.error(f"{option_string} {values} is given twice; give each {what} once")
        setattr(namespace, self.dest, [*before, values])


class _Once(argparse.Action):
    """``store`` that refuses a second value: ``simeval score`` writes one file, the scores
    of one model on one data set (a second ``--model`` would silently replace the first)."""

    def __call__(
        self,
        parser: argparse.ArgumentParser,
        namespace: argparse.Namespace,
        values: str | Sequence[Any] | None,
        option_string: str | None = None,
    ) -> None:
        before = getattr(namespace, self.dest, None)
        if before is not None:
            parser.error(
                f"{option_string} is given twice ({before}, {values}); simeval score writes "
                "the scores of one model on one data set: run one score job for each, or "
                "simeval run for several"
            )
        setattr(namespace, self.dest, values)


def add_models_and_data(p: argparse.ArgumentParser, many: bool) -> None:
    """``--model``, ``--dataset`` (each repeatable when ``many``, else given once) and
    ``--data-dir``, with the files behind them declared as inputs, and
    :func:`add_model_options`.

    Parameters
    ----------
    p : argparse.ArgumentParser
        The command's parser.
    many : bool
        Several models and data sets (``run``), or one each (``score``).

    Examples
    --------
    >>> p = argparse.ArgumentParser()
    >>> add_models_and_data(p, many=True)
    >>> p.parse_args(["--model", "minilm", "--model", "lexical:edit", "--dataset", "sts12"]).model
    ['minilm', 'lexical:edit']
    """
    p.add_argument(
        "--model",
        action=_Distinct if many else _Once,
        required=True,
        metavar="NAME",
        help="a scorer: minilm, st:FOLDER or st:ORG/NAME[@REVISION] (a model of the local "
        "Hugging Face cache), lexical:jaccard|word-tfidf|char-tfidf|edit|token-set, "
        "static:VECTORS, sif:VECTORS, wmd:VECTORS, model2vec:FOLDER"
        + (" (repeatable)" if many else " (one)"),
    )
    p.add_argument(
        "--dataset",
        action=_Distinct if many else _Once,
        required=True,
        metavar="NAME",
        help="a registered sentence-pair data set (see simeval datasets --sentences), "
        "e.g. stsb:test" + (" (repeatable)" if many else " (one)"),
    )
    p.add_argument(
        "--data-dir",
        metavar="DIR",
        help="read registered data sets from DIR (or its subfolders); nothing is downloaded",
    )
    # the model's files (vectors, its folder, the embedding cache) and the data sets'
    # folder are inputs: no output may go over or into them
    declare_files(
        p,
        folders=("data_dir",),
        read_by={"model": model_inputs, "dataset": dataset_inputs},
    )
    add_model_options(p)


def add_model_options(p: argparse.ArgumentParser) -> None:
    """How the models run: ``--device``, ``--batch-size``, ``--prompt``,
    ``--prompt-name``, ``--similarity`` (each given to the models that take it).

    Parameters
    ----------
    p : argparse.ArgumentParser
        The command's parser.

    Examples
    --------
    >>> p = argparse.ArgumentParser()
    >>> add_model_options(p)
    >>> args = p.parse_args(["--device", "cpu", "--batch-size", "8"])
    >>> args.device, args.batch_size
    ('cpu', 8)
    """
    from ..scorers import SIMILARITIES
    from ..scorers.loading import DEVICES

    p.add_argument(
        "--device",
        choices=DEVICES,
        help="where sentence-transformers models run (default cpu; auto: a GPU when torch "
        "sees one)",
    )
    p.add_argument(
        "--batch-size",
        type=positive_int,
        metavar="N",
        help="texts encoded at a time by sentence-transformers models (default 32)",
    )
    prompt = p.add_mutually_exclusive_group()
    prompt.add_argument(
        "--prompt",
        metavar="TEXT",
        help="an instruction put before every text, for instruction models "
        "(sentence-transformers' prompt)",
    )
    prompt.add_argument(
        "--prompt-name",
        metavar="NAME",
        help="the name of one of the model's own prompts (sentence-transformers' prompt_name)",
    )
    p.add_argument(
        "--similarity",
        choices=SIMILARITIES,
        help="how two embeddings compare (default: the model's own, else cosine); for "
        "sentence-transformers, model2vec, static and sif models",
    )


def scorer_options(args: argparse.Namespace) -> dict[str, Any]:
    """The model options given on the command line (those not given are left out).

    Parameters
    ----------
    args : argparse.Namespace
        The parsed command line.

    Returns
    -------
    dict
        Option → value, for :func:`simeval.scorers.get`.

    Examples
    --------
    >>> p = argparse.ArgumentParser()
    >>> add_model_options(p)
    >>> scorer_options(p.parse_args(["--batch-size", "8"]))
    {'batch_size': 8}
    """
    names = ("device", "batch_size", "prompt", "prompt_name", "similarity")
    return {k: getattr(args, k) for k in names if getattr(args, k, None) is not None}


def note_unscored(args: argparse.Namespace, model: str, dataset: str, k: int, n: int, why: str,
                  what: str) -> None:  # fmt: skip
    """The coverage note: ``k`` of the ``n`` pairs of ``dataset`` have no score.

    Parameters
    ----------
    args : argparse.Namespace
        The parsed command line (``quiet``).
    model, dataset : str
        The labels.
    k, n : int
        Pairs without a score, of how many.
    why : str
        Why they have none.
    what : str
        What becomes of them.

    Examples
    --------
    >>> args = argparse.Namespace(quiet=False)
    >>> note_unscored(args, "static:v.txt", "rg65", 2, 65, "no vector", "left out")
    >>> args._notes
    ['static:v.txt on rg65: 2 of 65 pairs have no score (no vector); left out']
    """
    if k:
        note(args, f"{model} on {dataset}: {k} of {n} pairs have no score ({why}); {what}")
