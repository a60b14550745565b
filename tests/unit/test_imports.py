"""No import circles inside a game package, and no imports hidden in functions to dodge
one (issue 12).  Rules modules depend on card data, not the other way round.

Imports under ``if TYPE_CHECKING:`` never run, but a circle there is still a circle a
reader has to follow (issue 23): they are edges of the graph too, in every package.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest
from tests import sources

ENGINE = Path(__file__).resolve().parents[2] / "engine"
#: every test here reads the engine's code (tests/sources.py)
pytestmark = sources.READS_THE_CODE
PACKAGES = ("core", "ygo", "mtg", "dm")
#: the modules of a game's card data: what a card is, its format, its blocks, its hooks
#: and the catalogue of them.  They may not import the rules modules (the duel/game).
CARD_DATA = ("cards", "cardformat", "blocks", "grammar", "families", "hooks", "catalogue", "words")
RULES = ("duel", "game")
#: the rules components the duel/game is made of (issue 23): card data reaches none of them
COMPONENTS = {
    "mtg": ("visibility", "stack", "combat", "face_down_rules", "copying"),
    "dm": ("zones", "visibility", "moves", "shields", "processing", "turn", "playing", "battle"),
}
def _imports(package: str, path: Path) -> tuple[set[str], list[int]]:
    """(modules of ``package`` this module imports, under ``if TYPE_CHECKING:`` too,
    lines of imports inside functions)."""
    tree = sources.tree(path)
    found: set[str] = set()
    hidden: list[int] = []

    def visit(node: ast.AST, in_function: bool) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, (ast.Import, ast.ImportFrom)):
                if in_function:
                    hidden.append(child.lineno)
                if isinstance(child, ast.ImportFrom):
                    if child.level == 1:
                        if child.module:
                            found.add(child.module.split(".")[0])
                        else:
                            found.update(alias.name for alias in child.names)
                    elif child.module and child.module.startswith(f"engine.{package}."):
                        found.add(child.module.split(".")[2])
                continue
            visit(child, in_function or isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)))

    visit(tree, False)
    return found, hidden


def _graph(package: str) -> dict[str, set[str]]:
    modules = {p.stem: p for p in (ENGINE / package).glob("*.py") if p.stem != "__init__"}
    return {name: _imports(package, path)[0] & set(modules) for name, path in modules.items()}


@pytest.mark.parametrize("package", PACKAGES)
def test_no_import_circle(package):
    graph = _graph(package)
    state: dict[str, int] = {}
    path: list[str] = []

    def walk(module: str) -> None:
        state[module] = 1
        path.append(module)
        for imported in sorted(graph[module]):
            if state.get(imported) == 1:
                circle = path[path.index(imported):] + [imported]
                pytest.fail(f"engine/{package}: import circle {' → '.join(circle)}")
            if imported not in state:
                walk(imported)
        path.pop()
        state[module] = 2

    for module in sorted(graph):
        if module not in state:
            walk(module)


@pytest.mark.parametrize("package", PACKAGES)
def test_no_import_hidden_in_a_function(package):
    hidden = {p.name: lines for p in (ENGINE / package).glob("*.py") if (lines := _imports(package, p)[1])}
    assert not hidden, f"engine/{package}: imports inside functions: {hidden}"


@pytest.mark.parametrize("package", ("ygo", "mtg", "dm"))
def test_card_data_does_not_depend_on_the_rules_module(package):
    graph = _graph(package)

    def reaches(module: str, seen: set[str]) -> set[str]:
        for imported in graph.get(module, ()):
            if imported not in seen:
                seen.add(imported)
                reaches(imported, seen)
        return seen

    for module in CARD_DATA:
        if module in graph:
            reached = reaches(module, set()) & {*RULES, *COMPONENTS.get(package, ())}
            assert not reached, f"engine/{package}/{module}.py imports the rules: {sorted(reached)}"


def test_the_check_finds_a_circle_and_a_hidden_import(tmp_path):
    """The checks can fail: a package with a circle and a hidden import is caught."""
    package = tmp_path / "pkg"
    package.mkdir()
    (package / "a.py").write_text("from .b import x\n")
    (package / "b.py").write_text("def f():\n    from .a import y\n")
    found_a, _ = _imports("pkg", package / "a.py")
    found_b, hidden_b = _imports("pkg", package / "b.py")
    assert found_a == {"b"} and found_b == {"a"} and hidden_b == [2]


def test_an_import_for_annotations_is_an_edge(tmp_path):
    """A circle hidden under ``if TYPE_CHECKING:`` is found, in every package."""
    package = tmp_path / "pkg"
    package.mkdir()
    (package / "a.py").write_text("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from .b import x\n")
    assert _imports("pkg", package / "a.py")[0] == {"b"}
    assert _imports("ygo", package / "a.py")[0] == {"b"}


# -- across engine/: no import hidden in a function to dodge a circle (issue 23) ------------

def _is_type_checking(node: ast.If) -> bool:
    return isinstance(node.test, ast.Name) and node.test.id == "TYPE_CHECKING"


def _engine_modules() -> dict[str, Path]:
    out = {}
    for path in ENGINE.rglob("*.py"):
        parts = ["rulings", *path.relative_to(ENGINE).with_suffix("").parts]
        out[".".join(parts[:-1] if parts[-1] == "__init__" else parts)] = path
    return out


def _rulings_imports(module: str, path: Path, modules) -> list[tuple[int, str, bool]]:
    """(line, module imported, inside a function) of each import of a ``rulings`` module;
    imports under ``if TYPE_CHECKING:`` never run and are left out."""
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    out: list[tuple[int, str, bool]] = []

    def visit(node: ast.AST, in_function: bool) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.If) and _is_type_checking(child):
                for other in child.orelse:
                    visit(other, in_function)
                continue
            if isinstance(child, ast.Import):
                out.extend((child.lineno, a.name, in_function) for a in child.names if a.name.startswith("rulings"))
            elif isinstance(child, ast.ImportFrom):
                base = child.module or ""
                if child.level:
                    parts = package.split(".")[:len(package.split(".")) - child.level + 1]
                    base = ".".join(parts + ([child.module] if child.module else []))
                if base.startswith("rulings"):
                    for alias in child.names:
                        name = f"{base}.{alias.name}"
                        out.append((child.lineno, name if name in modules else base, in_function))
            visit(child, in_function or isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)))

    visit(sources.tree(path), False)
    return out


def hidden_circle_imports(modules: dict[str, Path]) -> tuple[list[str], list[str]]:
    """(imports inside functions that close an import circle — the module imported reaches
    the importing one by imports, at the top or inside functions —, imports of a
    ``rulings`` module inside a function without a comment saying why they are there)."""
    found = {m: _rulings_imports(m, p, modules) for m, p in modules.items()}
    edges_of = {m: {t for _, t, _inside in edges if t in modules} for m, edges in found.items()}

    def reaches(start: str) -> set[str]:
        seen, todo = set(), [start]
        while todo:
            module = todo.pop()
            if module not in seen:
                seen.add(module)
                todo.extend(edges_of.get(module, ()))
        return seen

    circles, unexplained = [], []
    for module, edges in sorted(found.items()):
        lines = modules[module].read_text(encoding="utf-8").splitlines()
        for line, target, inside in edges:
            if not inside:
                continue
            where = f"{modules[module].relative_to(ENGINE.parent)}:{line}"
            if target in modules and module in reaches(target):
                circles.append(f"{where}: {module} → {target} → … → {module}")
            if "#" not in lines[line - 1]:
                unexplained.append(f"{where}: {lines[line - 1].strip()}")
    return circles, unexplained


def test_no_import_inside_a_function_dodges_a_circle():
    """An import may sit in a function to defer an expensive load (Sphinx, every game's
    engine), with a comment saying so; never to dodge an import circle."""
    circles, unexplained = hidden_circle_imports(_engine_modules())
    assert not circles, "imports inside functions that dodge a circle:\n" + "\n".join(circles)
    assert not unexplained, "imports inside functions without a comment saying why:\n" + "\n".join(unexplained)


def test_the_circle_check_finds_a_dodged_circle(tmp_path):
    engine = tmp_path / "engine"
    engine.mkdir()
    (engine / "a.py").write_text("from rulings import b\n")
    (engine / "b.py").write_text("def f():\n    from rulings import a\n")
    modules = {"rulings.a": engine / "a.py", "rulings.b": engine / "b.py"}
    global ENGINE
    saved, ENGINE = ENGINE, engine
    try:
        circles, unexplained = hidden_circle_imports(modules)
    finally:
        ENGINE = saved
    assert len(circles) == 1 and "rulings.b → rulings.a" in circles[0], circles
    assert len(unexplained) == 1, unexplained
