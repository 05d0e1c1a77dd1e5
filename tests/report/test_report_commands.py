"""The report functions of ``simeval demo``, ``meta``, ``recommend``, ``datasets`` and
``extrinsic``, called directly with small result objects.

Every expected text is written out by hand from the layout rules of
:func:`simeval.report.render_table`: columns joined by two spaces, label columns
left-aligned, the others right-aligned, floats with ``digits`` decimals, NaN as ``—``, CSV
floats as Python's ``repr``.
"""

from __future__ import annotations

import json
import math
from pathlib import Path

import pytest

from simeval.datasets.wordsim import WordsimDataset
from simeval.meta.extrinsic import CrossValidationResult
from simeval.meta.predictiveness import Predictiveness
from simeval.meta.ranks import RankAgreement
from simeval.meta.recommend import Recommendation
from simeval.report.datasets import format_datasets
from simeval.report.demo import format_demo
from simeval.report.extrinsic import format_classification, format_detection
from simeval.report.notes import footnotes, table_with_notes, with_reasons
from simeval.report.predictiveness import format_meta
from simeval.report.recommendation import format_recommendation, format_recommendations
from simeval.results import MetricResult

NAN = math.nan


# -- notes ---------------------------------------------------------------------------------
def test_footnotes_number_equal_reasons_once() -> None:
    markers, notes = footnotes(["b", None, "a", "b"], "latex")
    assert markers == ["[1]", "", "[2]", "[1]"]
    assert notes == "% [1] b\n% [2] a\n"


def test_footnotes_markdown_starts_with_a_blank_line() -> None:
    assert footnotes(["x"], "markdown") == (["[1]"], "\n[1] x\n")
    assert footnotes([None], "markdown") == ([""], "")


def test_table_with_notes_wraps_at_100_columns_without_breaking_words() -> None:
    # 30 words of 4 letters: "[1] " + 19 words (19*5-1 = 94 chars) = 98 ≤ 100 on line 1,
    # the remaining 11 words on line 2, indented by 4 spaces (len("[1] ")).
    text = " ".join(["word"] * 30)
    got = table_with_notes(["k"], [["a"]], [text], note_column="why")
    line1 = "[1] " + " ".join(["word"] * 19)
    line2 = "    " + " ".join(["word"] * 11)
    assert got == f"k  why\n-  ---\na  [1]\n\n{line1}\n{line2}\n"


def test_with_reasons_unchanged_when_all_defined() -> None:
    assert with_reasons(["k", "v"], [["a", 1.0]], [None], "table") == (["k", "v"], [["a", 1.0]], "")


# -- meta ----------------------------------------------------------------------------------
def _pred(measure: str, rho: float, rank: int, reason: str | None = None) -> Predictiveness:
    return Predictiveness(measure, rho, 0.5, 0.75, rank, 0.25, 1.0, 0.95, 4, 10, 0, reason)


def test_format_meta_table_with_a_note() -> None:
    pred = [_pred("pearson", 0.8, 1), _pred("mae", NAN, 2, "constant ranking")]
    got = format_meta(pred, [], "table", digits=2)
    title = (
        "predictiveness over 4 systems: ρ(IR, ER), sorted as Reimers et al. (2016) Table 2; "
        "ρ interval: bootstrap over systems"
    )
    assert got == (
        f"{title}\n"
        "measure   rho  rank   MAD   MSD  rho low  rho high  note\n"
        "-------  ----  ----  ----  ----  -------  --------  ----\n"
        "pearson  0.80     1  0.50  0.75     0.25      1.00\n"
        "mae         —     2  0.50  0.75     0.25      1.00   [1]\n"
        "[1] constant ranking\n"
    )


def test_format_meta_csv_has_a_reason_column_and_no_agreement() -> None:
    pred = [_pred("pearson", 0.8, 1, "few resamples")]
    agreement = [RankAgreement("pearson", "mae", 1.0, 2.0, -0.5, 4)]
    assert format_meta(pred, agreement, "csv") == (
        "measure,rho,rank,MAD,MSD,rho low,rho high,reason\n"
        "pearson,0.8,1,0.5,0.75,0.25,1.0,few resamples\n"
    )


def test_format_meta_agreement_table_and_json() -> None:
    pred = [_pred("pearson", 0.8, 1)]
    agreement = [RankAgreement("pearson", "mae", 1.0, 2.0, -0.5, 4)]
    got = format_meta(pred, agreement, "markdown", digits=1)
    assert got.endswith(
        "**rank agreement between intrinsic measures**\n\n"
        "| metric a | metric b | mean \\|Δrank\\| | max \\|Δrank\\| | Kendall τ |\n"
        "|:---|---:|---:|---:|---:|\n"
        "| pearson | mae | 1.0 | 2.0 | -0.5 |\n"
    )
    doc = json.loads(format_meta(pred, agreement, "json"))
    assert doc["records"][0]["rho"] == 0.8
    assert doc["rank_agreement"][0]["kendall_tau"] == -0.5


# -- recommend -----------------------------------------------------------------------------
REC = Recommendation("1:n", "k-best", "rank", "ndcg@k", ("ncg@k",), "ranks matter", "a paper")


