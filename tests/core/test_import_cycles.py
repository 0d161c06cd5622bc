"""No module of nutbox imports, directly or through others, a module that imports it back, at the top of the
file or inside a function (imports only for type checking aside): each layer leans on the one below."""

from __future__ import annotations

import ast
from pathlib import Path

import nutbox

ROOT = Path(nutbox.__file__).parent


def modules() -> dict[str, Path]:
    found = {}
    for path in ROOT.rglob("*.py"):
        parts = path.relative_to(ROOT.parent).with_suffix("").parts
        found[".".join(parts[:-1] if parts[-1] == "__init__" else parts)] = path
    return found


def imported(path: Path, known: dict[str, Path]) -> set[str]:
    """The nutbox modules a file imports, anywhere but under `if TYPE_CHECKING:`."""
    found: set[str] = set()

    def visit(node: ast.AST) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.If) and "TYPE_CHECKING" in ast.unparse(child.test):
                continue
            if isinstance(child, ast.ImportFrom) and child.module and not child.level:
                for alias in child.names:
                    whole = f"{child.module}.{alias.name}"
                    found.add(whole if whole in known else child.module)
            elif isinstance(child, ast.Import):
                found.update(alias.name for alias in child.names)
            visit(child)

    visit(ast.parse(path.read_text()))
    return {name for name in found if name in known}


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The groups of modules that reach each other (Tarjan's strongly connected components, of two or more)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    groups: list[list[str]] = []

    def strong(module: str) -> None:
        index[module] = low[module] = len(index)
        stack.append(module)
        for other in graph[module]:
            if other not in index:
                strong(other)
                low[module] = min(low[module], low[other])
            elif other in stack:
                low[module] = min(low[module], index[other])
        if low[module] == index[module]:
            group = []
            while (top := stack.pop()) != module:
                group.append(top)
            if group:
                groups.append(sorted([module, *group]))

    for module in graph:
        if module not in index:
            strong(module)
    return groups


def test_no_module_imports_itself_through_others() -> None:
    known = modules()
    assert "nutbox.web.app" in known and "nutbox.core.state" in known
    assert cycles({name: imported(path, known) for name, path in known.items()}) == []


def test_a_circle_is_found() -> None:
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
