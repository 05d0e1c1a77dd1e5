"""Sphinx configuration of simeval's API reference, built from the docstrings.

Build it (the test suite does, with warnings as errors: ``tests/test_docs.py``)::

    sphinx-build -W -b html docs/api docs/api/_build

It needs no network: no intersphinx, and the theme is Sphinx's own. Formulas are typeset
by MathJax, which ``sphinx-mathjax-offline`` (the ``dev`` extra) copies into the output, so
the pages read offline too; without it they load MathJax from its CDN.
"""

from __future__ import annotations

import importlib
import importlib.util
import re
import sys
from pathlib import Path
from typing import Any

SRC = Path(__file__).resolve().parents[2] / "src"
sys.path.insert(0, str(SRC))

from simeval import __version__  # noqa: E402

project = "simeval"
author = "simeval developers"
copyright = "simeval developers"
version = release = __version__

extensions = [
    "sphinx.ext.autodoc",
    "sphinx.ext.napoleon",
    "sphinx.ext.mathjax",
]
if importlib.util.find_spec("sphinx-mathjax-offline") is not None:
    extensions.append("sphinx-mathjax-offline")  # MathJax 3 copied into _static/mathjax

# numpydoc sections (Parameters, Returns, Attributes, References, Examples)
napoleon_google_docstring = False
napoleon_numpy_docstring = True
napoleon_use_rtype = False
# Attributes sections as field lists: a dataclass's fields are documented once (a ``#:``
# comment on a field is autodoc's own entry) and create no second cross-reference target.
napoleon_use_ivar = True

autodoc_default_options = {"member-order": "bysource"}
autodoc_typehints = "signature"
# Signatures show the alias, not numpy's expansion of it into a dozen-line union.
autodoc_type_aliases = {
    "ArrayLike": "numpy.typing.ArrayLike",
    "DTypeLike": "numpy.typing.DTypeLike",
    "NDArray": "numpy.typing.NDArray",
    "Metric": "simeval.stats.bootstrap.expressions.Metric",
    "MetricFunction": "simeval.stats.bootstrap.expressions.MetricFunction",
}

exclude_patterns = ["_build"]
templates_path: list[str] = []
html_theme = "alabaster"
html_static_path: list[str] = []
html_title = f"simeval {version}"

#: ``|r|`` in a docstring is an absolute value (it reads so in ``help()``); reStructuredText
#: would take it for a substitution. Outside inline literals and roles it is escaped.
_ABSOLUTE = re.compile(r"(?<![\\|`])\|(?=[^\s|`])([^|`\n]*?[^\s|`\\])\|(?![|`_])")
_LITERAL = re.compile(r"(``.*?``|:[a-z:]+:`[^`]*`|`[^`]*`)")


def _escape_absolute_values(line: str) -> str:
    parts = _LITERAL.split(line)
    for i in range(0, len(parts), 2):  # even parts lie outside literals and roles
        parts[i] = _ABSOLUTE.sub(r"\\|\1\\|", parts[i])
    return "".join(parts)


def _escape_outside_math(lines: list[str]) -> list[str]:
    """:func:`_escape_absolute_values` on every line but those of a ``.. math::`` block,
    where ``|R|`` is LaTeX's."""
    out, math_indent = [], None
    for line in lines:
        indent = len(line) - len(line.lstrip())
        if math_indent is not None and line.strip() and indent <= math_indent:
            math_indent = None  # the block ended
        if line.lstrip().startswith(".. math::"):
            math_indent = indent
        out.append(line if math_indent is not None else _escape_absolute_values(line))
    return out


def _process_docstring(app: Any, what: str, name: str, obj: Any, options: Any, lines: list[str]):
    if what == "module":
        _current["module"] = name
    lines[:] = _escape_outside_math(lines)


_current: dict[str, str] = {}


def _skip_reexports(app: Any, what: str, name: str, obj: Any, skip: bool, options: Any):
    """Document each object once, in the module that defines it: a package documents only
    its own definitions, and a module skips what it re-exports from a module that lists
    the name in its ``__all__`` (and is documented there)."""
    current = _current.get("module")
    home = getattr(obj, "__module__", None)
    if skip or current is None or home is None or home == current:
        return None
    if what != "module":
        return None
    module = sys.modules.get(current) or importlib.import_module(current)
    if hasattr(module, "__path__"):  # a package: only its own definitions
        return True
    home_module = sys.modules.get(home)
    if home_module is not None and name in getattr(home_module, "__all__", ()):
        return True
    return None


#: What napoleon reads as "type: description" (the first line of a constant's, an
#: attribute's or a property's docstring): our ``#:`` comments are prose, colons included.
_PROSE_KINDS = ("attribute", "data", "property")
_prose: dict[str, list[str]] = {}


def _keep_prose(app: Any, what: str, name: str, obj: Any, options: Any, lines: list[str]):
    if what in _PROSE_KINDS:
        _prose[name] = list(lines)


def _restore_prose(app: Any, what: str, name: str, obj: Any, options: Any, lines: list[str]):
    if what in _PROSE_KINDS and name in _prose:
        lines[:] = _escape_outside_math(_prose.pop(name))


def setup(app: Any) -> None:
    app.connect("autodoc-process-docstring", _process_docstring)
    app.connect("autodoc-process-docstring", _keep_prose, priority=100)  # before napoleon
    app.connect("autodoc-process-docstring", _restore_prose, priority=900)  # after it
    app.connect("autodoc-skip-member", _skip_reexports)
