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


@pytest.mark.parametrize(
    ("rows", "said"),
    [
        ("1\t0.1\tnan\n2\t0.3\t0.1\n", "dev.tsv, line 2, column 'b': missing score; fill it in"),
        ("1\t0.1\t0.2\n\t0.3\t0.1\n", "dev.tsv, line 3, column 'gold': missing gold score"),
        ("9\t0.1\t0.2\n2\t0.3\t0.1\n", "dev.tsv, line 2, column 'gold': 9 is outside --scale 0 5"),
        ("1\t0.1\t0.2\n2\t30\t0.1\n", "dev.tsv, line 3, column 'a': 30 is outside --system-scale"),
        ("1\t0.1\t0.2\n2\tabc\t0.1\n", "dev.tsv, line 3, column 'a'"),
    ],
)
def test_the_calibration_set_is_checked_as_the_score_files_are(
    capsys, tmp_path, rows: str, said: str
) -> None:
    # each of these was accepted: a NaN pair silently dropped, a gold value or a score
    # off its declared scale fitted on; now the same one-line errors as gold and systems
    gold, cosine = _data(20)
    g, a, b, cal = (tmp_path / f for f in ("g.txt", "a.txt", "b.txt", "dev.tsv"))
    g.write_text("".join(f"{v!r}\n" for v in gold.tolist()))
    for path in (a, b):
        path.write_text("".join(f"{v * 10!r}\n" for v in cosine.tolist()))
    argv = ["evaluate", g, "--system", f"a={a}", "--system", f"b={b}", "--scale", "0", "5",
            "--system-scale", "0", "10", "--metric", "mae", "-q"]  # fmt: skip
    cal.write_text("gold\ta\tb\n" + rows)
    rc, _, err = run(capsys, *argv, "--calibrate-on", cal)
    assert rc == 2 and len(err.strip().splitlines()) == 1 and said in err, err


def test_every_system_needs_its_column_in_the_calibration_set(capsys, tmp_path) -> None:
    # a system without a column was cross-fitted while the signature said on:dev.tsv
    gold, cosine = _data(20)
    g, s, cal = (tmp_path / f for f in ("g.txt", "s.txt", "dev.tsv"))
    g.write_text("".join(f"{v!r}\n" for v in gold.tolist()))
    s.write_text("".join(f"{v!r}\n" for v in cosine.tolist()))
    base = ["evaluate", g, "--system", f"a={s}", "--system", f"b={s}", "--scale", "0", "5",
            "--metric", "mae", "-q", "--calibrate-on", cal]  # fmt: skip
    cal.write_text("gold\ta\n1\t0.6\n4\t0.9\n3\t0.8\n")
    rc, _, err = run(capsys, *base)
    assert rc == 2 and "dev.tsv: --calibrate-on has no column for --system b" in err, err
    cal.write_text("gold\ta\t*\n1\t0.6\t0.6\n4\t0.9\t0.9\n3\t0.8\t0.8\n")  # '*': the others
    rc, out, err = run(capsys, *base, "--format", "json")
    assert rc == 0, err
    doc = json.loads(out)
    assert {s: doc["calibration"]["systems"][s]["source"] for s in "ab"} == {
        "a": "on:dev.tsv",
        "b": "on:dev.tsv",
    }
