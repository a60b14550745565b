"""Python's cyclic garbage collector while the extension builds: two settings, each
measured (docs/performance.md, issue 28).

**The youngest threshold, raised while Sphinx builds.**  The collector runs when
allocations outnumber deallocations by a threshold (700 for its youngest generation by
default), and every tenth of its older collections that finds the long-lived objects
grown by a quarter walks all of them.  A build with the extension allocates more than a
plain one (the three engines and their vocabularies, each example's reading, the search
cuts), so it runs the collector more often, and what it walks is larger: at 1 000
examples seven full collections of 100 000–210 000 objects, 0.6 s of CPU against plain
html's 0.15 s (three of them).  With the youngest generation's threshold raised, the same
build collects about as much as plain html: garbage is still collected (a cycle waits
for ten thousand allocations instead of 700), and the full collections still follow the
growth of what lives, as Python's rule says.  Set when the configuration is read and
again as each build starts reading (one application can build many times: ``rulings
serve``), put back as each build finishes.

**The environment frozen while pages are written.**  Every page's doctree is a web of
cycles (each node points to its parent), so the pages written are freed by the
collector's full collections, and each full collection walks every object alive: the
environment first (every example's record).  Python runs one when the objects that
survived since the last outnumber a quarter of those it walked then, so a build makes
about as many of them whatever its size, each as long as the environment is large: in
the html phase of ``rulings build`` from nothing, 3.1 s of 17 s of CPU at 10 000
examples.  Once every document is read the environment does not change while the pages
are written, so what is alive then is frozen (``gc.freeze``: left out of every
collection) until the build ends.  Only when the build holds no doctrees it has just read
(``_write_doc_doctree_cache``: Sphinx keeps those to write them without reading them
back; frozen, they could not be freed once written): the html build of ``rulings
build``, which the extraction read for, and edit cycles.  A build that read most
documents itself (the html build alone, from nothing) is left as it was.  Nothing is
collected before freezing (a full collection, for the little garbage alive then).
The features are written the same way (the gherkin builder reads no doctree).

**Off while the environment is loaded, then frozen.**  Unpickling the environment makes
every example's record at once: each collection while it does walks what was made so far
and finds nothing to free, and the full ones were most of the collector's time in the
extraction of a one-step edit at 100 000 examples (1.1 of its 1.8 s; three full
collections freeing 503 objects).  So the collector is off from ``config-inited`` (the
environment is loaded just after it, in ``Sphinx.__init__``) to ``builder-inited``
(just after it is loaded), and what is alive then — the environment as loaded — is
frozen until the build ends, as above (a record replaced by reading its document again
is freed once the build ends).  An application that fails while it is made never gets
to ``builder-inited``: whoever makes it puts the collector back (``release``; the
``rulings`` runner does, ``build.Started``).  An environment taken from the gherkin
build of the same process (``build._Sphinx``) is frozen the same way (the html build of
an edit cycle then walks none of it), unless that build read a quarter of the documents
or more: the doctrees it kept for writing its features are garbage by then — frozen,
they would stay to the end of the html build.
"""

from __future__ import annotations

import gc

#: allocations net of deallocations between two collections of the youngest generation
#: during a build (Python's default: 700)
YOUNG = 10_000


def raise_threshold(app, *_) -> None:
    """``config-inited``, ``env-before-read-docs``: the threshold of a build."""
    if getattr(app, "_rulings_collector", None) is None:
        young, *older = app._rulings_collector = gc.get_threshold()
        if young:  # 0: the collector is off, and stays off
            gc.set_threshold(max(young, YOUNG), *older)


def restore(app, _exception) -> None:
    """``build-finished``: the threshold as it was before the build."""
    saved = getattr(app, "_rulings_collector", None)
    if saved is not None:
        gc.set_threshold(*saved)
        app._rulings_collector = None


#: whether the collector was turned off here (``hold``) and not yet back on
_HELD = [False]


#: whether an application was let go of without handing its environment on, and not
#: collected yet (``dropped``)
_DROPPED = [False]


def dropped() -> None:
    """An application of this process is done, and its environment is not handed to the
    next (``build.build``: the extraction's, read by forked processes, before the html
    build loads the environment from its file): it is collected when the next
    application starts (``hold``).  An application is a web of cycles (it, its
    environment, builder and domains point to each other), freed only by a full
    collection, which Python may not make before the next build freezes everything
    alive once its environment is loaded (``freeze_loaded``): that garbage is then kept
    to the end of the build.  Not sooner: Sphinx's logging handlers point to the last
    application made until the next one replaces them."""
    _DROPPED[0] = True


def hold(app, config) -> None:
    """``config-inited``: the application let go of before this one collected
    (``dropped``), and the collector off while the environment is loaded."""
    if _DROPPED[0]:
        _DROPPED[0] = False
        gc.collect()
    if gc.isenabled():
        gc.disable()
        _HELD[0] = True


def release() -> None:
    """The collector back on, if ``hold`` turned it off."""
    if _HELD[0]:
        _HELD[0] = False
        gc.enable()


def freeze_loaded(app) -> None:
    """``builder-inited``: the environment is loaded; the collector on again, and what
    is alive now left out of its walks until the build ends (``thaw``) — not when the
    environment was taken from the build before (``build._Sphinx``) which read a quarter
    of the documents or more: that build's doctrees are garbage then, which freezing
    would keep to the end of the build (at 100 000 examples from nothing, hundreds of MB
    on the cycle's peak)."""
    release()
    if getattr(app, "_rulings_env_left", False):
        return
    gc.freeze()
    app._rulings_frozen = app._rulings_frozen_loaded = True


#: the environment a build last read into (its id) -> whether it read a quarter of the
#: documents or more (whoever reads it next: ``read_much``)
_READ_MUCH: dict[int, bool] = {}


def read_much(env) -> bool:
    """Whether the last build reading into ``env`` read a quarter of its documents or
    more (unknown: as if it had)."""
    return _READ_MUCH.get(id(env), True)


def thaw_for_reading(app, env, docnames) -> None:
    """``env-before-read-docs``: a build that reads a quarter of the documents or more
    again thaws what ``freeze_loaded`` froze before it reads: the parts of the old
    environment its reading replaces that are garbage only the collector frees (the
    tables of contents, say: docutils nodes point to their parents) would else be kept
    to the end of the build (a full reading at 100 000 examples: 2.5 GB instead of
    1.9 GB).  An edit cycle's few documents leave it frozen."""
    many = len(docnames) * 4 >= max(len(env.found_docs), 1)
    _READ_MUCH.clear()
    _READ_MUCH[id(env)] = many
    if getattr(app, "_rulings_frozen_loaded", False) and many:
        app._rulings_frozen = app._rulings_frozen_loaded = False
        gc.unfreeze()


def freeze_for_writing(app, env) -> None:
    """``env-updated`` (last): the pages (or the features) are written next."""
    cache = getattr(env, "_write_doc_doctree_cache", None)
    if app.builder.format not in ("html", "gherkin") or not isinstance(cache, dict) \
            or len(cache) * 4 >= max(len(env.found_docs), 1):
        return
    gc.freeze()
    app._rulings_frozen = True


def thaw(app, exception) -> None:
    """``build-finished``: what was frozen is collected again (``rulings serve`` builds
    over and over in one process)."""
    release()
    app._rulings_frozen_loaded = False
    if getattr(app, "_rulings_frozen", False):
        app._rulings_frozen = False
        gc.unfreeze()
