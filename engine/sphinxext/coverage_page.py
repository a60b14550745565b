"""``.. rulings:coverage:: <game>``: which rules the game's examples pin, drawn as readers
know the tables.

The memory table is information × what erases it: each cell shows the table's value
(erased / kept) and its status from ``build/coverage/<game>.json``.  A pinned cell links
to the examples that fail when it is changed (their sources are listed under the table),
a survivor is highlighted, an equivalent cell is greyed with its reason, an unpinned cell
links to the note that declares it (``rulings:unpinned``).  Tables without two axes
(exceptions, flags, face-down kinds) are one column.  Everything a reader sees is in the
game's language.  Without results, or with results measured against other code or
documents, the page says that coverage is not measured and shows no cell as pinned.

The page is filled when resolved, from the results and from every document's examples
and declarations, so it is written again whenever anything was read (like the dashboard)
or the results change (``measured.changed``).
"""

from __future__ import annotations

import difflib
import hashlib

from docutils import nodes
from sphinx.util import logging
from sphinx.util.docutils import SphinxDirective
from sphinx.util.nodes import make_refnode

from rulings.project import GAMES

from . import measured
from .sources import source_label
from .state import document_language
from .unpinned import declarations

logger = logging.getLogger(__name__)

#: what the page says, by the game's language
WORDS = {
    "zh-CN": {
        "legend": "已固定：链接到固定它的例子（①②…；全部例子及其出处见表下）；幸存：改变它也没有例子失败，需要补上例子；"
                  "等价：没有任何局面能看出它的改变（附理由）；未固定：规则成立但没有可引用的出处，正文中有说明。",
        "pinned": "已固定", "survivor": "幸存", "equivalent": "等价", "unpinned": "未固定",
        "erased": "消除", "kept": "保留", "yes": "是", "no": "否",
        "summary": "已固定 {pinned} · 等价 {equivalent} · 未固定 {unpinned} · 幸存 {survivor} / 共 {total} 格",
        "missing": "尚未测量：还没有覆盖率结果（{path}）。运行 rulings coverage 后再构建网站。",
        "unreadable": "尚未测量：覆盖率结果无法读取：{problem}",
        "stale": "尚未测量：现有的覆盖率结果是针对另一版本的引擎或文档测得的，已经过期。"
                 "运行 rulings coverage 后再构建网站。",
        "incomplete": "这次测量不完整：有些格子没有改变过。",
        "details": "各格详情：{title}", "change": "改变：", "reason": "理由：", "declared": "说明见",
        "no-example": "（例子 {id} 已不在文档中）", "row": "信息", "column": "变化",
        "not-declared": "（正文中没有说明）",
    },
    "ja": {
        "legend": "固定済み：固定している例へのリンク（①②…；すべての例と出典は表の下）；生存：変えても失敗する例がなく、例が必要；"
                  "等価：どの局面でも変化が観測できない（理由付き）；未固定：規則ではあるが引用できる出典がなく、本文に説明がある。",
        "pinned": "固定済み", "survivor": "生存", "equivalent": "等価", "unpinned": "未固定",
        "erased": "消える", "kept": "残る", "yes": "はい", "no": "いいえ",
        "summary": "固定済み {pinned} · 等価 {equivalent} · 未固定 {unpinned} · 生存 {survivor} / 全 {total} マス",
        "missing": "未測定：カバレッジの結果がまだありません（{path}）。rulings coverage を実行してからサイトをビルドしてください。",
        "unreadable": "未測定：カバレッジの結果を読めません：{problem}",
        "stale": "未測定：今あるカバレッジの結果は別の版のエンジンまたは文書で測定されたもので、古くなっています。"
                 "rulings coverage を実行してからサイトをビルドしてください。",
        "incomplete": "今回の測定は不完全です：変えていないマスがあります。",
        "details": "各マスの詳細：{title}", "change": "変更：", "reason": "理由：", "declared": "説明：",
        "no-example": "（例 {id} は文書にもうありません）", "row": "情報", "column": "変化",
        "not-declared": "（本文に説明がありません）",
    },
}
CIRCLED = "①②③④⑤⑥⑦⑧⑨⑩⑪⑫⑬⑭⑮⑯⑰⑱⑲⑳"
#: examples linked from a cell itself; every one is listed under the table
IN_CELL = 5


