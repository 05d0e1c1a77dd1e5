"""The Shima & Mitamura (2011) and R wordspace examples, run end to end into a tmp folder.

Each example is run as a user runs it (``python examples/…/run.py --out OUT``) on the shared
data; the test skips with the reason when the data or an extra is absent. Its outputs are
checked against independent computations:

- Shima & Mitamura (2011), Table 1 (MSRPC column), typed in below;
- EP@10 recomputed from the labels in ``patterns.tsv`` (Shima & Mitamura 2011, §3.2);
- each set's recall on MSRP test recomputed by a regex matcher written here (§3.4);
- Pearson r of the meta-evaluation by ``scipy.stats.pearsonr``;
- R wordspace 0.2-8's documented figures for ``eval.similarity.correlation(RG65,
  DSM_Vectors)`` and its 19 missing WordSim353 pairs; WordSim353's |ρ| and |r| by numpy
  angles + ``scipy.stats.spearmanr``/``pearsonr`` with wordspace's surrogate for missing
  pairs (the ``eval_similarity_correlation.R`` source).
"""

from __future__ import annotations

import csv
import gzip
import importlib.util
import json
import os
import re
import subprocess
import sys
import time
from pathlib import Path

import numpy as np
import pytest
from scipy import stats

REPO = Path(__file__).resolve().parents[2]


