"""What the site imports: building it does not load the coverage tool (every game's
engine, pytest and pytest-bdd), which only `rulings coverage` and pages with coverage
results need."""

from __future__ import annotations

import subprocess
import sys


def test_the_sphinx_extension_does_not_import_the_coverage_tool_or_pytest():
    code = ("import sys, rulings.sphinxext, rulings.incremental; "
            "print(sorted(m for m in ('rulings.coverage', 'rulings.mutation', 'rulings.scenarios', 'pytest', "
            "'pytest_bdd') if m in sys.modules))")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "[]"


def test_the_coverage_statuses_are_the_tools():
    from rulings import coverage
    from rulings.sphinxext import measured

    assert measured.STATUSES is coverage.STATUSES == ("pinned", "equivalent", "unpinned", "survivor")
