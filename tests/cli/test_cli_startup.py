"""CLI start-up stays light: neither ``import simeval`` nor ``simeval --help`` loads
scipy.special, scipy.stats or pandas; only the chosen command's module is imported."""

from __future__ import annotations

import argparse
import json
import subprocess
import sys

import pytest

from simeval.cli import COMMANDS, build_parser

HEAVY = ("scipy.special", "scipy.stats", "pandas")


def _loaded_after(code: str) -> list[str]:
    script = (
        "import json, sys\n"
        f"{code}\n"
        "print(json.dumps(sorted(m for m in sys.modules"
        f" if m.startswith({HEAVY!r}) or m.startswith('simeval.cli.'))))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, timeout=60, check=True
    )
    return json.loads(done.stdout.strip().splitlines()[-1])


def test_import_simeval_loads_no_scipy_special_stats_or_pandas() -> None:
    loaded = _loaded_after("import simeval")
    assert [m for m in loaded if m.startswith(HEAVY)] == []


def test_help_imports_no_command_module_nor_scipy_special_stats_pandas() -> None:
    code = (
        "import contextlib, io\n"
        "from simeval.cli import main\n"
        "with contextlib.redirect_stdout(io.StringIO()):\n"
        "    try:\n"
        "        main(['--help'])\n"
        "    except SystemExit:\n"
        "        pass"
    )
    loaded = _loaded_after(code)
    assert [m for m in loaded if m.startswith(HEAVY)] == []
    # _common and friends are shared helpers; no subcommand module is among them
    assert [m for m in loaded if m.split(".")[-1] in COMMANDS] == []


@pytest.mark.parametrize("name", list(COMMANDS))
def test_help_line_equals_the_modules_own(name: str) -> None:
    parser = build_parser()
    sub = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    helps = {a.dest: a.help for a in sub._choices_actions}
    assert helps[name] == COMMANDS[name]


def test_chosen_command_help_is_the_full_parser(capsys: pytest.CaptureFixture[str]) -> None:
    from simeval.cli import main

    with pytest.raises(SystemExit):
        main(["evaluate", "--help"])
    assert "--gold-column" in capsys.readouterr().out
