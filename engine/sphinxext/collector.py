"""The collector of cycles while pages are written.

Every page's doctree is a web of cycles (each node points to its parent), so the pages
written are freed by the collector's full collections, and each full collection walks
every object alive: the environment first (every example's record).  Python runs one
when the objects that survived since the last outnumber a quarter of those it walked
then, so a build makes about as many of them whatever its size, each as long as the
environment is large: in the html phase of ``rulings build`` from nothing, 3.1 s of
17 s of CPU at 10 000 examples.

Once every document is read the environment does not change while the pages are
written, so what is alive then is frozen (``gc.freeze``: left out of every collection)
until the build ends.  Only when the build holds no doctrees it has just read
(``_write_doc_doctree_cache``: Sphinx keeps those to write them without reading them
back; frozen, they could not be freed once written): the html build of ``rulings
build``, which the extraction read for, and edit cycles.  A build that read most
documents itself (the html build alone, from nothing) is left as it was.  Nothing is
collected before freezing (a full collection, for the little garbage alive then).
"""

from __future__ import annotations

import gc


def freeze_for_writing(app, env) -> None:
    """``env-updated`` (last): the pages are written next."""
    cache = getattr(env, "_write_doc_doctree_cache", None)
    if app.builder.format != "html" or not isinstance(cache, dict) or len(cache) * 4 >= max(len(env.found_docs), 1):
        return
    gc.freeze()
    app._rulings_frozen = True


def thaw(app, exception) -> None:
    """``build-finished``: what was frozen is collected again (``rulings serve`` builds
    over and over in one process)."""
    if getattr(app, "_rulings_frozen", False):
        app._rulings_frozen = False
        gc.unfreeze()
