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
from collections.abc import Callable, Mapping

__all__ = [
    "CacheWarning",
    "DataError",
    "InputError",
    "InputTypeError",
    "MissingExtraError",
    "SimevalError",
    "UndefinedMetricWarning",
    "param",
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

    >>> str(InputError(f"{param('scale')} must be two numbers"))
    '`scale` must be two numbers'
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
    if literal is True:
        return flag
    if isinstance(literal, (tuple, list)):
        return " ".join([flag, *(str(v) for v in literal)])
    return f"{flag} {literal}"


class SimevalError(Exception):
    """Base class of every error simeval raises on purpose."""

    def __str__(self) -> str:
        return self.render()

    def render(self, flags: Mapping[str, str] | None = None) -> str:
        """The message with each parameter reference (see :func:`param`) written as
        ``flags[name]`` where the mapping has it (the command line's flag), else as its
        Python name."""
        text = super().__str__()
        if flags is None:
            return _REFERENCE.sub(_python, text)

        def front_end(match: re.Match[str]) -> str:
            flag = flags.get(match.group(1))
            return _python(match) if flag is None else _flag_text(flag, match.group(2))

        replace: Callable[[re.Match[str]], str] = front_end
        return _REFERENCE.sub(replace, text)


class InputError(SimevalError, ValueError):
    """An argument has the wrong shape, type or value (length mismatch, NaN, bad option)."""


class InputTypeError(InputError, TypeError):
    """An argument has the wrong type (``bins=3`` where a :class:`~simeval.binning.Bins` is
    needed). Catchable as ``TypeError`` and, like every :class:`InputError`, as
    ``ValueError``."""


class DataError(SimevalError, ValueError):
    """A file or table cannot be read as asked (missing file, bad row, missing column).

    A ``ValueError`` too, so ``except ValueError`` around a reader catches it."""


class MissingExtraError(SimevalError, ImportError):
    """An optional dependency is needed; the message names the pip extra to install."""


class UndefinedMetricWarning(UserWarning):
    """A metric is undefined on this input (constant scores, empty class); its value is NaN."""


class CacheWarning(UserWarning):
    """A cache entry failed its check (damaged, truncated, another model's) and is not used;
    what it held is computed again. The message is one line naming the file."""


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
