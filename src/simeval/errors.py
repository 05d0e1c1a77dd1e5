"""Exceptions and warnings raised by simeval.

Every problem simeval detects in its input is a :class:`SimevalError`; the command line
turns each into one line on stderr and exit code 2. The library never exits the process.

A message names the parameters it is about with :func:`param`, never with a command-line
flag: ``str(error)`` writes them as Python names (```scale```, ``nan_policy='omit'``),
and the command line writes the same error with its own flags (``--scale``,
``--nan-policy omit``) through :meth:`SimevalError.render`.

>>> err = InputError(f"a score is missing; pass {param('nan_policy', 'omit')} to drop it")
>>> str(err)
"a score is missing; pass nan_policy='omit' to drop it"
>>> err.render({"nan_policy": "--nan-policy"})
'a score is missing; pass --nan-policy omit to drop it'
"""

from __future__ import annotations

import ast
import re
from collections.abc import Mapping, Sequence

__all__ = [
    "CacheWarning",
    "DataError",
    "InputError",
    "InputTypeError",
    "MissingExtraError",
    "SimevalError",
    "UndefinedMetricWarning",
    "listing",
    "param",
    "render",
]

#: Delimiters of a parameter reference inside a message (ASCII record and unit separator:
#: characters no message or user value contains).
_MARK, _SEP = "\x1e", "\x1f"
_REFERENCE = re.compile(f"{_MARK}([^{_MARK}{_SEP}]*)(?:{_SEP}([^{_MARK}]*))?{_MARK}")
_NO_VALUE = object()


def param(name: str, value: object = _NO_VALUE) -> str:
    """A reference to the parameter ``name`` (with a suggested ``value``) for an error
    message: written ```name``` or ``name=value`` by ``str(error)``, and as the command
    line's flag by :meth:`SimevalError.render`.

    Parameters
    ----------
    name : str
        The library parameter's name (surrounding backticks are dropped).
    value : object, optional
        A value to suggest; written with ``repr`` (``nan_policy='omit'``).

    Returns
    -------
    str
        A marked reference to put inside the message; only :class:`SimevalError` reads it.

    Examples
    --------
    >>> str(InputError(f"{param('scale')} must be two numbers"))
    '`scale` must be two numbers'
    >>> InputError(f"pass {param('scale', (0, 5))}").render({"scale": "--scale"})
    'pass --scale 0 5'
    """
    clean = name.strip("`")
    if value is _NO_VALUE:
        return f"{_MARK}{clean}{_MARK}"
    return f"{_MARK}{clean}{_SEP}{value!r}{_MARK}"


def _python(match: re.Match[str]) -> str:
    name, value = match.group(1), match.group(2)
    return f"`{name}`" if value is None else f"{name}={value}"


def _flag_text(flag: str, value: str | None) -> str:
    if value is None:
        return flag
    try:
        literal = ast.literal_eval(value)
    except (ValueError, SyntaxError):
        return f"{flag} {value}"
    if literal is True or (literal is False and flag.startswith("--no-")):
        return flag  # a switch: --quiet for quiet=True, --no-header for header=False
    if isinstance(literal, (tuple, list)):
        return " ".join([flag, *(str(v) for v in literal)])
    return f"{flag} {literal}"


def render(text: str, flags: Mapping[str, str] | None = None) -> str:
    """``text`` with each parameter reference (:func:`param`) written as ``flags[name]``
    where the mapping has it (a command line's flag), else as its Python name — for
    messages that are not errors (notes, warnings) as :meth:`SimevalError.render` does
    for errors.

    Parameters
    ----------
    text : str
        A message, with parameter references made by :func:`param`.
    flags : mapping, optional
        Parameter name → the front end's spelling (``--calibrate``).

    Returns
    -------
    str
        The message as the front end writes it.

    Examples
    --------
    >>> render(f"pass {param('calibrate', 'none')}", {"calibrate": "--calibrate"})
    'pass --calibrate none'
    """
    if flags is None:
        return _REFERENCE.sub(_python, text)

    def front_end(match: re.Match[str]) -> str:
        flag = flags.get(match.group(1))
        return _python(match) if flag is None else _flag_text(flag, match.group(2))

    return _REFERENCE.sub(front_end, text)


