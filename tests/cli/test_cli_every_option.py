"""Every option of every command has an effect.

The test enumerates each command's parser; every option must be listed here with a
command line that uses it and the baseline it is compared with. Using the option must
change what the command says (stdout, the exit code, a file it writes, or its notes on
stderr); an option that is accepted and then ignored fails here, and a new option fails
until it is listed.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable
from pathlib import Path

import numpy as np
import pytest
from clitools import run

from simeval.cli import build_parser, main

ROOT = Path(__file__).resolve().parents[2]
PARAPHRASE = ROOT / "examples" / "paraphrase"


def _write(path: Path, header: list[str], rows: list[list]) -> Path:
    lines = ["\t".join(header), *("\t".join(str(v) for v in r) for r in rows)]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return str(path)  # type: ignore[return-value]


@pytest.fixture
def inputs(tmp_path: Path) -> dict[str, str]:
    rng = np.random.default_rng(0)
    n = 40
    ids = [f"p{i}" for i in range(n)]
    gold = np.round(rng.uniform(0, 5, n), 1)
    gold2 = np.round(rng.uniform(0, 5, n), 1)
    a = np.clip(gold + rng.normal(0, 0.8, n), 0, 5).round(3)
    b = np.clip(gold + rng.normal(0, 1.5, n), 0, 5).round(3)
    shuffled = rng.permutation(n)
    labels = ["yes" if g > 2.5 else "no" for g in gold]
    files = {
        "gold": _write(
            tmp_path / "gold.tsv",
            ["pair", "score", "score2", "label"],
            [[ids[i], gold[i], gold2[i], labels[i]] for i in range(n)],
        ),
        # the systems' rows in another order: --id-column realigns them (an id column of
        # another name than "id", whose order by position would be checked and refused)
        "a": _write(tmp_path / "a.tsv", ["pair", "score"], [[ids[i], a[i]] for i in shuffled]),
        "b": _write(tmp_path / "b.tsv", ["pair", "score"], [[ids[i], b[i]] for i in shuffled]),
        # held-out pairs scored by a and b: a calibration set (gold, one column per system)
        "calibration": _write(
            tmp_path / "calibration.tsv",
            ["gold", "a", "b"],
            [[gold2[i], 10 * a[i] / 5, 10 * b[i] / 5] for i in range(n)],
        ),
        "intrinsic": _write(
            tmp_path / "intrinsic.tsv",
            ["system", "pearson", "nmsse"],
            [["s1", 0.8, 0.3], ["s2", 0.6, 0.5], ["s3", 0.7, 0.2], ["s4", 0.5, 0.4]],
        ),
        "extrinsic": _write(
            tmp_path / "extrinsic.tsv",
            ["system", "score", "other"],
            [["s1", 0.9, 0.1], ["s2", 0.5, 0.4], ["s3", 0.7, 0.3], ["s4", 0.6, 0.2]],
        ),
        # every column but the labels is numeric, so that the base run scores them all
        "classify": _write(
            tmp_path / "classify.tsv",
            ["item", "label", "label2", "sharp", "noise"],  # numeric ids, not named "id"
            [[1000 + i, labels[i], int(gold2[i] > 2.5), a[i], b[i]] for i in range(n)],
        ),
        "detect": _write(
            tmp_path / "detect.tsv",
            ["query", "q2", "cid", "relevant", "rel2", "A", "B"],
            [
                [f"q{i // 4}", i // 2, i, int(i % 4 == 0), int(i % 2 == 1), a[i], b[i]]
                for i in range(n)
            ],
        ),
        "out": str(tmp_path / "out.txt"),
        "dir": str(tmp_path),
    }
    ev_json = tmp_path / "ev.json"
    run_args = ["evaluate", files["gold"], "--system", f"a={files['a']}", "--format", "json"]
    assert main([*run_args, "-o", str(ev_json), "-q"]) == 0
    files["ev_json"] = str(ev_json)
    return files


def _evaluate_base(f: dict[str, str]) -> list[str]:
    return ["evaluate", f["gold"], "--system", f"a={f['a']}", "--system", f"b={f['b']}"]


def _compare_base(f: dict[str, str]) -> list[str]:
    return ["compare", f["gold"], "--system", f"a={f['a']}", "--system", f"b={f['b']}",
            "--bootstrap", "100", "--metric", "pearson", "--metric", "f1_low"]  # fmt: skip


def _meta_base(f: dict[str, str]) -> list[str]:
    return ["meta", "--intrinsic", f["intrinsic"], "--extrinsic", f["extrinsic"],
            "--bootstrap", "100"]  # fmt: skip


def _classify_base(f: dict[str, str]) -> list[str]:
    return ["extrinsic", "classify", f["classify"], "--folds", "4"]


def _detect_base(f: dict[str, str]) -> list[str]:
    return ["extrinsic", "detect", f["detect"]]


def _paraphrase_base(f: dict[str, str]) -> list[str]:
    return ["paraphrase", str(PARAPHRASE / "patterns.tsv")]


INPUT_OPTIONS: dict[str, Callable[[dict[str, str]], list[str]]] = {
    "--gold-column": lambda f: ["--gold-column", "score2"],
    "--no-header": lambda f: ["--no-header"],
    "--id-column": lambda f: ["--id-column", "pair"],
    "--scale": lambda f: ["--scale", "0", "10"],
    "--system-scale": lambda f: ["--system-scale", "0", "10"],
    "--low-border": lambda f: ["--low-border", "2.5"],
    "--high-border": lambda f: ["--high-border", "2.6"],
    "--nan-policy": lambda f: ["--nan-policy", "omit"],
    "--metric": lambda f: ["--metric", "kendall"],
    "--bins": lambda f: ["--bins", "labels:label"],
    "--normalize": lambda f: ["--normalize", "minmax"],
    "--skip-undefined-bins": lambda f: ["--skip-undefined-bins"],
    "--bin-average": lambda f: ["--bin-average", "fisher_z"],
    # the systems declared on 0–10 (off the gold's 0–5): the calibration acts on them
    "--calibrate": lambda f: (["--system-scale", "0", "10"], ["--calibrate", "linear"]),
    "--calibrate-folds": lambda f: (["--system-scale", "0", "10"], ["--calibrate-folds", "3"]),
    "--calibrate-seed": lambda f: (["--system-scale", "0", "10"], ["--calibrate-seed", "7"]),
    "--calibrate-on": lambda f: (
        ["--system-scale", "0", "10"],
        ["--calibrate-on", f["calibration"]],
    ),
}
HTML_OPTION: dict[str, Callable[[dict[str, str]], list[str]]] = {
    "--html": lambda f: ["--html", f["out"]],
}
OUTPUT_OPTIONS: dict[str, Callable[[dict[str, str]], list[str]]] = {
    "--format": lambda f: ["--format", "json"],
    "--output": lambda f: ["--output", f["out"]],
    "--digits": lambda f: ["--digits", "1"],
    "--quiet": lambda f: ["--quiet"],
}

#: command → (baseline, {option: extra tokens}); an option may also carry its own
#: baseline as (baseline extra, option extra) when it only acts with another option.
COMMANDS: dict[str, tuple[Callable[[dict[str, str]], list[str]], dict]] = {
    "evaluate": (
        _evaluate_base,
        {
            **INPUT_OPTIONS,
            **OUTPUT_OPTIONS,
            **HTML_OPTION,
            "--system": lambda f: ["--system", f"c={f['a']}"],
            "--semeval-dir": lambda f: ["--semeval-dir", f["dir"]],
            "--runs-dir": lambda f: ["--runs-dir", f["dir"]],
            "--task": lambda f: ["--task", "1:n,k-best,rank"],
            "--k": lambda f: (["--task", "1:n,k-best,rank"], ["--k", "3"]),
            # two numeric columns of the gold file as two raters: the human ceiling
            "--raters": lambda f: ["--raters", "score,score2"],
            "--rating-slots": lambda f: (["--raters", "score,score2"], ["--rating-slots"]),
            "--bootstrap": lambda f: (["--raters", "score,score2"], ["--bootstrap", "50"]),
            "--seed": lambda f: (["--raters", "score,score2"], ["--seed", "3"]),
        },
    ),
    "compare": (
        _compare_base,
        {
            **INPUT_OPTIONS,
            **OUTPUT_OPTIONS,
            **HTML_OPTION,
            "--system": lambda f: ["--system", f"c={f['a']}"],
            "--bootstrap": lambda f: ["--bootstrap", "120"],
            "--seed": lambda f: ["--seed", "1"],
            "--ci": lambda f: ["--ci", "percentile"],
            "--confidence": lambda f: ["--confidence", "0.8"],
            "--alpha": lambda f: ["--alpha", "0.2"],
            "--permutations": lambda f: ["--permutations", "100"],
        },
    ),
    "meta": (
        _meta_base,
        {
            **OUTPUT_OPTIONS,
            "--intrinsic": lambda f: ["--intrinsic", f["extrinsic"]],
            "--extrinsic": lambda f: ["--extrinsic", f["intrinsic"]],
            "--extrinsic-column": lambda f: ["--extrinsic-column", "other"],
            "--extrinsic-lower-is-better": lambda f: ["--extrinsic-lower-is-better"],
            # 4 systems: ρ's interval is [−1, 1] for any B; the document records B
            "--bootstrap": lambda f: (["--format", "json"], ["--bootstrap", "200"]),
            "--n-boot": lambda f: (["--format", "json"], ["--n-boot", "200"]),
            "--seed": lambda f: ["--seed", "1"],
        },
    ),
    "extrinsic classify": (
        _classify_base,
        {
            **OUTPUT_OPTIONS,
            "--label-column": lambda f: ["--label-column", "label2"],
            "--score-column": lambda f: ["--score-column", "noise"],
            "--id-column": lambda f: ["--id-column", "item"],
            "--method": lambda f: ["--method", "logistic"],
            "--folds": lambda f: ["--folds", "5"],
            "--seed": lambda f: ["--seed", "3"],
            "--min-bucket": lambda f: ["--min-bucket", "2"],
        },
    ),
    "extrinsic detect": (
        _detect_base,
        {
            **OUTPUT_OPTIONS,
            "--query-column": lambda f: ["--query-column", "q2"],
            "--relevant-column": lambda f: ["--relevant-column", "rel2"],
            "--score-column": lambda f: ["--score-column", "A"],
            "--id-column": lambda f: ["--id-column", "cid"],
        },
    ),
    "recommend": (
        lambda f: [
            "recommend",
            "--cardinality",
            "1:n",
            "--set-of-interest",
            "k-best",
            "--information",
            "rank",
        ],
        {
            **{k: v for k, v in OUTPUT_OPTIONS.items() if k != "--digits"},
            "--cardinality": lambda f: ["--cardinality", "1:1"],
            "--set-of-interest": lambda f: ["--set-of-interest", "all"],
            "--information": lambda f: ["--information", "value"],
            "--k": lambda f: ["--k", "3"],
            "--list": lambda f: ["--list"],
        },
    ),
    "paraphrase": (
        _paraphrase_base,
        {
            **OUTPUT_OPTIONS,
            "--k": lambda f: ["--k", "3"],
            "--judgment": lambda f: ["--judgment", "strict"],
            "--column": lambda f: ["--column", "pattern=pattern"],
            "--stopwords": lambda f: ["--stopwords", f["out"]],
            "--explain": lambda f: ["--explain", "1"],
            "--set": lambda f: ["--set", "1"],
            "--extrinsic": lambda f: ["--extrinsic", str(PARAPHRASE / "task_scores.tsv")],
            "--bootstrap": lambda f: (
                ["--extrinsic", str(PARAPHRASE / "task_scores.tsv")],
                ["--bootstrap", "200"],
            ),
            "--n-boot": lambda f: (
                ["--extrinsic", str(PARAPHRASE / "task_scores.tsv")],
                ["--n-boot", "200"],
            ),
            "--seed": lambda f: (
                ["--extrinsic", str(PARAPHRASE / "task_scores.tsv"), "--bootstrap", "100"],
                ["--seed", "5"],
            ),
            "--confidence": lambda f: (
                ["--extrinsic", str(PARAPHRASE / "task_scores.tsv"), "--bootstrap", "100"],
                ["--confidence", "0.5"],
            ),
        },
    ),
    "report": (
        lambda f: ["report", f["ev_json"], "-o", f["out"]],
        {
            "--output": lambda f: ["--output", f["out"] + ".html"],
            "--title": lambda f: ["--title", "Mine"],
            "--no-figures": lambda f: ["--no-figures"],
            "--quiet": lambda f: ["--quiet"],
        },
    ),
    "demo": (
        lambda f: ["demo"],
        {"--format": OUTPUT_OPTIONS["--format"], "--output": OUTPUT_OPTIONS["--output"]},
    ),
}
#: wordsim and datasets need the shared word-similarity data: tested with it below.
NEEDS_DATA = {"wordsim", "datasets"}
#: run, score and merge need the sentence-pair data sets: the effects of the model options
#: (--device, --batch-size, --prompt, --prompt-name, --similarity), --executor and
#: --shards are tested in tests/cli/test_cli_run_options.py; --format mteb, --output-dir
#: and --resume in tests/runs/test_mteb_layout.py; score's --shard and merge's --output
#: in tests/cli/test_cli_shards.py; --calibrate, --calibrate-on, --calibrate-folds and
#: --calibrate-seed in tests/runs/test_run_calibration.py; the others in
#: tests/cli/test_cli_score_workflow.py.
#: Here their options are only listed.
MODEL_OPTIONS = {"--device", "--batch-size", "--prompt", "--prompt-name", "--similarity"}
RUN_OPTIONS = {
    "run": {"--model", "--dataset", "--data-dir", "--protocol", "--bootstrap", "--seed",
            "--nan-policy", "--format", "--output", "--digits", "--quiet", "--html",
            "--scores", "--executor", "--shards", "--output-dir", "--resume", "--calibrate",
            "--calibrate-on", "--calibrate-folds", "--calibrate-seed", *MODEL_OPTIONS},
    "score": {"--model", "--dataset", "--data-dir", "--output", "--quiet", "--shard",
              *MODEL_OPTIONS},
    "merge": {"--output"},
}  # fmt: skip
#: evaluate's registered-data-set inputs: their effects are tested with the shared data in
#: tests/datasets/test_sentence_datasets.py (test_evaluate_dataset_*); paraphrase's
#: recognition on a registered corpus (MSRP) in
#: tests/paraphrase/test_paraphrase_recognition.py (test_cli_recognize*).
DATASET_OPTIONS = {
    "evaluate": {"--dataset", "--data-dir", "--system-no-header", "--scores"},
    "compare": {"--dataset", "--data-dir", "--system-no-header", "--scores"},
    "meta": {"--dataset"},
    "paraphrase": {"--recognize", "--data-dir", "--measure", "--task-scores"},
}
#: ... and compare's registered data set, the per-file headers (--system-no-header) and
#: meta's choice of a data set's records in tests/cli/test_cli_score_workflow.py;
#: --scores acts above SCORES_MAX_VALUES per-pair scores only: tested with a smaller limit
#: in tests/cli/test_cli_report.py (test_scores_*), as are the documents it writes.


def _parsers() -> dict[str, argparse.ArgumentParser]:
    out: dict[str, argparse.ArgumentParser] = {}

    def walk(prefix: str, parser: argparse.ArgumentParser) -> None:
        subs = [a for a in parser._actions if isinstance(a, argparse._SubParsersAction)]
        if not subs:
            out[prefix] = parser
        for s in subs:
            for name, p in s.choices.items():
                walk(f"{prefix} {name}".strip(), p)

    walk("", build_parser())
    return out


def _options(parser: argparse.ArgumentParser) -> set[str]:
    return {
        max(a.option_strings, key=len)
        for a in parser._actions
        if a.option_strings and a.dest != "help"
    }


def test_every_command_and_option_is_listed() -> None:
    parsers = _parsers()
    assert set(parsers) == set(COMMANDS) | NEEDS_DATA | set(RUN_OPTIONS)
    for command, options in RUN_OPTIONS.items():
        assert _options(parsers[command]) == options, command
    for command, (_, options) in COMMANDS.items():
        missing = _options(parsers[command]) - set(options) - DATASET_OPTIONS.get(command, set())
        assert not missing, f"{command}: list these options here: {sorted(missing)}"
        assert set(options) <= _options(parsers[command]), command


def _outcome(capsys, argv: list[str], out_file: str) -> tuple:
    Path(out_file).unlink(missing_ok=True)
    rc, out, err = run(capsys, *argv)
    written = Path(out_file).read_bytes() if Path(out_file).exists() else None
    return rc, out, err, written


CASES = [(c, o) for c, (_, opts) in COMMANDS.items() for o in sorted(opts)]


@pytest.mark.parametrize(("command", "option"), CASES, ids=[f"{c}:{o}" for c, o in CASES])
def test_option_changes_the_outcome(capsys, inputs, command, option) -> None:
    base_fn, options = COMMANDS[command]
    extra = options[option](inputs)
    base_extra, extra = extra if isinstance(extra, tuple) else ([], extra)
    if option == "--stopwords":
        Path(inputs["out"]).write_text("the\nof\n", encoding="utf-8")
        stop = Path(inputs["dir"]) / "stop.txt"
        stop.write_text("the\nof\n", encoding="utf-8")
        extra = ["--stopwords", str(stop)]
    base = [*base_fn(inputs), *base_extra]
    before = _outcome(capsys, base, inputs["out"])
    after = _outcome(capsys, [*base, *extra], inputs["out"])
    assert before[0] == 0, before[2]
    if option == "--quiet" and not before[2]:
        assert not after[2]  # nothing to silence in this run: nothing said
        return
    assert after != before, f"{command} {option}: no effect"


#: Options that must NOT change any number: they only choose how the work is done.
#: The test holds their output identical to the baseline instead.
SAME_RESULT = {
    ("wordsim", "--batch-size"): "memory bound of the distance batches (wordspace's batchsize)",
    ("wordsim", "--vectors-format"): "the format, which is otherwise guessed from the name",
}
#: Options that reach the network: their loader is tested against a file URL in
#: tests/datasets/test_wordsim_datasets.py (CI has no internet).
NETWORK = {("datasets", "--fetch")}


def _word_cases(shared: Path, tmp: Path) -> dict[str, dict]:
    ws = shared / "wordspace"
    vec, rg65, ws353 = ws / "DSM_Vectors.tsv.gz", ws / "RG65.tsv", ws / "WordSim353.tsv"
    renamed = tmp / "renamed.tsv"
    renamed.write_text(
        rg65.read_text(encoding="utf-8").replace("word1\tword2\tscore", "a\tb\tsim", 1),
        encoding="utf-8",
    )
    swapped = tmp / "swapped.tsv"
    lines = rg65.read_text(encoding="utf-8").splitlines()
    swapped.write_text(
        "\n".join(["word1\tword2\tscore"] + [f"{ln.split(chr(9))[1]}\t{ln.split(chr(9))[0]}\t"
                   f"{ln.split(chr(9))[2]}" for ln in lines[1:]]) + "\n",
        encoding="utf-8",
    )  # fmt: skip
    rated = tmp / "rated.tsv"  # RG65 with two raters' columns: the human ceiling
    rated.write_text(
        "\n".join(["word1\tword2\tscore\tr1\tr2"] + [f"{ln}\t{float(ln.split(chr(9))[2]):.2f}\t"
                   f"{(float(ln.split(chr(9))[2]) * 7 + i) % 5:.2f}" for i, ln in
                   enumerate(lines[1:])]) + "\n",
        encoding="utf-8",
    )  # fmt: skip
    raters = ["wordsim", "--vectors", str(vec), "--pairs", str(rated), "--raters", "r1,r2"]
    out = str(tmp / "out.png")
    base = ["wordsim", "--vectors", str(vec), "--pairs", str(rg65)]
    return {
        "wordsim": {
            "base": base,
            "out": out,
            "options": {
                "--vectors": None,
                "--pairs": ["--pairs", str(ws353)],
                "--dataset": ["--dataset", "rg65", "--data-dir", str(shared)],
                "--data-dir": ["--dataset", "rg65", "--data-dir", str(shared)],
                "--vocab": ["--vocab", str(tmp / "missing-vocab.txt")],
                "--word1": (
                    ["--pairs", str(swapped), "--rank", "fwd"],
                    ["--word1", "word2", "--word2", "word1"],
                ),
                "--word2": (
                    ["--pairs", str(swapped), "--rank", "fwd"],
                    ["--word2", "word1", "--word1", "word2"],
                ),
                "--score": (["--pairs", str(renamed)], ["--score", "sim"]),
                "--method": ["--method", "manhattan"],
                "--p": (["--method", "minkowski"], ["--p", "3"]),
                "--similarity": ["--similarity"],
                "--rank": ["--rank", "fwd"],
                "--avg-method": (["--rank", "avg"], ["--avg-method", "harmonic"]),
                "--strip-pos": ["--strip-pos"],
                "--restrict-to-task": (["--rank", "fwd"], ["--restrict-to-task"]),
                "--batch-size": ["--batch-size", "1000"],
                "--vectors-format": ["--vectors-format", "text"],
                "--details": ["--details", out],
                # options that need a pairs file with raters' columns: their own baseline
                "--raters": {"base": raters[:-2], "extra": raters[-2:]},
                "--rating-slots": {"base": raters, "extra": ["--rating-slots"]},
                "--bootstrap": {"base": raters, "extra": ["--bootstrap", "50"]},
                "--seed": {"base": raters, "extra": ["--seed", "3"]},
                "--plot": ["--plot", out],
                "--format": ["--format", "json"],
                "--output": ["--output", out],
                "--digits": ["--digits", "1"],
                "--quiet": ["--quiet"],
            },
        },
        "datasets": {
            "base": ["datasets"],
            "out": out,
            "options": {
                "--data-dir": ["--data-dir", str(shared)],
                "--citations": ["--citations"],
                "--sentences": ["--sentences"],
                "--format": ["--format", "json"],
                "--output": ["--output", out],
                "--quiet": ["--quiet"],
            },
        },
    }


@pytest.mark.parametrize("command", sorted(NEEDS_DATA))
def test_word_similarity_options_change_the_outcome(
    capsys, shared_data, tmp_path, monkeypatch, command
) -> None:
    monkeypatch.setenv("SIMEVAL_HOME", str(tmp_path / "home"))  # an empty cache
    case = _word_cases(shared_data, tmp_path)[command]
    listed = set(case["options"]) | {o for c, o in NETWORK if c == command}
    assert _options(_parsers()[command]) == listed
    for option, extra in case["options"].items():
        if extra is None:  # the vectors are part of every run
            continue
        if isinstance(extra, dict):  # the option needs other inputs than the baseline's
            base, extra = extra["base"], extra["extra"]
        else:
            base_extra, extra = extra if isinstance(extra, tuple) else ([], extra)
            base = [*case["base"], *base_extra]
        before = _outcome(capsys, base, case["out"])
        after = _outcome(capsys, [*base, *extra], case["out"])
        assert before[0] == 0, (option, before[2])
        if (command, option) in SAME_RESULT:
            assert after == before, f"{command} {option} changed the result"
        elif option == "--quiet" and not before[2]:
            assert not after[2]
        else:
            assert after != before, f"{command} {option}: no effect"
