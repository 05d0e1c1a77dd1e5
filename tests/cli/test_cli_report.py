"""``simeval report``: one HTML page from saved JSON results, the same page the command's
``--html`` wrote; anything else is refused with one line naming the file and the field."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from clitools import assert_error, run, write_numbers

GOLD = [0.0, 0.5, 1.2, 1.9, 2.4, 3.1, 3.6, 4.2, 4.8, 5.0, 2.2, 0.8]
GOOD = [0.3, 0.4, 1.0, 2.2, 2.0, 3.3, 3.9, 4.0, 4.6, 4.9, 2.5, 1.1]
NOISY = [1.3, 0.1, 2.2, 0.9, 3.4, 2.1, 4.6, 3.2, 3.8, 4.0, 1.2, 2.8]


@pytest.fixture
def inputs(tmp_path: Path) -> list[str]:
    g = write_numbers(tmp_path / "gold.txt", GOLD)
    a = write_numbers(tmp_path / "good.txt", GOOD)
    b = write_numbers(tmp_path / "noisy.txt", NOISY)
    return [str(g), "--system", f"good={a}", "--system", f"noisy={b}", "--scale", "0", "5", "-q"]


@pytest.fixture
def saved(tmp_path: Path, capsys, inputs) -> dict[str, Path]:
    out = {k: tmp_path / f"{k}.json" for k in ("ev", "cmp")}
    out |= {f"{k}_html": tmp_path / f"{k}.html" for k in ("ev", "cmp")}
    rc, _, err = run(capsys, "evaluate", *inputs, "-o", out["ev"], "--html", out["ev_html"])
    assert rc == 0, err
    rc, _, err = run(capsys, "compare", *inputs, "--bootstrap", "200", "-o", out["cmp"],
                     "--html", out["cmp_html"])  # fmt: skip
    assert rc == 0, err
    return out


def test_report_of_saved_json_is_the_page_the_command_wrote(capsys, saved, tmp_path) -> None:
    for kind in ("ev", "cmp"):
        target = tmp_path / f"{kind}-report.html"
        assert run(capsys, "report", saved[kind], "-o", target)[:2] == (0, "")
        assert target.read_text(encoding="utf-8") == saved[f"{kind}_html"].read_text("utf-8")


def test_report_of_evaluate_and_compare_is_one_data_set(capsys, saved, tmp_path) -> None:
    target = tmp_path / "r.html"
    rc, out, err = run(capsys, "report", saved["ev"], saved["cmp"], "-o", target)
    assert (rc, out) == (0, ""), err
    page = target.read_text(encoding="utf-8")
    assert page.startswith("<!DOCTYPE html>") and page.rstrip().endswith("</html>")
    # the evaluation (every measure) and the comparison (intervals) of the same gold file
    # are one data set, headed by its name; the signatures are listed once, in the footer
    assert page.count('<section class="part" id="data-') == 1
    assert "<h2><bdi>gold.txt</bdi></h2>" in page
    for doc in (saved["ev"], saved["cmp"]):
        signature = json.loads(doc.read_text())["signature"]
        assert page.count(f"<code><bdi>{signature}</bdi></code>") == 1
    assert page.count('id="signature-') == 2
    verdict = page.split('id="verdict"')[1].split("</section>")[0]
    assert (
        "<strong><bdi>good</bdi></strong> leads on <strong><bdi>pearson</bdi></strong>" in verdict
    )
    # nothing leaves the file (XML namespace names are not requests)
    for fetch in ('src="http', 'href="http', "url(http", "@import"):
        assert fetch not in page


@pytest.mark.parametrize(
    ("content", "needles"),
    [
        ('{"a": 1}', ["other.json", "has no 'kind'"]),
        ("[1, 2]", ["a list is not a saved simeval result"]),
        ('{"kind": "evaluation", "signature": "s", "results": []}', ["has no 'schema'"]),
        ('{"kind": "evaluation", "schema": 99}', ["has schema 99", "reads schema 1"]),
        ('{"kind": "chart", "schema": 1}', ["unknown kind 'chart'"]),
    ],
)
def test_report_refuses_what_is_not_a_saved_result(capsys, tmp_path, content, needles) -> None:
    other = tmp_path / "other.json"
    other.write_text(content, encoding="utf-8")
    assert_error(*run(capsys, "report", other, "-o", tmp_path / "r.html"), *needles)
    assert not (tmp_path / "r.html").exists()


def test_report_names_the_field_that_is_wrong(capsys, saved, tmp_path) -> None:
    doc = json.loads(saved["ev"].read_text())
    strings = json.loads(json.dumps(doc))
    strings["records"][0]["value"] = str(strings["records"][0]["value"])  # was a TypeError
    bad = tmp_path / "strings.json"
    bad.write_text(json.dumps(strings), encoding="utf-8")
    assert_error(
        *run(capsys, "report", bad, "-o", tmp_path / "r.html"),
        "strings.json: records[0].value is the string",
        "expected a number or null",
    )
    del doc["records"]  # was a KeyError
    bad.write_text(json.dumps(doc), encoding="utf-8")
    assert_error(
        *run(capsys, "report", bad, "-o", tmp_path / "r.html"),
        "strings.json: records is missing; expected a list",
    )
    text = tmp_path / "t.txt"
    text.write_text("1\n2\n", encoding="utf-8")
    assert_error(*run(capsys, "report", text, "-o", tmp_path / "r.html"), "not JSON")
    assert not (tmp_path / "r.html").exists()


def test_report_refuses_an_inconsistent_evaluation(capsys, saved, tmp_path) -> None:
    # types right, content wrong: a scale of one number (was a ValueError on unpacking),
    # per-pair scores of unequal lengths (was a broadcasting error in a figure)
    doc = json.loads(saved["ev"].read_text())
    bad = tmp_path / "bad.json"
    for edit, needles in [
        ({"scale": [0]}, ["bad.json: scale is [0]; expected [low, high] with low < high"]),
        ({"scale": [5, 0]}, ["scale is [5, 0]"]),
        (
            {"scores": {"gold": doc["scores"]["gold"],
                        "systems": {"good": doc["scores"]["systems"]["good"][:3]}}},
            ["bad.json: scores.systems.good holds 3 scores and scores.gold 12"],
        ),
        ({"n": -5}, ["bad.json: n is -5; expected a number of pairs ≥ 0"]),
        ({"records": [*doc["records"], doc["records"][0]]},
         [f"bad.json: records[{len(doc['records'])}] repeats records[0]"]),
        ({"records": [doc["records"][0] | {"system": "ghost"}]},
         ["bad.json: records[0].system 'ghost' is not one of the systems"]),
    ]:  # fmt: skip
        bad.write_text(json.dumps(doc | edit), encoding="utf-8")
        assert_error(*run(capsys, "report", bad, "-o", tmp_path / "r.html"), *needles)
        assert not (tmp_path / "r.html").exists()
    # NaN and Infinity are not JSON (Python's json reads them; a saved result has null)
    bad.write_text(saved["ev"].read_text().replace("null", "NaN", 1), encoding="utf-8")
    assert_error(*run(capsys, "report", bad, "-o", tmp_path / "r.html"), "NaN is not JSON")


def test_a_value_outside_its_interval_is_drawn(capsys, saved, tmp_path) -> None:
    # a percentile interval may exclude its estimate (or a file was edited): the figure
    # draws the bar from the interval to the value (matplotlib refused negative lengths)
    doc = json.loads(saved["cmp"].read_text())
    record = next(r for r in doc["records"] if r.get("ci_high") is not None)
    record["value"] = record["ci_high"] + 1.0
    edited = tmp_path / "edited.json"
    edited.write_text(json.dumps(doc), encoding="utf-8")
    rc, out, err = run(capsys, "report", edited, "-o", tmp_path / "r.html")
    assert (rc, out) == (0, ""), err
    assert "<svg" in (tmp_path / "r.html").read_text(encoding="utf-8")


def test_report_needs_matplotlib_for_figures(capsys, saved, tmp_path, monkeypatch) -> None:
    import sys

    monkeypatch.setitem(sys.modules, "matplotlib", None)
    assert_error(
        *run(capsys, "report", saved["ev"], "-o", tmp_path / "r.html"),
        "pip install 'simeval[plot]'",
    )
    rc, _, err = run(capsys, "report", saved["ev"], "-o", tmp_path / "r.html", "--no-figures")
    assert rc == 0, err


def test_scores_are_kept_by_size_or_when_asked(capsys, inputs, tmp_path, monkeypatch) -> None:
    import simeval.report.schema.envelope as envelope

    # 12 pairs, gold and 2 systems: 36 numbers; with a limit of 30 they are left out
    monkeypatch.setattr(envelope, "SCORES_MAX_VALUES", 30)
    small = tmp_path / "small.json"
    assert run(capsys, "evaluate", *inputs, "-o", small)[0] == 0
    doc = json.loads(small.read_text())
    assert doc["scores"] is None and "36 numbers" in doc["scores_left_out"]
    full = tmp_path / "full.json"
    assert run(capsys, "evaluate", *inputs, "--scores", "-o", full)[0] == 0
    doc = json.loads(full.read_text())
    assert doc["scores"]["gold"] == GOLD and doc["scores"]["systems"]["noisy"] == NOISY
    # the page of the smaller document says what is missing and how to get it
    rc, _, err = run(capsys, "report", small, "-o", tmp_path / "r.html")
    assert rc == 0 and "save it with --scores for the per-pair figures" in err
    page = (tmp_path / "r.html").read_text(encoding="utf-8")
    assert "no per-pair figures" in page and "System against gold" not in page
    run(capsys, "report", full, "-o", tmp_path / "r.html")
    assert "System against gold" in (tmp_path / "r.html").read_text(encoding="utf-8")
