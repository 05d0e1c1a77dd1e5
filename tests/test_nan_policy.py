"""``nan_policy`` in every entry point: ``"raise"`` (default) and ``"omit"`` only.

scipy's ``nan_policy`` has a third value, ``"propagate"`` (return NaN). simeval refuses it
everywhere, with one message: a metric computed with a NaN kept would be an unexplained
NaN, or for rank-based measures a number computed with NaN sorted as a value. These tests
hold that refusal in the public metric functions, :class:`simeval.Options`, ``evaluate``,
``compare``, the bootstrap, the paired tests, the clusters, the SemEval aggregation and the
command line's ``--nan-policy`` choices; and they check ``"raise"`` and ``"omit"`` for
every public metric function.
"""

from __future__ import annotations

import argparse
import inspect
import math
import re
from collections.abc import Callable
from pathlib import Path

import numpy as np
import pytest

import simeval as se
from simeval.cli import build_parser, main
from simeval.evaluation.compare import compare
from simeval.runs.semeval import evaluate_semeval
from simeval.stats import (
    bootstrap_ci,
    bootstrap_distribution,
    cluster_systems,
    paired_bootstrap_test,
    paired_permutation_test,
)

#: The one message every library entry point gives for a value outside the two policies.
REFUSED = re.escape("`nan_policy` must be one of 'raise', 'omit'; got str 'propagate'")

#: Gold on STS's 0–5 scale and a system with a different order, six pairs.
GOLD = [0.0, 1.0, 2.0, 3.0, 4.0, 5.0]
SYSTEM = [0.5, 0.8, 2.5, 2.9, 4.8, 4.1]
OTHER = [1.0, 0.2, 2.1, 3.9, 3.5, 4.9]


def _public_metric_functions() -> dict[str, Callable]:
    """Every public function of ``simeval`` that takes ``nan_policy`` and returns a metric
    result (``evaluate`` aside: it takes several systems)."""
    functions = {name: getattr(se, name) for name in se.__all__ if name != "evaluate"}
    return {
        name: fn
        for name, fn in functions.items()
        if inspect.isfunction(fn) and "nan_policy" in inspect.signature(fn).parameters
    }


METRIC_FUNCTIONS = _public_metric_functions()


def test_the_metric_functions_are_found() -> None:
    # one per registry metric that has a public function of its own (combinations and
    # ``bins(M)`` are expressions, not functions)
    assert {"pearson", "spearman", "kendall", "scaled_pearson", "nmsse", "ndcg", "f1_low",
            "rankdcg", "mape", "accuracy3"} <= set(METRIC_FUNCTIONS)  # fmt: skip


@pytest.mark.parametrize("name", sorted(METRIC_FUNCTIONS))
def test_metric_functions_refuse_propagate(name: str) -> None:
    with pytest.raises(se.InputError, match=REFUSED):
        METRIC_FUNCTIONS[name](GOLD, SYSTEM, scale=(0, 5), nan_policy="propagate")


def test_options_refuse_propagate() -> None:
    with pytest.raises(se.InputError, match=REFUSED):
        se.Options(nan_policy="propagate")


ENTRY_POINTS: dict[str, Callable[[], object]] = {
    "evaluate": lambda: se.evaluate(GOLD, {"a": SYSTEM}, nan_policy="propagate"),
    "compare": lambda: compare(
        GOLD, {"a": SYSTEM, "b": OTHER}, n_resamples=10, seed=0, nan_policy="propagate"
    ),
    "bootstrap_ci": lambda: bootstrap_ci(GOLD, SYSTEM, n_resamples=10, nan_policy="propagate"),
    "bootstrap_distribution": lambda: bootstrap_distribution(
        GOLD, {"a": SYSTEM}, ["pearson"], n_resamples=10, nan_policy="propagate"
    ),
    "paired_bootstrap_test": lambda: paired_bootstrap_test(
        GOLD, SYSTEM, OTHER, n_resamples=10, nan_policy="propagate"
    ),
    "paired_permutation_test": lambda: paired_permutation_test(
        GOLD, SYSTEM, OTHER, n_resamples=10, nan_policy="propagate"
    ),
    "cluster_systems": lambda: cluster_systems(
        GOLD, {"a": SYSTEM, "b": OTHER}, n_resamples=10, nan_policy="propagate"
    ),
    "evaluate_semeval": lambda: evaluate_semeval(
        {"set": np.array(GOLD)}, {"run": {"set": np.array(SYSTEM)}}, nan_policy="propagate"
    ),
}


