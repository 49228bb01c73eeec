"""The layout shows the architecture (docs/architecture.md): each layer imports only the layers below it, and no
module imports itself back through others (no import circle between files)."""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent / "src" / "paxpamir"

#: What each subpackage may import from the others (lazy imports inside functions included), strictly one way:
#: content <- engine <- rules <- presentation <- agents <- env, server <- clients.
ALLOWED = {
    "content": set(),
    "engine": {"content"},
    "rules": {"content", "engine"},
    "presentation": {"content", "engine", "rules"},
    "agents": {"content", "engine", "rules", "presentation"},
    "env": {"content", "engine", "rules", "presentation", "agents"},
    "server": {"content", "engine", "rules", "presentation", "agents"},
    "clients": {"content", "engine", "rules", "presentation", "agents", "server"},
}


def imported_layers(path: Path, layer: str) -> set[str]:
    """The other layers the module at ``path`` imports (relative imports of any depth, or absolute ones). A path
    outside the package is read as a module ``paxpamir/<layer>/<its name>``."""
    try:
        package = ["paxpamir", *path.parent.relative_to(PACKAGE).parts]
    except ValueError:
        package = ["paxpamir", layer]
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        names: list[str] = []
        if isinstance(node, ast.ImportFrom):
            base = package[: len(package) - node.level + 1] if node.level else []
            source = base + (node.module.split(".") if node.module else [])
            names = [".".join(source + [alias.name]) for alias in node.names] if len(source) < 2 else [".".join(source)]
        elif isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        for name in names:
            parts = name.split(".")
            if len(parts) > 1 and parts[0] == "paxpamir":
                found.add(parts[1])
    return {f for f in found if f in ALLOWED and f != layer}


def test_every_subpackage_is_a_known_layer():
    packages = {p.name for p in PACKAGE.iterdir() if (p / "__init__.py").exists()}
    assert packages == set(ALLOWED)


def test_each_layer_imports_only_the_layers_below_it():
    problems = []
    for layer, allowed in ALLOWED.items():
        for path in sorted((PACKAGE / layer).rglob("*.py")):
            extra = imported_layers(path, layer) - allowed
            if extra:
                problems.append(f"{path.relative_to(PACKAGE)} imports {sorted(extra)}")
    assert not problems, "\n".join(problems)


def test_the_layers_are_one_way():
    for layer, allowed in ALLOWED.items():
        for lower in allowed:
            assert layer not in ALLOWED[lower], f"{layer} and {lower} may import each other"


def test_the_check_sees_a_forbidden_import(tmp_path):
    bad = tmp_path / "bad.py"
    bad.write_text("def f():\n    from ..clients.terminal import main\n    from paxpamir.server import app\n")
    assert imported_layers(bad, "rules") == {"clients", "server"}
    bad.write_text("from .. import agents\nfrom . import court\nimport paxpamir.env.core\n")
    assert imported_layers(bad, "rules") == {"agents", "env"}
    deeper = PACKAGE / "clients" / "terminal" / "session.py"  # three dots from a subpackage reach the layers
    if deeper.exists():
        assert "presentation" in imported_layers(deeper, "clients")


# ---------------------------------------------------------------------------- import circles between files


def _module_name(root: Path, path: Path) -> str:
    parts = list(path.relative_to(root.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _type_checking_only(tree: ast.Module) -> set[int]:
    """The ids of the nodes under ``if TYPE_CHECKING:``: imports for the type checker, never run."""
    skipped: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            for child in node.body:
                skipped.update(id(x) for x in ast.walk(child))
    return skipped


def import_graph(root: Path) -> dict[str, set[str]]:
    """Module -> the modules of the package at ``root`` it imports: every ``import`` and ``from ... import`` the
    code runs, at the top or inside a function (lazy), relative or absolute; ``from x import name`` counts as an
    import of the module ``x.name`` when that is a module, else of ``x``. Imports under ``if TYPE_CHECKING:`` are
    left out (they never run), and so is the implicit import of a module's parent packages."""
    package = root.name
    paths = {_module_name(root, p): p for p in sorted(root.rglob("*.py"))}

    def known(name: str) -> str | None:
        while name and name not in paths:
            name = name.rpartition(".")[0]
        return name or None

    graph: dict[str, set[str]] = {}
    for module, path in paths.items():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        skipped = _type_checking_only(tree)
        here = module.split(".") if path.name == "__init__.py" else module.split(".")[:-1]
        targets: set[str] = set()
        for node in ast.walk(tree):
            if id(node) in skipped:
                continue
            if isinstance(node, ast.ImportFrom):
                base = here[: len(here) - node.level + 1] if node.level else []
                source = ".".join(base + (node.module.split(".") if node.module else []))
                for alias in node.names:
                    targets.add(f"{source}.{alias.name}" if f"{source}.{alias.name}" in paths else source)
            elif isinstance(node, ast.Import):
                targets.update(alias.name for alias in node.names)
        graph[module] = {
            found for t in targets if t.split(".")[0] == package and (found := known(t)) and found != module
        }
    return graph


def circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of ``graph`` with more than one module (Tarjan's algorithm,
    iterative): each is a set of modules that import one another, directly or through others."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    for start in sorted(graph):
        if start in index:
            continue
        work = [(start, iter(sorted(graph[start])))]
        index[start] = low[start] = len(index)
        stack.append(start)
        on_stack.add(start)
        while work:
            node, edges = work[-1]
            for nxt in edges:
                if nxt not in index:
                    index[nxt] = low[nxt] = len(index)
                    stack.append(nxt)
                    on_stack.add(nxt)
                    work.append((nxt, iter(sorted(graph.get(nxt, ())))))
                    break
                if nxt in on_stack:
                    low[node] = min(low[node], index[nxt])
            else:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[node])
                if low[node] == index[node]:
                    component = []
                    while True:
                        member = stack.pop()
                        on_stack.discard(member)
                        component.append(member)
                        if member == node:
                            break
                    if len(component) > 1:
                        found.append(sorted(component))
    return found


def test_no_import_circle_between_modules():
    graph = import_graph(PACKAGE)
    assert len(graph) > 50 and "paxpamir.rules.court" in graph["paxpamir.rules.turn"]
    found = circles(graph)
    assert not found, "modules that import one another:\n" + "\n".join(" <-> ".join(c) for c in found)


def test_the_circle_check_sees_a_planted_circle(tmp_path):
    root = tmp_path / "paxpamir"
    (root / "low").mkdir(parents=True)
    (root / "high").mkdir()
    for init in (root / "__init__.py", root / "low" / "__init__.py", root / "high" / "__init__.py"):
        init.write_text("")
    # a -> b at the top, b -> c inside a function, c -> a by an absolute import: one circle of three.
    (root / "low" / "a.py").write_text("from .b import thing\n")
    (root / "low" / "b.py").write_text("def f():\n    from ..high import c\n")
    (root / "high" / "c.py").write_text("import paxpamir.low.a\n")
    # d and e import each other only for the type checker: no circle. e imports a (one way): no circle.
    (root / "low" / "d.py").write_text("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from .e import E\n")
    (root / "low" / "e.py").write_text("from . import d, a\n")
    graph = import_graph(root)
    assert graph["paxpamir.low.b"] == {"paxpamir.high.c"}
    assert graph["paxpamir.low.e"] == {"paxpamir.low.d", "paxpamir.low.a"}
    assert graph["paxpamir.low.d"] == set()
    assert circles(graph) == [["paxpamir.high.c", "paxpamir.low.a", "paxpamir.low.b"]]
    (root / "low" / "b.py").write_text("")  # broken: no circle left
    assert circles(import_graph(root)) == []