class coverage_page(nodes.General, nodes.Element):
    """Placeholder filled at resolve time with a game's coverage tables."""


def words_of(game: str) -> dict[str, str]:
    language = GAMES.get(game, ("zh-CN", ""))[0]
    return WORDS.get(language, WORDS["zh-CN"])


def cell_anchor(game: str, cell: str, part: str = "cell") -> str:
    return f"coverage-{part}-{game}-{hashlib.sha1(cell.encode()).hexdigest()[:10]}"


class CoverageDirective(SphinxDirective):
    required_arguments = 0
    optional_arguments = 1

    def run(self) -> list[nodes.Node]:
        env, docname = self.env, self.env.docname
        game = self.arguments[0].strip() if self.arguments else document_language(
            self.state.document, docname, self.config)[0]
        if game not in GAMES:
            logger.warning(f"rulings:coverage: unknown game {game!r}; known: {', '.join(GAMES)}",
                           location=(docname, self.lineno), type="rulings", subtype="coverage")
            return []
        env.rulings_coverage_pages[docname] = game
        # it shows every document's examples and declarations: written again whenever anything was read
        env.rulings_dashboards.add(docname)
        node = coverage_page(game=game)
        node.source, node.line = self.get_source_info()
        return [node]


# -- status of a game's results ----------------------------------------------------------

def state_of(env, game: str, language: str | None = None) -> tuple[dict | None, str]:
    """(the results, "" if they can be shown, else the reason in the game's language, or
    in ``language``: the dashboard's)."""
    words = WORDS.get(language, WORDS["zh-CN"]) if language else words_of(game)
    data, problem = measured.load(env, game)
    if data is None:
        path = measured.path_of(env, game)
        if not path.exists():
            return None, words["missing"].format(path=path.name)
        return None, words["unreadable"].format(problem=problem)
    if measured.unfit(env, game, data):
        return None, words["stale"]
    return data, ""


def figures(data: dict) -> dict[str, int]:
    out = {s: 0 for s in measured.STATUSES}
    for table in data["tables"]:
        for cell in table["cells"].values():
            out[cell["status"]] += 1
    out["total"] = sum(out.values())
    return out


# -- the page ------------------------------------------------------------------------------

def resolve(app, doctree: nodes.document, fromdocname: str) -> None:
    """``doctree-resolved``: each coverage placeholder becomes the game's tables."""
    for node in list(doctree.findall(coverage_page)):
        node.replace_self(_page(app, fromdocname, node["game"]))


def _page(app, fromdocname: str, game: str) -> list[nodes.Node]:
    env = app.env
    words = words_of(game)
    data, why = state_of(env, game)
    box = nodes.container(classes=["rulings-coverage", f"rulings-coverage-{'measured' if data else 'not-measured'}"])
    if data is None:
        box += nodes.paragraph(text=why, classes=["rulings-coverage-not-measured-note"])
        return [box]
    _check_declarations(env, game, data)
    box += nodes.paragraph(text=words["summary"].format(**figures(data)), classes=["rulings-coverage-summary"])
    if not data.get("complete", True):
        box += nodes.paragraph(text=words["incomplete"], classes=["rulings-coverage-incomplete"])
    box += nodes.paragraph(text=words["legend"], classes=["rulings-coverage-legend"])
    declared = {r["cell"]: r for r in declarations(env) if r["game"] == game}
    examples = {r["id"]: r for d in sorted(env.rulings_examples) for r in env.rulings_examples[d]}
    objects = env.get_domain("rulings").objects
    for table in data["tables"]:
        title = table.get("title") or table["id"]
        box += nodes.rubric(text=title, classes=["rulings-coverage-title"])
        box += _table(app, fromdocname, game, table, words, declared, objects)
        box += _details(app, fromdocname, game, table, words, declared, examples, objects)
    return [box]


