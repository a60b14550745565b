"""Where a maintainer goes from the dashboard: one generated page listing every example
that is not passed — failed, broken (cannot be run as written), stale, pending, not run —
each with a link to where it stands and why; and each document's status in the sidebar.
"""

from __future__ import annotations

import re
from html import escape

from rulings.project import GAME_LABELS

from .state import all_records, counts, load_results, result_of

PAGE = "rulings-attention"
#: the sections of the page, in order: (anchor, label)
SECTIONS = (
    ("failed", "失败 failed"),
    ("stale", "过期 stale"),
    ("pending", "待定 pending"),
    # the dashboard's not-run count links to #not-run: the broken ones first, then the
    # ones that merely have no result yet
    ("not-run", "有误 broken — 无法按原文运行 (not run: cannot run as written)"),
    ("no-result", "未运行 not run — 还没有结果 (no result yet)"),
)


def section_of(record: dict, result: dict) -> str | None:
    """The section an example is listed in, or None for a passed one."""
    status = record["status"]
    if status == "not-run":
        return "not-run" if record.get("error") or result.get("outcome") == "error" else "no-result"
    return None if status == "passed" else status


def worst(records: list[dict]) -> str:
    c = counts(records)
    return next((s for s in ("failed", "stale", "not-run", "pending") if c[s]), "passed")


def _reason(record: dict, result: dict) -> str:
    if record.get("error"):
        return record["error"]
    if record["status"] == "stale":
        return "这个例子在上次运行后被修改过 · edited since its last run"
    if result.get("failing_step"):
        message = (result.get("message") or "").splitlines()
        return f"{result['failing_step']}" + (f" — {' / '.join(message)}" if message else "")
    if record["status"] == "not-run":
        return "没有运行结果 · no result"
    return ""


def _page_body(app, env) -> str:
    from docutils import nodes

    listed = {key: [] for key, _ in SECTIONS}
    results, _ = load_results(env)
    for record in all_records(env):
        if record["docname"] not in env.found_docs:
            continue
        key = section_of(record, result_of(env, record, results, trace=False))
        if key:
            listed[key].append(record)
    out = ['<section id="rulings-attention"><h1>需要关注的例子 · Examples needing attention</h1>',
           '<p>每个没有通过的例子，按状态分组，附链接和原因。 Every example that did not pass, by status, '
           "with a link to it and why.</p>"]
    for key, label in SECTIONS:
        records = listed[key]
        out.append(f'<section id="{key}" class="rulings-attention-group" data-status="{key}">'
                   f'<h2>{escape(label)} ({len(records)})</h2>')
        if not records:
            out.append("<p>—</p></section>")
            continue
        out.append('<ul class="rulings-attention-list">')
        for r in records:
            uri = app.builder.get_target_uri(r["docname"]) + "#" + nodes.make_id("example-" + r["id"])
            doc_title = env.titles[r["docname"]].astext() if r["docname"] in env.titles else r["docname"]
            game = GAME_LABELS.get(r.get("game") or "", r.get("game") or "")
            out.append(f'<li class="rulings-attention-item" data-example-id="{escape(r["id"], quote=True)}">'
                       f'<a href="{escape(uri, quote=True)}">{escape(r["title"])}</a> '
                       f'<span class="rulings-attention-where">{escape(game)} · {escape(doc_title)} · '
                       f'{escape(r["source"])}:{r["line"]}</span>'
                       f'<div class="rulings-attention-why">{escape(_reason(r, result_of(env, r, results, trace=False)))}</div></li>')
        out.append("</ul></section>")
    out.append("</section>")
    return "".join(out)


def collect_pages(app):
    """``html-collect-pages``: the page of examples needing attention."""
    if app.builder.format != "html":
        return
    yield PAGE, {"title": "需要关注的例子 · Examples needing attention", "body": _page_body(app, app.env)}, "page.html"


def _badges(app) -> list[tuple[str, str]]:
    """Each document's status dot, counted once per build: pages are written after every
    document was read, and every page shows every document's dot."""
    cached = getattr(app.builder, "_rulings_badges", None)
    if cached is not None:
        return cached
    env, out = app.env, []
    for docname, records in sorted(env.rulings_examples.items()):
        if not records or docname not in env.found_docs:
            continue
        status = worst(records)
        c = counts(records)
        title = " · ".join(f"{s} {n}" for s, n in c.items() if n)
        out.append((docname, f' <span class="rulings-nav-status rulings-badge-{status}" data-status="{status}" '
                             f'title="{escape(title, quote=True)}"></span>'))
    app.builder._rulings_badges = out
    return out


_NAV_LINK = re.compile(r'(<a class="[^"]*reference internal[^"]*" href="([^"]*)">)(.*?)(</a>)')


def sidebar_status(app, pagename, templatename, context, doctree) -> None:
    """``html-page-context`` (after the theme's): a status dot after each document with
    examples in the navigation (furo's ``furo_navigation_tree``)."""
    tree = context.get("furo_navigation_tree")
    if not tree:
        return
    badges: dict[str, str] = {}
    for docname, badge_html in _badges(app):
        # the page's own entry links to "#"
        uri = "#" if docname == pagename else app.builder.get_relative_uri(pagename, docname)
        badges.setdefault(uri, badge_html)

    def badge(m: re.Match) -> str:
        # the first link to each document gets its badge (one pass over the tree: a
        # pass per document made every page cost as much as the site has documents)
        extra = badges.pop(m.group(2), None)
        return m.group(0) if extra is None else m.group(1) + m.group(3) + extra + m.group(4)

    tree = _NAV_LINK.sub(badge, tree)
    context["furo_navigation_tree"] = tree
