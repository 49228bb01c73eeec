"""The layout shows the architecture (docs/architecture.md): each layer imports only the layers below it."""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent / "src" / "paxpamir"

#: What each subpackage may import from the others (lazy imports inside functions included).
ALLOWED = {
    "content": set(),
    "engine": {"content", "rules", "presentation"},
    "rules": {"content", "engine", "presentation"},
    "presentation": {"content", "engine", "rules"},
    "agents": {"content", "engine", "rules", "presentation"},
    "env": {"content", "engine", "rules", "presentation", "agents"},
    "server": {"content", "engine", "rules", "presentation", "agents"},
    "clients": {"content", "engine", "rules", "presentation", "agents", "server"},
}


def imported_layers(path: Path, layer: str) -> set[str]:
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom):
            if node.level == 0 and node.module and node.module.startswith("paxpamir."):
                found.add(node.module.split(".")[1])
            elif node.level == 2 and node.module:
                found.add(node.module.split(".")[0])
            elif node.level == 2:
                found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.startswith("paxpamir."):
                    found.add(alias.name.split(".")[1])
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


def test_the_check_sees_a_forbidden_import(tmp_path):
    bad = tmp_path / "bad.py"
    bad.write_text("def f():\n    from ..clients.terminal import main\n    from paxpamir.server import app\n")
    assert imported_layers(bad, "rules") == {"clients", "server"}
