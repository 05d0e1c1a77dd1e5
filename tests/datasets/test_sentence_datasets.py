"""The sentence-pair registry against the real releases in the shared data folder.

Reference values are read off the files themselves (first/last lines quoted here, counts
from ``wc -l`` and the papers: STS-B test 1 379 pairs, Cer et al. 2017 Table 10; SICK
9 927 pairs, Marelli et al. 2014), and the Pearson value of a run is checked against
``scipy.stats.pearsonr`` on scores computed independently in the test."""

from __future__ import annotations

import re
from pathlib import Path

import numpy as np
import pytest
from scipy import stats

import simeval as se
from simeval.datasets import SENTENCE_DATASETS, load
from simeval.errors import DataError, InputError


def test_stsb_test_first_and_last_pair(shared_data: Path) -> None:
    pairs = load("stsb:test", data_dir=shared_data)
    assert len(pairs) == 1379  # Cer et al. (2017), Table 10
    assert pairs.texts1[0] == "A girl is styling her hair."
    assert pairs.texts2[0] == "A girl is brushing her hair."
    assert pairs.gold[0] == 2.5
    assert pairs.texts1[-1] == "South Korea declares end to MERS outbreak"
    assert pairs.gold[-1] == 0.0
    assert pairs.scale == (0.0, 5.0)


def test_sick_splits_and_pooled_sickr(shared_data: Path) -> None:
    train = load("sick:train", data_dir=shared_data)
    assert len(train) == 4500
    assert train.texts1[0].startswith("A group of kids is playing in a yard")
    assert train.gold[0] == 4.5
    assert train.labels is not None and train.labels[0] == "NEUTRAL"
    sickr = load("sickr", data_dir=shared_data)
    assert len(sickr) == 4500 + 500 + 4927  # 9 927, MTEB's SICK-R
    assert sickr.scale == (1.0, 5.0)
    full = load("sick:full", data_dir=shared_data)  # the later release, another header
    assert len(full) == 9840
    assert (full.texts1[0], full.gold[0]) == (train.texts1[0], 4.5)
    assert full.labels is not None and full.labels[0] == "NEUTRAL"


def test_sts12_pooled_knows_subsets(shared_data: Path) -> None:
    pairs = load("sts12", data_dir=shared_data)
    assert len(pairs) == 750 + 750 + 459 + 750 + 399
    assert pairs.subsets is not None
    assert pairs.subsets[0] == "MSRpar"
    assert pairs.texts1[0].startswith("The problem likely will mean corrective changes")
    assert pairs.gold[0] == pytest.approx(4.4)
    one = load("sts12:MSRpar", data_dir=shared_data)
    assert len(one) == 750
    assert one.texts2 == pairs.texts2[:750]


def test_blank_gold_lines_are_unscored_pairs(shared_data: Path) -> None:
    pairs = load("sts15:images", data_dir=shared_data)
    gs = (shared_data / "semeval-sts/2015/STS.gs.images.txt").read_text().splitlines()
    blank = np.array([line.strip() == "" for line in gs])
    assert len(pairs) == len(gs) == 1500
    np.testing.assert_array_equal(np.isnan(pairs.gold), blank)
    assert 0 < int(blank.sum()) < 1500


def test_checksum_mismatch_is_refused(shared_data: Path, tmp_path: Path) -> None:
    copy = tmp_path / "stsbenchmark"
    copy.mkdir()
    text = (shared_data / "stsbenchmark/sts-test.csv").read_text(encoding="utf-8")
    (copy / "sts-test.csv").write_text(text.replace("styling", "combing", 1), encoding="utf-8")
    with pytest.raises(DataError, match=r"sha256|checksum"):
        load("stsb:test", data_dir=tmp_path)


