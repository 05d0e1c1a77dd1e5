"""The API reference (``docs/api``, Sphinx autodoc + napoleon) builds from the docstrings
with warnings as errors, and documents every public module.

A docstring that breaks reStructuredText (an unknown section, a bad indentation, a
reference to a missing target) fails here, as ``sphinx-build -W`` fails.
"""

from __future__ import annotations

import importlib
import pkgutil
import re
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
API = REPO / "docs" / "api"


def _public_modules() -> list[str]:
    """Every module of simeval whose dotted name has no part starting with ``_``."""
    package = importlib.import_module("simeval")
    names = ["simeval"]
    for info in pkgutil.walk_packages(package.__path__, "simeval."):
        if not any(part.startswith("_") for part in info.name.split(".")):
            names.append(info.name)
    return names


def test_every_public_module_has_a_page() -> None:
    documented = set()
    for page in API.glob("*.rst"):
        documented |= set(re.findall(r"^\.\. automodule:: (\S+)$", page.read_text(), re.M))
    missing = sorted(set(_public_modules()) - documented)
    assert not missing, f"add these modules to a page of docs/api: {missing}"


def test_api_reference_builds_without_warnings(tmp_path: Path) -> None:
    pytest.importorskip("sphinx", reason="the API reference needs sphinx (the 'dev' extra)")
    result = subprocess.run(
        [sys.executable, "-m", "sphinx", "-W", "--keep-going", "-q", "-b", "html",
         "-d", str(tmp_path / "doctrees"), str(API), str(tmp_path / "html")],
        capture_output=True, text=True, check=False,
    )  # fmt: skip
    assert result.returncode == 0, result.stderr[-6000:]
    assert result.stderr.strip() == "", result.stderr[-6000:]
    assert (tmp_path / "html" / "metrics.html").is_file()
