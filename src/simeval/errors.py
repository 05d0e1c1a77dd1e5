"""Exceptions and warnings raised by simeval.

Every problem simeval detects in its input is a :class:`SimevalError`; the command line
turns each into one line on stderr and exit code 2. The library never exits the process.
"""

from __future__ import annotations

__all__ = [
    "DataError",
    "InputError",
    "InputTypeError",
    "MissingExtraError",
    "SimevalError",
    "UndefinedMetricWarning",
]


class SimevalError(Exception):
    """Base class of every error simeval raises on purpose."""


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