def test_format_recommendation_text_with_k() -> None:
    assert format_recommendation(REC, "table", k=5) == (
        "task: 1:n,k-best,rank\n"
        "measure: ndcg@k (or ncg@k)\n"
        "why: ranks matter\n"
        "source: a paper\n"
        "use it: simeval evaluate GOLD --system NAME=FILE --task 1:n,k-best,rank --k 5\n"
    )


def test_format_recommendation_other_formats_are_a_one_row_table() -> None:
    assert format_recommendation(REC, "csv") == (
        "cardinality,set of interest,information,measure,why\n1:n,k-best,rank,ndcg@k,ranks matter\n"
    )
    assert json.loads(format_recommendation(REC, "json"))["alternatives"] == ["ncg@k"]


def test_format_recommendations_table_puts_why_in_notes() -> None:
    assert format_recommendations([REC], "table") == (
        "cardinality  set of interest  information  measure  why\n"
        "-----------  ---------------  -----------  -------  ---\n"
        "1:n          k-best           rank         ndcg@k   [1]\n"
        "\n"
        "[1] ranks matter\n"
    )
    assert json.loads(format_recommendations([REC], "json"))[0]["measure"] == "ndcg@k"


# -- datasets ------------------------------------------------------------------------------
DS = WordsimDataset("toy", "Toy-3", "Doe, J. (2020). Toy.", "CC0", (0.0, 10.0), 3, "u", "h", "f")


def test_format_datasets_shows_the_file_relative_to_the_folder(tmp_path: Path) -> None:
    got = format_datasets(
        [DS, DS], [tmp_path / "sub" / "f", None], "table", folder=tmp_path, cache=tmp_path
    )
    assert got == (
        f"word-similarity datasets (files in {tmp_path}; licences: --citations)\n"
        "name  title  pairs  scale        kind  cached\n"
        "----  -----  -----  -----  ----------  ------\n"
        "toy   Toy-3      3   0-10  similarity   sub/f\n"
        "toy   Toy-3      3   0-10  similarity      no\n"
    )


def test_format_datasets_citations_and_json(tmp_path: Path) -> None:
    got = format_datasets([DS], [None], "table", folder=tmp_path, cache=tmp_path, citations=True)
    assert got == (
        "name  title  citation\n"
        "----  -----  --------\n"
        "toy   Toy-3  [1]\n"
        "\n"
        "[1] Doe, J. (2020). Toy. Licence: CC0.\n"
        "\nDownload URLs and SHA-256 digests: simeval datasets --format json\n"
    )
    doc = json.loads(format_datasets([DS], [None], "json", folder=tmp_path, cache=Path("c")))
    assert doc == {
        "cache": "c",
        "datasets": [
            {
                "name": "toy",
                "title": "Toy-3",
                "pairs": 3,
                "scale": [0.0, 10.0],
                "kind": "similarity",
                "licence": "CC0",
                "citation": "Doe, J. (2020). Toy.",
                "url": "u",
                "sha256": "h",
                "cached": None,
            }
        ],
    }


def test_format_datasets_needs_a_path_per_dataset(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="1 datasets but 0 paths"):
        format_datasets([DS], [], "table", folder=tmp_path, cache=tmp_path)


# -- extrinsic -----------------------------------------------------------------------------
def test_format_classification_table() -> None:
    res = CrossValidationResult(0.75, (0.5, 1.0), 8, 2, "oner", 0)
    # majority baseline 5/8 = 0.625, exact in binary; two decimals round half to even: 0.62
    assert format_classification({"mine": res}, 5 / 8, "table", digits=2) == (
        "system  accuracy  majority baseline  method  folds  n\n"
        "------  --------  -----------------  ------  -----  -\n"
        "mine        0.75               0.62    oner      2  8\n"
    )


def test_format_detection_reason_column_only_when_undefined() -> None:
    results = {"a": MetricResult(0.5, 3), "b": MetricResult(NAN, 3, "no related item")}
    assert format_detection(results, 3, "csv") == (
        "system,top1_accuracy,queries,reason\na,0.5,3,\nb,,3,no related item\n"
    )
    doc = json.loads(format_detection({"a": MetricResult(0.5, 3)}, 3, "json"))
    assert doc["kind"] == "extrinsic" and doc["task"] == "detection"
    assert doc["records"] == [{"system": "a", "top1_accuracy": 0.5, "queries": 3, "reason": None}]


# -- demo ----------------------------------------------------------------------------------
def test_format_demo_refuses_table_formats_it_has_no_layout_for() -> None:
    with pytest.raises(ValueError, match="'table' or 'json'"):
        format_demo({}, None, "csv")  # type: ignore[arg-type]


def test_markdown_and_latex_cells_are_escaped() -> None:
    # A '|' in a Markdown cell would open a column; pdflatex refuses raw Δ, τ, —.
    from simeval.report.tables import render_table

    md = render_table(["system", "mean |Δrank|"], [["p|q", 1.0]], "markdown")
    assert md.splitlines()[2] == "| p\\|q | 1.0000 |"
    assert md.splitlines()[0].count(" | ") == 1  # two columns
    tex = render_table(["metric", "Kendall τ"], [["a_b", float("nan")]], "latex")
    assert r"Kendall $\tau$" in tex and r"a\_b & -- \\" in tex
    assert all(ord(ch) < 128 for ch in tex)