@pytest.mark.parametrize("entry", sorted(ENTRY_POINTS))
def test_entry_points_refuse_propagate(entry: str) -> None:
    with pytest.raises(se.InputError, match=REFUSED):
        ENTRY_POINTS[entry]()


def _commands_with_nan_policy() -> dict[str, argparse.Action]:
    parser = build_parser()
    sub = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    return {
        name: action
        for name, command in sub.choices.items()
        for action in command._actions
        if "--nan-policy" in action.option_strings
    }


def test_cli_offers_raise_and_omit_only() -> None:
    commands = _commands_with_nan_policy()
    assert set(commands) == {"evaluate", "compare", "run"}
    for action in commands.values():
        assert tuple(action.choices) == ("raise", "omit")
        assert action.default == "raise"


@pytest.mark.parametrize("command", ["evaluate", "compare"])
def test_cli_refuses_propagate_in_one_line(command: str, capsys, tmp_path: Path) -> None:
    gold = tmp_path / "gold.txt"
    gold.write_text("".join(f"{g}\n" for g in GOLD))
    rc = main([command, str(gold), "--system", f"a={gold}", "--nan-policy", "propagate"])
    out, err = capsys.readouterr()
    assert rc == 2 and out == ""
    assert err.count("\n") == 1 and err.startswith("simeval: error:")
    assert "--nan-policy: invalid choice: 'propagate'" in err


# ``raise`` and ``omit`` in every public metric function: pair 2 has no gold score. The
# other nine put three pairs in each third of 0–5 (so every bin has a Pearson r), no gold
# is 0 (so MAPE is defined) and the system misplaces some pairs (so F1 is not 1).
HOLED_GOLD = [0.2, 0.9, math.nan, 1.4, 2.0, 2.6, 3.0, 3.6, 4.2, 4.9]
HOLED_SYSTEM = [0.5, 0.3, 2.2, 2.0, 1.5, 2.9, 2.4, 4.5, 3.4, 4.7]
KEPT_GOLD = [0.2, 0.9, 1.4, 2.0, 2.6, 3.0, 3.6, 4.2, 4.9]
KEPT_SYSTEM = [0.5, 0.3, 2.0, 1.5, 2.9, 2.4, 4.5, 3.4, 4.7]


@pytest.mark.parametrize("name", sorted(METRIC_FUNCTIONS))
def test_raise_names_the_missing_pair_and_the_way_out(name: str) -> None:
    message = r"`gold` has NaN at index 2 \(1 pairs in all\); pass nan_policy='omit'"
    with pytest.raises(se.InputError, match=message):
        METRIC_FUNCTIONS[name](HOLED_GOLD, HOLED_SYSTEM, scale=(0, 5))


@pytest.mark.parametrize("name", sorted(METRIC_FUNCTIONS))
def test_omit_equals_the_metric_on_the_complete_pairs(name: str) -> None:
    # "omit" is defined as dropping the pair, so the reference is the same function on the
    # nine complete pairs, written out above.
    fn = METRIC_FUNCTIONS[name]
    omitted = fn(HOLED_GOLD, HOLED_SYSTEM, scale=(0, 5), nan_policy="omit")
    complete = fn(KEPT_GOLD, KEPT_SYSTEM, scale=(0, 5))
    assert omitted.n == complete.n == 9
    assert not math.isnan(complete.statistic), complete.reason
    assert omitted.statistic == pytest.approx(complete.statistic, rel=1e-12)
