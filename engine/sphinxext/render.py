"""How examples, document summaries and the dashboard look in HTML.

Every piece of document text that reaches the page goes through ``html.escape``: the
titles, steps, sources and failure messages of a public site are untrusted text.
"""

from __future__ import annotations

from html import escape

from docutils import nodes
from sphinx import addnodes

from rulings.project import GAME_LABELS
from rulings.results import STATUS, STATUSES
from rulings.results import worst as worst_of

from . import coverage_page, writing_memory
from . import nodes as rnodes
from .attention import PAGE
from .cards import card_links
from .language import PROJECT, game_name, of_document, of_game, reason_html, tag, word
from .sources import source_label
from .state import counts, result_of


def _a(text) -> str:
    return escape(str(text), quote=True)


def _is_failing(step: tuple, failing: str | None, location: str | None) -> bool:
    if location:
        return location.rsplit(":", 1)[-1] == str(step[rnodes.LINE])
    return failing is not None and failing in (step[rnodes.TEXT], f"{step[rnodes.KEYWORD]} {step[rnodes.TEXT]}")


def _step_html(step: tuple, failing: str | None, location: str | None = None,
               card_uris: dict[str, str] | None = None) -> str:
    cls = ["rulings-step"]
    if _is_failing(step, failing, location):
        cls.append("rulings-step-failed")
    text = _highlight_placeholders(step[rnodes.TEXT])
    for name, uri in (card_uris or {}).items():
        # a card name links to the card's entry
        text = text.replace(f"「{_a(name)}」", f'「<a class="rulings-card-ref" href="{_a(uri)}">{_a(name)}</a>」')
    parts = [f'<div class="{" ".join(cls)}"><span class="rulings-keyword">{_a(step[rnodes.KEYWORD])}</span> '
             f'<span class="rulings-step-text">{text}</span>']
    if step[rnodes.TABLE]:
        parts.append(_table_html(step[rnodes.TABLE], "rulings-datatable"))
    parts.append("</div>")
    return "".join(parts)


def _highlight_placeholders(text: str) -> str:
    out = _a(text)
    return out.replace("&lt;", '<span class="rulings-placeholder">&lt;').replace("&gt;", "&gt;</span>")


def _table_html(rows: list[list[str]], cls: str, header: list[str] | None = None) -> str:
    html = [f'<table class="{cls}">']
    if header:
        html.append("<thead><tr>" + "".join(f"<th>{_a(c)}</th>" for c in header) + "</tr></thead>")
    html.append("<tbody>")
    for row in rows:
        html.append("<tr>" + "".join(f"<td>{_a(c)}</td>" for c in row) + "</tr>")
    html.append("</tbody></table>")
    return "".join(html)


def visit_example_html(self, node: rnodes.example) -> None:
    r = node["record"]
    status = r["status"]
    result = result_of(self.builder.env, r)
    failing = result.get("failing_step") if STATUS[status].shows_failing_step else None
    language = tag(r.get("language"))
    lang = f' lang="{language}"'
    out = [f'<div class="rulings-example rulings-{_a(status)}" id="{_a(node["ids"][0])}"{lang} '
           f'data-example-id="{_a(r["id"])}" data-status="{_a(status)}">',
           '<div class="rulings-example-header">',
           f'<span class="rulings-badge rulings-badge-{_a(status)}">{_a(word(status, language))}</span> ',
           f'<span class="rulings-example-title">{_a(r["title"])}</span>',
           f'<a class="rulings-permalink" href="#{_a(node["ids"][0])}" title="{_a(r["id"])}">¶</a>',
           "</div>"]
    meta = []
    for url in r.get("sources", []):
        meta.append(f'<a class="rulings-source" href="{_a(url)}" rel="noopener">{_a(source_label(url))}</a>')
    if r.get("dates") or r.get("date"):
        # ISO 8601 whatever the document wrote (the written form stays in the source)
        shown = ", ".join(r.get("dates") or [r["date"]])
        meta.append(f'<time class="rulings-date" datetime="{_a((r.get("dates") or [""])[0])}">{_a(shown)}</time>')
    if meta:
        out.append('<div class="rulings-example-meta">' + " · ".join(meta) + "</div>")
    out.append('<div class="rulings-steps">')
    if r["steps"]:
        uris = _card_uris(self, r)
        for step in r["steps"]:
            out.append(_step_html(step, failing, result.get("failing_location") if failing else None, uris))
        if r.get("outline"):
            out.append('<div class="rulings-examples-table">'
                       + _table_html(r["rows"], "rulings-outline", r["header"]) + "</div>")
    else:
        # not parsed: show the text as written
        out.append(f'<pre class="rulings-raw">{_a(chr(10).join(r["body"]))}</pre>')
    out.append("</div>")
    if r.get("error"):
        # the reason in the document's language (the console keeps the English warning)
        out.append(f'<div class="rulings-error">{reason_html(r.get("reason") or r["error"])}</div>')
    # the example's own ruling failed against the engine as it is now (failed, or pending and still failing)
    if STATUS[status].current and result.get("outcome") == "failed":
        what = word("failing-step" if status == "failed" else "pending-step", language)
        out.append('<div class="rulings-failure">'
                   f'<div class="rulings-failure-step">{what}：{_a(result.get("failing_step") or "—")}</div>'
                   f'<pre class="rulings-failure-message">{_a(result.get("message") or "")}</pre></div>')
    if status == "not-run" and result.get("outcome") == "error":
        # the example itself is wrong (an impossible set-up, an unknown step): its ruling was not checked
        out.append('<div class="rulings-failure rulings-example-error">'
                   f'<div class="rulings-failure-step">{word("example-error", language)}：'
                   f'{_a(result.get("failing_step") or "—")}</div>'
                   f'<pre class="rulings-failure-message">{_a(result.get("message") or "")}</pre></div>')
    if status == "stale":
        out.append(f'<div class="rulings-note">{word("stale-note", language)}</div>')
    trace = result.get("trace") if STATUS[status].current else None
    if trace:
        out.append(f'<details class="rulings-trace"><summary>{word("trace", language)}</summary><pre>'
                   + _a("\n".join(trace)) + "</pre></details>")
    out.append("</div>")
    self.body.append("".join(out))
    raise nodes.SkipNode


