"""What the site imports (issue 23): the site reads coverage results as data; it does not
import the coverage tool (every game's rules, mutation, the scenario runner, pytest and
pytest-bdd), nor any other tool-side module (the binding, the CLI, the server, the
benchmark).  Whether results are stale is decided with ``rulings.coverage_basis``, which
imports none of them either.

Two checks: a fresh process that imports the extension and decides whether results are
stale loads none of them, and the import graph of ``engine/sphinxext`` read from its
source — imports inside functions and under ``if TYPE_CHECKING:`` included, followed
through every ``rulings`` module it reaches — reaches none of them."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

from tests import sources

ENGINE = Path(__file__).resolve().parents[2] / "engine"

#: what the site must not import: the tool side
TOOL_SIDE = ("rulings.coverage", "rulings.mutation", "rulings.scenarios", "rulings.bdd", "rulings.cli",
             "rulings.serve", "rulings.bench", "rulings.shards", "pytest", "_pytest", "pytest_bdd", "xdist")
#: what deciding whether coverage results are stale must not load either
GAME_RULES = ("rulings.ygo", "rulings.mtg", "rulings.dm")


def _is_under(module: str, names) -> bool:
    return any(module == n or module.startswith(n + ".") for n in names)


# -- in a fresh process ---------------------------------------------------------------------

_FRESH = """
import json, sys
from pathlib import Path
from types import SimpleNamespace

import rulings.sphinxext
loaded_by_import = sorted(sys.modules)

# is a game's coverage still current?  (what the coverage page and the dashboard ask)
from rulings.sphinxext import measured
site = Path(sys.argv[1])
(site / "spec").mkdir()
env = SimpleNamespace(srcdir=str(site / "spec"), config=SimpleNamespace(rulings_coverage="../build/coverage"),
                      rulings_unpinned={}, found_docs=set())
why = measured.unfit(env, "ygo", {"tables": []})
print(json.dumps({"import": loaded_by_import, "unfit": sorted(sys.modules), "why": why}))
"""


def test_the_site_loads_no_tool_even_to_tell_stale_results(tmp_path):
    import json

    done = subprocess.run([sys.executable, "-c", _FRESH, str(tmp_path)], capture_output=True, text=True,
                          timeout=120)
    assert done.returncode == 0, done.stderr
    out = json.loads(done.stdout.strip().splitlines()[-1])
    assert out["why"] == "never measured", out["why"]
    on_import = [m for m in out["import"] if _is_under(m, TOOL_SIDE + GAME_RULES)]
    assert not on_import, f"importing rulings.sphinxext loads {on_import}"
    on_unfit = [m for m in out["unfit"] if _is_under(m, TOOL_SIDE + GAME_RULES)]
    assert not on_unfit, f"deciding whether coverage results are stale loads {on_unfit}"


# -- in the source ------------------------------------------------------------------------

def _module_of(path: Path) -> str:
    parts = ["rulings", *path.relative_to(ENGINE).with_suffix("").parts]
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _source_of(module: str) -> Path | None:
    if module == "rulings":
        return ENGINE / "__init__.py"
    if not module.startswith("rulings."):
        return None
    rel = Path(*module.split(".")[1:])
    for candidate in (ENGINE / rel / "__init__.py", ENGINE / rel.with_suffix(".py")):
        if candidate.is_file():
            return candidate
    return None


def imports_of(path: Path, module: str) -> list[tuple[int, str]]:
    """(line, module) of every import in ``path`` — at the top, inside functions, under
    ``if TYPE_CHECKING:`` alike — with relative imports resolved against ``module``; an
    imported name that is a module of the package counts as that module."""
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    out: list[tuple[int, str]] = []
    for node in sources.nodes(path):
        if isinstance(node, ast.Import):
            out += [(node.lineno, alias.name) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = package.split(".")[:len(package.split(".")) - node.level + 1]
                base = ".".join(parts + ([node.module] if node.module else []))
            out.append((node.lineno, base))
            for alias in node.names:
                if _source_of(f"{base}.{alias.name}") is not None and base.startswith("rulings"):
                    out.append((node.lineno, f"{base}.{alias.name}"))
    return out


def tool_side_reached(start: list[Path]) -> list[str]:
    """Every path of imports from the modules ``start`` to a tool-side module, following
    every ``rulings`` module reached (and the packages it lives in)."""
    found: list[str] = []
    seen: set[str] = set()
    todo = [(_module_of(p), []) for p in start]
    while todo:
        module, trail = todo.pop()
        if module in seen:
            continue
        seen.add(module)
        source = _source_of(module)
        if source is None:
            continue
        parents = [".".join(module.split(".")[:i]) for i in range(1, module.count(".") + 1)]
        edges = [(0, p) for p in parents] + imports_of(source, module)
        for line, target in edges:
            step = trail + [f"{source.relative_to(ENGINE.parent)}:{line} → {target}"] if line else trail
            if _is_under(target, TOOL_SIDE):
                found.append(" · ".join(step))  # every import on the way, the last one reaching the tool
            elif target.startswith("rulings") and target not in seen:
                todo.append((target, step))
    return sorted(set(found))


@sources.READS_THE_CODE
def test_the_sphinx_extension_reaches_no_tool_side_module_in_its_source():
    reached = tool_side_reached(sorted((ENGINE / "sphinxext").glob("*.py")))
    assert not reached, "the site imports the tool side:\n" + "\n".join(reached)


@sources.READS_THE_CODE
def test_the_source_check_follows_imports_inside_functions(tmp_path, monkeypatch):
    """The check can fail: an import hidden in a function, two modules away, is found."""
    engine = tmp_path / "engine"
    (engine / "sphinxext").mkdir(parents=True)
    (engine / "__init__.py").write_text("")
    (engine / "sphinxext" / "__init__.py").write_text("from . import page\n")
    (engine / "sphinxext" / "page.py").write_text("from rulings import helper\n")
    (engine / "helper.py").write_text("def f():\n    from rulings import coverage\n")
    (engine / "coverage.py").write_text("")
    monkeypatch.setattr(sys.modules[__name__], "ENGINE", engine)
    reached = tool_side_reached(sorted((engine / "sphinxext").glob("*.py")))
    assert reached and all("engine/helper.py:2 → rulings.coverage" in r for r in reached), reached


def test_the_coverage_statuses_are_the_tools():
    from rulings import coverage
    from rulings.sphinxext import measured

    assert measured.STATUSES is coverage.STATUSES == ("pinned", "equivalent", "unpinned", "survivor")