def _value_word(table: dict, value, words) -> str:
    if value is None:
        return ""
    if table["id"] == "memory":
        return words["erased"] if value else words["kept"]
    if isinstance(value, bool):
        return words["yes"] if value else words["no"]
    return str(value)


def _example_ref(app, fromdocname: str, objects, example_id: str, text: str) -> nodes.Node:
    found = objects.get(("example", example_id))
    if found is None:
        return nodes.inline(text=text, classes=["rulings-coverage-missing-example"])
    docname, anchor, display, _ = found
    ref = make_refnode(app.builder, fromdocname, docname, anchor, nodes.inline(text=text), display)
    ref["classes"].append("rulings-coverage-example")
    return ref


def _declaration_ref(app, fromdocname: str, record: dict, text: str) -> nodes.Node:
    ref = make_refnode(app.builder, fromdocname, record["docname"], record["anchor"], nodes.inline(text=text),
                       f"{record['doc']}:{record['line']}")
    ref["classes"].append("rulings-coverage-declaration")
    return ref


def _table(app, fromdocname, game, table, words, declared, objects) -> nodes.Node:
    columns, rows = table["columns"], table["rows"]
    out = nodes.table(classes=["rulings-coverage-table", f"rulings-coverage-table-{table['id']}"])
    group = nodes.tgroup(cols=len(columns) + 1)
    out += group
    for width in [3] + [2] * len(columns):
        group += nodes.colspec(colwidth=width)
    head = nodes.row()
    head += nodes.entry("", nodes.paragraph(text=f"{words['row']} \\ {words['column']}" if len(columns) > 1 else ""))
    for column in columns:
        head += nodes.entry("", nodes.paragraph(text=column.get("label") or column["id"]))
    group += nodes.thead("", head)
    body = nodes.tbody()
    group += body
    for row in rows:
        line = nodes.row()
        label = nodes.entry("", nodes.paragraph(text=row.get("label") or row["id"]), classes=["rulings-coverage-row"])
        line += label
        for column in columns:
            key = f"{row['id']}/{column['id']}"
            cell = table["cells"].get(key)
            line += _cell(app, fromdocname, game, f"{table['id']}/{key}", table, cell, words, declared, objects)
        body += line
    return out


def _cell(app, fromdocname, game, cell_id, table, cell, words, declared, objects) -> nodes.Node:
    if cell is None:
        # not a cell the tool changes (outside the table)
        return nodes.entry("", nodes.paragraph(text="—"), classes=["rulings-coverage-cell", "rulings-coverage-none"])
    status = cell["status"]
    entry = nodes.entry(classes=["rulings-coverage-cell", f"rulings-coverage-{status}"],
                        ids=[cell_anchor(game, cell_id)])
    value = nodes.paragraph(classes=["rulings-coverage-value"])
    value += nodes.strong(text=_value_word(table, cell.get("value"), words))
    entry += value
    what = nodes.paragraph(classes=["rulings-coverage-status"])
    what += nodes.reference("", words[status], refid=cell_anchor(game, cell_id, "detail"),
                            classes=["rulings-coverage-status-word"])
    if status == "pinned":
        what += nodes.Text(" ")
        pinning = cell.get("examples") or []
        for i, example_id in enumerate(pinning[:IN_CELL]):
            what += _example_ref(app, fromdocname, objects, example_id, CIRCLED[i])
        if len(pinning) > IN_CELL:
            # the others are listed under the table
            what += nodes.reference("", f"+{len(pinning) - IN_CELL}", refid=cell_anchor(game, cell_id, "detail"),
                                    classes=["rulings-coverage-more"])
    elif status == "unpinned" and cell_id in declared:
        what += nodes.Text(" ")
        what += _declaration_ref(app, fromdocname, declared[cell_id], "→")
    entry += what
    if status == "equivalent" and cell.get("reason"):
        entry += nodes.paragraph(text=cell["reason"], classes=["rulings-coverage-reason"])
    return entry


