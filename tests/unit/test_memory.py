"""What the site build lets go of while it writes (engine/sphinxext/memory.py), and the
results as the build keeps them (engine/results.py: each trace kept as text)."""

from __future__ import annotations

from engine.project import Paths
from engine.sphinxext import build as build_mod
from engine.sphinxext import memory

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
