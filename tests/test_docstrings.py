"""Every public function and class carries numpydoc sections (Parameters / Returns, or
Attributes for a class, and a runnable Examples section, which ``--doctest-modules`` runs).

Public means: named in its module's ``__all__`` and defined in that module. The check
covers the modules of :data:`COMPLETED`; :data:`PENDING` lists the packages whose
docstrings are still to be brought to this form, so that progress is visible here and a
new package cannot be left out of both lists.
"""

from __future__ import annotations

import importlib
import inspect
import pkgutil
import re
from collections.abc import Iterator

import pytest

import simeval

#: Packages and modules whose public definitions all have their numpydoc sections.
COMPLETED = [
    "simeval._validate",
    "simeval.binning",
    "simeval.calibration",
    "simeval.cli",
    "simeval.datasets",
    "simeval.errors",
    "simeval.evaluation",
    "simeval.intervals",
    "simeval.io",
    "simeval.meta",
    "simeval.metrics",
    "simeval.options",
    "simeval.paraphrase",
    "simeval.report",
    "simeval.results",
    "simeval.runs",
    "simeval.scorers",
    "simeval.stats",
    "simeval.vectors",
    "simeval.wordsim",
]

#: Still to do: none now; a new package goes in one list or the other.
PENDING: list[str] = []


def _modules() -> list[str]:
    names = ["simeval"]
    for info in pkgutil.walk_packages(simeval.__path__, "simeval."):
        if not info.name.endswith("__main__"):
            names.append(info.name)
    return names


def _status(module: str) -> str | None:
    """Whether ``module`` is completed or pending, by the most specific entry holding it."""
    holders = [
        (len(entry), status)
        for status, entries in (("completed", COMPLETED), ("pending", PENDING))
        for entry in entries
        if module == entry or module.startswith(entry + ".")
    ]
    return max(holders)[1] if holders else None


def _public(module_name: str) -> Iterator[tuple[str, object]]:
    try:
        module = importlib.import_module(module_name)
    except ImportError as exc:  # an optional extra (numba for simeval.vectors.compiled)
        pytest.skip(f"{module_name} needs an optional package: {exc}")
    for name in getattr(module, "__all__", ()):
        obj = getattr(module, name, None)
        if (inspect.isfunction(obj) or inspect.isclass(obj)) and obj.__module__ == module_name:
            yield name, obj


def _sections(doc: str) -> set[str]:
    return set(re.findall(r"^(\w[\w ]*)\n-{3,}$", doc, re.M))


def _missing_sections(obj: object) -> list[str]:
    found = _sections(inspect.getdoc(obj) or "")
    missing = [] if "Examples" in found else ["Examples"]
    if inspect.isclass(obj):
        if not found & {"Parameters", "Attributes"}:
            missing.append("Parameters or Attributes")
        return missing
    signature = inspect.signature(obj)
    if "Parameters" not in found and any(p not in ("self", "cls") for p in signature.parameters):
        missing.append("Parameters")
    returns = signature.return_annotation not in (None, "None", inspect.Signature.empty)
    if returns and not found & {"Returns", "Yields"}:
        missing.append("Returns")
    return missing


def test_every_package_is_completed_or_pending() -> None:
    left_out = [m for m in _modules() if _status(m) is None and any(_public(m))]
    assert not left_out, f"add to COMPLETED or PENDING: {left_out}"


@pytest.mark.parametrize("module", [m for m in _modules() if _status(m) == "completed"])
def test_public_definitions_have_numpydoc_sections(module: str) -> None:
    gaps = [
        f"{module}.{name}: {', '.join(missing)}"
        for name, obj in _public(module)
        if (missing := _missing_sections(obj))
    ]
    assert not gaps, "missing numpydoc sections:\n" + "\n".join(gaps)