def _run_example(name: str, out: Path, data: Path) -> float:
    env = dict(os.environ, SIMEVAL_SHARED_DATA=str(data))
    env["PYTHONPATH"] = os.pathsep.join(
        p for p in (str(REPO / "src"), os.environ.get("PYTHONPATH")) if p
    )
    t0 = time.perf_counter()
    proc = subprocess.run(
        [sys.executable, str(REPO / "examples" / name / "run.py"), "--out", str(out)],
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert proc.returncode == 0, proc.stderr[-2000:]
    return time.perf_counter() - t0


def _tsv(path: Path) -> list[dict[str, str]]:
    lines = [ln for ln in path.read_text(encoding="utf-8").splitlines() if not ln.startswith("#")]
    return list(csv.DictReader(lines, delimiter="\t"))


# ------------------------------------------------------------- Shima & Mitamura (2011)


@pytest.fixture(scope="module")
def dimple_out(shared_data: Path, tmp_path_factory) -> Path:
    pytest.importorskip("snowballstemmer", reason="needs simeval[paraphrase]")
    if not (shared_data / "msrp" / "msr_paraphrase_test.txt").is_file():
        pytest.skip(f"MSRP not found under {shared_data}")
    out = tmp_path_factory.mktemp("shima-mitamura2011")
    seconds = _run_example("shima-mitamura2011", out, shared_data)
    print(f"shima-mitamura2011 example: {seconds:.1f} s")
    return out


def test_dimple_table1(dimple_out: Path, table1_msrpc: dict[str, int]):
    rows = {r["verb"]: r for r in _tsv(dimple_out / "table1.tsv")}
    assert {v: int(r["paper_msrpc"]) for v, r in rows.items()} == table1_msrpc
    ours = {v: int(r["simeval_train_test_pos"]) for v, r in rows.items()}
    assert ours == dict(table1_msrpc, called=61)  # 9 of 10 verbs as the paper


def test_dimple_patterns_and_ep(dimple_out: Path):
    patterns = _tsv(dimple_out / "patterns.tsv")
    sets: dict[str, list[dict[str, str]]] = {}
    for row in patterns:
        sets.setdefault(row["set"], []).append(row)
    assert len(sets) == 40  # 10 verbs x 4 generators, as the paper
    scores = {r["set"]: r for r in _tsv(dimple_out / "scores.tsv")}
    for name, rows in sets.items():
        assert [int(r["rank"]) for r in rows] == list(range(1, len(rows) + 1))
        assert len(rows) <= 10
        # EP_10 = (1/10) sum_i Q_i, Q_i the share of positive labels (§3.2)
        q = [np.mean([int(x) for x in r["labels_strict"].split(",")]) for r in rows]
        assert float(scores[name]["strict:ep@10"]) == pytest.approx(sum(q) / 10, abs=1e-6)


def _words(text: str) -> list[str]:
    return re.findall(r"[^\W_]+(?:['’][^\W_]+)*", text.lower())


def test_dimple_task_scores_equal_regex_matcher(dimple_out: Path, shared_data: Path):
    """§3.4 written directly: a positive MSRP test pair with the verb on a side counts
    when the other side has the verb's stems or a paraphrase's stems (word boundaries)."""
    import snowballstemmer

    from simeval.paraphrase import nltk_stopwords

    stem = snowballstemmer.stemmer("porter").stemWord
    stop = nltk_stopwords()
    lines = (shared_data / "msrp" / "msr_paraphrase_test.txt").read_text(encoding="utf-8-sig")
    pairs = []
    for line in lines.splitlines()[1:]:
        label, _, _, a, b = line.rstrip("\r").split("\t")
        if label == "1":
            wa, wb = _words(a), _words(b)
            pairs.append((wa, wb, [stem(w) for w in wa], [stem(w) for w in wb]))

    def has(hay: list[str], needle: list[str]) -> bool:
        return f" {' '.join(needle)} " in f" {' '.join(hay)} "

    lists: dict[tuple[str, str], list[str]] = {}
    for row in _tsv(dimple_out / "patterns.tsv"):
        lists.setdefault((row["set"], row["source"]), []).append(row["paraphrase"])
    task = {r["set"]: float(r["msrp_test_recall"]) for r in _tsv(dimple_out / "task_scores.tsv")}
    for (name, verb), paras in lists.items():
        v = _words(verb)
        needles = [[stem(w) for w in v]] + [
            [stem(w) for w in _words(p)] for p in paras if set(_words(p)) - stop
        ]
        selected = hit = 0
        for wa, wb, sa, sb in pairs:
            ina, inb = has(wa, v), has(wb, v)
            if ina or inb:
                selected += 1
                hit += any((ina and has(sb, n)) or (inb and has(sa, n)) for n in needles)
        assert task[name] == pytest.approx(hit / selected, abs=1e-6), name


def test_dimple_meta_r_equals_scipy(dimple_out: Path):
    scores = {r["set"]: r for r in _tsv(dimple_out / "scores.tsv")}
    task = {r["set"]: r for r in _tsv(dimple_out / "task_scores.tsv")}
    names = list(task)
    cells = {
        (c["judgment"], c["dataset"], c["metric"], c["k"]): float(c["r"])
        for c in csv.DictReader((dimple_out / "meta.csv").read_text().splitlines())
    }
    assert len(cells) == 2 * 2 * 3 * 3  # judgments x tasks x metrics x k
    for j in ("strict", "lenient"):
        for t in ("msrp_test_recall", "msrp_test_f1"):
            for m in ("ep", "epr", "dimple"):
                for k in (1, 5, 10):
                    x = [float(scores[s][f"{j}:{m}@{k}"]) for s in names]
                    y = [float(task[s][t]) for s in names]
                    expected = stats.pearsonr(x, y)[0]
                    assert cells[j, t, m, str(k)] == pytest.approx(expected, abs=1e-9)
    summary = json.loads((dimple_out / "summary.json").read_text())
    assert summary["n_sets"] == 40
    if importlib.util.find_spec("matplotlib"):
        assert (dimple_out / "dimple_vs_task.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


# ------------------------------------------------------------------ R wordspace (2014)


@pytest.fixture(scope="module")
def wordspace_out(shared_data: Path, tmp_path_factory) -> Path:
    if not (shared_data / "wordspace" / "DSM_Vectors.tsv.gz").is_file():
        pytest.skip(f"wordspace data not found under {shared_data}")
    out = tmp_path_factory.mktemp("wordspace")
    seconds = _run_example("wordspace", out, shared_data)
    print(f"wordspace example: {seconds:.1f} s")
    return out


def test_wordspace_rg65_equals_r(wordspace_out: Path):
    doc = json.loads((wordspace_out / "report.json").read_text())
    res = {r["dataset"]: r for r in doc["records"]}
    # R wordspace 0.2-8, eval.similarity.correlation(RG65, DSM_Vectors)
    rg = res["RG65"]
    assert rg["rho"] == pytest.approx(0.687086130375066, abs=1e-9)
    assert rg["r"] == pytest.approx(0.698423018988583, abs=1e-9)
    assert rg["r_lower"] == pytest.approx(0.547846723375507, abs=1e-9)
    assert rg["r_upper"] == pytest.approx(0.805166278533653, abs=1e-9)
    assert (rg["missing"], rg["n"]) == (0, 65)
    assert (res["WordSim353"]["missing"], res["WordSim353"]["n"]) == (19, 351)


def test_wordspace_ws353_equals_scipy(wordspace_out: Path, shared_data: Path):
    ws = shared_data / "wordspace"
    with gzip.open(ws / "DSM_Vectors.tsv.gz", "rt", encoding="utf-8") as fh:
        rows = [line.rstrip("\n").split("\t") for line in fh]
    index = {r[0]: i for i, r in enumerate(rows)}
    m = np.array([[float(x) for x in r[1:]] for r in rows])
    unit = m / np.linalg.norm(m, axis=1, keepdims=True)
    pairs = _tsv(ws / "WordSim353.tsv")
    gold = np.array([float(p["score"]) for p in pairs])
    angle = np.full(gold.size, np.inf)
    for i, p in enumerate(pairs):
        if p["word1"] in index and p["word2"] in index:
            cos = unit[index[p["word1"]]] @ unit[index[p["word2"]]]
            angle[i] = np.degrees(np.arccos(np.clip(cos, -1, 1)))
    missing = ~np.isfinite(angle)
    lo, hi = angle[~missing].min(), angle[~missing].max()
    angle[missing] = hi + 0.1 * (hi - lo)  # wordspace's surrogate: 10% above the range
    doc = json.loads((wordspace_out / "report.json").read_text())
    res = next(r for r in doc["records"] if r["dataset"] == "WordSim353")
    assert int(missing.sum()) == 19
    assert res["rho"] == pytest.approx(abs(stats.spearmanr(gold, angle)[0]), abs=1e-9)
    r = stats.pearsonr(gold, angle)[0]
    assert res["r"] == pytest.approx(abs(r), abs=1e-9)
    half = 1.959963984540054 / np.sqrt(gold.size - 3)  # Fisher z, as R cor.test
    ci = sorted(abs(np.tanh(np.arctanh(r) + s * half)) for s in (-1, 1))
    assert [res["r_lower"], res["r_upper"]] == pytest.approx(ci, abs=1e-9)


def test_wordspace_outputs(wordspace_out: Path):
    details = _tsv(wordspace_out / "details.tsv")
    assert len(details) == 65 + 351
    assert sum(d["missing"] == "TRUE" for d in details) == 19
    sim = json.loads((wordspace_out / "rg65_similarity.json").read_text())["records"][0]
    # convert=FALSE: a monotone transform of the angle, so the same |rho| (R's docs)
    assert sim["rho"] == pytest.approx(0.687086130375066, abs=1e-9)
    assert "| RG65 abs(rho) | 0.687086130375066 |" in (wordspace_out / "compare_r.md").read_text()
    if importlib.util.find_spec("matplotlib"):
        for png in ("wordspace.png", "rg65_similarity.png"):
            assert (wordspace_out / png).read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
