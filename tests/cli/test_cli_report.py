"""``simeval report``: one HTML page from saved JSON results; anything else is refused with
one line."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from clitools import assert_error, run, write_numbers

GOLD = [0.0, 0.5, 1.2, 1.9, 2.4, 3.1, 3.6, 4.2, 4.8, 5.0, 2.2, 0.8]
GOOD = [0.3, 0.4, 1.0, 2.2, 2.0, 3.3, 3.9, 4.0, 4.6, 4.9, 2.5, 1.1]
NOISY = [1.3, 0.1, 2.2, 0.9, 3.4, 2.1, 4.6, 3.2, 3.8, 4.0, 1.2, 2.8]


@pytest.fixture
def saved(tmp_path: Path, capsys) -> dict[str, Path]:
    g = write_numbers(tmp_path / "gold.txt", GOLD)
    a = write_numbers(tmp_path / "good.txt", GOOD)
    b = write_numbers(tmp_path / "noisy.txt", NOISY)
    base = [g, "--system", f"good={a}", "--system", f"noisy={b}", "--scale", "0", "5", "-q"]
    out = {"ev": tmp_path / "ev.json", "cmp": tmp_path / "cmp.json"}
    assert run(capsys, "evaluate", *base, "-o", out["ev"])[0] == 0
    assert run(capsys, "compare", *base, "--bootstrap", "200", "-o", out["cmp"])[0] == 0
    return out


def test_report_of_evaluate_and_compare(capsys, saved, tmp_path) -> None:
    target = tmp_path / "r.html"
    rc, out, err = run(capsys, "report", saved["ev"], saved["cmp"], "-o", target)
    assert (rc, out) == (0, ""), err
    page = target.read_text(encoding="utf-8")
    assert page.startswith("<!DOCTYPE html>") and page.rstrip().endswith("</html>")
    assert page.count('class="signature"') == 2
    for doc in (saved["ev"], saved["cmp"]):
        assert json.loads(doc.read_text())["signature"].split("|")[0] in page
    assert "good" in page.split('id="verdict"')[1].split("</section>")[0]
    # nothing leaves the file (XML namespace names are not requests)
    for fetch in ('src="http', 'href="http', "url(http", "@import"):
        assert fetch not in page
    assert page.count("<figure") >= 2  # per-bin r; forest, p-values, ranks, agreement


def test_report_refuses_what_it_cannot_read(capsys, saved, tmp_path) -> None:
    other = tmp_path / "other.json"
    other.write_text('{"a": 1}', encoding="utf-8")
    assert_error(*run(capsys, "report", other, "-o", tmp_path / "r.html"), "other.json")
    text = tmp_path / "t.txt"
    text.write_text("1\n2\n", encoding="utf-8")
    assert_error(*run(capsys, "report", text, "-o", tmp_path / "r.html"), "not JSON")
    assert not (tmp_path / "r.html").exists()


def test_report_needs_matplotlib_for_figures(capsys, saved, tmp_path, monkeypatch) -> None:
    import sys

    monkeypatch.setitem(sys.modules, "matplotlib", None)
    assert_error(
        *run(capsys, "report", saved["ev"], "-o", tmp_path / "r.html"),
        "pip install 'simeval[plot]'",
    )
    rc, _, err = run(capsys, "report", saved["ev"], "-o", tmp_path / "r.html", "--no-figures")
    assert rc == 0, err
