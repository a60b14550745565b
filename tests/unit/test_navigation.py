"""The sidebar's tree made once per folder (sphinxext/navigation.py) is the theme's, byte
for byte, on every page: the build compares both (RULINGS_CHECK_NAVIGATION) and stops at
the first difference, in a project with the shapes a site has (a caption, documents
under a document, folders, root pages, a document listed twice)."""

from __future__ import annotations

import pytest

from rulings.sphinxext import navigation

INDEX = """\
=====
index
=====

.. toctree::
   :caption: 游戏王

   ygo/one
   ygo/two
   ygo/section

.. toctree::
   :caption: 其他

   other
   mtg/three
   ygo/two
   genindex
"""


def _page(title: str, body: str = "") -> str:
    return f"{'=' * 12}\n{title}\n{'=' * 12}\n\n正文。\n\n{body}"


@pytest.fixture
def project(small_project, monkeypatch):
    p = small_project
    p.write("spec/index.rst", INDEX)
    p.write("spec/ygo/one.rst", _page("一"))
    p.write("spec/ygo/two.rst", _page("二"))
    p.write("spec/ygo/section.rst", _page("三节", ".. toctree::\n\n   deeper/four\n   five\n"))
    p.write("spec/ygo/deeper/four.rst", _page("四"))
    p.write("spec/ygo/five.rst", _page("五"))
    p.write("spec/other.rst", _page("其他"))
    p.write("spec/mtg/three.rst", _page("三"))
    p.write("spec/mtg/orphan.rst", ":orphan:\n\n" + _page("孤"))
    monkeypatch.setenv("RULINGS_CHECK_NAVIGATION", "1")
    return p


def test_every_page_s_tree_is_the_theme_s(project, monkeypatch):
    marked = []
    real = navigation._marked

    def spy(tree, uri):
        out = real(tree, uri)
        marked.append((uri, out is not None))
        return out

    monkeypatch.setattr(navigation, "_marked", spy)
    plain = []
    real_unlinked = navigation._unlinked

    def spy_unlinked(tree, uri):
        out = real_unlinked(tree, uri)
        plain.append((uri, out))
        return out

    monkeypatch.setattr(navigation, "_unlinked", spy_unlinked)
    warnings = project.sphinx("html")
    assert "differs" not in warnings and "Exception" not in warnings, warnings
    site = project.build_dir / "sphinx" / "html"
    assert (site / "ygo" / "deeper" / "four.html").exists()
    # the simple pages were made from their folder's tree, the others the theme's way
    fast = {uri for uri, ok in marked if ok}
    assert {"one.html", "three.html", "other.html"} <= fast, marked
    assert "two.html" not in fast and "section.html" not in fast, marked
    # the pages with no entry of their own, the folder's tree as it is; the index, which
    # a table of contents lists, the theme's way
    assert {("index.html", True), ("search.html", True), ("genindex.html", False)} <= set(plain), plain


def test_a_difference_stops_the_build(project, monkeypatch):
    monkeypatch.setattr(navigation, "_marked", lambda tree, uri: tree)
    with pytest.raises(Exception, match="the navigation tree differs from the theme's"):
        project.sphinx("html")
