"""What the site build lets go of while it writes (engine/sphinxext/memory.py), and the
results as the build keeps them (engine/results.py: each trace kept as text)."""

from __future__ import annotations

from rulings.project import Paths
from rulings.sphinxext import build as build_mod
from rulings.sphinxext import memory

from .test_pipeline import DOC


def test_the_html_build_keeps_no_doctree_bytes_of_the_pages_it_wrote(sandbox, monkeypatch):
    sandbox.write("spec/ygo/pipeline.rst", DOC.format(verdict="仍然是"))
    paths = Paths(sandbox.root)
    assert build_mod.build(paths, "gherkin").status <= 1
    kept_after: dict[str, set[str]] = {}
    forget = memory.forget_loaded_doctree

    def spy(app, doctree, docname):
        forget(app, doctree, docname)
        kept_after[docname] = set(app.env._pickled_doctree_cache)

    # the extension connects the function as it is when Sphinx starts
    monkeypatch.setattr(memory, "forget_loaded_doctree", spy)
    # the extraction read every document: the html build loads each doctree from disk
    assert build_mod.build(paths, "html").status <= 1
    assert {"index", "ygo/pipeline"} <= set(kept_after)
    assert all(docname not in kept for docname, kept in kept_after.items())
    assert "pipe-normal-face-down" in sandbox.html("ygo/pipeline")


def test_the_html_build_writes_its_pages_frozen_and_thaws_at_the_end(sandbox, monkeypatch):
    """Once every document is read, the objects alive are frozen (left out of the
    collector's full collections) until the build ends, and the doctrees Sphinx kept to
    write are let go first: each page reads its doctree from disk, and the site is the
    same."""
    import gc

    sandbox.write("spec/ygo/pipeline.rst", DOC.format(verdict="仍然是"))
    paths = Paths(sandbox.root)
    seen: dict[str, object] = {}
    freeze, forget = memory.freeze_after_reading, memory.forget_loaded_doctree

    def frozen(app, env):
        seen["kept before"] = len(env._write_doc_doctree_cache)
        freeze(app, env)
        seen["kept after"] = len(env._write_doc_doctree_cache)
        seen["frozen"] = gc.get_freeze_count()

    def resolved(app, doctree, docname):
        seen.setdefault("frozen while writing", gc.get_freeze_count())
        forget(app, doctree, docname)

    monkeypatch.setattr(memory, "freeze_after_reading", frozen)
    monkeypatch.setattr(memory, "forget_loaded_doctree", resolved)
    assert build_mod.build(paths, "html", fresh=True).status <= 1
    assert seen["kept before"] > 0 and seen["kept after"] == 0
    assert seen["frozen"] > 0 and seen["frozen while writing"] > 0
    assert gc.get_freeze_count() == 0, "the build ended frozen"
    assert "pipe-normal-face-down" in sandbox.html("ygo/pipeline")
    # a build that read few of the documents does not pay the collection before freezing
    seen.clear()
    sandbox.write("spec/ygo/pipeline.rst", DOC.format(verdict="仍然是") + "\n一句新的话。\n")
    assert build_mod.build(paths, "html").status <= 1
    assert seen["kept before"] == 1 and seen["frozen"] == 0


COUNT_REPORTS = '''
import json, os
from pytest_bdd import reporting


def pytest_sessionfinish(session):
    with open(os.environ["REPORTS_LEFT"], "w") as f:
        json.dump({"scenarios": len(reporting.scenario_reports_registry),
                   "contexts": len(reporting.test_report_context_registry),
                   "ran": session.testscollected}, f)
'''


def test_a_run_keeps_no_report_of_pytest_bdd_once_logged(sandbox, tmp_path):
    """engine/bdd/memory.py: pytest-bdd's reports of the scenarios run are let go."""
    import json
    import os
    import subprocess
    import sys

    sandbox.write("spec/ygo/pipeline.rst", DOC.format(verdict="仍然是"))
    (tmp_path / "count_reports.py").write_text(COUNT_REPORTS, encoding="utf-8")
    left = tmp_path / "left.json"
    env = {**sandbox.env(), "PYTHONPATH": str(tmp_path), "REPORTS_LEFT": str(left), "RULINGS_RERUN": "all"}
    done = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-p", "count_reports",
                           "-p", "no:xdist", str(sandbox.root / "tests" / "examples")],
                          cwd=sandbox.root, env=env, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stdout + done.stderr
    counted = json.loads(left.read_text())
    assert counted["ran"] >= 2 and counted["scenarios"] == 0 and counted["contexts"] == 0, counted
