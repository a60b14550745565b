"""A Sphinx build started before its inputs are all written (build.Started: the html
build of ``rulings build`` starts while the examples run) builds what they are when it
runs, and a build that stops says so, keeping the traceback, wherever it stopped."""

from __future__ import annotations

import pytest

from rulings.project import Paths
from rulings.sphinxext import build as build_mod

from tests.unit.built_project import built, built_project  # noqa: F401 (fixtures)

from .test_pipeline import DOC, statuses

# each test starts from a copy of a small project built once (tests/unit/built_project.py)


def test_a_build_started_before_the_run_shows_the_results_of_the_run(built, monkeypatch):
    monkeypatch.delenv("RULINGS_BUILD", raising=False)
    built.write("spec/ygo/pipeline.rst", DOC.format(verdict="仍然是"))
    paths = Paths(built.root)
    assert build_mod.build(paths, "gherkin").status <= 1
    started = build_mod.Started(paths, "html")
    # the examples run after the html build's Sphinx started
    ran = built.rulings("check")
    assert ran.returncode == 0, ran.stdout + ran.stderr
    assert build_mod.build(paths, "html", started=started).status <= 1
    assert statuses(built.html("ygo/pipeline")) == {"pipe-normal-face-down": "passed", "pipe-pendulum": "passed"}


BOOM = """
def _boom(app, *args):
    raise RuntimeError("boom")


def setup(app):
    app.connect("{event}", _boom)
"""


@pytest.mark.parametrize("event", ["config-inited", "doctree-resolved"])
def test_a_build_that_stops_says_where_the_traceback_is(built, monkeypatch, event):
    """Stopped while Sphinx starts (config-inited) or while it builds (doctree-resolved),
    in a project whose site an earlier build wrote."""
    monkeypatch.delenv("RULINGS_BUILD", raising=False)
    sandbox = built
    assert (sandbox.build / "html-inputs.txt").exists()
    # a document more, read and extracted: the html build has its page to write
    sandbox.write("spec/ygo/pipeline.rst", DOC.format(verdict="仍然是"))
    paths = Paths(sandbox.root)
    assert build_mod.build(paths, "gherkin").status <= 1
    conf = sandbox.root / "spec" / "conf.py"
    conf.write_text(conf.read_text(encoding="utf-8") + BOOM.format(event=event), encoding="utf-8")
    started = build_mod.Started(paths, "html")
    outcome = build_mod.build(paths, "html", started=started)
    crash = sandbox.build / "html-crash.txt"
    assert outcome.status == 2
    assert any("the html build stopped" in line and "boom" in line and str(crash) in line for line in outcome.warnings)
    assert "RuntimeError: boom" in crash.read_text(encoding="utf-8")
    # not taken for an up-to-date build next time
    assert not (sandbox.build / "html-inputs.txt").exists()
