"""What a build need not keep in memory while it writes, and what the collector of
cycles need not look at again.

Sphinx keeps the pickled bytes of every doctree it loads from disk for the rest of the
build (``BuildEnvironment.get_doctree``), in case one is asked for again.  When the
html build writes pages that the extraction read, every doctree comes from disk: at
10 000 examples that is 41 MB kept until the end, a tenth of the largest process of
``rulings build``.  A page's doctree is asked for once, when the page is written, so
its bytes are let go once it is resolved; a doctree asked for again is read from disk
again, as it would be in the next build.  ``_pickled_doctree_cache`` is Sphinx's own
attribute: tests/unit/test_dependencies.py fails by name if a release changes it, and
without it this does nothing.

Every doctree is a web of cycles (each node points to its parent), so a written page's
doctree is freed only by the collector's full collections, and each full collection
walks every object of the build: the environment, every example's record, the search
index growing.  At 10 000 examples the html build spent 3.5 s in 16 of them (plain
html without the extension 1.5 s).  Once every document is read, the environment no
longer changes while the pages are written, so the objects alive then are frozen
(``gc.freeze``: left out of every collection) until the build ends.  Sphinx also keeps
the doctrees it has just read, to write them without reading them back
(``_write_doc_doctree_cache``); frozen, they could not be freed after their page is
written, so they are let go first and each page reads its doctree from disk, as in an
incremental build: the full collections then took 2.5 s, the build a second less, and
its peak 320 MB instead of 362.
"""

from __future__ import annotations

import gc


def forget_loaded_doctree(app, doctree, docname: str) -> None:
    """``doctree-resolved`` (last): the page's doctree is in hand; its bytes are not needed."""
    cache = getattr(app.env, "_pickled_doctree_cache", None)
    if isinstance(cache, dict):
        cache.pop(docname, None)


def freeze_after_reading(app, env) -> None:
    """``env-updated`` (last): every document is read; the pages are written next.
    Only after a build that read a quarter of the documents or more: one that read a
    few writes a few pages, and the collection before freezing (0.1 s at 10 000
    examples) would cost more than it saves."""
    cache = getattr(env, "_write_doc_doctree_cache", None)
    if not isinstance(cache, dict) or len(cache) * 4 < len(env.found_docs):
        return
    cache.clear()
    gc.collect()
    gc.freeze()


def thaw(app, exception) -> None:
    """``build-finished``: what was frozen is collected again (``rulings serve`` builds
    over and over in one process)."""
    gc.unfreeze()
