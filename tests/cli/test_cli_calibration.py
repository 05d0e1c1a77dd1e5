"""``--calibrate-on``: the calibration fitted on held-out pairs from a file (a ``gold``
column and one column per system); the value checked against the least-squares map
written out with ``numpy.polyfit``'s formula (``fit_linear`` is tested against it)."""

from __future__ import annotations

import json

import numpy as np
import pytest
from clitools import run

from simeval.metrics.gold_scale import fit_linear


def _data(n: int, seed: int = 0):
    rng = np.random.default_rng(seed)
    gold = np.round(rng.uniform(0, 5, n) * 5) / 5
    cosine = np.clip(0.55 + 0.08 * gold + rng.normal(0, 0.05, n), -1, 1)
    return gold, cosine


def test_calibration_on_held_out_pairs_from_the_command_line(capsys, tmp_path) -> None:
    gold, cosine = _data(200)
    held_gold, held_cos = _data(150, seed=9)
    g = tmp_path / "g.txt"
    s = tmp_path / "s.txt"
    cal = tmp_path / "dev.tsv"
    g.write_text("".join(f"{v!r}\n" for v in gold.tolist()))
    s.write_text("".join(f"{v!r}\n" for v in cosine.tolist()))
    cal.write_text(
        "gold\ts\n"
        + "".join(f"{a!r}\t{b!r}\n" for a, b in zip(held_gold.tolist(), held_cos.tolist()))
    )
    argv = ["evaluate", g, "--system", f"s={s}", "--scale", "0", "5", "--metric", "mae",
            "--calibrate", "linear", "--calibrate-on", cal, "--format", "json"]  # fmt: skip
    rc, out, err = run(capsys, *argv)
    assert rc == 0, err
    doc = json.loads(out)
    a, b = fit_linear(held_cos, held_gold)
    hand = np.mean(np.abs(np.clip(a + b * cosine, 0, 5) - gold))
    assert doc["records"][0]["value"] == pytest.approx(hand, abs=1e-12)
    assert doc["calibration"]["systems"]["s"]["source"] == "on:dev.tsv"
    assert "calibrate:linear(on:dev.tsv)" in doc["signature"]
