"""How :func:`~simeval.evaluation.evaluate.evaluate` spreads its systems over two threads:
numpy releases the GIL while it sorts and computes, so two cores share the work."""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import Future, ThreadPoolExecutor

from numpy.typing import ArrayLike

from ..metrics.base import Context
from ..results import MetricResult

__all__ = ["PARALLEL_MIN", "TOGETHER_MAX", "scored"]

_Paired = tuple[str, Context]
_Scored = tuple[str, dict[str, MetricResult]]

#: From this many pairs on, ``evaluate`` works in two threads when a metric needs ranks:
#: numpy releases the GIL while it sorts and computes, so two cores share the work.
PARALLEL_MIN = 50_000
#: Up to this many pairs two systems are scored at once (and a third sorted); beyond it,
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
    thread. Else two worker threads sort each system (:meth:`SortedScores.prepare`) and
    score up to ``together`` systems at once; the first is scored alone, so that what
    every system shares — the gold scores' grid, bins, ideal gains — is computed once
    before the others read it."""
    it = iter(items)
    if not together:
        for name, scores in it:
            name, ctx = paired(name, scores)
            yield name, score(ctx)
        return
    with ThreadPoolExecutor(max_workers=2) as pool:
        pending: deque[tuple[str, Future[dict[str, MetricResult]]]] = deque()
        warm = False  # the first system has been scored
        try:
            for item in it:
                name, ctx = paired(*item)
                ready = pool.submit(ctx.system.prepare)
                while pending and (len(pending) >= together or not warm):
                    done, fut = pending.popleft()
                    yield done, fut.result()
                    warm = True
                pending.append((name, pool.submit(_after, ready, score, ctx)))
            while pending:
                done, fut = pending.popleft()
                yield done, fut.result()
        finally:
            for _, fut in pending:
                fut.cancel()


def _after(
    ready: Future[None], score: Callable[[Context], dict[str, MetricResult]], ctx: Context
) -> dict[str, MetricResult]:
    ready.result()
    return score(ctx)
