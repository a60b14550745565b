"""``.. rulings-vocabulary:: <game>`` — the game's step phrases as a table in the site,
read from the same registry that pytest-bdd and the checks use."""

from __future__ import annotations

import sys
from pathlib import Path

from docutils import nodes
from sphinx.util.docutils import SphinxDirective

from engine import cardformat
from engine import vocabulary as vocab_mod
from engine.project import GAMES

from .gherkin import dialect


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
        rows = []
        seen: dict[str, list[str]] = {}
        for p in v.phrases:
            seen.setdefault(p.template, []).append(keyword[p.kind])
        for p in v.phrases:
            if p.template not in seen:
                continue
            kinds = " / ".join(seen.pop(p.template))
            rows.append((kinds, p.template + ("  + 表" if p.takes_table else ""), p.description.split("\n")[0]))
        table = self._table(("keyword", "phrase", "meaning"), rows)
        terms = self._table(("placeholder", "stands for"),
                            [("{" + t.name + "}", t.description or t.pattern) for t in v.terms.values()])
        intro = nodes.paragraph(text=f"{game} · Gherkin language {v.language} · {len(rows)} phrases.")
        return [intro, table, terms]

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
                row += nodes.entry("", nodes.literal(text=cell) if cell.startswith("{") else nodes.paragraph(text=cell))
            body += row
        return table


class BlocksDirective(SphinxDirective):
    """``.. rulings-blocks:: <game>`` — the building blocks cards of a game are written
    with, by the effect field they go in, read from the same registry the cards load with."""

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
        fields = VocabularyDirective._table(
            ("field", "kind", "meaning"),
            [(":" + f.name + ":", "card" if f in fmt.card_fields else "effect", f.label or f.description)
             for f in (*fmt.card_fields, *fmt.effect_fields)])
        rows = [(p.kind, p.template, p.description.split("\n")[0]) for p in fmt.blocks.phrases]
        blocks = VocabularyDirective._table(("block kind", "block", "meaning"), rows)
        terms = VocabularyDirective._table(("placeholder", "stands for"),
                                           [("{" + t.name + "}", t.description or t.pattern)
                                            for t in fmt.blocks.terms.values()])
        intro = nodes.paragraph(text=f"{game} · {len(fmt.card_fields) + len(fmt.effect_fields)} fields · "
                                     f"{len(rows)} building blocks · {len(fmt.hooks)} hooks")
        return [intro, fields, blocks, terms]
