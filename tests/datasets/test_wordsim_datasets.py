"""The word-similarity registry and loaders, run on the real copies in ../shared/data.

Row counts and score ranges come from each folder's SOURCE.md (which quotes the
dataset's paper/README): e.g. RG65 has 65 pairs observed 0.02–3.94 (Rubenstein &
Goodenough 1965), WordSim-353 353 pairs 0.23–10 (Finkelstein et al. 2002).
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from simeval.datasets import wordsim as reg
from simeval.errors import DataError, InputError

# name: (pairs, observed min, observed max, mean) from SOURCE.md
EXPECTED = {
    "rg65": (65, 0.02, 3.94, 1.876),
    "mc30": (30, 0.08, 3.92, None),
    "ws353": (353, 0.23, 10.0, 5.8559),
    "ws353-sim": (203, 0.23, 10.0, 5.1326),
    "ws353-rel": (252, 0.23, 8.81, 5.2946),
    "simlex999": (999, 0.23, 9.80, 4.5616),
    "simverb3500": (3500, 0.0, 9.96, 4.2916),
    "men": (3000, 0.0, 50.0, 25.0137),
    "mturk287": (287, 1.4, 4.71, 2.763),
    "mturk771": (771, 1.0, 4.96, 2.963),
    "rw": (2034, 0.0, 10.0, 6.2099),
    "yp130": (130, 0.0, 4.0, 1.705),
    "verb143": (144, 0.07, 0.79, 0.259),
}


def test_registry_is_complete() -> None:
    assert set(reg.DATASETS) == set(EXPECTED)
    for ds in reg.DATASETS.values():
        assert len(ds.sha256) == 64 and ds.url.startswith("https://")
        assert ds.citation and ds.licence


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_loader_on_shared_copy(shared_data: Path, name: str) -> None:
    n, lo, hi, mean = EXPECTED[name]
    pairs = reg.load(name, data_dir=shared_data)
    assert len(pairs) == n
    # SOURCE.md prints the observed range to 2 decimals
    assert pairs.score.min() == pytest.approx(lo, abs=5e-3)
    assert pairs.score.max() == pytest.approx(hi, abs=5e-3)
    if mean is not None:  # SOURCE.md rounds the mean to 3–4 decimals
        assert pairs.score.mean() == pytest.approx(mean, abs=6e-4)
    scale = reg.get(name).scale
    assert scale[0] <= pairs.score.min() and pairs.score.max() <= scale[1]
    assert all(w and " " not in w for w in pairs.word1 + pairs.word2)


def test_simlex_reads_the_score_column(shared_data: Path) -> None:
    # SimLex-999.txt row 1: "old new A 1.58 …" (the POS column is skipped).
    pairs = reg.load("simlex999", data_dir=shared_data)
    assert (pairs.word1[0], pairs.word2[0], pairs.score[0]) == ("old", "new", 1.58)


def test_download_through_file_url(shared_data: Path, tmp_path: Path, monkeypatch) -> None:
    monkeypatch.setenv("SIMEVAL_HOME", str(tmp_path))
    assert reg.cache_dir() == tmp_path / "wordsim"
    assert reg.cached_path("rg65") is None
    src = (shared_data / "wordsim-rg65" / "EN-RG-65.txt").resolve().as_uri()
    pairs = reg.load("rg65", url=src)
    assert len(pairs) == 65
    assert reg.cached_path("rg65") == tmp_path / "wordsim" / "EN-RG-65.txt"
    assert len(reg.load("rg65", download=False)) == 65  # now from the cache


def test_checksum_mismatch_is_refused(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.setenv("SIMEVAL_HOME", str(tmp_path / "home"))
    fake = tmp_path / "EN-RG-65.txt"
    fake.write_text("gem\tjewel\t3.94\n")
    # the message names the URL (it named the temporary file, already deleted, and said
    # to delete it) ...
    with pytest.raises(DataError, match=rf"rg65: the file from {fake.as_uri()} has another SHA"):
        reg.fetch("rg65", url=fake.as_uri())
    assert not (tmp_path / "home" / "wordsim" / "EN-RG-65.txt").exists()
    assert list((tmp_path / "home" / "wordsim").glob("*")) == []
    # ... and, for the user's own copy, does not tell them to delete it
    with pytest.raises(DataError, match="SHA-256") as caught:
        reg.fetch("rg65", data_dir=tmp_path)
    message = str(caught.value)
    assert "delete" not in message and "registered version, from http" in message


def test_a_downloaded_file_has_the_umasks_permissions(shared_data, tmp_path, monkeypatch) -> None:
    # mkstemp made the cache file 0600: a cache shared by a group was unreadable to others
    import os
    import stat

    monkeypatch.setenv("SIMEVAL_HOME", str(tmp_path))
    old = os.umask(0o022)
    try:
        path = reg.fetch("rg65", url=(shared_data / "wordsim-rg65" / "EN-RG-65.txt").as_uri())
    finally:
        os.umask(old)
    assert stat.S_IMODE(path.stat().st_mode) == 0o644


def test_not_cached_without_download(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.setenv("SIMEVAL_HOME", str(tmp_path))
    with pytest.raises(DataError, match="not cached"):
        reg.fetch("mc30", download=False)
    with pytest.raises(DataError, match="not found in"):
        reg.fetch("mc30", data_dir=tmp_path)


def test_names_and_aliases() -> None:
    assert reg.get("WS353-ALL").name == "ws353"
    with pytest.raises(InputError, match="unknown dataset 'nope'"):
        reg.get("nope")


def test_read_pairs_header_and_columns(tmp_path: Path) -> None:
    p = tmp_path / "p.tsv"
    p.write_text("a\tb\tgold\tw1\tw2\nx\ty\t1.5\tcat\tdog\n")
    pairs = reg.read_pairs(p, word1="w1", word2="w2", score="gold")
    assert (pairs.word1, pairs.word2, pairs.score.tolist()) == (("cat",), ("dog",), [1.5])
    with pytest.raises(DataError, match="no column 'zz'"):
        reg.read_pairs(p, word1="zz")
    q = tmp_path / "q.txt"
    q.write_text("cat dog 3\ncat car oops\n")
    with pytest.raises(DataError, match="line 2: score 'oops'"):
        reg.read_pairs(q)


def test_pairs_from_rows_and_mapping() -> None:
    rows = reg.pairs_from([("a", "b", 1), ("c", "d", 2)])
    cols = reg.pairs_from(
        {"w": ["a", "c"], "v": ["b", "d"], "s": [1, 2]}, word1="w", word2="v", score="s"
    )
    assert rows.word1 == cols.word1 and np.array_equal(rows.score, cols.score)
    with pytest.raises(InputError, match="no column 'score'"):
        reg.pairs_from({"word1": [], "word2": []})


def test_a_failed_download_leaves_no_folder(tmp_path, monkeypatch) -> None:
    # no network here: the download fails, and the cache folder it made is gone again
    from simeval.datasets.wordsim import cache as reg_cache

    home = tmp_path / "home"
    monkeypatch.setenv("SIMEVAL_HOME", str(home))
    missing = (tmp_path / "nowhere.txt").as_uri()
    with pytest.raises(DataError, match="download"):
        reg_cache.fetch("rg65", url=missing)
    assert not home.exists()


def test_a_simeval_home_that_is_a_file_is_named(tmp_path, monkeypatch, capsys) -> None:
    # was: "…/wordsim: Not a directory", without a word of SIMEVAL_HOME
    from simeval.cli import main

    home = tmp_path / "home"
    home.write_text("not a folder\n")
    monkeypatch.setenv("SIMEVAL_HOME", str(home))
    assert main(["datasets", "--fetch", "rg65"]) == 2
    err = capsys.readouterr().err.strip()
    assert err == (
        f"simeval: error: SIMEVAL_HOME={home} is not a folder; point it to a folder for "
        "simeval's cache (or unset it for the user cache folder)"
    )
