"""What the html build of ``rulings build`` lets go of once it writes pages (issue 28:
the peak memory of 100 000 examples is the html phase of the cycle's own process).

**Each doctree's bytes, once its page is resolved.**  Sphinx keeps the pickled bytes of
every doctree it loads from disk for the rest of the build (``BuildEnvironment.get_doctree``:
``_pickled_doctree_cache``), in case one is asked for again.  In the html phase of
``rulings build`` every page's doctree comes from disk (the extraction read them): at
10 000 examples 22.5 MB kept to the end.  A page's doctree is asked for when its page is
written; once it is resolved its bytes are let go, and a doctree asked for again is read
from disk again (as in the next build).  (Removed once, e77efea, when it saved 3-18 MB
at 1 000 examples.)

**What only an example's own page shows, out of the environment's records.**  Once
pages are written the environment is saved (Sphinx pickles it before writing), and what
whole-site views read of each example (the dashboard, the attention page, the cards'
lists of examples, the coverage pages, each page's results) is its id, title, place,
status and what its status rests on.  Its steps, body, tables and dates are shown on
its own page only, whose doctree holds the example's record as it was read (the node's
``record``; only the status and what the cards decided change after reading, and those
come from the environment's record: ``render.refresh_examples``).  So in a build that
is its application's only one (``build.Started.run``: not ``rulings serve``'s worker,
whose next build extracts features from the same records), each record is replaced,
when writing starts, by one without those fields: at 10 000 examples 3 of the
records' 5 kB per example.

Sphinx's own attributes and events: tests/unit/test_site_memory.py fails by name if a
release changes them (without them this does nothing).
"""

from __future__ import annotations

from .state import KeptPickled

#: fields of an example's record that its own page alone shows (``render``, ``plain``:
#: from the doctree's record) or that checking its cards alone reads (before writing)
PAGE_ONLY = frozenset({"body", "body_lines", "steps", "header", "rows", "outline", "date", "dates",
                       "parsed", "parse_error", "parse_reason"})


def let_go_of_doctree(app, doctree, docname: str) -> None:
    """``doctree-resolved`` (last): the page's doctree is in hand; its bytes are not needed."""
    cache = getattr(app.env, "_pickled_doctree_cache", None)
    if isinstance(cache, dict):
        cache.pop(docname, None)


def light_records(app, builder) -> None:
    """``write-started``: the environment's records without what only their own page
    shows, in a build that is its application's last (``_rulings_only_build``) and
    writes html pages (the gherkin builder writes features from the whole records)."""
    if not getattr(app, "_rulings_only_build", False) or getattr(builder, "format", None) != "html":
        return
    examples = getattr(app.env, "rulings_examples", None)
    if not isinstance(examples, dict):
        return
    page_only = PAGE_ONLY
    for docname, records in examples.items():
        # new dicts: a doctree read by this build holds the record itself
        examples[docname] = [{k: v for k, v in r.items() if k not in page_only} for r in records]
    # the environment was saved before writing, and is not saved again by this build: the
    # bytes kept for the next save are let go of (the domain's objects: 2.4 MB at 10 000
    # examples; the records' went with their lists above)
    by_doc = (getattr(app.env, "domaindata", None) or {}).get("rulings", {}).get("by_doc")
    for kept in (examples, by_doc):
        if isinstance(kept, KeptPickled):
            kept.let_go()


def whole(read: dict, current: dict) -> dict:
    """An example's record as its page shows it: ``current`` (the environment's, as the
    cards and the results left it), with what only the page shows from ``read`` (the
    doctree's) when the environment's has been made light."""
    if "steps" in current or "steps" not in read:
        return current
    return {**read, **current}
