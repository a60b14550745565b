"""``.. rulings-vocabulary:: <game>`` — the game's step phrases as a table in the site,
read from the same registry that pytest-bdd and the checks use."""

from __future__ import annotations

import sys
from pathlib import Path

from docutils import nodes
from sphinx.util.docutils import SphinxDirective

from engine import vocabulary as vocab_mod

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
        intro = nodes.paragraph(text=f"{game} · Gherkin language {v.language} · {len(rows)} phrases, "
                                     f"{len(list(v.card_names()))} cards in the catalogue.")
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
