"""The HTML report in a real browser: Debian's chromium, driven by playwright.

Two pages: 8 made-up systems on STS Benchmark test (evaluate and compare), and the page
``simeval run`` writes for four lexical baselines on three real data sets (STS-B test,
STS13, SICK-R). At 1400 and at 390 CSS pixels wide the page must load with no console
error and no request leaving the file, show the verdict's first line in the first
screen, have no element wider than the screen (a wide table scrolls inside its own box),
say no sentence twice, give every figure an accessible name and every table a caption,
head each data set's section with its name, and draw the figures' text at 9 pt or more
(1400 px). The page ``simeval report`` draws from the run's saved JSON has the same
sections, figures and sentences. The checks read the page's elements, not a pixel snapshot.
"""

from __future__ import annotations

import re
import shutil
import time
from pathlib import Path

import numpy as np
import pytest

import simeval as se
from simeval.cli import main
from simeval.evaluation.compare import compare
from simeval.report.html import build_page
from simeval.report.schema import comparison_document, evaluation_document

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
#: The phone: an iPhone 12–15's CSS viewport.
PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1400, "height": 900}
#: 9 pt in CSS pixels (96 px per inch, 72 pt per inch).
NINE_PT_PX = 9 * 96 / 72


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
    docs = [evaluation_document(ev, dataset="stsb:test", scores=True),
            comparison_document(cmp, dataset="stsb:test")]  # fmt: skip
    path = tmp_path_factory.mktemp("report") / "report.html"
    path.write_text(build_page(docs, title="STS-B test: 8 systems"), encoding="utf-8")
    return path


SETS = ["stsb:test", "sts13", "sickr"]
MODELS = ["lexical:jaccard", "lexical:char-tfidf", "lexical:word-tfidf", "lexical:edit"]


@pytest.fixture(scope="module")
def run_pages(shared_data: Path, tmp_path_factory) -> dict[str, Path]:
    """``simeval run`` of four lexical baselines on three real data sets (--html and the
    saved JSON), and ``simeval report`` of that JSON."""
    tmp = tmp_path_factory.mktemp("run")
    out = {"html": tmp / "run.html", "json": tmp / "run.json", "report": tmp / "report.html"}
    argv = ["run", *(a for m in MODELS for a in ("--model", m)),
            *(a for d in SETS for a in ("--dataset", d)), "--data-dir", str(shared_data),
            "--protocol", "simeval", "--bootstrap", "200", "-q"]  # fmt: skip
    assert main([*argv, "--html", str(out["html"]), "-o", str(out["json"])]) == 0
    assert main(["report", str(out["json"]), "-o", str(out["report"]), "-q"]) == 0
    return out


def _open(browser, path: Path, viewport: dict[str, int]):
    page = browser.new_page(viewport=viewport)
    errors: list[str] = []
    requests: list[str] = []
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.on("request", lambda r: requests.append(r.url))
    start = time.perf_counter()
    page.goto(path.as_uri(), wait_until="load")
    elapsed = time.perf_counter() - start
    assert errors == []
    assert requests == [path.as_uri()], "a request left the file"
    return page, elapsed


def _sentences(page) -> list[str]:
    """Every sentence of the prose: the verdict, the findings, the captions."""
    texts = page.eval_on_selector_all(
        ".verdict-text, .verdict-note, .findings li, figcaption, caption, .meta",
        "els => els.map(e => e.innerText)",
    )
    out = []
    for text in texts:
        out += [s.strip() for s in re.split(r"(?<=[.;])\s+(?=[A-Z])", text) if s.strip()]
    return out


def _overflowing(page) -> list[str]:
    """Elements wider than the screen, except inside a box that scrolls them."""
    return page.evaluate(
        """() => [...document.querySelectorAll('body *')]
            .filter(e => !e.closest('.table-wrap') && !e.closest('details:not([open])'))
            .filter(e => e.getBoundingClientRect().right > window.innerWidth + 0.5)
            .map(e => e.tagName + '.' + e.className + ' ' + e.textContent.slice(0, 40))"""
    )


