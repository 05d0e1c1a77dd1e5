"""Every option a command's parser accepts is honoured: the options that change a number
reach the one :class:`simeval.Options` object (and so the library and the signature), and
every other option is one this test knows to be handled by the command itself. A new
option that is neither fails here until it is wired."""

from __future__ import annotations

import argparse

import pytest

from simeval.cli import build_parser
from simeval.cli.inputs import options_from_args
from simeval.options import Options

#: option → (command-line values, the Options field it must change, the expected value)
TO_OPTIONS = {
    "--scale": (["0", "5"], "scale", (0.0, 5.0)),
    "--system-scale": (["-1", "1"], "system_scale", (-1.0, 1.0)),
    "--low-border": (["1"], "low_border", 1.0),
    "--high-border": (["4"], "high_border", 4.0),
    "--nan-policy": (["omit"], "nan_policy", "omit"),
    "--bins": (["equal:4"], "bins", None),
    "--normalize": (["minmax"], "normalize", "minmax"),
    "--skip-undefined-bins": ([], "skip_undefined_bins", True),
    "--bin-average": (["fisher_z"], "bin_average", "fisher_z"),
    "--calibrate": (["linear"], "calibrate", None),
    "--calibrate-folds": (["3"], "calibrate", None),
    "--calibrate-seed": (["1"], "calibrate", None),
}
#: options each command handles itself (reading, output, resampling …), with where a test
#: checks them
HANDLED = {
    "--gold-column",
    "--system",
    "--id-column",
    "--no-header",  # test_cli_evaluate, test_io
    "--system-no-header",  # test_cli_score_workflow
    "--metric",
    "--task",
    "--k",
    "--semeval-dir",
    "--runs-dir",  # test_cli_task, test_semeval
    "--html",  # test_cli_every_option, test_html_browser
    "--scores",  # test_cli_report
    "--dataset",
    "--data-dir",  # test_sentence_datasets
    "--format",
    "--output",
    "--digits",
    "--quiet",
    "--help",  # test_safe_output, test_cli_*
    "--bootstrap",
    "--seed",
    "--ci",
    "--confidence",
    "--alpha",
    "--permutations",  # compare
    "--raters",
    "--rating-slots",  # evaluate's human ceiling: test_cli_ceiling
    "--calibrate-on",  # a file read into the calibration: test_cli_calibration
}


def _subparser(command: str) -> argparse.ArgumentParser:
    parser = build_parser()
    sub = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    return sub.choices[command]


def _options_of(command: str) -> list[str]:
    return [
        max(a.option_strings, key=len) for a in _subparser(command)._actions if a.option_strings
    ]


@pytest.mark.parametrize("command", ["evaluate", "compare"])
def test_every_option_is_known(command) -> None:
    unknown = set(_options_of(command)) - set(TO_OPTIONS) - HANDLED
    assert not unknown, f"wire these into Options or a test: {sorted(unknown)}"


@pytest.mark.parametrize("command", ["evaluate", "compare"])
@pytest.mark.parametrize("option", sorted(TO_OPTIONS))
def test_option_reaches_the_options_object(command, option) -> None:
    assert option in _options_of(command), f"{command} has no {option}"
    values, field, expected = TO_OPTIONS[option]
    argv = [command, "gold.txt", "--system", "a=a.txt", option, *values]
    args = build_parser().parse_args(argv)
    opts = options_from_args(args)
    default = options_from_args(build_parser().parse_args(argv[:4]))
    assert getattr(opts, field) != getattr(default, field)
    if expected is not None:
        assert getattr(opts, field) == expected
    # and the signature, which every output carries, says so
    assert (
        opts.resolve([0.0, 2.5, 5.0]).signature() != default.resolve([0.0, 2.5, 5.0]).signature()
        or field == "bins"
    )


def test_per_system_scale() -> None:
    args = build_parser().parse_args(
        ["evaluate", "g", "--system", "a=a", "--system-scale", "b=0,1", "--system-scale", "-1", "1"]
    )
    opts = options_from_args(args)
    assert isinstance(opts, Options)
    assert opts.for_system("b").system_scale == (0.0, 1.0)
    assert opts.for_system("a").system_scale == (-1.0, 1.0)


