"""The sidebar's navigation tree, made once per folder of pages instead of once per page.

furo shows every document of the site in the sidebar of every page: for each page it asks
Sphinx for the whole tree of contents (``toctree(collapse=False, titles_only=True,
maxdepth=-1, includehidden=True)``: every entry copied and written as html) and reads that
html back with BeautifulSoup to add its toggles.  Each page costs as much as the site has
documents, so the site costs the square of its documents: at 10 000 examples (102
documents) a fifth of the html build, at 100 000 (1 001 documents) most of it.  Plain
Sphinx with furo pays it too.

Two pages of one folder get the same tree but for the page's own entry: Sphinx marks it
and the branch above it ``current`` and links it to ``#``, and furo marks it
``current-page``.  So the tree is made the theme's way once per folder, for a page
name of that folder that no document has (nothing marked, every link relative to the
folder), and each page's tree is that one with its own entry marked, as a string — when
the page's entry is the simple case: one link to the page, a leaf of the first level
(``toctree-l1``) of a list that is not marked.  A page with no entry (the root document,
the search page, the index, the attention list) gets the folder's tree as it is.  Any
other page (a document with documents under it, one listed twice) gets its tree the
theme's way.

The page's tree is exactly the one the theme would have made: ``RULINGS_CHECK_NAVIGATION=1``
makes both for every page and stops the build at the first difference
, and the addresses of every document found once per folder as well
(``language.relative_uris``): tests/unit/test_navigation.py builds a project with
captions, nested documents and folders that way; the benchmark's 10 000 and 30 000
examples were compared too).

Only the public ``html-page-context`` contract is used, with furo's own function to make
a tree (``furo._compute_navigation_tree``; without it, or with another theme, this does
nothing): before the theme's handler the context's ``toctree`` is set aside, so that
the theme makes no tree, and after it the tree is put in ``furo_navigation_tree`` and
``toctree`` given back to the templates.
"""

from __future__ import annotations

import os
import posixpath
import re

from .language import _relative_uris, relative_uris

#: a page name no document has, in the folder whose tree is being made
_NOWHERE = "\N{NO-BREAK SPACE}rulings-no-page"
_UL = re.compile(r"<(/?)ul\b")
_MARKED = re.compile(r'class="[^"]*\bcurrent')


def _theme_tree():
    try:
        import furo  # deferred: the theme is the configuration's choice, and may be absent
    except ImportError:
        return None
    return getattr(furo, "_compute_navigation_tree", None)


def _active(app) -> bool:
    return (app.builder.format == "html" and getattr(app.builder, "theme", None) is not None
            and app.builder.theme.name == "furo" and _theme_tree() is not None)


def set_aside(app, pagename, templatename, context, doctree) -> None:
    """``html-page-context`` (before the theme's): the theme finds no ``toctree`` and makes
    no navigation tree of its own."""
    if "toctree" in context and _active(app):
        context["_rulings_toctree"] = context.pop("toctree")


def put_back(app, pagename, templatename, context, doctree) -> None:
    """``html-page-context`` (after the theme's): the page's tree, and ``toctree`` back."""
    toctree = context.pop("_rulings_toctree", None)
    if toctree is None:
        return
    context["toctree"] = toctree
    tree = tree_of(app, pagename, toctree)
    if os.environ.get("RULINGS_CHECK_NAVIGATION"):
        if tree != _theme_tree()({"toctree": toctree}):
            raise AssertionError(f"{pagename}: the navigation tree differs from the theme's")
        if relative_uris(app, pagename) != _relative_uris(app, pagename):
            raise AssertionError(f"{pagename}: the addresses of the documents differ from the builder's")
    context["furo_navigation_tree"] = tree


def forget(app, env) -> None:
    """``env-updated``: the folders' trees hold for one build's pages (``rulings serve``
    builds again and again with one builder; a title or a table of contents may change)."""
    app.builder._rulings_folder_trees = None


def _folder_tree(app, folder: str) -> str | None:
    """The theme's tree for a page of ``folder`` that is no document: nothing marked."""
    cache = getattr(app.builder, "_rulings_folder_trees", None)
    if cache is None:
        cache = app.builder._rulings_folder_trees = {}
    if folder not in cache:
        nowhere = posixpath.join(folder, _NOWHERE)
        builder = app.builder
        tree = _theme_tree()({"toctree": lambda **kw: builder._get_local_toctree(nowhere, **kw)})
        # a tree with anything marked already is not the unmarked one the pages start from
        cache[folder] = None if _MARKED.search(tree) else tree
    return cache[folder]


def tree_of(app, pagename: str, toctree) -> str:
    """The navigation tree of ``pagename``: the folder's, its own entry marked, or the
    theme's own for a page that is not the simple case.  A page the tree does not link
    to (the root document, which lists the others; a page of Sphinx's own or of the
    extension, such as the search page, the index and the attention list) gets the
    folder's as it is: nothing in it is the page's own to mark."""
    folder = posixpath.dirname(pagename)
    generic = _folder_tree(app, folder)
    if generic is None:
        return _theme_tree()({"toctree": toctree})
    uri = app.builder.get_relative_uri(posixpath.join(folder, _NOWHERE), pagename)
    if pagename not in app.env.all_docs or pagename == app.config.root_doc:
        return generic if _unlinked(generic, uri) else _theme_tree()({"toctree": toctree})
    marked = _marked(generic, uri)
    return marked if marked is not None else _theme_tree()({"toctree": toctree})


def _unlinked(tree: str, uri: str) -> bool:
    """No entry of ``tree`` links to ``uri`` (nor to a part of it)."""
    return bool(uri) and f'href="{uri}"' not in tree and f'href="{uri}#' not in tree


def _marked(tree: str, uri: str) -> str | None:
    """``tree`` with the entry linking to ``uri`` marked as the page's own, or None when
    that entry is not one leaf of the first level of an unmarked list."""
    link = f'href="{uri}"'
    if not uri or tree.count(link) != 1 or f'href="{uri}#' in tree:
        return None
    at = tree.index(link)
    head = '<li class="toctree-l1"><a class="reference internal" '
    start = at - len(head)
    if start < 0 or tree[start:at] != head:
        return None
    end = tree.find("</a>", at)
    if end < 0 or "<" in tree[at + len(link) + 1:end] or not tree.startswith("</a></li>", end):
        return None
    # the list holding the entry: the last list opened at the first level before it
    depth, opened = 0, None
    for m in _UL.finditer(tree, 0, start):
        if m.group(1):
            depth -= 1
        else:
            if depth == 0:
                opened = m.start()
            depth += 1
    if depth != 1 or opened is None or not tree.startswith("<ul>", opened):
        return None
    return (tree[:opened] + '<ul class="current">' + tree[opened + 4:start]
            + '<li class="toctree-l1 current current-page"><a class="current reference internal" href="#"'
            + tree[at + len(link):])
