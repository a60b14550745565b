"""Shared fixtures: a throw-away copy of the project to break on purpose."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]

INDEX = """\
=======
rulings
=======

.. rulings-dashboard::

.. toctree::
   :glob:

   */*
"""


class Sandbox:
    """A project folder of its own (spec/, tests/examples/, pyproject.toml) with its
    own build/, to write documents into and run ``rulings`` on."""

    def __init__(self, root: Path) -> None:
        self.root = root

    def write(self, relpath: str, text: str | bytes) -> Path:
        path = self.root / relpath
        path.parent.mkdir(parents=True, exist_ok=True)
        if isinstance(text, bytes):
            path.write_bytes(text)
        else:
            path.write_text(text, encoding="utf-8")
        return path

    def rulings(self, *args: str, timeout: int = 300) -> subprocess.CompletedProcess:
        env = {k: v for k, v in os.environ.items() if k != "RULINGS_BUILD"}
        return subprocess.run([sys.executable, "-m", "engine.cli", "--root", str(self.root), *args],
                              cwd=self.root, env=env, capture_output=True, text=True, timeout=timeout)

    @property
    def build(self) -> Path:
        return self.root / "build"

    def results(self) -> dict:
        return json.loads((self.build / "results.json").read_text(encoding="utf-8"))["results"]

    def html(self, docname: str) -> str:
        return (self.build / "site" / f"{docname}.html").read_text(encoding="utf-8")


@pytest.fixture
def sandbox(tmp_path) -> Sandbox:
    root = tmp_path / "project"
    (root / "spec").mkdir(parents=True)
    for name in ("conf.py", "docutils.conf"):
        shutil.copy(ROOT / "spec" / name, root / "spec" / name)
    (root / "spec" / "index.rst").write_text(INDEX, encoding="utf-8")
    shutil.copytree(ROOT / "tests" / "examples", root / "tests" / "examples",
                    ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copy(ROOT / "pyproject.toml", root / "pyproject.toml")
    return Sandbox(root)
