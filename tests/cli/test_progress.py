"""Progress a person can read: a tqdm bar on a terminal, one plain line every ten seconds
in a log (and a last one at the end, when any was written), nothing with --quiet; a run
reports every batch of texts and says which model and data set it scores."""

from __future__ import annotations

import builtins
import io

import numpy as np

import simeval as se
from simeval.cli.progress import ProgressBar
from simeval.runs.run import Pairs


class Clock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def _feed(bar: ProgressBar, clock: Clock, steps: list[tuple[float, int]], total: int) -> None:
    with bar:
        for at, done in steps:
            clock.now = at
            bar(done, total)


def test_a_log_gets_one_line_every_ten_seconds_and_a_last_one() -> None:
    clock, log = Clock(), io.StringIO()
    bar = ProgressBar("minilm on sts12", True, unit="texts", stream=log, clock=clock)
    steps = [(1, 100), (5, 200), (10.5, 400), (12, 500), (21, 900), (30, 1000)]
    _feed(bar, clock, steps, 1000)
    # by hand: at 10.5 s, 400 / 10.5 = 38.1 texts/s and 600 / 38.1 = 16 s left; at 21 s
    # (10.5 s later), 900 / 21 = 42.9 texts/s, 100 / 42.9 = 2 s left; at 30 s only 9 s
    # had passed: no line, then the last one as the bar ends
    assert log.getvalue().splitlines() == [
        "minilm on sts12: 400/1000 texts (40%), 38.1 texts/s, 0:16 left",
        "minilm on sts12: 900/1000 texts (90%), 42.9 texts/s, 0:02 left",
        "minilm on sts12: 1000/1000 texts (100%) in 0:30",
    ]


def test_a_quick_command_writes_nothing_and_quiet_nothing_at_all() -> None:
    clock, log = Clock(), io.StringIO()
    _feed(ProgressBar("x", True, stream=log, clock=clock), clock, [(1, 5), (9, 10)], 10)
    assert log.getvalue() == ""
    _feed(ProgressBar("x", False, stream=log, clock=clock), clock, [(20, 5), (40, 10)], 10)
    assert log.getvalue() == ""


def test_a_terminal_gets_a_tqdm_bar() -> None:
    clock, screen = Clock(), Terminal()
    bar = ProgressBar("scoring", True, unit="texts", stream=screen, clock=clock)
    with bar:
        bar.set_description("minilm on sts12")
        bar(50, 100)
        bar(100, 100)
    shown = screen.getvalue()
    assert "minilm on sts12" in shown and "100/100" in shown and "texts/s" in shown


def test_a_terminal_without_tqdm_gets_the_lines(monkeypatch) -> None:
    real_import = builtins.__import__

    def no_tqdm(name, *args, **kwargs):
        if name == "tqdm":
            raise ImportError("no tqdm")
        return real_import(name, *args, **kwargs)

    monkeypatch.setattr(builtins, "__import__", no_tqdm)
    clock, screen = Clock(), Terminal()
    _feed(ProgressBar("s", True, stream=screen, clock=clock), clock, [(11, 5), (12, 10)], 10)
    assert screen.getvalue().splitlines() == [
        "s: 5/10 (50%), 0.5/s, 0:11 left",
        "s: 10/10 (100%) in 0:12",
    ]


def test_a_run_reports_every_batch_and_names_what_it_scores() -> None:
    calls: list[tuple[int, int]] = []
    labels: list[str] = []

    class Recorder:
        def __call__(self, done: int, total: int) -> None:
            calls.append((done, total))

        def set_description(self, text: str) -> None:
            labels.append(text)

    def counts(texts):
        return np.array([[t.count(c) for c in "abcdefghij"] + [1.0] for t in texts])

    model = se.scorers.from_object(counts, batch_size=2, cache=False)
    pairs = Pairs("toy", ["a b", "c d", "e f"], ["b a", "d d", "f g"], [1.0, 2.0, 3.0])
    se.run([model, "lexical:jaccard"], [pairs], progress=Recorder(), n_resamples=0)
    # each task named while it runs; the last line names the whole run it counts
    assert labels == ["counts on toy", "lexical:jaccard on toy", "2 tasks"]
    # 6 distinct texts per model: the function model's 3 batches of 2, then jaccard at once
    assert calls[-1] == (12, 12)
    assert [d for d, _ in calls if d <= 6] == sorted(d for d, _ in calls if d <= 6)
    assert {2, 4, 6} <= {d for d, _ in calls}
