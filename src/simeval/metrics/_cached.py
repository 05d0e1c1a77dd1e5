"""A per-instance cache of computed attributes, without ``functools.cached_property``'s
lock."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Generic, TypeVar, overload

__all__ = ["cached"]

T = TypeVar("T")


class cached(Generic[T]):  # noqa: N801 - used as a decorator, like functools.cached_property
    """``functools.cached_property`` without its lock: in Python 3.11 that lock is shared
    by every instance, so two threads preparing two systems would wait for each other.
    Two threads asking for the same value of one instance may both compute it (same
    result); ``evaluate`` never does so.

    Parameters
    ----------
    fn : callable
        The method that computes the value; its result is stored in the instance's
        ``__dict__`` under the attribute's name, which later reads find first.

    Examples
    --------
    >>> class Scores:
    ...     calls = 0
    ...     @cached
    ...     def total(self) -> int:
    ...         Scores.calls += 1
    ...         return 6
    >>> s = Scores()
    >>> s.total, s.total, Scores.calls
    (6, 6, 1)
    """

    def __init__(self, fn: Callable[[Any], T]) -> None:
        self.fn = fn
        self.name = fn.__name__
        self.__doc__ = fn.__doc__

    def __set_name__(self, owner: type, name: str) -> None:
        self.name = name

    @overload
    def __get__(self, obj: None, owner: type | None = None) -> cached[T]: ...
    @overload
    def __get__(self, obj: object, owner: type | None = None) -> T: ...
    def __get__(self, obj: object | None, owner: type | None = None) -> T | cached[T]:
        if obj is None:
            return self
        value = obj.__dict__[self.name] = self.fn(obj)
        return value