def _smallest_text_px(page) -> float:
    """The smallest text of the visible figures in CSS pixels: a glyph group of
    matplotlib's SVG is scaled by its font size / 100 (pt), times the figure's rendered
    width over its viewBox width."""
    return page.evaluate(
        """() => Math.min(...[...document.querySelectorAll('figure svg')]
            .filter(svg => svg.getBoundingClientRect().width > 0)
            .flatMap(svg => {
              const k = svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
              return [...svg.querySelectorAll('g[transform*="scale("]')]
                .map(g => /scale\\(([\\d.]+) -/.exec(g.getAttribute('transform')))
                .filter(m => m).map(m => parseFloat(m[1]) * 100 * k);
            }))"""
    )


def _check_page(page, viewport: dict[str, int], names: list[str]) -> None:
    # the verdict's first line is inside the first screen
    box = page.locator(".verdict-text").bounding_box()
    assert box is not None and box["y"] + 24 < viewport["height"], box
    assert page.evaluate("document.documentElement.scrollWidth") <= viewport["width"]
    assert _overflowing(page) == []
    sentences = _sentences(page)
    assert len(sentences) == len(set(sentences)), [s for s in sentences if sentences.count(s) > 1]
    # every figure has an accessible name stating what it shows; every table a caption
    for svg in page.query_selector_all("figure svg"):
        assert svg.get_attribute("role") == "img"
        assert len(svg.get_attribute("aria-label") or "") > 20
    assert page.locator("table").count() == page.locator("table > caption").count()
    assert page.locator("thead th:not([scope])").count() == 0
    # every data set's name heads its section
    headings = page.eval_on_selector_all("h2", "els => els.map(e => e.innerText)")
    for name in names:
        assert name in headings, (name, headings)


def test_stsb_report_loads_cleanly_and_fast(browser, stsb_report: Path) -> None:
    assert stsb_report.stat().st_size < 2 * 1024 * 1024
    page, elapsed = _open(browser, stsb_report, DESKTOP)
    assert elapsed < 2.0, f"rendered in {elapsed:.2f} s"
    assert page.inner_text("h1") == "STS-B test: 8 systems"
    verdict = page.inner_text("#verdict")
    assert "noise0.4" in verdict and "significant" in verdict
    # the system without signal in the low range is named with that range
    findings = page.inner_text("#data-1")
    assert "flat-low" in findings and "[0, 1.667)" in findings
    for element in page.query_selector_all("figure svg, table"):
        if element.is_visible():
            box = element.bounding_box()
            assert box is not None and box["width"] > 0 and box["height"] > 0
    # every undefined cell says why
    for cell in page.query_selector_all("td.undefined"):
        assert cell.get_attribute("title")
    _check_page(page, DESKTOP, ["stsb:test"])
    page.close()


@pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["1400px", "390px"])
def test_run_page_reads_at_a_glance(browser, run_pages, viewport) -> None:
    page, _ = _open(browser, run_pages["html"], viewport)
    _check_page(page, viewport, SETS)
    title = page.inner_text("h1")
    assert all(m in title for m in MODELS) and all(d in title for d in SETS)
    verdict = page.inner_text(".verdict-text")
    assert len(re.findall(r"[.!?](?:\s|$)", verdict)) <= 3, verdict
    assert all(d in verdict for d in SETS) and "over all 3 data sets" in verdict
    # a table of contents, and no aggregate posing as a data set
    assert page.locator("nav.contents li").count() == len(SETS)
    assert "fisher_z_mean" not in page.inner_text("main")
    if viewport is DESKTOP:
        assert _smallest_text_px(page) >= NINE_PT_PX - 0.01
    page.close()


def test_page_from_saved_json_is_the_run_time_page(browser, run_pages) -> None:
    seen = []
    for key in ("html", "report"):
        page, _ = _open(browser, run_pages[key], DESKTOP)
        seen.append(
            (
                page.eval_on_selector_all("h2", "els => els.map(e => e.innerText)"),
                page.eval_on_selector_all(
                    "figure svg", "els => els.map(e => e.getAttribute('aria-label'))"
                ),
                _sentences(page),
            )
        )
        page.close()
    assert seen[0] == seen[1]
    assert len(seen[0][1]) >= 1 + 3 * 4  # the summary, then four figures per data set


def test_print_stylesheet_lets_wide_tables_flow(browser, run_pages) -> None:
    page, _ = _open(browser, run_pages["html"], DESKTOP)
    page.emulate_media(media="print")
    overflow = page.eval_on_selector(".table-wrap", "e => getComputedStyle(e).overflowX")
    assert overflow == "visible"
    page.close()