class SimevalError(Exception):
    """Base class of every error simeval raises on purpose.

    Parameters
    ----------
    message : str
        One line: what is wrong, where (file, line, column) and what to do. Parameters are
        referred to with :func:`param`.

    Examples
    --------
    >>> try:
    ...     raise InputError(f"{param('k')} must be positive; got -1")
    ... except SimevalError as error:
    ...     print(error)
    `k` must be positive; got -1
    """

    def __str__(self) -> str:
        return self.render()

    def render(self, flags: Mapping[str, str] | None = None) -> str:
        """The message with each parameter reference (see :func:`param`) written as
        ``flags[name]`` where the mapping has it (the command line's flag), else as its
        Python name.

        Parameters
        ----------
        flags : mapping of str to str, optional
            Parameter name → the flag that sets it (``{"nan_policy": "--nan-policy"}``).

        Returns
        -------
        str
            The one-line message.

        Examples
        --------
        >>> InputError(f"pass {param('nan_policy', 'omit')}").render({"nan_policy": "--nan-policy"})
        'pass --nan-policy omit'
        """
        return render(super().__str__(), flags)


class InputError(SimevalError, ValueError):
    """An argument has the wrong shape, type or value (length mismatch, NaN, bad option).

    A ``ValueError`` too. Parameters as :class:`SimevalError`.

    Parameters
    ----------
    message : str
        One line naming the parameter and what to do.

    Examples
    --------
    >>> import simeval as se
    >>> se.pearson([1, 2, 3], [1, 2])
    Traceback (most recent call last):
    ...
    simeval.errors.InputError: `gold` and `system` must have the same length; got 3 and 2
    """


class InputTypeError(InputError, TypeError):
    """An argument has the wrong type (``bins=3`` where a :class:`~simeval.binning.Bins` is
    needed). Catchable as ``TypeError`` and, like every :class:`InputError`, as
    ``ValueError``.

    Parameters
    ----------
    message : str
        One line naming the parameter, the type it needs and the one it got.

    Examples
    --------
    >>> issubclass(InputTypeError, TypeError) and issubclass(InputTypeError, ValueError)
    True
    """


class DataError(SimevalError, ValueError):
    """A file or table cannot be read as asked (missing file, bad row, missing column).

    A ``ValueError`` too, so ``except ValueError`` around a reader catches it.

    Parameters
    ----------
    message : str
        One line naming the file, the line or row and the column, and what to do.

    Examples
    --------
    >>> try:
    ...     raise DataError("sys.tsv, line 17, column 'score': 'n/a?' is not a number")
    ... except ValueError as error:
    ...     print(error)
    sys.tsv, line 17, column 'score': 'n/a?' is not a number
    """


class MissingExtraError(SimevalError, ImportError):
    """An optional dependency is needed; the message names the pip extra to install.

    An ``ImportError`` too.

    Parameters
    ----------
    message : str
        One line with the ``pip install 'simeval[extra]'`` command.

    Examples
    --------
    >>> try:
    ...     require("no_such_module_here", "plot")
    ... except ImportError as error:
    ...     print(str(error).split("; ")[1])
    install it with: pip install 'simeval[plot]'
    """


class UndefinedMetricWarning(UserWarning):
    """A metric is undefined on this input (constant scores, empty class); its value is NaN.

    Emitted by the public metric functions, as scipy warns on a constant input; the
    result's ``reason`` says the same.

    Parameters
    ----------
    message : str
        Why the metric is undefined.

    Examples
    --------
    >>> import warnings
    >>> import simeval as se
    >>> with warnings.catch_warnings(record=True) as caught:
    ...     warnings.simplefilter("always")
    ...     result = se.pearson([1, 2, 3], [2, 2, 2])
    >>> caught[0].category.__name__, result.reason == str(caught[0].message)
    ('UndefinedMetricWarning', True)
    """


class CacheWarning(UserWarning):
    """A cache entry failed its check (damaged, truncated, another model's) and is not used;
    what it held is computed again. The message is one line naming the file.

    Parameters
    ----------
    message : str
        One line naming the cache file and what was wrong with it.

    Examples
    --------
    >>> issubclass(CacheWarning, UserWarning)
    True
    """


def require(module: str, extra: str):
    """Import an optional dependency, or raise :class:`MissingExtraError` naming its extra.

    >>> require("math", "none").sqrt(4.0)
    2.0
    """
    import importlib

    try:
        return importlib.import_module(module)
    except ImportError as exc:
        raise MissingExtraError(
            f"{module} is needed for this; install it with: pip install 'simeval[{extra}]'"
        ) from exc


def listing(items: Sequence[str], shown: int = 5) -> str:
    """``items`` joined for a message: the first ``shown`` and how many there are in all,
    so that a reason stays one readable line whatever the number of bins or words.

    Parameters
    ----------
    items : sequence of str
        What to list.
    shown : int, default 5
        How many to name.

    Returns
    -------
    str

    Examples
    --------
    >>> listing(["a", "b"]), listing([str(i) for i in range(9)], shown=3)
    ('a, b', '0, 1, 2 … (9 in all)')
    """
    head = ", ".join(items[:shown])
    return head if len(items) <= shown else f"{head} … ({len(items)} in all)"
