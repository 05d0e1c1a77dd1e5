"""Command-line errors that once escaped as tracebacks: each must be one stderr line and
exit code 2."""

from __future__ import annotations

from pathlib import Path

import pytest
from clitools import assert_error, run, write_numbers

from simeval.cli import main


@pytest.fixture
def files(tmp_path: Path) -> tuple[str, str]:
    gold = tmp_path / "gold.txt"
    system = tmp_path / "sys.txt"
    gold.write_text("\n".join(str(x) for x in [0, 1, 2, 3, 4, 5, 1, 2]) + "\n")
    system.write_text("\n".join(str(x) for x in [0, 1.5, 2, 2.5, 4, 5, 1, 3]) + "\n")
    return str(gold), str(system)


def _one_line_error(capsys) -> str:
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1, err
    assert "Traceback" not in err[0]
    return err[0]


@pytest.mark.parametrize(
    "extra",
    [
        ["--digits", "-3"],
        ["--output", "/proc/simeval-cannot-write-here.txt"],
        ["--output", "/no/such/folder/out.txt"],
    ],
)
def test_evaluate_bad_output_options(files, capsys, extra) -> None:
    gold, system = files
    assert main(["evaluate", gold, "--system", f"a={system}", *extra]) == 2
    _one_line_error(capsys)


def test_negative_seed_is_refused(files, capsys) -> None:
    gold, system = files
    code = main(["compare", gold, "--system", f"a={system}", "--seed", "-1", "--bootstrap", "20"])
    assert code == 2
    assert "negative" in _one_line_error(capsys)


def test_segments_of_two_are_refused(files, capsys) -> None:
    gold, system = files
    assert main(["evaluate", gold, "--system", f"a={system}", "--bins", "segments:2"]) == 2
    assert "≥ 3" in _one_line_error(capsys)


def test_meta_duplicate_system(tmp_path: Path, capsys) -> None:
    intrinsic = tmp_path / "i.csv"
    intrinsic.write_text("system,pearson\na,0.9\nb,0.8\nc,0.7\n")
    extrinsic = tmp_path / "e.csv"
    extrinsic.write_text("system,score\na,1\nb,2\na,3\n")
    assert main(["meta", "--intrinsic", str(intrinsic), "--extrinsic", str(extrinsic)]) == 2
    assert "'a' appears twice" in _one_line_error(capsys)


def test_a_library_error_names_the_commands_flag_not_the_parameter(capsys, tmp_path) -> None:
    # The library writes `low_border`; the command line writes --low-border (its flag).
    gold = write_numbers(tmp_path / "g.txt", [0, 1, 2, 3, 4, 5])
    system = write_numbers(tmp_path / "s.txt", [0, 1, 2, 3, 5, 4])
    rc, out, err = run(capsys, "evaluate", gold, "--system", f"a={system}", "--scale", "0", "5",
                       "--low-border", "7")  # fmt: skip
    line = assert_error(rc, out, err, "--low-border 7 lies outside the gold scale [0, 5]")
    assert "`low_border`" not in line


def test_flag_names_come_from_the_commands_parser() -> None:
    from simeval.cli import build_parser, flag_names

    flags = flag_names(build_parser(only="compare"), "compare")
    assert flags["nan_policy"] == "--nan-policy"
    assert flags["n_resamples"] == "--bootstrap"  # the parameter's flag has another name
    assert flags["confidence_level"] == "--confidence"
    assert "nan_policy" not in flag_names(build_parser(only="recommend"), "recommend")
    # a command's tasks have their own flags (`extrinsic classify --label-column`)
    assert flag_names(build_parser(only="extrinsic"), "extrinsic")["label_column"] == (
        "--label-column"
    )
    # a vector reader's `format` is wordsim's --vectors-format, not its output --format
    assert flag_names(build_parser(only="wordsim"), "wordsim")["format"] == "--vectors-format"


def test_library_words_do_not_reach_the_command_line(files, capsys, tmp_path) -> None:
    # were: "`confidence_level` must be in (0, 1)", "name each with a mapping {'name': …}"
    gold, system = files
    line = assert_error(
        *run(capsys, "compare", gold, "--system", f"a={system}", "--system", f"b={system}",
             "--confidence", "95"),
        "--confidence must be in (0, 1); got 95.0",
    )  # fmt: skip
    assert "confidence_level" not in line
    assert_error(
        *run(capsys, "run", "--model", "lexical:edit", "--model", "lexical:edit", "--dataset",
             "sts12"),
        "--model lexical:edit is given twice; give each model once",
    )  # fmt: skip


def test_reader_messages_name_the_parameter_and_the_command_its_flag(capsys, tmp_path) -> None:
    # A header of numbers: the library says header=False, evaluate says --no-header; an id
    # column the file lacks: the command writes its own flag, --id-column.
    from simeval.errors import DataError
    from simeval.io.tables import read_table

    gold = tmp_path / "g.tsv"
    gold.write_text("1\t2\n3\t4\n", encoding="utf-8")
    with pytest.raises(DataError, match=r"pass header=False and name columns by number"):
        read_table(gold)
    system = write_numbers(tmp_path / "s.txt", [1, 2])
    line = assert_error(*run(capsys, "evaluate", gold, "--system", f"a={system}"), "--no-header")
    assert "header=False" not in line
    ids = tmp_path / "ids.tsv"
    ids.write_text("id\tscore\nx\t1\ny\t2\n", encoding="utf-8")
    assert_error(
        *run(capsys, "evaluate", ids, "--system", f"a={ids}", "--id-column", "key"),
        "choose one with --id-column",
    )


def test_reasons_and_saved_warnings_are_plain_text(capsys, tmp_path) -> None:
    # an undefined bin's reason and an uncalibrated system's warning carried the markers
    # of a parameter reference (\x1e, \x1f) into tables, JSON, pages and to_frame
    import json

    import numpy as np

    import simeval as se

    gold = np.repeat([0.5, 1.0, 4.0, 4.5], 10)  # the middle third of 0–5 holds no pair
    system = gold + np.tile([0.1, -0.1], 20)
    res = se.scaled_pearson(gold, system, scale=(0, 5))
    assert res.reason.endswith(
        "(to average the other bins, skip the undefined ones: skip_undefined_bins)"
    )
    ev = se.evaluate(gold, {"cos": system / 10}, scale=(0, 5), calibrate="none")
    texts = [*ev.scale_warnings(), *ev.to_frame()["reason"].dropna()]
    g = write_numbers(tmp_path / "g.txt", gold.tolist())
    c = write_numbers(tmp_path / "c.txt", (system / 10).tolist())
    rc, out, err = run(capsys, "evaluate", g, "--system", f"cos={c}", "--scale", "0", "5",
                       "--calibrate", "none", "--format", "json")  # fmt: skip
    assert rc == 0, err
    texts += [out, err, json.dumps(json.loads(out)["off_scale"])]
    assert texts and not any("\x1e" in t or "\x1f" in t for t in texts)
