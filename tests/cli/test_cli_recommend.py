"""``simeval recommend`` through ``simeval.cli.main(argv)``.

Expected measures are Table 3 of Reimers, Beyer & Gurevych (2016), row by row,
written as simeval's metric expressions (see the module docstring of
``simeval.meta.recommend``); the refusals follow §4: "For any combination that involves a
Cardinality of 1:1 only a Set of Interest of All is useful, because the result set contains
only one result. In addition, the Information can't be Rank. Overall, only nine
combinations are plausible."
"""

from __future__ import annotations

import csv
import io
import json
from itertools import product

import pytest
from clitools import run

# Table 3, in the paper's order: requirements → proposed measure
TABLE_3 = {
    # "harmonic mean of F1-score for low and high similarity pairs"
    ("1:1", "all", "classification"): "hmean(f1_low,f1_high)",
    # "Pearson correlation"
    ("1:1", "all", "value"): "pearson",
    # "nDCG or Spearman rank correlation"
    ("1:n", "all", "rank"): "ndcg",
    ("1:n", "all", "classification"): "hmean(f1_low,f1_high)",
    ("1:n", "all", "value"): "pearson",
    # "harmonic mean of nCGk and Pearson correlation"
    ("1:n", "k-best", "value"): "hmean(ncg@k,pearson)",
    # "nDCGk"
    ("1:n", "k-best", "rank"): "ndcg@k",
    # "harmonic mean of F1-score for low and high similarity pairs and Pearson correlation"
    ("1:n", "threshold", "value"): "hmean(pearson,f1_low,f1_high)",
    # "… and Spearman rank correlation"
    ("1:n", "threshold", "rank"): "hmean(spearman,f1_low,f1_high)",
}

ALL_18 = list(
    product(("1:1", "1:n"), ("all", "k-best", "threshold"), ("value", "rank", "classification"))
)
IMPLAUSIBLE = [c for c in ALL_18 if c not in TABLE_3]

# the paper's reason for each refusal (§4)
REASONS = {
    c: (
        "only All is a useful set of interest"
        if c[0] == "1:1" and c[1] != "all"
        else "Rank needs more than one result"
        if c[0] == "1:1"
        else "nine plausible combinations"
    )
    for c in IMPLAUSIBLE
}


def _argv(combo: tuple[str, str, str], *extra: str) -> list[str]:
    c, s, i = combo
    return ["recommend", "--cardinality", c, "--set-of-interest", s, "--information", i, *extra]


def test_nine_plausible_and_nine_refused() -> None:
    assert len(TABLE_3) == 9 and len(IMPLAUSIBLE) == 9


@pytest.mark.parametrize("combo", list(TABLE_3), ids=lambda c: ",".join(c))
def test_every_plausible_combination_prints_the_papers_measure(capsys, combo) -> None:
    rc, out, err = run(capsys, *_argv(combo))
    assert rc == 0, err
    lines = dict(line.split(": ", 1) for line in out.strip().splitlines())
    assert lines["task"] == ",".join(combo)
    measure = lines["measure"].split(" (or ")[0]
    assert measure == TABLE_3[combo]
    assert len(lines["why"]) > 40  # each explained in a sentence
    assert "Table 3" in lines["source"]
    assert f"--task {','.join(combo)}" in lines["use it"]


def test_all_rank_names_spearman_as_the_alternative(capsys) -> None:
    # Table 3: "nDCG or Spearman rank correlation"
    rc, out, _ = run(capsys, *_argv(("1:n", "all", "rank")))
    assert rc == 0
    assert "measure: ndcg (or spearman)" in out


@pytest.mark.parametrize("combo", IMPLAUSIBLE, ids=lambda c: ",".join(c))
def test_every_implausible_combination_is_refused_with_a_reason(capsys, combo) -> None:
    rc, out, err = run(capsys, *_argv(combo))
    assert rc == 2
    assert out == ""
    assert "Traceback" not in err
    lines = err.strip().splitlines()
    assert len(lines) == 1, err
    assert lines[0].startswith("simeval: error:")
    assert "not plausible" in lines[0]
    assert REASONS[combo] in lines[0], lines[0]


def test_list_prints_nine_rows(capsys) -> None:
    rc, out, err = run(capsys, "recommend", "--list")
    assert rc == 0, err
    rows = [ln for ln in out.splitlines() if ln.startswith(("1:1 ", "1:n "))]
    assert len(rows) == 9
    # the reasons are wrapped as numbered notes: no line wider than 100 columns
    assert max(len(ln) for ln in out.splitlines()) <= 100
    assert "[9] " in out
    rc, out, err = run(capsys, "recommend", "--list", "--format", "csv")
    assert rc == 0, err
    table = list(csv.reader(io.StringIO(out)))
    assert table[0] == ["cardinality", "set of interest", "information", "measure", "why"]
    assert {tuple(r[:3]): r[3] for r in table[1:]} == TABLE_3
    # the paper's order
    assert [tuple(r[:3]) for r in table[1:]] == list(TABLE_3)


