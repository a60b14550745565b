"""What a build need not keep in memory while it writes.

Sphinx keeps the pickled bytes of every doctree it loads from disk for the rest of the
build (``BuildEnvironment.get_doctree``), in case one is asked for again.  When the
html build writes pages that the extraction read, every doctree comes from disk: at
10 000 examples that is 41 MB kept until the end, a tenth of the largest process of
``rulings build``.  A page's doctree is asked for once, when the page is written, so
its bytes are let go once it is resolved; a doctree asked for again is read from disk
again, as it would be in the next build.  ``_pickled_doctree_cache`` is Sphinx's own
attribute: tests/unit/test_dependencies.py fails by name if a release changes it, and
without it this does nothing.
"""

from __future__ import annotations


def forget_loaded_doctree(app, doctree, docname: str) -> None:
    """``doctree-resolved`` (last): the page's doctree is in hand; its bytes are not needed."""
    cache = getattr(app.env, "_pickled_doctree_cache", None)
    if isinstance(cache, dict):
        cache.pop(docname, None)
