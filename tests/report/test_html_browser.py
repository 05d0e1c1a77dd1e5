"""The HTML report in a real browser: Debian's chromium, driven by playwright.

The page must load with no console error and without any request leaving the file, show
the verdict, the signatures and every figure and table with a non-zero rendered size, and
stay small and fast: 8 systems on STS Benchmark test (1379 pairs) in under 2 MB, rendered
in under 2 s. The checks read the page's elements, not a pixel snapshot.
"""

from __future__ import annotations

import shutil
import time
from pathlib import Path

import numpy as np
import pytest

import simeval as se
from simeval.evaluation.compare import compare
from simeval.report.html import build_page

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")


@pytest.fixture(scope="module")
def browser():
    if CHROMIUM is None:
        pytest.skip("chromium is not installed (apt-get install chromium; .ci/run does it)")
    sync_api = pytest.importorskip("playwright.sync_api", reason="pip install playwright")
    with sync_api.sync_playwright() as pw:
        b = pw.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        yield b
        b.close()


@pytest.fixture(scope="module")
def stsb_report(shared_data: Path, tmp_path_factory) -> Path:
    """8 systems on STS-B test: the gold plus noise of increasing size, one of them an
    integer-valued judge, one constant on a range (so that a range fails)."""
    rows = (shared_data / "stsbenchmark" / "sts-test.csv").read_text(encoding="utf-8")
    gold = np.array([float(line.split("\t")[4]) for line in rows.splitlines() if line.strip()])
    rng = np.random.default_rng(0)
    systems = {
        f"noise{s:.1f}": np.clip(gold + rng.normal(0, s, gold.size), 0, 5)
        for s in (0.4, 0.6, 0.8, 1.0, 1.3, 1.7)
    }
    systems["judge-0-5"] = np.clip(np.round(gold + rng.normal(0, 0.7, gold.size)), 0, 5)
    flat = np.clip(gold + rng.normal(0, 0.5, gold.size), 0, 5)
    flat[gold < 5 / 3] = 1.0  # no signal in the low range
    systems["flat-low"] = flat
    ev = se.evaluate(gold, systems, scale=(0, 5))
    cmp = compare(gold, systems, scale=(0, 5), n_resamples=2000, seed=0)
    text = build_page([ev.to_dict(scores=True), cmp.to_dict()], title="STS-B test: 8 systems")
    path = tmp_path_factory.mktemp("report") / "report.html"
    path.write_text(text, encoding="utf-8")
    return path


def test_report_is_small(stsb_report: Path) -> None:
    assert stsb_report.stat().st_size < 2 * 1024 * 1024


def test_report_loads_cleanly_and_fast(browser, stsb_report: Path, tmp_path: Path) -> None:
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    errors: list[str] = []
    requests: list[str] = []
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.on("request", lambda r: requests.append(r.url))
    url = stsb_report.as_uri()
    start = time.perf_counter()
    page.goto(url, wait_until="load")
    elapsed = time.perf_counter() - start
    assert errors == []
    assert requests == [url], "a request left the file"
    assert elapsed < 2.0, f"rendered in {elapsed:.2f} s"

    assert page.inner_text("h1") == "STS-B test: 8 systems"
    verdict = page.inner_text("#verdict")
    assert "noise0.4" in verdict and "significantly" in verdict
    # the system without signal in the low range is named with that range
    assert "flat-low" in verdict and "[0, 1.667)" in verdict
    assert page.locator(".signature").count() == 2
    for element in page.query_selector_all("figure svg, table"):
        box = element.bounding_box()
        assert box is not None and box["width"] > 0 and box["height"] > 0
    assert page.locator("table").count() >= 3
    # the figures: scatter by range, scaled errors, per-bin r, forest, p-values, ranks,
    # rank agreement
    titles = [h.inner_text() for h in page.query_selector_all("figure h3")]
    assert len(titles) == 7, titles
    assert any("by score range" in t for t in titles)
    assert any("significance clusters" in t for t in titles)
    # every undefined cell says why
    for cell in page.query_selector_all("td.undefined"):
        assert cell.get_attribute("title")
    page.screenshot(path=str(tmp_path / "report.png"), full_page=True)
    assert (tmp_path / "report.png").stat().st_size > 10_000
    page.close()