def test_system_on_another_scale_is_noticed_and_mappable(capsys, tmp_path) -> None:
    # gold on 0–5, system "cos" on 0–1 (covering less than a third of 0–5): calibrated by
    # default, and the note says so; uncalibrated (--calibrate none) NMSSE would judge the
    # scale and simeval says that instead; --system-scale cos=0,1 then maps it linearly (the
    # error equals that of the system ×5).
    from clitools import run, write_numbers

    gold = [0.0, 1.0, 2.0, 3.0, 4.0, 5.0, 2.5, 1.5]
    cos = [0.05, 0.2, 0.35, 0.65, 0.8, 0.95, 0.5, 0.25]
    g = write_numbers(tmp_path / "gold.txt", gold)
    c = write_numbers(tmp_path / "cos.txt", cos)
    c5 = write_numbers(tmp_path / "cos5.txt", [5 * v for v in cos])
    base = ["evaluate", g, "--scale", "0", "5", "--metric", "mae", "--format", "json"]
    rc, _out, err = run(capsys, *base, "--system", f"cos={c}")
    assert rc == 0 and "calibrated onto the gold scale (isotonic, cv5,seed0)" in err
    assert "--calibrate none" in err  # the flag, not the Python parameter
    rc, _out, err = run(capsys, *base, "--system", f"cos={c}", "--calibrate", "none")
    assert rc == 0 and "measured uncalibrated, so the error" in err and "cos" in err
    assert "(--calibrate none; calibrate it with --calibrate auto, the default)" in err
    none = ["--calibrate", "none"]
    rc, mapped, err = run(capsys, *base, "--system", f"cos={c}", "--system-scale", "cos=0,1", *none)
    assert rc == 0
    rc, times5, _ = run(capsys, *base, "--system", f"cos={c5}", *none)
    import json

    a = json.loads(mapped)["records"][0]["value"]
    b = json.loads(times5)["records"][0]["value"]
    assert a == pytest.approx(b, abs=1e-12)
    hand = sum(abs(5 * s - x) for s, x in zip(cos, gold)) / len(gold)
    assert a == pytest.approx(hand, abs=1e-12)


def test_system_scale_typos_and_repeats_are_errors(capsys, tmp_path) -> None:
    from clitools import assert_error, run, write_numbers

    g = write_numbers(tmp_path / "g.txt", [0, 1, 2, 3, 4, 5])
    a = write_numbers(tmp_path / "a.txt", [0.1, 0.2, 0.3, 0.5, 0.6, 0.9])
    base = ["evaluate", g, "--system", f"a={a}", "--scale", "0", "5"]
    assert_error(*run(capsys, *base, "--system-scale", "b=0,1"), "--system-scale", "'b'")
    assert_error(*run(capsys, *base, "--system-scale", "a=0,1", "--system-scale", "a=0,2"), "twice")
    assert_error(*run(capsys, *base, "--system-scale", "0", "1", "--system-scale", "0,2"), "twice")


def test_library_refuses_unknown_system_names() -> None:
    import simeval as se

    with pytest.raises(se.InputError, match="'typo'"):
        se.evaluate([0, 1, 2, 3], {"a": [0, 1, 2, 2]}, system_scale={"typo": (0, 1)})


def test_one_border_alone_is_not_checked_against_the_other_default() -> None:
    # f1_low with a border above the default high border (3.5 on 0–5) is fine: the high
    # border serves only the high measures.
    import simeval as se

    g, s = [0.0, 1.0, 3.0, 4.5, 5.0], [0.5, 1.0, 4.2, 4.0, 5.0]
    truth, pred = [x < 4 for x in g], [x < 4 for x in s]
    tp = sum(t and p for t, p in zip(truth, pred))
    hand = 2 * tp / (sum(truth) + sum(pred))
    assert se.f1_low(g, s, border=4, scale=(0, 5)).statistic == pytest.approx(hand)


@pytest.mark.parametrize("command", ["evaluate", "compare", "wordsim", "meta", "report"])
def test_help_fits_100_columns_on_a_wide_terminal(command, monkeypatch, capsys) -> None:
    monkeypatch.setenv("COLUMNS", "250")
    with pytest.raises(SystemExit):
        build_parser().parse_args([command, "--help"])
    out = capsys.readouterr().out
    assert out and max(len(line) for line in out.splitlines()) <= 100
