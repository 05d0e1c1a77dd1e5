"""Individual ratings: reading ``COLS`` from a file, and the registered rater files of
WordSim-353 and SimVerb-3500 on the real copies in ../shared/data.

Expected shapes and counts come from the files' own documentation: WordSim-353's
``set1.tab`` holds 153 pairs rated by 13 subjects and ``set2.tab`` 200 pairs by 16
(its web page and SOURCE.md); SimVerb-3500's ratings file has ten or more ratings per pair
on 0–6 and a gold score that is their mean mapped onto 0–10 (its README).
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from scipy.stats import spearmanr

from simeval.datasets.ratings import read_ratings, resolve_columns
from simeval.datasets.wordsim import load
from simeval.datasets.wordsim.raters import RATER_SOURCES, load_ratings
from simeval.errors import DataError, InputError

HEADER = ["Word 1", "Word 2", "Human (mean)", "1", "2", "3", "r4"]


def test_columns_by_name_number_and_range() -> None:
    assert resolve_columns("r4,3", HEADER) == [6, 5]
    # a header name comes first: "1"-"3" are the raters' names, columns 4-6
    assert resolve_columns("1-3", HEADER) == [3, 4, 5]
    assert resolve_columns("7,1-2", HEADER) == [6, 3, 4]  # "7": no such name, column 7
    assert resolve_columns("Human (mean),r4", HEADER) == [2, 6]
    for spec, needle in (
        ("1", "at least 2 raters"),
        ("1,1", "twice"),
        ("3-1", "backwards"),
        ("x,y", "no column 'x'"),
        ("1,,2", "empty item"),
    ):
        with pytest.raises(InputError, match=needle):
            resolve_columns(spec, HEADER)


def test_read_ratings_with_missing_and_short_rows(tmp_path: Path) -> None:
    path = tmp_path / "r.tsv"
    path.write_text(
        "word1\tword2\tmean\ta\tb\tc\n"
        "cat\tdog\t3\t2\t3\t4\n"
        "car\tbus\t4\t4\tNA\t4\n"
        "sun\tmoon\t2\t2\t\t2\n"
        "cup\tmug\t5\t5\t5\n",  # a short row: c missing
        encoding="utf-8",
    )
    r = read_ratings(path, "a-c")
    assert r.columns == ("a", "b", "c") and r.word1 == ("cat", "car", "sun", "cup")
    np.testing.assert_array_equal(
        r.values, [[2, 3, 4], [4, np.nan, 4], [2, np.nan, 2], [5, 5, np.nan]]
    )
    np.testing.assert_allclose(r.mean(), [3, 4, 2, 5])
    # default: every field after the words (the mean column included: name them instead)
    assert read_ratings(path).columns == ("mean", "a", "b", "c")
    bad = tmp_path / "bad.tsv"
    bad.write_text("w1\tw2\ta\tb\nx\ty\t1\tlots\n", encoding="utf-8")
    with pytest.raises(DataError, match=r"line 2, column b: rating 'lots' is not a number"):
        read_ratings(bad, "a,b")


def test_ratings_are_matched_to_pairs_by_the_words(tmp_path: Path) -> None:
    path = tmp_path / "r.tsv"
    path.write_text("w1\tw2\ta\tb\nx\ty\t1\t2\nu\tv\t3\t4\n", encoding="utf-8")
    r = read_ratings(path, "a,b")
    swapped = r.aligned(["u", "x"], ["v", "y"], "the pairs")
    np.testing.assert_array_equal(swapped.values, [[3, 4], [1, 2]])
    with pytest.raises(DataError, match="no ratings for 1 pair"):
        r.aligned(["x", "p"], ["y", "q"], "the pairs")


def test_wordsim353_raters(shared_data: Path) -> None:
    r = load_ratings("ws353", data_dir=shared_data)
    assert r.values.shape == (353, 29) and r.persistent
    assert [len(g) for g in r.groups] == [13, 16]
    # the two panels rated different pairs: set1 the first 153, set2 the last 200
    assert not np.isnan(r.values[:153, :13]).any() and np.isnan(r.values[:153, 13:]).all()
    assert np.isnan(r.values[153:, :13]).all() and not np.isnan(r.values[153:, 13:]).any()
    # the published mean, to its two decimals
    gold = load("ws353", data_dir=shared_data).score
    assert np.abs(r.mean() - gold).max() <= 0.005 + 1e-9


def test_simverb_raters_are_slots_whose_mean_is_the_gold(shared_data: Path) -> None:
    r = load_ratings("simverb3500", data_dir=shared_data)
    assert r.values.shape == (3500, 11) and not r.persistent
    assert np.nanmin(r.values) == 0 and np.nanmax(r.values) == 6
    gold = load("simverb3500", data_dir=shared_data)
    assert r.word1 == gold.word1  # matched to the pairs' order (the files differ in order)
    # the README: mean ratings mapped linearly from 0–6 to 0–10; the scores are the mean
    # times 1.66, to two decimals
    assert spearmanr(r.mean(), gold.score)[0] == pytest.approx(1.0)
    assert np.abs(1.66 * r.mean() - gold.score).max() <= 0.005


def test_registry_of_rater_files() -> None:
    for source in RATER_SOURCES.values():
        for f in source.files:
            assert len(f.sha256) == 64 and f.url.startswith("https://")
        assert source.note
    with pytest.raises(InputError, match="no individual ratings are registered for 'rg65'"):
        load_ratings("rg65")


def test_a_wrong_rater_file_is_refused(tmp_path: Path) -> None:
    (tmp_path / "set1.tab").write_text("Word 1\tWord 2\tHuman (mean)\t1\t2\n", encoding="utf-8")
    with pytest.raises(DataError, match="SHA-256"):
        load_ratings("ws353", data_dir=tmp_path)


def test_a_range_is_read_one_way_at_both_ends() -> None:
    # The header of WordSim-353's set1.tab (Finkelstein et al. 2002): two words, the mean,
    # then the 13 raters named 1 ... 13 in columns 4 ... 16. "4-16": "16" names no column,
    # so both ends are column numbers, the 13 raters (0-based 3 ... 15) -- not rater "4"
    # (column 7) to column 16, which would silently drop three raters.
    header = ["Word 1", "Word 2", "Human (mean)", *(str(i) for i in range(1, 14))]
    assert resolve_columns("4-16", header) == list(range(3, 16))
    assert resolve_columns("1-13", header) == list(range(3, 16))  # both ends are names
    assert resolve_columns("4-13", header) == list(range(6, 16))  # raters 4 ... 13 by name
