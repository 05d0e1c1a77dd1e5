"""The registered sentence-pair data sets and how to read them.

Names (what ``simeval run --dataset`` and ``simeval evaluate --dataset`` take):

- ``stsb:train``, ``stsb:dev``, ``stsb:test`` — STS Benchmark (Cer et al. 2017), 0–5;
- ``sick:train``, ``sick:trial``, ``sick:test`` — SICK as released for SemEval-2014 Task 1
  (Marelli et al. 2014), relatedness 1–5 with the entailment label; ``sickr`` — all 9 927
  pairs of those three files (MTEB's SICK-R); ``sick:full`` — the later 9 840-pair release;
- ``sts12`` … ``sts16`` — the SemEval STS test sets of a year, pooled, each pair knowing
  its subset (SentEval's per-subset view); ``sts13`` without the licensed SMT subset;
  ``sts12:MSRpar``, ``sts15:images`` … — one subset. Blank gold lines (2015, 2016) are
  unscored pairs: their gold is NaN;
- ``stsb-companion:mt``, ``stsb-companion:other`` — the STS Benchmark companion sets;
- ``msrp:train``, ``msrp:test`` — the Microsoft Research Paraphrase Corpus (Dolan &
  Brockett 2005), gold 1 = paraphrase, 0 = not, the judgement as the label;
- ``wikipedia-rewrite`` — the 95 answers of Clough & Stevenson (2011) paired with their
  Wikipedia source, gold the rewrite level (non 0, heavy 1, light 2, cut 3);
- ``sts17:track1.ar-ar`` … ``sts17:track5.en-en`` — SemEval-2017 Task 1 tracks (Cer et al.
  2017), 250 pairs each; ``sts17:track5.en-en`` is MTEB's STS17 en-en.
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass, replace
from pathlib import Path

from ...errors import DataError, InputError
from ..files import RegisteredFile, fetch_file, store_inputs
from .checksums import SHA256
from .pairs import SentencePairs
from .readers import read_dataset

__all__ = [
    "CALIBRATION_SPLITS",
    "SENTENCE_DATASETS",
    "SentenceDataset",
    "SentencePairs",
    "get_sentences",
    "inputs",
    "load",
]

_STSB = (
    "https://github.com/eduardofv/sts_eval/raw/598f7e07be0dfa5b403d70e5119af2f75a4fb6d4/"
    "data/sources/Stsbenchmark.tar.gz"
)
_STS17 = "https://github.com/eduardofv/sts_eval/raw/598f7e07be0dfa5b403d70e5119af2f75a4fb6d4/"
_SICK = (
    "https://raw.githubusercontent.com/brmson/dataset-sts/"
    "e1d3375f5b3bc24f21aa4e46f96eb379e9fc1081/data/sts/sick2014/"
)
_SEMEVAL = (
    "https://raw.githubusercontent.com/rcln/SemEval/"
    "0524e9b9bfd6f85da2bc8f284d8c642b149753d0/english_testbed/data/"
)
_COMPANION = (
    "https://github.com/eduardofv/sts_eval/raw/598f7e07be0dfa5b403d70e5119af2f75a4fb6d4/"
    "data/sources/Stscompanion.tar.gz"
)
_MSRP = (
    "https://raw.githubusercontent.com/brmson/dataset-sts/"
    "e1d3375f5b3bc24f21aa4e46f96eb379e9fc1081/data/para/msr/"
)
_CITE = {
    "msrp": "Dolan, W. B., Brockett, C. (2005). Automatically Constructing a Corpus of "
    "Sentential Paraphrases. IWP 2005.",
    "stsb": "Cer, D., Diab, M., Agirre, E., Lopez-Gazpio, I., Specia, L. (2017). SemEval-2017 "
    "Task 1: Semantic Textual Similarity Multilingual and Crosslingual Focused Evaluation.",
    "sick": "Marelli, M., Menini, S., Baroni, M., Bentivogli, L., Bernardi, R., Zamparelli, R. "
    "(2014). A SICK cure for the evaluation of compositional distributional semantic models.",
    "sts": "Agirre, E. et al. (2012–2016). SemEval STS shared tasks (2012 Task 6, *SEM 2013, "
    "2014 Task 10, 2015 Task 2, 2016 Task 1).",
}
_LICENCE = {
    "msrp": "Microsoft Research Shared Source License (non-commercial research)",
    "stsb": "scores CC BY-SA 4.0; text sources their own (see LICENSE.txt)",
    "sick": "CC BY-NC-SA 3.0",
    "sts": "per year (MSR licence terms for MSRpar/MSRvid; StackExchange CC BY-SA 3.0 …)",
}
#: The test subsets of each SemEval STS year (2013 without the licensed SMT subset).
STS_SUBSETS: dict[int, tuple[str, ...]] = {
    2012: ("MSRpar", "MSRvid", "SMTeuroparl", "surprise.OnWN", "surprise.SMTnews"),
    2013: ("FNWN", "OnWN", "headlines"),
    2014: ("OnWN", "deft-forum", "deft-news", "headlines", "images", "tweet-news"),
    2015: ("answers-forums", "answers-students", "belief", "headlines", "images"),
    2016: ("answer-answer", "headlines", "plagiarism", "postediting", "question-question"),
}


@dataclass(frozen=True)
class SentenceDataset:
    """A registered sentence-pair data set: its parts (file pairs or single files), the
    reader of its format, scale, citation and licence.

    Attributes
    ----------
    name, title : str
    kind : str
        The reader of its format (``"stsb"``, ``"sick"``, ``"sts"``, ``"msrp"`` …).
    files : tuple of RegisteredFile
    scale : tuple of float
    n_pairs : int
        Pairs of the registered release (checked on load).
    citation, licence : str
    subsets : tuple of str
        The subsets a SemEval year pools.
    calibration : str or None
        The registered held-out split that ``run`` fits the calibration of an off-scale
        system on when it evaluates this set (:data:`CALIBRATION_SPLITS`).

    Examples
    --------
    >>> ds = get_sentences("stsb:test")
    >>> ds.scale, ds.n_pairs
    ((0.0, 5.0), 1379)
    """

    name: str
    title: str
    kind: str  # "stsb", "sick", "sts"
    files: tuple[RegisteredFile, ...]
    scale: tuple[float, float]
    n_pairs: int
    citation: str
    licence: str
    subsets: tuple[str, ...] = ()
    calibration: str | None = None

    def inputs(self, data_dir: str | os.PathLike[str] | None = None) -> tuple[Path, ...]:
        """The folder :meth:`load` reads the files from (``data_dir``, else the cache's
        store), told without reading anything."""
        return store_inputs(folder="sentences", data_dir=data_dir)

    def load(self, data_dir: str | os.PathLike[str] | None = None) -> SentencePairs:
        paths = [fetch_file(f, folder="sentences", data_dir=data_dir) for f in self.files]
        pairs = read_dataset(self, paths)
        if len(pairs) != self.n_pairs:
            raise DataError(
                f"{self.name}: {len(pairs)} pairs, but the registered release has "
                f"{self.n_pairs}; the files are not the registered ones"
            )
        return pairs


def _file(path: str, owner: str, url: str, member: str | None = None) -> RegisteredFile:
    return RegisteredFile(path, url, SHA256[path], owner, member)


def _stsb(split: str, n: int) -> SentenceDataset:
    path = f"stsbenchmark/sts-{split}.csv"
    name = f"stsb:{split}"
    return SentenceDataset(
        name, f"STS Benchmark, {split}", "stsb",
        (_file(path, name, _STSB, member=path),), (0.0, 5.0), n, _CITE["stsb"], _LICENCE["stsb"],
    )  # fmt: skip


def _sick(splits: dict[str, int], name: str) -> SentenceDataset:
    files = tuple(_file(f"sick/semeval2014-task1/{fname}", name, _SICK + fname) for fname in splits)
    return SentenceDataset(
        name, "SICK (SemEval-2014 Task 1), " + (name.split(":")[1] if ":" in name else "all"),
        "sick", files, (1.0, 5.0),
        sum(splits.values()), _CITE["sick"], _LICENCE["sick"],
    )  # fmt: skip


def _sts(year: int, subsets: tuple[str, ...], name: str, n: int) -> SentenceDataset:
    folder = f"semeval-sts/{year}" + ("/test" if year == 2012 else "")
    prefix = "STS2016" if year == 2016 else "STS"
    files = []
    for sub in subsets:
        for part in ("input", "gs"):
            path = f"{folder}/{prefix}.{part}.{sub}.txt"
            url = f"{_SEMEVAL}{year}/STS.{year}.test.{part}.{sub}.txt"
            files.append(_file(path, name, url))
    return SentenceDataset(
        name, f"SemEval STS {year}" + ("" if len(subsets) > 1 else f", {subsets[0]}"), "sts",
        tuple(files), (0.0, 5.0), n, _CITE["sts"], _LICENCE["sts"], subsets,
    )  # fmt: skip


def _companion(part: str, n: int) -> SentenceDataset:
    path, name = f"stscompanion/sts-{part}.csv", f"stsb-companion:{part}"
    return SentenceDataset(
        name, f"STS Benchmark companion, {part}", "companion",
        (_file(path, name, _COMPANION, member=path),), (0.0, 5.0), n, _CITE["stsb"],
        _LICENCE["stsb"],
    )  # fmt: skip


def _msrp(split: str, n: int) -> SentenceDataset:
    # The public copy split the original training file in two, moving its last 500 pairs
    # to msr-para-val.tsv; the download joins them again (val without its header line).
    fname, name = f"msr_paraphrase_{split}.txt", f"msrp:{split}"
    path = f"msrp/{fname}"
    val = f"{_MSRP}msr-para-val.tsv" if split == "train" else None
    file = RegisteredFile(path, f"{_MSRP}msr-para-{split}.tsv", SHA256[path], name, None, val)
    return SentenceDataset(
        name, f"MSR Paraphrase Corpus, {split}", "msrp", (file,), (0.0, 1.0), n,
        _CITE["msrp"], _LICENCE["msrp"],
    )  # fmt: skip


def _rewrite() -> SentenceDataset:
    from .rewrite import FILE_INFO_SHA256, TEXT_SHA256

    base = (
        "https://raw.githubusercontent.com/udacity/ML_SageMaker_Studies/"
        "247648cb5793b57fa1677af6f3fadbb789b647f7/Project_Plagiarism_Detection/data/"
    )
    name = "wikipedia-rewrite"
    info = RegisteredFile(
        f"{name}/file_information.csv", base + "file_information.csv", FILE_INFO_SHA256, name
    )
    texts = tuple(
        RegisteredFile(f"{name}/texts/{fn}", base + fn, sha, name)
        for fn, sha in TEXT_SHA256.items()
    )
    return SentenceDataset(
        name, "Wikipedia Rewrite corpus (answer, source)", "rewrite", (info, *texts),
        (0.0, 3.0), 95, "Clough, P., Stevenson, M. (2011). Developing a corpus of plagiarised "
        "short answers. Language Resources and Evaluation 45(1), 5-24.",
        "not stated by the public copy (research use)",
    )  # fmt: skip


#: The SemEval-2017 Task 1 tracks with one gold score per input line (track 6, tr-en, has
#: 500 input lines for 250 scores and no stated alignment).
STS17_TRACKS = ("track1.ar-ar", "track2.ar-en", "track3.es-es", "track4a.es-en",
                "track4b.es-en", "track5.en-en")  # fmt: skip


def _sts17(track: str) -> SentenceDataset:
    name = f"sts17:{track}"
    files = tuple(
        _file(f"sts2017/STS.{part}.{track}.txt", name, f"{_STS17}data/sources/{archive}",
              member=f"{folder}/STS.{part}.{track}.txt")
        for part, archive, folder in (
            ("input", "Sts2017.eval.v1.1.zip", "STS2017.eval.v1.1"),
            ("gs", "Sts2017.gs.zip", "STS2017.gs"),
        )
    )  # fmt: skip
    return SentenceDataset(
        name, f"SemEval-2017 STS, {track}", "sts", files, (0.0, 5.0), 250, _CITE["stsb"],
        "CC BY-SA 4.0 (the release's LICENSE.txt)", (track,),
    )  # fmt: skip


#: Lines per subset file of each SemEval STS year (scored and unscored pairs).
_STS_LINES = {
    2012: (750, 750, 459, 750, 399),
    2013: (189, 561, 750),
    2014: (750, 450, 300, 750, 750, 750),
    2015: (2000, 1500, 2000, 1500, 1500),
    2016: (1572, 1498, 1271, 3287, 1555),
}


def _registry() -> dict[str, SentenceDataset]:
    out = {d.name: d for d in (_stsb("train", 5749), _stsb("dev", 1500), _stsb("test", 1379))}
    sick = {"SICK_train.txt": 4500, "SICK_trial.txt": 500, "SICK_test_annotated.txt": 4927}
    for split, (fname, n) in zip(("train", "trial", "test"), sick.items()):
        out[f"sick:{split}"] = _sick({fname: n}, f"sick:{split}")
    out["sickr"] = _sick(sick, "sickr")
    full = RegisteredFile(
        "sick/SICK.txt",
        "https://raw.githubusercontent.com/kkalouli/SICK-processing/"
        "b55cf253c6ae9f5b5c9b287184e34147a5d7fc67/SICK.txt",
        SHA256["sick/SICK.txt"],
        "sick:full",
    )
    out["sick:full"] = SentenceDataset(
        "sick:full", "SICK, full release", "sick", (full,), (1.0, 5.0), 9840,
        _CITE["sick"], _LICENCE["sick"],
    )  # fmt: skip
    for year, subsets in STS_SUBSETS.items():
        short = f"sts{year % 100}"
        lines = _STS_LINES[year]
        out[short] = _sts(year, subsets, short, sum(lines))
        for sub, n in zip(subsets, lines):
            out[f"{short}:{sub}"] = _sts(year, (sub,), f"{short}:{sub}", n)
    out.update({f"sts17:{t}": _sts17(t) for t in STS17_TRACKS})
    out.update({d.name: d for d in (_companion("mt", 1836), _companion("other", 3814))})
    out.update({d.name: d for d in (_msrp("train", 4076), _msrp("test", 1725))})
    out["wikipedia-rewrite"] = _rewrite()
    for name, split in CALIBRATION_SPLITS.items():
        out[name] = replace(out[name], calibration=split)
    return out


#: A test set → the held-out split of the same release that a system's calibration onto
#: the gold scale is fitted on (what a deployed system would be tuned on).
CALIBRATION_SPLITS: dict[str, str] = {"stsb:test": "stsb:dev", "sick:test": "sick:trial"}


SENTENCE_DATASETS: dict[str, SentenceDataset] = _registry()


def get_sentences(name: str) -> SentenceDataset:
    """The registered sentence-pair data set ``name``; an unknown one lists the known.

    Parameters
    ----------
    name : str
        E.g. ``"stsb:test"``, ``"sickr"``, ``"sts15:images"``.

    Returns
    -------
    SentenceDataset

    Examples
    --------
    >>> get_sentences("sickr").n_pairs
    9927
    """
    key = name.strip()
    if key not in SENTENCE_DATASETS:
        main = [n for n in SENTENCE_DATASETS if not re.match(r"sts1\d:", n)]
        raise InputError(
            f"unknown data set {name!r}; known: {', '.join(main)}, sts17:TRACK (e.g. "
            "sts17:track5.en-en) and stsNN:SUBSET (e.g. sts15:images; see simeval datasets "
            "--sentences)"
        )
    return SENTENCE_DATASETS[key]


def load(name: str, *, data_dir: str | os.PathLike[str] | None = None) -> SentencePairs:
    """The sentence pairs of registered data set ``name`` (see the module docstring), from
    ``data_dir`` (searched below), the cache, or downloaded and checked.

    Parameters
    ----------
    name : str
    data_dir : str or os.PathLike, optional
        A folder searched below for the registered files.

    Returns
    -------
    SentencePairs

    Examples
    --------
    >>> pairs = load("stsb:test", data_dir="../shared/data")  # doctest: +SKIP
    >>> len(pairs), pairs.scale  # doctest: +SKIP
    (1379, (0.0, 5.0))
    """
    return get_sentences(name).load(data_dir)


def inputs(name: str, *, data_dir: str | os.PathLike[str] | None = None) -> tuple[Path, ...]:
    """The folder :func:`load` reads registered data set ``name`` from (``data_dir``, else
    the cache's store), without reading it; an unknown name lists the known.

    Parameters
    ----------
    name : str
        A registered data set.
    data_dir : str or os.PathLike, optional
        The folder the user gave.

    Returns
    -------
    tuple of Path

    Raises
    ------
    InputError
        An unknown name.

    Examples
    --------
    >>> [p.as_posix() for p in inputs("stsb:test", data_dir="data")]
    ['data']
    """
    return get_sentences(name).inputs(data_dir)