def _card_uris(self, record: dict) -> dict[str, str]:
    """The card names of an example -> the address of their entry, from this page."""
    links = card_links(self.builder.env, record.get("game") or "")
    out = {}
    for name in record.get("cards", {}):
        card = links.get(name)
        if card is not None:
            uri = self.builder.get_relative_uri(self.builder.current_docname, card["docname"])
            out[name] = f"{uri}#{card['anchor']}"
    return out


def _counts_html(c: dict[str, int], language: str) -> str:
    return " ".join(f'<span class="rulings-count rulings-badge-{s}" data-status="{s}">{_a(word(s, language))}：{c[s]}</span>'
                    for s in STATUSES if c[s])


def visit_summary_html(self, node: rnodes.example_summary) -> None:
    c = node["counts"]
    attrs = " ".join(f'data-{s}="{c[s]}"' for s in STATUSES)
    total = sum(c.values())
    language = of_document(self.builder.env, self.builder.current_docname)
    self.body.append(f'<div class="rulings-summary" {attrs}><span class="rulings-summary-total">'
                     f'{_a(word("examples", language, n=total))}</span> {_counts_html(c, language)}</div>')
    raise nodes.SkipNode


def visit_dashboard_html(self, node: rnodes.dashboard) -> None:
    """Documents grouped by game; every count of examples that did not pass links to
    its section of the page of examples needing attention."""
    rows = node.get("rows", [])
    attention = node.get("attention", "")
    # the page's language (the project's); each game's rows in the game's
    here = of_document(self.builder.env, self.builder.current_docname)
    out = [f'<table class="rulings-dashboard"><thead><tr><th>{word("document", here)}</th>']
    out += [f"<th>{_a(word(s, here))}</th>" for s in STATUSES]
    out.append(f"<th>{word('total', here)}</th></tr></thead>")
    totals = {s: 0 for s in STATUSES}
    games = list(GAME_LABELS) + sorted({r["game"] for r in rows} - set(GAME_LABELS))
    for game in games:
        group = [r for r in rows if r["game"] == game]
        if not group:
            continue
        out.append(f'<tbody class="rulings-dashboard-game" data-game="{_a(game)}" lang="{of_game(game)}"><tr>'
                   f'<th colspan="{len(STATUSES) + 2}" class="rulings-game-label">'
                   f"{_a(game_name(game))}</th></tr>")
        for row in group:
            c = row["counts"]
            worst = worst_of(c)
            out.append(f'<tr class="rulings-dashboard-row" data-document="{_a(row["docname"])}" data-status="{worst}">'
                       f'<td><a href="{_a(row["uri"])}">{_a(row["title"])}</a></td>')
            out += [f'<td class="rulings-cell-{s}">{_count_link(c[s], s, attention)}</td>' for s in STATUSES]
            out.append(f"<td>{sum(c.values())}</td></tr>")
            for s in STATUSES:
                totals[s] += c[s]
        out.append("</tbody>")
    out.append(f'<tfoot><tr><th>{word("total", here)}</th>'
               + "".join(f"<th>{_count_link(totals[s], s, attention)}</th>" for s in STATUSES)
               + f"<th>{sum(totals.values())}</th></tr></tfoot></table>")
    if attention:
        out.append(f'<p class="rulings-attention-link"><a href="{_a(attention)}">{word("attention-link", here)}</a></p>')
    out.append(_coverage_html(node.get("coverage", []), here))
    self.body.append("".join(out))
    raise nodes.SkipNode


