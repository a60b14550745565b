"""``.. rulings-vocabulary:: <game>`` — the game's step phrases as a table in the site,
read from the same registry that pytest-bdd and the checks use."""

from __future__ import annotations

import sys
from pathlib import Path

from docutils import nodes
from sphinx.util.docutils import SphinxDirective

from rulings import cardformat
from rulings import vocabulary as vocab_mod
from rulings.project import GAMES

from .card_registry import cards_by_game
from .cards import _card_ref
from .gherkin import dialect
from .language import game_name, localize, tag
from .nodes import block_index

#: the vocabulary table's words, in the language of the game's documents
VOCABULARY_WORDS = {
    "zh-CN": {"header": ("关键字", "短语", "含义"), "terms": ("占位", "代表什么"), "table": " + 表格",
              "intro": "{game}：{phrases} 个步骤短语（可用于几个关键字的同一句子合为一行，共 {rows} 行），{terms} 种占位。"},
    "ja": {"header": ("キーワード", "フレーズ", "意味"), "terms": ("プレースホルダー", "表すもの"), "table": " ＋ 表",
           "intro": "{game}：ステップのフレーズ {phrases} 個（複数のキーワードで使える同じ文は1行にまとめて {rows} 行）、"
                    "プレースホルダー {terms} 種。"},
}


class VocabularyDirective(SphinxDirective):
    required_arguments = 1
    has_content = False

    def run(self) -> list[nodes.Node]:
        game = self.arguments[0].strip()
        try:
            v = vocab_mod.load(game)
        except (KeyError, ImportError) as err:
            return [self.state.document.reporter.error(f"rulings-vocabulary: {err}", line=self.lineno)]
        # a new phrase or card must re-render this page
        package = Path(sys.modules[vocab_mod.GAMES[game]].__file__).parent
        for source in sorted(package.glob("*.py")):
            self.env.note_dependency(str(source))
        d = dialect(v.language)
        keyword = {"given": d.given_keywords[1].strip(), "when": d.when_keywords[1].strip(),
                   "then": d.then_keywords[1].strip()}
        language = tag(v.language)
        words = VOCABULARY_WORDS[language]
        rows = []
        explained = vocab_mod.explanations(game)
        seen: dict[str, list[str]] = {}
        for p in v.phrases:
            seen.setdefault(p.template, []).append(keyword[p.kind])
        for p in v.phrases:
            if p.template not in seen:
                continue
            kinds = " / ".join(seen.pop(p.template))
            # the engine's explanations are English where its authors wrote them so (the
            # console shows them: `rulings steps`); the page shows what reads in its language
            rows.append((kinds, p.template + (words["table"] if p.takes_table else ""),
                         localize(p.description, language) or explained.get(p.template) or "—"))
        table = self._table(words["header"], rows)
        terms = self._table(words["terms"],
                            [("{" + t.name + "}", localize(t.description, language, name=t.name, pattern=t.pattern) or "—")
                             for t in v.terms.values()])
        # the same count as `rulings steps`: every phrase, each kind once
        intro = nodes.paragraph(text=words["intro"].format(game=game_name(game), phrases=len(v.phrases), rows=len(rows),
                                                           terms=len(v.terms)))
        part = nodes.container(classes=["rulings-vocabulary-part"])
        part["game"] = game
        part += [intro, table, terms]
        return [part]

    @staticmethod
    def _table(header: tuple[str, ...], rows: list[tuple[str, ...]]) -> nodes.table:
        table = nodes.table(classes=["rulings-vocabulary"])
        group = nodes.tgroup(cols=len(header))
        table += group
        for _ in header:
            group += nodes.colspec(colwidth=1)
        head = nodes.thead()
        group += head
        row = nodes.row()
        for cell in header:
            row += nodes.entry("", nodes.paragraph(text=cell))
        head += row
        body = nodes.tbody()
        group += body
        for values in rows:
            row = nodes.row()
            for cell in values:
                # placeholders and field names are code
                code = cell.startswith("{") or (cell.startswith(":") and cell.endswith(":"))
                row += nodes.entry("", nodes.literal(text=cell) if code else nodes.paragraph(text=cell))
            body += row
        return table