def _details(app, fromdocname, game, table, words, declared, examples, objects) -> nodes.Node:
    """Every cell of the table with what pins it: the examples with their sources, the
    change no example notices, the reason of an equivalent or an unpinned cell."""
    items = nodes.bullet_list(classes=["rulings-coverage-details"])
    one_column = len(table["columns"]) == 1
    for row in table["rows"]:
        for column in table["columns"]:
            key = f"{row['id']}/{column['id']}"
            cell = table["cells"].get(key)
            if cell is None:
                continue
            cell_id = f"{table['id']}/{key}"
            status = cell["status"]
            item = nodes.list_item(ids=[cell_anchor(game, cell_id, "detail")],
                                   classes=[f"rulings-coverage-{status}"])
            head = nodes.paragraph()
            name = row.get("label") or row["id"]
            if not one_column:
                name += " × " + (column.get("label") or column["id"])
            head += nodes.reference("", name, refid=cell_anchor(game, cell_id))
            head += nodes.Text(f" — {_value_word(table, cell.get('value'), words)} — {words[status]} ")
            head += nodes.literal(text=cell_id)
            item += head
            if status == "pinned":
                listed = nodes.bullet_list()
                for i, example_id in enumerate(cell.get("examples") or []):
                    line = nodes.paragraph()
                    mark = CIRCLED[i] if i < len(CIRCLED) else f"({i + 1})"
                    record = examples.get(example_id)
                    if record is None:
                        line += nodes.Text(f"{mark} " + words["no-example"].format(id=example_id))
                    else:
                        line += nodes.Text(f"{mark} ")
                        line += _example_ref(app, fromdocname, objects, example_id, record["title"])
                        for url in record.get("sources") or []:
                            line += nodes.Text(" · ")
                            line += nodes.reference("", source_label(url), refuri=url,
                                                    classes=["rulings-source"])
                    listed += nodes.list_item("", line)
                item += listed
            if status in ("survivor", "pinned") and cell.get("change"):
                item += nodes.paragraph(text=words["change"] + cell["change"], classes=["rulings-coverage-change"])
            if status in ("equivalent", "unpinned") and cell.get("reason"):
                item += nodes.paragraph(text=words["reason"] + cell["reason"], classes=["rulings-coverage-reason"])
            if status == "unpinned":
                line = nodes.paragraph()
                if cell_id in declared:
                    record = declared[cell_id]
                    line += nodes.Text(words["declared"] + " ")
                    line += _declaration_ref(app, fromdocname, record, f"{record['doc']}:{record['line']}")
                else:
                    line += nodes.Text(cell.get("where") or words["not-declared"])
                item += line
            items += item
    return items


def _check_declarations(env, game: str, data: dict) -> None:
    """A declaration naming no cell of the measured tables is a warning at its line."""
    cells = [f"{t['id']}/{key}" for t in data["tables"] for key in t["cells"]]
    for record in declarations(env):
        if record["game"] != game or measured.find_cell(data, record["cell"]) is not None:
            continue
        near = difflib.get_close_matches(record["cell"], cells, n=1, cutoff=0.5)
        logger.warning(f"rulings:unpinned: no cell {record['cell']!r} in the coverage tables of {game}"
                       + (f"; closest: {near[0]!r}" if near else ""),
                       location=(record["docname"], record["line"]), type="rulings", subtype="unpinned")


# -- the dashboard's figure -----------------------------------------------------------------

def dashboard_rows(app, fromdocname: str) -> list[dict]:
    """One row per game: its coverage figure (or why there is none) and its page."""
    env = app.env
    pages = {game: docname for docname, game in sorted(env.rulings_coverage_pages.items())}
    out = []
    for game in GAMES:
        # the dashboard's reason in the dashboard's language (the project's)
        data, why = state_of(env, game, "zh-CN")
        uri = ""
        if game in pages:
            try:
                uri = app.builder.get_relative_uri(fromdocname, pages[game])
            except Exception:  # builders without pages
                uri = ""
        out.append({"game": game, "figures": figures(data) if data else None, "why": why, "uri": uri})
    return out


def setup(app) -> None:
    app.add_node(coverage_page)
    app.add_directive_to_domain("rulings", "coverage", CoverageDirective)
    app.connect("doctree-resolved", resolve)
