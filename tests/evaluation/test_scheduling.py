"""The two-thread schedule of evaluate: results in the order of the systems, the first
system scored alone, at most ``together`` scored at once, each only once sorted, and a
system's error raised in its turn."""

from __future__ import annotations

import threading
import time
from types import SimpleNamespace

import pytest

from simeval.evaluation.scheduling import scored


class Recorder:
    """Fake systems: sorting and scoring take a little time and are logged."""

    def __init__(self, fail: str | None = None) -> None:
        self.lock = threading.Lock()
        self.scoring: set[str] = set()
        self.sorted: set[str] = set()
        self.most_at_once = 0
        self.alone_first = True
        self.fail = fail

    def paired(self, name: str, delay: float) -> tuple[str, SimpleNamespace]:
        def prepare() -> None:
            time.sleep(delay)
            with self.lock:
                self.sorted.add(name)

        return name, SimpleNamespace(name=name, system=SimpleNamespace(prepare=prepare))

    def score(self, ctx: SimpleNamespace) -> dict[str, str]:
        with self.lock:
            assert ctx.name in self.sorted  # scored only once sorted
            self.scoring.add(ctx.name)
            self.most_at_once = max(self.most_at_once, len(self.scoring))
            if "s0" in self.scoring and len(self.scoring) > 1:
                self.alone_first = False
        time.sleep(0.01)
        with self.lock:
            self.scoring.discard(ctx.name)
        if ctx.name == self.fail:
            raise ValueError(f"bad {ctx.name}")
        return {"value": ctx.name}


# sorting times: the later systems sort faster, so they are ready before the earlier ones
DELAYS = [("s0", 0.03), ("s1", 0.02), ("s2", 0.001), ("s3", 0.001), ("s4", 0.02), ("s5", 0.0)]


@pytest.mark.parametrize("together", [1, 2])
def test_results_come_in_order_and_the_first_system_alone(together: int) -> None:
    rec = Recorder()
    out = list(scored(DELAYS, rec.paired, rec.score, together))  # type: ignore[arg-type]
    assert [name for name, _ in out] == [name for name, _ in DELAYS]
    assert [res["value"] for _, res in out] == [name for name, _ in DELAYS]
    assert rec.alone_first
    assert rec.most_at_once <= together


def test_an_error_is_raised_in_its_turn() -> None:
    rec = Recorder(fail="s3")
    got: list[str] = []
    with pytest.raises(ValueError, match="bad s3"):
        for name, _ in scored(DELAYS, rec.paired, rec.score, 2):  # type: ignore[arg-type]
            got.append(name)
    assert got == ["s0", "s1", "s2"]