#: the block table's words, in the language of the game's documents
BLOCK_WORDS = {
    "zh-CN": {"header": ("部分", "积木块（同一个积木块的各种写法）", "用到它的卡", "例：一张卡的写法"),
              "fields": ("字段", "属于", "含义"), "card": "卡片", "effect": "效果",
              "terms": ("占位", "代表什么"),
              "intro": "{game}：{fields} 个字段，{blocks} 个积木块（{templates} 种写法），{hooks} 个代码钩子。",
              "cards": "{n} 张", "none": "还没有卡用到",
              "field-hook": "这部分需要的 Python 函数，以及为什么数据写不出它（一行）"},
    "ja": {"header": ("部分", "ブロック（同じブロックの書き方）", "使うカード", "例：カードでの書き方"),
           "fields": ("フィールド", "対象", "意味"), "card": "カード", "effect": "効果",
           "terms": ("プレースホルダー", "表すもの"),
           "intro": "{game}：フィールド {fields} 個、ブロック {blocks} 個（書き方 {templates} 通り）、コードのフック {hooks} 個。",
           "cards": "{n} 枚", "none": "使うカードはまだない",
           "field-hook": "この部分に必要な Python の関数と、データで書けない理由（1行）"},
}


class BlocksDirective(SphinxDirective):
    """``.. rulings-blocks:: <game>`` — the building blocks cards of a game are written
    with, by the part of an effect they go in, read from the same registry the cards load
    with; each block with the cards of the site that use it and one of them as written
    (filled in once every document is read: :func:`resolve_blocks`)."""

    required_arguments = 1
    has_content = False

    def run(self) -> list[nodes.Node]:
        game = self.arguments[0].strip()
        try:
            fmt = cardformat.format_of(game)
        except (KeyError, ImportError, AttributeError) as err:
            return [self.state.document.reporter.error(f"rulings-blocks: {err}", line=self.lineno)]
        package = Path(sys.modules[GAMES[game][1]].__file__).parent
        for source in sorted(package.glob("*.py")):
            self.env.note_dependency(str(source))
        # the cards using each block are the whole site's: written again whenever it changes
        self.env.rulings_dashboards.add(self.env.docname)
        words = BLOCK_WORDS["ja" if GAMES[game][0] == "ja" else "zh-CN"]
        language = "ja" if GAMES[game][0] == "ja" else "zh-CN"
        fields = VocabularyDirective._table(
            words["fields"],
            [(":" + f.name + ":", words["card"] if f in fmt.card_fields else words["effect"],
              f.label or words.get("field-" + f.name) or localize(f.description, language, name=f.name) or "—")
             for f in (*fmt.card_fields, *fmt.effect_fields)])
        terms = VocabularyDirective._table(words["terms"],
                                           [("{" + t.name + "}",
                                             localize(t.description, language, name=t.name, pattern=t.pattern) or "—")
                                            for t in fmt.blocks.terms.values()])
        part = nodes.container(classes=["rulings-blocks-part"])
        part["game"] = game
        part += [block_index(game=game), fields, terms]
        return [part]


def resolve_blocks(app, doctree: nodes.document, fromdocname: str) -> None:
    """``doctree-resolved``: each game's blocks with the site's cards that use them."""
    for node in list(doctree.findall(block_index)):
        game = node["game"]
        fmt = cardformat.format_of(game)
        cards = cards_by_game(app.env).get(game, {})
        families = cardformat.block_families(fmt, list(cards.values()))
        words = BLOCK_WORDS["ja" if GAMES[game][0] == "ja" else "zh-CN"]
        part = {f.blocks: f.label or f.name for f in fmt.effect_fields if f.blocks}
        table = VocabularyDirective._table(words["header"], [])
        body = next(table.findall(nodes.tbody))
        for kind in fmt.blocks.kinds:
            for family in (f for f in families if f.part == kind):
                row = nodes.row(classes=["rulings-block"])
                row += nodes.entry("", nodes.paragraph(text=part.get(kind, kind)))
                templates = nodes.paragraph()
                for i, template in enumerate(family.templates):
                    if i:
                        templates += nodes.Text(" / ")
                    templates += nodes.literal(text=template)
                row += nodes.entry("", templates)
                row += nodes.entry("", nodes.paragraph(
                    text=words["cards"].format(n=len(family.cards)) if family.cards else words["none"]))
                example = nodes.paragraph()
                if family.example:
                    name, written = family.example
                    example += _card_ref(app, fromdocname, cards[name])
                    example += nodes.Text("：")
                    example += nodes.literal(text=written)
                row += nodes.entry("", example)
                body += row
        intro = nodes.paragraph(text=words["intro"].format(
            game=game_name(game), fields=len(fmt.card_fields) + len(fmt.effect_fields), blocks=len(families),
            templates=len(fmt.blocks.phrases), hooks=len(fmt.hooks)))
        node.replace_self([intro, table])
