"""Where a maintainer goes from the dashboard: one generated page listing every example
that is not passed — failed, broken (cannot be run as written), stale, pending, not run —
each with a link to where it stands and why; and each document's status in the sidebar.
"""

from __future__ import annotations

import re
from html import escape

from docutils import nodes

from rulings.results import WORST_FIRST
from rulings.results import worst as worst_of

from .language import (PROJECT, THEME, captions_in_language, document_languages, game_name, of_game, reason_html,
                       relative_uris, tag, word)
from .state import all_records, counts, load_results, result_of

PAGE = "rulings-attention"
#: the sections of the page, in order: (anchor, label's key in language.WORDS)
#: the dashboard's not-run count links to #not-run: the broken ones first, then the
#: ones that merely have no result yet
_PARTS = {"not-run": (("not-run", "attention-not-run"), ("no-result", "attention-no-result"))}
#: every status but the best, worst first
SECTIONS = tuple(part for s in WORST_FIRST[:-1] for part in _PARTS.get(s, ((s, s),)))


def section_of(record: dict, result: dict) -> str | None:
    """The section an example is listed in, or None for a passed one."""
    status = record["status"]
    if status == "not-run":
        return "not-run" if record.get("error") or result.get("outcome") == "error" else "no-result"
    return None if status == "passed" else status


def worst(records: list[dict]) -> str:
    return worst_of(counts(records))


def _reason(record: dict, result: dict) -> str:
    """Why an example is listed, in its document's language."""
    language = tag(record.get("language"))
    if record.get("error"):
        return record.get("reason") or record["error"]
    if record["status"] == "stale":
        return word("edited", language)
    if result.get("failing_step"):
        message = (result.get("message") or "").splitlines()
        return f"{result['failing_step']}" + (f" — {' / '.join(message)}" if message else "")
    if record["status"] == "not-run":
        return word("no-result", language)
    return ""


def _page_body(app, env) -> str:
    listed = {key: [] for key, _ in SECTIONS}
    results, _ = load_results(env)
    for record in all_records(env):
        if record["docname"] not in env.found_docs:
            continue
        # the result is looked up only where the section depends on it (a not-run
        # example's outcome): looking up every example's was 1.8 s of a one-step edit
        # cycle at 100 000 examples, nearly all of them passed
        status = record["status"]
        key = section_of(record, result_of(env, record, results, trace=False) if status == "not-run" else {})
        if key:
            listed[key].append(record)
    here = PROJECT
    out = [f'<section id="rulings-attention"><h1>{word("attention-title", here)}</h1>',
           f'<p>{word("attention-intro", here)}</p>']
    for key, label in SECTIONS:
        records = listed[key]
        out.append(f'<section id="{key}" class="rulings-attention-group" data-status="{key}">'
                   f'<h2>{escape(word(label, here))}（{len(records)}）</h2>')
        if not records:
            out.append("<p>—</p></section>")
            continue
        out.append('<ul class="rulings-attention-list">')
        for r in records:
            uri = app.builder.get_target_uri(r["docname"]) + "#" + nodes.make_id("example-" + r["id"])
            doc_title = env.titles[r["docname"]].astext() if r["docname"] in env.titles else r["docname"]
            game = game_name(r.get("game") or "")
            # each example in its document's language
            out.append(f'<li class="rulings-attention-item" data-example-id="{escape(r["id"], quote=True)}" '
                       f'lang="{tag(r.get("language")) if r.get("language") else of_game(r.get("game"))}">'
                       f'<a href="{escape(uri, quote=True)}">{escape(r["title"])}</a> '
                       f'<span class="rulings-attention-where">{escape(game)} · {escape(doc_title)} · '
                       f'{escape(r["source"])}:{r["line"]}</span>'
                       f'<div class="rulings-attention-why">{reason_html(_reason(r, result_of(env, r, results, trace=False)))}</div></li>')
        out.append("</ul></section>")
    out.append("</section>")
    return "".join(out)


def collect_pages(app):
    """``html-collect-pages``: the page of examples needing attention."""
    if app.builder.format != "html":
        return
    yield PAGE, {"title": word("attention-title", PROJECT), "body": _page_body(app, app.env)}, "page.html"


def _badges(app, language: str) -> list[tuple[str, str]]:
    """Each document's status dot, counted once per build and language: pages are written
    after every document was read, and every page shows every document's dot."""
    cache = getattr(app.builder, "_rulings_badges", None)
    if cache is None:
        cache = app.builder._rulings_badges = {}
    if language in cache:
        return cache[language]
    env, out = app.env, []
    for docname, records in sorted(env.rulings_examples.items()):
        if not records or docname not in env.found_docs:
            continue
        status = worst(records)
        c = counts(records)
        title = word("list-sep", language).join(f"{word(s, language)} {n}" for s, n in c.items() if n)
        out.append((docname, f' <span class="rulings-nav-status rulings-badge-{status}" data-status="{status}" '
                             f'title="{escape(title, quote=True)}"></span>'))
    cache[language] = out
    return out


_NAV_LINK = re.compile(r'(<a class="[^"]*reference internal[^"]*" href="([^"]*)")(>)(.*?)(</a>)')
_NAV_TOGGLE = re.compile(r'aria-label="Toggle navigation of ([^"]*)"')


def sidebar_status(app, pagename, templatename, context, doctree) -> None:
    """``html-page-context`` (after the theme's): a status dot after each document with
    examples in the navigation (furo's ``furo_navigation_tree``), each entry in its
    document's language (``lang`` where it is not the page's), furo's toggles worded in
    the page's."""
    tree = context.get("furo_navigation_tree")
    if not tree:
        return
    here = context.get("rulings_language") or PROJECT
    badges: dict[str, str] = {}
    uris = relative_uris(app, pagename)
    for docname, badge_html in _badges(app, here):
        # the page's own entry links to "#"
        uri = "#" if docname == pagename else uris[docname] if docname in uris else \
            app.builder.get_relative_uri(pagename, docname)
        badges.setdefault(uri, badge_html)
    languages = document_languages(app, pagename)
    languages["#"] = languages.pop("", here)

    def badge(m: re.Match) -> str:
        # the first link to each document gets its badge (one pass over the tree: a
        # pass per document made every page cost as much as the site has documents)
        extra = badges.pop(m.group(2), None) or ""
        language = languages.get(m.group(2), here)
        # the title in its document's language, the status dot in the page's
        text = m.group(4) if language == here else f'<span lang="{language}">{m.group(4)}</span>'
        return m.group(1) + m.group(3) + text + extra + m.group(5)

    toggle = THEME[here]["Toggle navigation of %s"]
    tree = _NAV_LINK.sub(badge, tree)
    tree = captions_in_language(tree, here)
    tree = _NAV_TOGGLE.sub(lambda m: f'aria-label="{escape(toggle % m.group(1), quote=True)}"', tree)
    context["furo_navigation_tree"] = tree
