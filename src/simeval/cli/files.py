"""Which files a command reads and writes: :func:`declare_files` tells them per option of
its parser, and :func:`plan_outputs` makes the :class:`~simeval.io.safe_output.OutputPlan`
of a parsed command line (outputs checked against every input before the command runs)."""

from __future__ import annotations

import argparse
from collections.abc import Callable, Iterable, Mapping, Sequence
from pathlib import Path

from ..io.safe_output import OutputPlan

__all__ = ["ReadBy", "dataset_inputs", "declare_files", "model_inputs", "plan_outputs"]


def _option_label(parser: argparse.ArgumentParser, dest: str) -> str:
    for action in parser._actions:
        if action.dest == dest:
            if action.option_strings:
                return max(action.option_strings, key=len)
            return str(action.metavar or dest.upper())
    raise ValueError(f"no option with dest {dest!r}")  # a programming error


#: What one value of an option reads, told before the command runs: (the value, the
#: parsed command line) → the files and folders behind it (a model's vector file or
#: folder, a registered data set's folder, a cache), as the library tells them.
ReadBy = Callable[[str, argparse.Namespace], Iterable[Path]]


def declare_files(
    parser: argparse.ArgumentParser,
    *,
    inputs: Sequence[str] = (),
    folders: Sequence[str] = (),
    outputs: Sequence[str] = (),
    systems: Sequence[str] = (),
    read_by: Mapping[str, ReadBy] | None = None,
    reads: Callable[[argparse.Namespace], Iterable[tuple[str, Path]]] | None = None,
    extras: Mapping[str, tuple[str, str]] | None = None,
) -> None:
    """Tell :func:`simeval.cli.main` which options of ``parser`` (by ``dest``) name input
    files, input folders, ``NAME=FILE[:COLUMN]`` inputs (``systems``), things whose files
    the library tells (``read_by``: dest → :data:`ReadBy`, e.g. ``--model`` →
    :func:`simeval.scorers.inputs`), what the command reads that no option names
    (``reads``: the parsed command line → (label, path) pairs, e.g. the cache) and output
    files, and which output options need an optional module (``extras``: dest →
    (module, extra)). The command's outputs are then
    checked against all its inputs before it runs and written all or nothing after it
    succeeded (see :class:`simeval.io.safe_output.OutputPlan`).

    Parameters
    ----------
    parser : argparse.ArgumentParser
        The command's parser.
    inputs, folders, outputs, systems : sequence of str
        The ``dest`` of options naming input files, input folders, outputs and
        ``NAME=FILE[:COLUMN]`` inputs.
    read_by : mapping of str to ReadBy, optional
        ``dest`` → what one of its values reads.
    reads : callable, optional
        The parsed command line → (label, path) pairs it reads besides.
    extras : mapping of str to (str, str), optional
        ``dest`` → (module, pip extra) that output needs.

    Examples
    --------
    An output over an input is refused before any work:

    >>> import tempfile
    >>> d = Path(tempfile.mkdtemp())
    >>> _ = (d / "v.txt").write_text("cat 1 0\\n")
    >>> p = argparse.ArgumentParser()
    >>> _ = p.add_argument("--vectors"); _ = p.add_argument("--output")
    >>> declare_files(p, inputs=("vectors",), outputs=("output",))
    >>> args = p.parse_args(["--vectors", str(d / "v.txt"), "--output", str(d / "v.txt")])
    >>> plan_outputs(args).check()  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    simeval.errors.DataError: --output .../v.txt is the --vectors file (.../v.txt); choose \
another path
    """
    files = dict(parser.get_default("_files") or {})
    for kind, dests in (
        ("inputs", inputs),
        ("folders", folders),
        ("outputs", outputs),
        ("systems", systems),
    ):
        files[kind] = [*files.get(kind, []), *((d, _option_label(parser, d)) for d in dests)]
    for dest, resolver in (read_by or {}).items():
        files.setdefault("read_by", []).append((dest, _option_label(parser, dest), resolver))
    if reads is not None:
        files["reads"] = [*files.get("reads", []), reads]
    for dest, (module, extra) in (extras or {}).items():
        files.setdefault("extras", []).append((_option_label(parser, dest), module, extra))
    parser.set_defaults(_files=files)


def model_inputs(value: str, args: argparse.Namespace) -> Iterable[Path]:
    """:data:`ReadBy` of ``--model``: what the scorer reads (:func:`simeval.scorers.inputs`).

    Parameters
    ----------
    value : str
        A scorer name.
    args : argparse.Namespace
        The parsed command line.

    Returns
    -------
    iterable of Path

    Examples
    --------
    >>> [str(p) for p in model_inputs("static:vectors.txt", argparse.Namespace())]
    ['vectors.txt']
    """
    from .. import scorers

    return scorers.inputs(value)


def dataset_inputs(value: str, args: argparse.Namespace) -> Iterable[Path]:
    """:data:`ReadBy` of a sentence-pair ``--dataset``: the folder it is read from
    (``--data-dir`` or the cache).

    Parameters
    ----------
    value : str
        A registered data set.
    args : argparse.Namespace
        The parsed command line (``data_dir``).

    Returns
    -------
    iterable of Path

    Examples
    --------
    >>> [str(p) for p in dataset_inputs("stsb:test", argparse.Namespace(data_dir="data"))]
    ['data']
    """
    from ..datasets.sentences import inputs

    return inputs(value, data_dir=getattr(args, "data_dir", None))


def _values(args: argparse.Namespace, dest: str) -> list[str]:
    value = getattr(args, dest, None)
    if value is None:
        return []
    return [str(v) for v in value] if isinstance(value, list) else [str(value)]


def plan_outputs(args: argparse.Namespace) -> OutputPlan:
    """The :class:`OutputPlan` of a parsed command line (see :func:`declare_files`):
    every input the options name, and the outputs (standard output when the command writes
    there and no ``--output`` is given).

    Parameters
    ----------
    args : argparse.Namespace
        The parsed command line.

    Returns
    -------
    OutputPlan

    Examples
    --------
    See :func:`declare_files`.

    >>> plan_outputs(argparse.Namespace()).check()  # a command that declares nothing
    """
    from ..io import parse_system_spec

    files = getattr(args, "_files", None) or {}
    plan = OutputPlan()
    for dest, label in files.get("inputs", []):
        for value in _values(args, dest):
            plan.add_input(label, value)
    for dest, label in files.get("folders", []):
        for value in _values(args, dest):
            plan.add_input(label, value, folder=True)
    for dest, label in files.get("systems", []):
        for value in _values(args, dest):
            name, path, _ = parse_system_spec(value)
            plan.add_input(f"{label} {name}", path)
    for dest, label, resolver in files.get("read_by", []):
        for value in _values(args, dest):
            for path in resolver(value, args):
                plan.add_input(f"{label} {value}", path)
    for reads in files.get("reads", []):
        for label, path in reads(args):
            plan.add_input(label, path)
    for dest, label in files.get("outputs", []):
        for value in _values(args, dest):
            plan.add_output(label, value)
        if dest == "output" and not _values(args, dest):
            plan.add_output(DEFAULT_STDOUT, "-")
    for option, module, extra in files.get("extras", []):
        plan.add_extra(option, module, extra)
    return plan


#: The label of standard output when it is the output because no --output was given.
DEFAULT_STDOUT = "standard output (no --output given)"
