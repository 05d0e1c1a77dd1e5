"""How :func:`~simeval.evaluation.evaluate.evaluate` spreads its systems over two threads:
numpy releases the GIL while it sorts and computes, so two cores share the work."""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import FIRST_COMPLETED, Future, ThreadPoolExecutor, wait
from dataclasses import dataclass
from typing import Any

from numpy.typing import ArrayLike

from ..metrics.context import Context
from ..results import MetricResult

__all__ = ["PARALLEL_MIN", "TOGETHER_MAX", "scored"]

_Paired = tuple[str, Context]
_Scored = tuple[str, dict[str, MetricResult]]

#: From this many pairs on, ``evaluate`` works in two threads when a metric needs ranks:
#: numpy releases the GIL while it sorts and computes, so two cores share the work.
PARALLEL_MIN = 50_000
#: Up to this many pairs two systems are scored at once (and two more sorted); beyond it,
#: one is scored while the next is sorted, so that at most two systems' n-long arrays
#: (their order, ranks, gains …) are alive at any time.
TOGETHER_MAX = 2_000_000


def scored(
    items: Iterable[tuple[str, ArrayLike]],
    paired: Callable[[str, ArrayLike], _Paired],
    score: Callable[[Context], dict[str, MetricResult]],
    together: int,
) -> Iterator[_Scored]:
    """``score`` of each system's context, in the order of the systems (results, errors
    and hence progress calls alike). ``together = 0``: one after the other in this
    thread. Else two worker threads sort the systems (:meth:`SortedScores.prepare`) and
    score up to ``together`` of them at once, each once it is sorted, so that no worker
    waits for another. The first system is scored alone, so that what every system
    shares — the gold scores' grid, bins, ideal gains — is computed once before the
    others read it; meanwhile the next ones are sorted. At most ``2 · together`` systems
    are in hand (paired, not yet returned), which bounds the n-long arrays alive.

    Parameters
    ----------
    items : iterable of (str, array_like)
        Each system's name and scores.
    paired : callable
        ``(name, scores) -> (name, Context)``: the system paired with the gold.
    score : callable
        ``Context -> {metric: result}``.
    together : int
        Systems scored at once in two threads (0: none, all in this thread).

    Yields
    ------
    name : str
        A system, in the order of ``items``.
    results : dict of str to MetricResult
        Its results.

    Examples
    --------
    >>> import numpy as np
    >>> from simeval.metrics.context import Context
    >>> from simeval.metrics._sorted import SortedScores
    >>> from simeval.metrics.registry import get_metric
    >>> from simeval.options import Options
    >>> gold = SortedScores(np.array([1.0, 2.0, 3.0]))
    >>> def paired(name, scores):
    ...     return name, Context(gold, SortedScores(np.asarray(scores, float)), Options())
    >>> def score(ctx):
    ...     return {"pearson": ctx.result(get_metric("pearson"))}
    >>> systems = [("up", [1, 2, 3]), ("down", [3, 2, 1]), ("flat", [1, 1, 2])]
    >>> for name, results in scored(systems, paired, score, together=1):
    ...     print(name, round(results["pearson"].statistic, 4))
    up 1.0
    down -1.0
    flat 0.866
    """
    it = iter(items)
    if not together:
        for name, scores in it:
            name, ctx = paired(name, scores)
            yield name, score(ctx)
        return
    with ThreadPoolExecutor(max_workers=2) as pool:
        hand: deque[_InHand] = deque()  # in the order of the systems
        warm = False  # the first system has been scored
        try:
            while True:
                while len(hand) < 2 * together and (item := next(it, None)) is not None:
                    name, ctx = paired(*item)
                    hand.append(_InHand(name, ctx, pool.submit(ctx.system.prepare)))
                if not hand:
                    return
                first = hand[0]
                if first.sorting.done() and first.sorting.exception() is not None:
                    first.sorting.result()  # this system's error, in the order of the systems
                _start_scoring(hand if warm else [first], pool, score, together)
                if first.scoring is not None and first.scoring.done():
                    hand.popleft()
                    yield first.name, first.scoring.result()
                    warm = True
                    continue
                running: list[Future[Any]] = [
                    f for h in hand for f in (h.sorting, h.scoring) if f and not f.done()
                ]
                wait(running, return_when=FIRST_COMPLETED)
        finally:
            for h in hand:
                for f in (h.sorting, h.scoring):
                    if f is not None:
                        f.cancel()


@dataclass(eq=False)
class _InHand:
    """A system between its pairing and the return of its results."""

    name: str
    context: Context
    sorting: Future[None]
    scoring: Future[dict[str, MetricResult]] | None = None


def _start_scoring(
    candidates: Iterable[_InHand],
    pool: ThreadPoolExecutor,
    score: Callable[[Context], dict[str, MetricResult]],
    at_once: int,
) -> None:
    """Start scoring the sorted ``candidates``, in order, up to ``at_once`` scored at a
    time (a system whose sort failed waits for its turn to raise)."""
    candidates = list(candidates)
    busy = sum(1 for h in candidates if h.scoring is not None and not h.scoring.done())
    for h in candidates:
        if busy >= at_once:
            return
        if h.scoring is None and h.sorting.done() and h.sorting.exception() is None:
            h.scoring = pool.submit(score, h.context)
            busy += 1
