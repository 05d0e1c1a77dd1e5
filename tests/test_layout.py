"""The package's architecture, as its imports show it.

- No import circle: walking every ``import`` and ``from … import`` statement of every
  module of ``simeval`` (those inside functions too; ``if TYPE_CHECKING:`` blocks are not
  run and are left out), the graph of modules has no cycle. Edges into the top package
  ``simeval`` itself (its ``__init__`` is the facade of the public names) are left out.
- Layers: data flows one way (read → score → measure → compare → present), so a package
  imports only from the packages before it in :data:`LAYERS`. One exception, by design:
  a result's ``plot()`` method draws through :mod:`simeval.report.figures` (imported when
  called, so that ``import simeval`` loads no matplotlib).
- Small modules: none over 400 lines.
"""

from __future__ import annotations

import ast
from pathlib import Path

import simeval

PACKAGE = Path(simeval.__file__).parent
MAX_LINES = 400


def _module_name(path: Path) -> tuple[str, bool]:
    parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        return ".".join(parts[:-1]), True
    return ".".join(parts), False


def _modules() -> dict[str, tuple[Path, bool]]:
    out = {}
    for path in PACKAGE.rglob("*.py"):
        name, is_pkg = _module_name(path)
        out[name] = (path, is_pkg)
    return out


def _resolve(module: str, is_pkg: bool, level: int, name: str | None) -> str | None:
    if not level:
        return name
    base = module.split(".") if is_pkg else module.split(".")[:-1]
    base = base[: len(base) - (level - 1)]
    return ".".join(base + ([name] if name else []))


def import_graph() -> dict[str, set[str]]:
    """module → the simeval modules it imports (at run time)."""
    modules = _modules()
    graph: dict[str, set[str]] = {m: set() for m in modules}
    for module, (path, is_pkg) in modules.items():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        skipped = {
            id(sub)
            for node in ast.walk(tree)
            if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test)
            for sub in ast.walk(node)
        }
        for node in ast.walk(tree):
            if id(node) in skipped:
                continue
            if isinstance(node, ast.ImportFrom):
                target = _resolve(module, is_pkg, node.level, node.module)
                if target is None or not target.startswith("simeval"):
                    continue
                for alias in node.names:
                    sub = f"{target}.{alias.name}"
                    graph[module].add(sub if sub in modules else target)
            elif isinstance(node, ast.Import):
                graph[module].update(a.name for a in node.names if a.name in modules)
        graph[module].discard("simeval")
        graph[module].discard(module)
    return graph


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components with more than one module (Tarjan 1972)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in sorted(graph[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return found


def test_the_import_graph_has_no_circle() -> None:
    assert cycles(import_graph()) == []


#: The packages of simeval in the order data flows through them; the floor (exceptions,
#: validation, options, results, bins) is what every package may import.
LAYERS = (
    "floor",
    "io",
    "datasets",
    "vectors",
    "scorers",
    "metrics",
    "stats",
    "meta",
    "evaluation",
    "runs",
    "wordsim",
    "paraphrase",
    "report",
    "cli",
)
FLOOR = {
    "_version", "errors", "_validate", "results", "options", "binning", "intervals",
    "calibration",
}  # fmt: skip


def _layer(module: str) -> str:
    top = module.split(".")[1] if "." in module else module
    return "floor" if top in FLOOR else top


def _plot_imports() -> set[tuple[str, str]]:
    """(module, imported module) of the imports made inside a function called ``plot``."""
    modules = _modules()
    out = set()
    for module, (path, is_pkg) in modules.items():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for fn in ast.walk(tree):
            if isinstance(fn, ast.FunctionDef) and fn.name == "plot":
                for node in ast.walk(fn):
                    if isinstance(node, ast.ImportFrom):
                        target = _resolve(module, is_pkg, node.level, node.module)
                        for alias in node.names:
                            sub = f"{target}.{alias.name}"
                            out.add((module, sub if sub in modules else str(target)))
    return out


def test_each_package_imports_only_the_layers_before_it() -> None:
    plots = _plot_imports()
    upward = []
    for module, targets in import_graph().items():
        if module in ("simeval", "simeval.__main__"):  # the facade and ``python -m``
            continue
        for target in targets:
            a, b = _layer(module), _layer(target)
            if a == b or ((module, target) in plots and b == "report"):
                continue
            if LAYERS.index(b) > LAYERS.index(a):
                upward.append(f"{module} -> {target}")
    assert upward == []


def test_the_cycle_finder_finds_a_circle() -> None:
    # a hand-made graph: a → b → c → a is one circle, d hangs off it
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}
    assert cycles(graph) == [["a", "b", "c"]]


def test_modules_stay_small() -> None:
    long = {
        str(p.relative_to(PACKAGE)): n
        for p in PACKAGE.rglob("*.py")
        if (n := len(p.read_text(encoding="utf-8").splitlines())) > MAX_LINES
    }
    assert long == {}
