"""What a user or a newcomer reads cites the papers, R, scipy or a hand calculation, never
the project's working notes.

Docstrings, help, docs, examples and test comments name their source as "Atoum (2019),
eq. 3", "Reimers et al. (2016), Table 2", "R wordspace 0.2-8" or "scipy.stats.pearsonr";
the internal numbering of the source files, the specification's section signs and the
numbers of the project's tracker entries mean nothing outside the project. The patterns
below are written with a character class so that this file does not match itself.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]

#: What users and newcomers read: the library, its tests, docs, examples and benchmarks.
SCANNED = ["README.md", "src", "tests", "docs", "examples", "benchmarks"]
TEXT_SUFFIXES = {".py", ".md", ".rst", ".txt", ".toml", ".cfg", ".ini", ".html", ".tex"}

#: pattern → what to write instead
FORBIDDEN = {
    r"(?i)\b[s]eed ?0\d\d\b": "the paper: author, year, equation or table",
    r"\b[S]PEC\b": "the paper, R, scipy, or a hand calculation",
    r"\b[D]ESIGN\b": "the reason itself",
    r"(?i)\b[i]ssue #?\d+": "what the requirement is, in words",
    r"(?i)\b[t]urn \d\b": "what the requirement is, in words",
}


def _files() -> list[Path]:
    found = []
    for name in SCANNED:
        path = REPO / name
        if path.is_file():
            found.append(path)
        elif path.is_dir():
            found += [
                p
                for p in sorted(path.rglob("*"))
                if p.is_file() and p.suffix in TEXT_SUFFIXES and "__pycache__" not in p.parts
            ]
    return found


def test_the_scan_sees_the_repository() -> None:
    files = {p.relative_to(REPO).as_posix() for p in _files()}
    assert {"README.md", "src/simeval/__init__.py", "tests/conftest.py"} <= files


@pytest.mark.parametrize("pattern", sorted(FORBIDDEN))
def test_no_working_note_citations(pattern: str) -> None:
    regex = re.compile(pattern)
    hits = []
    for path in _files():
        text = path.read_text(encoding="utf-8", errors="replace")
        for number, line in enumerate(text.splitlines(), 1):
            match = regex.search(line)
            if match:
                hits.append(f"{path.relative_to(REPO)}:{number}: {match.group(0)!r}")
    assert not hits, f"cite {FORBIDDEN[pattern]} instead of:\n" + "\n".join(hits)
