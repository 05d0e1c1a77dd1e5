"""Progress a person can read, on stderr: a tqdm bar on a terminal (done, rate, time
left), and in a job's log (stderr not a terminal, or tqdm not installed) one plain line
every :attr:`ProgressBar.interval` seconds; nothing with ``--quiet``."""

from __future__ import annotations

import sys
import time
from collections.abc import Callable
from typing import Any, TextIO

__all__ = ["ProgressBar", "plain_line"]


def _duration(seconds: float) -> str:
    """``H:MM:SS`` or ``M:SS``.

    >>> _duration(75.2), _duration(3725)
    ('1:15', '1:02:05')
    """
    s = round(seconds)
    h, rest = divmod(s, 3600)
    m, s = divmod(rest, 60)
    return f"{h}:{m:02d}:{s:02d}" if h else f"{m}:{s:02d}"


def plain_line(label: str, done: int, total: int, elapsed: float, unit: str = "") -> str:
    """One line of progress for a log: what is done of how much, the rate and the time left.

    Parameters
    ----------
    label : str
        What is in progress.
    done, total : int
        How much is done, of how much.
    elapsed : float
        Seconds since the start.
    unit : str, optional
        What is counted.

    Returns
    -------
    str

    Examples
    --------
    1500 texts in 30 s is 50 texts/s; the 4500 left take 90 s:

    >>> plain_line("minilm on sts12", 1500, 6000, 30.0, "texts")
    'minilm on sts12: 1500/6000 texts (25%), 50.0 texts/s, 1:30 left'
    >>> plain_line("bootstrap", 10, 10, 4.0)
    'bootstrap: 10/10 (100%) in 0:04'
    """
    what = f" {unit}" if unit else ""
    head = f"{label}: {done}/{total}{what} ({100 * done // max(total, 1)}%)"
    if done >= total:
        return f"{head} in {_duration(elapsed)}"
    if done <= 0 or elapsed <= 0:
        return head
    rate = done / elapsed
    per = f" {unit}/s" if unit else "/s"
    return f"{head}, {rate:.1f}{per}, {_duration((total - done) / rate)} left"


class ProgressBar:
    """Progress on stderr, called as ``bar(done, total)``; ``set_description(text)``
    changes its label (a run tells which model and data set it scores).

    On a terminal, a tqdm bar (tqdm comes with sentence-transformers; the plain lines
    without it); otherwise one plain line (:func:`plain_line`) once :attr:`interval`
    seconds have passed since the last, and a last line when the work ends, if any line
    was written — so a quick command writes nothing. Disabled (``--quiet``): nothing.
    Use as a context manager to end the bar.

    Parameters
    ----------
    label : str
        What is in progress.
    enabled : bool
        False for ``--quiet``.
    unit : str, optional
        What is counted.
    stream : file, optional
        Default ``sys.stderr``.
    clock : callable, optional
        Seconds, for the rate and the interval between lines (default ``time.monotonic``).

    Examples
    --------
    In a log (not a terminal), a line once ten seconds have passed, and a last one:

    >>> import io
    >>> ticks = iter([0.0, 12.0, 13.0])
    >>> log = io.StringIO()
    >>> with ProgressBar("bootstrap", True, stream=log, clock=lambda: next(ticks)) as bar:
    ...     bar(600, 1000)
    >>> print(log.getvalue(), end="")
    bootstrap: 600/1000 (60%), 50.0/s, 0:08 left
    bootstrap: 600/1000 (60%), 46.2/s, 0:09 left
    """

    #: Seconds between two plain lines in a log.
    interval = 10.0

    def __init__(
        self,
        label: str,
        enabled: bool,
        *,
        unit: str = "",
        stream: TextIO | None = None,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.label = label
        self.enabled = enabled
        self.unit = unit
        self.stream = stream if stream is not None else sys.stderr
        self.clock = clock
        self._bar: Any = None
        self._start = clock()
        self._last_line = self._start
        self._state = (0, 0)
        self._lines = 0
        self._tty = enabled and bool(getattr(self.stream, "isatty", lambda: False)())

    def set_description(self, text: str) -> None:
        """Show ``text`` as the bar's label from now on."""
        self.label = text
        if self._bar is not None:
            self._bar.set_description(text, refresh=True)

    def __call__(self, done: int, total: int) -> None:
        if not self.enabled or total <= 0:
            return
        self._state = (done, total)
        if self._tty and self._draw(done, total):
            return
        now = self.clock()
        if now - self._last_line >= self.interval:
            self._write(plain_line(self.label, done, total, now - self._start, self.unit))
            self._last_line = now

    def _draw(self, done: int, total: int) -> bool:
        """Move the tqdm bar; False when tqdm is not installed."""
        if self._bar is None:
            try:
                from tqdm import tqdm
            except ImportError:
                self._tty = False
                return False
            self._bar = tqdm(
                total=total, desc=self.label, unit=f" {self.unit}" if self.unit else "it",
                file=self.stream, dynamic_ncols=True, leave=True,
            )  # fmt: skip
        if self._bar.total != total:
            self._bar.total = total
        self._bar.update(done - self._bar.n)
        return True

    def _write(self, line: str) -> None:
        self.stream.write(line + "\n")
        self.stream.flush()
        self._lines += 1

    def __enter__(self) -> ProgressBar:
        return self

    def __exit__(self, *exc: object) -> None:
        if self._bar is not None:
            self._bar.close()
            self._bar = None
        elif self._lines and exc[0] is None:
            done, total = self._state
            self._write(plain_line(self.label, done, total, self.clock() - self._start, self.unit))