def test_list_json(capsys) -> None:
    rc, out, err = run(capsys, "recommend", "--list", "--format", "json")
    assert rc == 0, err
    doc = json.loads(out)
    assert isinstance(doc, list) and len(doc) == 9
    assert {
        (d["cardinality"], d["set_of_interest"], d["information"]): d["measure"] for d in doc
    } == TABLE_3
    # JSON keeps each reason whole, as one string
    assert not any("\n" in d["explanation"] for d in doc)
    assert max(len(d["explanation"]) for d in doc) > 100


def test_single_json(capsys) -> None:
    rc, out, err = run(capsys, *_argv(("1:n", "threshold", "rank"), "--format", "json"))
    assert rc == 0, err
    doc = json.loads(out)
    assert doc["measure"] == "hmean(spearman,f1_low,f1_high)"
    assert doc["alternatives"] == []
    assert (doc["cardinality"], doc["set_of_interest"], doc["information"]) == (
        "1:n",
        "threshold",
        "rank",
    )
    assert doc["explanation"] and "Table 3" in doc["source"]


@pytest.mark.parametrize(
    "combo, expected",
    [
        (("1:n", "k-best", "rank"), "ndcg@10"),
        (("1:n", "k-best", "value"), "hmean(ncg@10,pearson)"),
        (("1:n", "all", "value"), "pearson"),  # no k in the measure: unchanged
    ],
)
def test_k_fills_in_the_measure(capsys, combo, expected) -> None:
    rc, out, err = run(capsys, *_argv(combo, "--k", "10", "--format", "json"))
    assert rc == 0, err
    assert json.loads(out)["measure"] == expected


def test_use_it_line_reproduces_the_recommendation(capsys) -> None:
    # the printed command must give the measure just recommended: with --k 5 that is
    # ndcg@5, but `simeval evaluate --task …` without --k uses its default k = 10
    rc, out, err = run(capsys, *_argv(("1:n", "k-best", "rank"), "--k", "5"))
    assert rc == 0, err
    assert "measure: ndcg@5" in out
    use_it = next(ln for ln in out.splitlines() if ln.startswith("use it:"))
    assert "--k 5" in use_it, use_it


@pytest.mark.parametrize("k", ["0", "-3"])
def test_bad_k(capsys, k) -> None:
    rc, out, err = run(capsys, *_argv(("1:n", "k-best", "rank"), "--k", k))
    assert rc == 2 and out == ""
    assert len(err.strip().splitlines()) == 1 and "k" in err


def test_spelling_variants(capsys) -> None:
    rc, out, err = run(capsys, *_argv(("1-n", "kbest", "Rank"), "--format", "json"))
    assert rc == 0, err
    assert json.loads(out)["measure"] == "ndcg@k"


def test_unknown_value_names_the_choices(capsys) -> None:
    rc, out, err = run(capsys, *_argv(("m:n", "all", "value")))
    assert rc == 2 and out == ""
    assert len(err.strip().splitlines()) == 1
    assert "1:1" in err and "1:n" in err


def test_missing_dimensions(capsys) -> None:
    rc, out, err = run(capsys, "recommend", "--cardinality", "1:n")
    assert rc == 2 and out == ""
    line = err.strip()
    assert "--set-of-interest" in line and "--information" in line and "--list" in line


def test_k_below_one_names_the_option(capsys) -> None:
    rc, out, err = run(capsys, *_argv(("1:n", "k-best", "rank"), "--k", "0"))
    assert rc == 2 and out == ""
    assert err.startswith("simeval: error: argument --k: 0 is too small")


def test_list_keeps_the_combinations_that_fit_what_is_given(capsys) -> None:
    # Table 3 of Reimers et al. (2016): two plausible 1:1 profiles (all × classification,
    # all × value); --list ignored the filter before
    rc, out, err = run(capsys, "recommend", "--list", "--cardinality", "1:1", "--format", "json")
    assert rc == 0, err
    assert [
        (r["cardinality"], r["set_of_interest"], r["information"]) for r in json.loads(out)
    ] == [
        ("1:1", "all", "classification"),
        ("1:1", "all", "value"),
    ]
    rc, _, err = run(capsys, "recommend", "--list", "--cardinality", "1:1", "--set-of-interest",
                     "k-best")  # fmt: skip
    assert rc == 2 and "no plausible combination has --cardinality 1:1" in err


def test_k_is_left_out_of_the_command_of_a_task_without_k_best(capsys) -> None:
    # the measure has no k, and `evaluate --task 1:1,all,value --k 10` ignores it: the
    # suggested command no longer carries it
    rc, out, err = run(capsys, "recommend", "--cardinality", "1:1", "--set-of-interest", "all",
                       "--information", "value", "--k", "10")  # fmt: skip
    assert rc == 0, err
    use_it = next(ln for ln in out.splitlines() if ln.startswith("use it:"))
    assert use_it == "use it: simeval evaluate GOLD --system NAME=FILE --task 1:1,all,value"
