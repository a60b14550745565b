"""Examples, summaries and the dashboard for every builder that is not HTML (LaTeX/PDF,
text, man, Texinfo …): replaced, once resolved, by standard docutils nodes that each
writer already knows how to render — title, status word, steps, sources and date,
and why an example failed or could not run.  HTML builders (EPUB included) render the
extension's own nodes (render.py)."""

from __future__ import annotations

from docutils import nodes

from rulings.project import GAME_LABELS
from rulings.results import STATUS, STATUSES

from . import nodes as rnodes
from .language import PROJECT, game_name, of_document, reason_nodes, tag, word
from .render import COVERAGE, summaries
from .sources import source_label
from .state import result_of


def _steps_text(record: dict) -> str:
    lines = []
    for step in record.get("steps") or []:
        lines.append(f"{step[rnodes.KEYWORD]} {step[rnodes.TEXT]}")
        for row in step[rnodes.TABLE] or []:
            lines.append("    | " + " | ".join(row) + " |")
    if record.get("outline") and record.get("header"):
        lines.append("例子:")
        for row in [record["header"], *record.get("rows", [])]:
            lines.append("    | " + " | ".join(row) + " |")
    return "\n".join(lines) if lines else "\n".join(record.get("body") or [])


def example_nodes(record: dict, anchor: str, result: dict) -> nodes.Element:
    status = record["status"]
    box = nodes.container(classes=["rulings-example", f"rulings-{status}"])
    # a target, which every writer turns into an anchor (LaTeX: \label), for links to it
    box += nodes.target("", "", ids=[anchor])
    head = nodes.paragraph()
    language = tag(record.get("language"))
    head += nodes.strong(text=f"[{word(status, language)}]")
    head += nodes.Text(" ")
    head += nodes.strong(text=record["title"])
    head += nodes.Text(f"  ({record['id']})")
    box += head
    box += nodes.literal_block(text=_steps_text(record))
    meta = nodes.paragraph()
    for i, url in enumerate(record.get("sources") or []):
        if i:
            meta += nodes.Text(", ")
        meta += nodes.reference(text=source_label(url), refuri=url)
    dates = record.get("dates") or ([record["date"]] if record.get("date") else [])
    if dates:
        meta += nodes.Text((" · " if len(meta) else "") + ", ".join(dates))
    if len(meta):
        box += meta
    if record.get("error"):
        box += nodes.paragraph("", "", nodes.Text(f"{word('example-error', language)}："),
                               *reason_nodes(record.get("reason") or record["error"]))
    if STATUS[status].shows_failing_step and result.get("failing_step") and result.get("outcome") != "passed":
        box += nodes.paragraph(text=f"{word('failing-step', language)}：{result['failing_step']}")
        if result.get("message"):
            box += nodes.literal_block(text=result["message"])
    if status == "stale":
        box += nodes.paragraph(text=word("stale-note", language))
    return box


def _summary_nodes(counts: dict[str, int], language: str) -> nodes.Element:
    total = sum(counts.values())
    shown = word("list-sep", language).join(f"{word(s, language)}：{counts[s]}" for s in STATUSES if counts[s])
    return nodes.paragraph(text=f"{word('examples', language, n=total)} — {shown}", classes=["rulings-summary"])


def _coverage_nodes(rows: list[dict], here: str = PROJECT) -> list[nodes.Element]:
    out = []
    for row in rows:
        f = row["figures"]
        shown = (" · ".join(f"{word(key, here)} {f[s]}" for s, key in COVERAGE) + f" / {word('total', here)} {f['total']}"
                 if f else word("not-measured", here))
        out.append(nodes.paragraph(text=f"{word('coverage', here)} — {game_name(row['game'])}：{shown}"))
    return out


def _dashboard_nodes(rows: list[dict], coverage: list[dict], here: str = PROJECT) -> list[nodes.Element]:
    out = nodes.bullet_list(classes=["rulings-dashboard"])
    for game in list(GAME_LABELS) + sorted({r["game"] for r in rows} - set(GAME_LABELS)):
        group = [r for r in rows if r["game"] == game]
        if not group:
            continue
        item = nodes.list_item()
        item += nodes.paragraph(text=game_name(game))
        docs = nodes.bullet_list()
        for row in group:
            c = row["counts"]
            line = nodes.list_item()
            line += nodes.paragraph(text=f"{row['title']}：" + word("list-sep", here).join(
                f"{word(s, here)} {c[s]}" for s in STATUSES if c[s]))
            docs += line
        item += docs
        out += item
    return [out, *_coverage_nodes(coverage, here)]


def replace(app, doctree: nodes.document, fromdocname: str) -> None:
    """``doctree-resolved`` (after the examples are refreshed and dashboards filled)."""
    if app.builder.format in ("html", "gherkin"):
        return
    for node in list(doctree.findall(rnodes.example)):
        node.replace_self(example_nodes(node["record"], node["ids"][0], result_of(app.env, node["record"], trace=False)))
    language = of_document(app.env, fromdocname)
    if app.builder.format in ("man", "text", "texinfo"):
        # formats without links within the book: a card's or example's name is plain text
        # (the man writer would print each anchor as "<#:card-…>")
        for ref in list(doctree.findall(nodes.reference)):
            if {"rulings-card-ref", "rulings-example-ref"} & set(ref.get("classes", [])) or \
                    str(ref.get("refuri", "")).split("#", 1)[-1].startswith(("card-", "example-")):
                ref.replace_self(nodes.inline("", "", *ref.children, classes=ref.get("classes", [])))
    # a book (LaTeX, man) holds every document: each summary in its own document's language
    for node, docname in list(summaries(doctree, fromdocname)):
        node.replace_self(_summary_nodes(node["counts"], of_document(app.env, docname)))
    for node in list(doctree.findall(rnodes.dashboard)):
        node.replace_self(_dashboard_nodes(node.get("rows", []), node.get("coverage", []), language))
