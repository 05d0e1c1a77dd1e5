"""``simeval demo`` (issue 2 §5): runs offline, shows Anscombe's quartet and the crafted
α/β/Ω/δ methods of seed 001, and its JSON parses."""

from __future__ import annotations

import json

import pytest

from simeval.cli import main

ANSCOMBE_SETS = ("I", "II", "III", "IV")


def test_demo_table(capsys) -> None:
    rc = main(["demo"])
    out, err = capsys.readouterr()
    assert rc == 0, err
    assert "Traceback" not in err
    # All four Anscombe sets, with the shared Pearson r of 0.816 (Anscombe 1973).
    assert "Anscombe" in out
    for name in ANSCOMBE_SETS:
        assert any(line.split()[:1] == [name] for line in out.splitlines()), name
    assert "0.816" in out
    # The four crafted methods of seed 001 Table 3.
    for symbol in ("α", "β", "Ω", "δ"):
        assert symbol in out
    assert "NMSSE" in out or "nmsse" in out
    assert len(out.splitlines()) < 150  # "a few screens at most"


def test_demo_json(capsys) -> None:
    rc = main(["demo", "--format", "json"])
    out, err = capsys.readouterr()
    assert rc == 0, err
    doc = json.loads(out)
    text = json.dumps(doc)
    for name in ("alpha", "beta", "omega", "delta"):
        assert name in text
    # Every Anscombe set: Pearson 0.816 (Anscombe 1973).
    pearsons = [
        r["value"]
        for r in _records(doc)
        if r["metric"] == "pearson" and r.get("bin") is None and r["system"] in ANSCOMBE_SETS
    ]
    assert len(pearsons) == 4
    assert pearsons == pytest.approx([0.8165] * 4, abs=5e-4)


def _records(node):
    if isinstance(node, dict):
        if {"system", "metric", "value"} <= set(node):
            yield node
        for value in node.values():
            yield from _records(value)
    elif isinstance(node, list):
        for value in node:
            yield from _records(value)


def test_demo_output_file(capsys, tmp_path) -> None:
    target = tmp_path / "demo.txt"
    rc = main(["demo", "--output", str(target)])
    out, err = capsys.readouterr()
    assert rc == 0, err
    assert out == ""
    assert "Anscombe" in target.read_text(encoding="utf-8")
