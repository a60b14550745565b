"""Installing the project adds one top-level name, ``rulings``, whose code lives in the
folder ``engine/`` of the design card (issue 23: a package named ``engine`` in
site-packages collides with anything else called so)."""

from __future__ import annotations

import ast
import subprocess
import sys
import tomllib
from pathlib import Path

from tests import sources

ROOT = Path(__file__).resolve().parents[2]
ENGINE = ROOT / "engine"


def test_the_installed_packages_are_rulings_and_cover_every_folder_of_engine():
    setuptools = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["setuptools"]
    assert setuptools["package-dir"] == {"rulings": "engine"}
    folders = {".".join(("rulings", *init.parent.relative_to(ENGINE).parts)) for init in ENGINE.rglob("__init__.py")
               if "__pycache__" not in init.parts}
    # every package is installed, and every name installed is a folder of engine/ (a
    # package, or a folder of data files such as the site's static files)
    assert folders <= set(setuptools["packages"])
    assert all(ENGINE.joinpath(*name.split(".")[1:]).is_dir() for name in setuptools["packages"])


@sources.READS_THE_CODE
def test_no_source_imports_the_folder_s_name():
    found = []
    for folder in ("engine", "tests", "spec"):
        for path in sorted((ROOT / folder).rglob("*.py")):
            for node in sources.nodes(path):
                names = ([a.name for a in node.names] if isinstance(node, ast.Import)
                         else [node.module or ""] if isinstance(node, ast.ImportFrom) and not node.level else [])
                found += [f"{path.relative_to(ROOT)}:{node.lineno}" for n in names
                          if n == "engine" or n.startswith("engine.")]
    assert not found, f"imports of `engine` (the package is `rulings`): {found}"


def test_outside_the_checkout_rulings_imports_and_engine_does_not(tmp_path):
    code = ("import importlib.util as u; "
            "print(u.find_spec('engine') is None, u.find_spec('rulings.ygo.duel') is not None)")
    out = subprocess.run([sys.executable, "-c", code], cwd=tmp_path, capture_output=True, text=True, check=True,
                         env={"PATH": "/usr/bin:/bin"})
    assert out.stdout.split() == ["True", "True"], out