def test_download_via_file_url_into_cache(
    shared_data: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from simeval.datasets.files import fetch_file

    monkeypatch.setenv("SIMEVAL_HOME", str(tmp_path / "home"))
    (f,) = SENTENCE_DATASETS["sick:trial"].files
    src = shared_data / "sick/semeval2014-task1/SICK_trial.txt"
    got = fetch_file(f, folder="sentences", url=src.as_uri())
    assert got.is_relative_to(tmp_path / "home")
    assert got.read_bytes() == src.read_bytes()
    # A second fetch is served from the cache, even with a URL that cannot work.
    again = fetch_file(f, folder="sentences", url=(tmp_path / "absent").as_uri())
    assert again == got


def test_msrp_train_is_joined_from_the_public_copys_two_files(
    shared_data: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The public copy moved the last 500 training pairs to a val file with its own
    header; the download appends that file without its header and checks the join."""
    from dataclasses import replace

    from simeval.datasets.files import fetch_file

    monkeypatch.setenv("SIMEVAL_HOME", str(tmp_path / "home"))
    whole = (shared_data / "msrp/msr_paraphrase_train.txt").read_bytes()
    lines = whole.splitlines(keepends=True)
    head, tail = lines[: 1 + 3576], lines[0:1] + lines[1 + 3576 :]
    (tmp_path / "train.tsv").write_bytes(b"".join(head))
    (tmp_path / "val.tsv").write_bytes(b"".join(tail))
    (f,) = SENTENCE_DATASETS["msrp:train"].files
    assert f.continuation is not None and f.continuation.endswith("msr-para-val.tsv")
    f = replace(
        f, url=(tmp_path / "train.tsv").as_uri(), continuation=(tmp_path / "val.tsv").as_uri()
    )
    assert fetch_file(f, folder="sentences").read_bytes() == whole
    # a continuation that does not complete the file fails the checksum and leaves nothing
    monkeypatch.setenv("SIMEVAL_HOME", str(tmp_path / "home2"))
    bad = replace(f, continuation=(tmp_path / "train.tsv").as_uri())
    with pytest.raises(DataError, match="has another SHA-256 than the registered"):
        fetch_file(bad, folder="sentences")
    assert not any((tmp_path / "home2").rglob("*.txt"))


def test_failed_download_leaves_nothing(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from simeval.datasets.files import fetch_file

    monkeypatch.setenv("SIMEVAL_HOME", str(tmp_path / "home"))
    (f,) = SENTENCE_DATASETS["sick:trial"].files
    with pytest.raises(DataError):
        fetch_file(f, folder="sentences", url=(tmp_path / "absent.txt").as_uri())
    assert not (tmp_path / "home").exists() or not any((tmp_path / "home").rglob("*.txt"))


def test_unknown_name_lists_the_known() -> None:
    with pytest.raises(InputError, match=r"unknown data set 'stsbx'.*stsb:test"):
        load("stsbx")


def test_data_dir_without_the_file(tmp_path: Path) -> None:
    with pytest.raises(DataError, match="not found in"):
        load("stsb:dev", data_dir=tmp_path)


def test_run_on_a_registry_name_matches_scipy(shared_data: Path) -> None:
    """``se.run`` with the MTEB protocol on STS-B test and the Jaccard scorer: its main
    score is scipy's Spearman of the gold against the Jaccard overlap of word tokens
    (letters/digits with inner apostrophes and hyphens), computed here independently."""
    pairs = load("stsb:test", data_dir=shared_data)
    token = re.compile(r"[^\W_]+(?:['\u2019-][^\W_]+)*")

    def jaccard(a: str, b: str) -> float:
        x, y = set(token.findall(a.lower())), set(token.findall(b.lower()))
        return len(x & y) / len(x | y)

    ours = np.array([jaccard(a, b) for a, b in zip(pairs.texts1, pairs.texts2)])
    expected = stats.spearmanr(ours, pairs.gold).statistic
    result = se.run(["lexical:jaccard"], ["stsb:test"], protocol="mteb", data_dir=shared_data)
    assert result.value("lexical:jaccard", "stsb:test") == pytest.approx(expected, abs=1e-12)
    assert result.provenance["stsb:test"]


def test_cli_lists_sentence_sets_found_in_data_dir(shared_data: Path, capsys) -> None:
    from simeval.cli import main

    assert main(["datasets", "--sentences", "--data-dir", str(shared_data), "--format", "csv"]) == 0
    rows = {line.split(",")[0]: line for line in capsys.readouterr().out.splitlines()}
    assert rows["stsb:test"].endswith(",1379,0-5,1,1")
    assert rows["sts12"].endswith(",3108,0-5,10,10")


def test_sts17_track5_is_the_english_set(shared_data: Path) -> None:
    pairs = load("sts17:track5.en-en", data_dir=shared_data)
    first = (shared_data / "sts2017/STS.input.track5.en-en.txt").read_text().splitlines()[0]
    assert len(pairs) == 250  # Cer et al. (2017), Table 5
    assert (pairs.texts1[0], pairs.texts2[0]) == tuple(first.split("\t")[:2])
    assert pairs.gold[0] == 2.4


@pytest.mark.parametrize("kind", ["zip", "tar.gz"])
def test_archive_member_is_extracted_and_checked(
    shared_data: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, kind: str
) -> None:
    """A release archive (zip for SemEval-2017, tar.gz for STS-B) built here with the real
    file as the registered member: the fetch extracts it, checks its SHA-256 and caches it."""
    import tarfile
    import zipfile

    from simeval.datasets.files import fetch_file

    monkeypatch.setenv("SIMEVAL_HOME", str(tmp_path / "home"))
    name, index = ("sts17:track5.en-en", 1) if kind == "zip" else ("stsb:test", 0)
    f = SENTENCE_DATASETS[name].files[index]
    assert f.member is not None
    src = next(shared_data.rglob(Path(f.path).name))
    archive = tmp_path / f"release.{kind}"
    if kind == "zip":
        with zipfile.ZipFile(archive, "w") as zf:
            zf.write(src, f.member)
    else:
        with tarfile.open(archive, "w:gz") as tf:
            tf.add(src, f.member)
    got = fetch_file(f, folder="sentences", url=archive.as_uri())
    assert got.read_bytes() == src.read_bytes()
    wrong = SENTENCE_DATASETS[name].files[1 - index] if kind == "zip" else f
    if kind == "zip":  # the other member is not in this archive
        with pytest.raises(DataError, match="no file"):
            fetch_file(wrong, folder="sentences", url=archive.as_uri())


def _jaccard_file(pairs, path: Path, *, reverse: bool = False) -> None:
    token = re.compile(r"[^\W_]+(?:['\u2019-][^\W_]+)*")
    rows = []
    for i, (a, b) in enumerate(zip(pairs.texts1, pairs.texts2)):
        x, y = set(token.findall(a.lower())), set(token.findall(b.lower()))
        rows.append(f"{pairs.ids[i]}\t{len(x & y) / len(x | y)!r}")
    body = rows[::-1] if reverse else rows
    path.write_text("id\tscore\n" + "\n".join(body) + "\n", encoding="utf-8")


def test_evaluate_dataset_drops_unscored_pairs_and_matches_scipy(
    shared_data: Path, tmp_path: Path, capsys
) -> None:
    """``evaluate --dataset sts15:images``: the gold comes from the registry, the 750 pairs
    without a gold score are left out after aligning by id (the system file is reversed),
    and the Pearson is scipy's on the scored pairs."""
    import json

    from simeval.cli import main

    pairs = load("sts15:images", data_dir=shared_data)
    system = tmp_path / "jac.tsv"
    _jaccard_file(pairs, system, reverse=True)
    scored = ~np.isnan(pairs.gold)
    mine = np.array([float(r.split("\t")[1]) for r in system.read_text().splitlines()[1:]])
    expected = stats.pearsonr(mine[::-1][scored], pairs.gold[scored]).statistic
    argv = ["evaluate", "--dataset", "sts15:images", "--data-dir", str(shared_data)]
    argv += ["--system", f"jac={system}", "--id-column", "id", "--metric", "pearson"]
    assert main([*argv, "--format", "json"]) == 0
    out, err = capsys.readouterr()
    doc = json.loads(out)
    (record,) = [r for r in doc["records"] if r["metric"] == "pearson"]
    assert record["value"] == pytest.approx(expected, abs=1e-12)
    assert record["n"] == int(scored.sum()) == 750
    assert "750 unscored pair(s) left out" in err


@pytest.mark.parametrize(
    ("extra", "message"),
    [
        (["gold.csv"], "not both"),
        (["--dataset", "stsb:test"], "has 1379"),
        (["--dataset", "stsbx"], "unknown data set"),
    ],
)
def test_evaluate_dataset_errors(shared_data: Path, tmp_path: Path, capsys, extra, message):
    from simeval.cli import main

    system = tmp_path / "s.txt"
    system.write_text("1\n2\n3\n")
    argv = ["evaluate", "--data-dir", str(shared_data), "--system", f"s={system}", *extra]
    if "--dataset" not in extra:
        argv += ["--dataset", "sts12"]
    assert main(argv) == 2
    assert message in capsys.readouterr().err


def test_msrp_splits_have_the_published_sizes_and_balance(shared_data: Path) -> None:
    """Dolan & Brockett (2005): 4 076 training and 1 725 test pairs, 67.5 % and 66.5 %
    of them paraphrases (2 753 and 1 147)."""
    train = load("msrp:train", data_dir=shared_data)
    test = load("msrp:test", data_dir=shared_data)
    assert (len(train), int(train.gold.sum())) == (4076, 2753)
    assert (len(test), int(test.gold.sum())) == (1725, 1147)
    assert test.texts1[0].startswith("PCCW's chief operating officer, Mike Butcher")
    assert test.ids is not None and test.ids[0] == "1089874-1089925"
    assert test.labels is not None and test.labels[0] == "paraphrase"
    assert test.scale == (0.0, 1.0)


def test_stsb_companion_rows_lack_the_genre_column(shared_data: Path) -> None:
    mt = load("stsb-companion:mt", data_dir=shared_data)
    assert len(mt) == 1836
    assert mt.ids is not None and mt.ids[0] == "SMTeuroparl-2012test-0000"
    assert mt.gold[0] == 4.5
    assert mt.texts1[0] == (
        "The leaders have now been given a new chance and let us hope they seize it."
    )


def test_wikipedia_rewrite_pairs_answers_with_their_source(shared_data: Path) -> None:
    """Clough & Stevenson (2011): 95 answers — 38 non, 19 heavy, 19 light, 19 cut (the
    counts of file_information.csv); each paired with its task's Wikipedia source."""
    pairs = load("wikipedia-rewrite", data_dir=shared_data)
    assert len(pairs) == 95
    assert np.bincount(pairs.gold.astype(int)).tolist() == [38, 19, 19, 19]
    assert pairs.ids is not None and pairs.ids[0] == "g0pA_taska.txt"
    assert pairs.labels is not None and pairs.labels[:2] == ("non", "cut")
    source = (shared_data / "wikipedia-rewrite/texts/orig_taska.txt").read_bytes()
    assert pairs.texts2[0] == " ".join(source.decode("utf-8-sig", "replace").split())
    assert all(np.isfinite(pairs.gold))
