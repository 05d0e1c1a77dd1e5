"""RankDCG as Katerenchuk & Rosenberg's ``find_rankdcg`` computes it (their public
``ranking_measures`` package, MIT licence), re-written step by step from its description
in plain Python loops, with none of simeval's code: the reference of
``tests/metrics/test_rankdcg.py``."""

from __future__ import annotations


def reference_rankdcg(reference: list[float], hypothesis: list[float]) -> float:
    # pair both lists and order them by the reference, ascending (stable)
    pairs = sorted(enumerate(reference), key=lambda p: p[1])
    ref = [p[1] for p in pairs]
    hyp = [hypothesis[p[0]] for p in pairs]
    ordered = sorted(ref, reverse=True)
    high, low = float(len(set(ref))), 1.0
    relative, discount = [high], [low]
    for i in range(len(ordered) - 1):
        if ordered[i + 1] != ordered[i]:
            high -= 1.0
            low += 1.0
        relative.append(high)
        discount.append(low)
    by_value = sorted(enumerate(ref), key=lambda p: p[1], reverse=True)
    rel_of = [0.0] * len(ref)
    for position, rank in enumerate(relative):
        rel_of[by_value[position][0]] = rank
    best = sum(r / discount[i] for i, r in enumerate(relative))
    worst = sum(r / discount[i] for i, r in enumerate(reversed(relative)))
    by_hyp = sorted(enumerate(hyp), key=lambda p: p[1], reverse=True)
    got = sum(rel_of[p[0]] / discount[i] for i, p in enumerate(by_hyp))
    return (got - worst) / (best - worst)