COVERAGE = (("pinned", "coverage-pinned"), ("equivalent", "coverage-equivalent"),
            ("unpinned", "coverage-unpinned"), ("survivor", "coverage-survivor"))


def _coverage_html(rows: list[dict], here: str = PROJECT) -> str:
    """Each game's rule coverage: how many cells of its rules tables are pinned by an
    example, equivalent, declared unpinned or survive every example (see coverage_page)."""
    if not rows:
        return ""
    out = [f'<table class="rulings-coverage-figures"><thead><tr><th>{word("coverage", here)}</th>']
    out += [f"<th>{_a(word(key, here))}</th>" for _, key in COVERAGE]
    out.append(f"<th>{word('total', here)}</th></tr></thead><tbody>")
    for row in rows:
        label = _a(game_name(row["game"]))
        name = f'<a href="{_a(row["uri"])}">{label}</a>' if row["uri"] else label
        f = row["figures"]
        out.append(f'<tr class="rulings-coverage-figure" data-game="{_a(row["game"])}" '
                   f'data-measured="{"yes" if f else "no"}"><td lang="{of_game(row["game"])}">{name}</td>')
        if f:
            out += [f'<td class="rulings-coverage-{s}" data-{s}="{f[s]}">{f[s]}</td>' for s, _ in COVERAGE]
            out.append(f'<td data-total="{f["total"]}">{f["total"]}</td>')
        else:
            out.append(f'<td colspan="{len(COVERAGE) + 1}" class="rulings-coverage-not-measured" '
                       f'title="{_a(row["why"])}">{word("not-measured", here)}</td>')
        out.append("</tr>")
    out.append("</tbody></table>")
    return "".join(out)


def _count_link(n: int, status: str, attention: str) -> str:
    if not n or status == "passed" or not attention:
        return str(n)
    # not-run examples are listed as broken or not run: the page's first not-run section
    return f'<a class="rulings-count-link" href="{_a(attention)}#{status}">{n}</a>'


def skip(self, node) -> None:
    raise nodes.SkipNode


def add_summary(app, doctree: nodes.document) -> None:
    """Insert the counts by status under the title of a document with examples."""
    records = app.env.rulings_examples.get(app.env.docname)
    if not records:
        return
    summary = rnodes.example_summary(counts=counts(records))
    section = next(iter(doctree.findall(nodes.section)), None)
    if section is not None and section.children and isinstance(section[0], nodes.title):
        section.insert(1, summary)
    else:
        doctree.insert(0, summary)


def refresh_examples(app, doctree: nodes.document, fromdocname: str) -> None:
    """Examples and counts as the environment has them now: the cards of other documents
    (checked after every document was read) and the results of a run since can change an
    example that was not read again.  A book (LaTeX, man) is one doctree holding every
    document: each example and each summary is its own document's, not the book's root's."""
    examples = app.env.rulings_examples
    records: dict[str, dict] = {}
    for node in doctree.findall(rnodes.example):
        docname = node["record"].get("docname", fromdocname)
        if docname not in records:
            records[docname] = {(r["id"], r["line"]): r for r in examples.get(docname, [])}
        current = records[docname].get((node["record"]["id"], node["record"]["line"]))
        if current is not None:
            node["record"] = writing_memory.whole(node["record"], current)
    for node, docname in summaries(doctree, fromdocname):
        node["counts"] = counts(examples.get(docname, []))


def summaries(node: nodes.Element, docname: str):
    """Each document summary with its document: in a book, the part of each included
    document (``start_of_file``; its children's parent is still their own doctree)."""
    if isinstance(node, addnodes.start_of_file):
        docname = node["docname"]
    for child in node.children:
        if isinstance(child, rnodes.example_summary):
            yield child, docname
        elif isinstance(child, nodes.Element):
            yield from summaries(child, docname)


def fill_dashboards(app, doctree: nodes.document, fromdocname: str) -> None:
    env = app.env
    for node in list(doctree.findall(rnodes.dashboard)):
        rows = []
        for docname in sorted(env.rulings_examples):
            records = env.rulings_examples[docname]
            if not records:
                continue
            try:
                uri = app.builder.get_relative_uri(fromdocname, docname)
            except Exception:  # builders without pages (gherkin)
                uri = docname
            title = env.titles[docname].astext() if docname in env.titles else docname
            game = next((r["game"] for r in records if r.get("game")), "") or ""
            rows.append({"docname": docname, "title": title, "uri": uri, "counts": counts(records), "game": game})
        node["rows"] = rows
        node["coverage"] = coverage_page.dashboard_rows(app, fromdocname)
        try:
            node["attention"] = app.builder.get_relative_uri(fromdocname, PAGE)
        except Exception:  # builders without pages
            node["attention"] = ""
