"""``simeval demo``: runs offline, shows Anscombe's quartet and the crafted α/β/Ω/δ
methods of Atoum & Ayyagari (2019), and its JSON parses."""

from __future__ import annotations

import itertools
import json
import re

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
    # The four crafted methods of Atoum & Ayyagari (2019), Table 3.
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


def test_demo_rankings_state_direction_and_order(capsys) -> None:
    assert main(["demo"]) == 0
    lines = {ln.split()[0]: ln for ln in capsys.readouterr().out.splitlines() if " (0." in ln}
    # NMSSE is an error: the best system has the lowest value, so the order reads "<"
    # (Atoum & Ayyagari 2019 Table 3 data, eq. 4–5: δ 0.05 < α 0.50 < Ω 0.52 < β 0.76)
    assert "δ (0.049) < α (0.504) < Ω (0.524) < β (0.759)" in lines["nmsse"]
    # higher-is-better measures read ">" between decreasing values; equal values "="
    for name in ("pearson", "f1_low", "f1_high"):
        items = re.findall(r"(\S) \(([\d.]+)\)(?: ([<>=]))?", lines[name])
        for (_, v1, rel), (_, v2, _) in itertools.pairwise(items):
            assert rel == ("=" if v1 == v2 else ">"), lines[name]
