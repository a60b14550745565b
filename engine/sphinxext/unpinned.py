"""``.. rulings:unpinned:: <cell id>``: a real rule that no example pins, said so in the prose.

.. code-block:: rst

   .. rulings:unpinned:: memory/COUNTERS/CONTROL_CHANGED

      种子资料没有提到控制权转移后指示物是否保留，也没有可以引用的官方出处。

The content explains why there is no example (the seeds are silent, no official source
can be cited).  The document shows it as a note in its own language naming the cell (its
readable name once the coverage results give one); the ``gherkin`` builder writes every
declaration to ``build/coverage/unpinned.json``, which ``rulings coverage`` reads, and the
coverage page links each unpinned cell to its declaration.  A malformed cell id, an empty
explanation or a cell declared twice is a warning at its file and line.
"""

from __future__ import annotations

import hashlib
import json
import re
from pathlib import Path

from docutils import nodes
from sphinx.util import logging
from sphinx.util.docutils import SphinxDirective

from rulings.results import write_atomic

from . import measured
from .state import document_language, project_path

logger = logging.getLogger(__name__)

#: ``<table>/<row>/<column>`` and more parts (a flag: ``flag/<card>/<effect>/<field>:<change>``);
#: the table is a code identifier, every part non-empty and without blanks at its ends
CELL = re.compile(r"^[a-z][a-z0-9_-]*(/[^/\s](?:[^/]*[^/\s])?){2,}$")
FILE = "unpinned.json"

#: how the note is headed, by the document's language
HEADINGS = {"zh-CN": "未被例子固定的规则", "ja": "例で固定されていない規則"}


class unpinned_cell(nodes.Inline, nodes.TextElement):
    """The cell's name in an unpinned note, filled when resolved (coverage.py) with its
    readable name from the coverage results, if they give one."""


def anchor(game: str, cell: str) -> str:
    return f"unpinned-{game}-{hashlib.sha1(cell.encode()).hexdigest()[:10]}"


def _warn(message: str, location, subtype: str = "unpinned") -> None:
    logger.warning(message, location=location, type="rulings", subtype=subtype)


class UnpinnedDirective(SphinxDirective):
    required_arguments = 0
    optional_arguments = 1
    final_argument_whitespace = True
    has_content = True

    def run(self) -> list[nodes.Node]:
        env, docname, line = self.env, self.env.docname, self.lineno
        cell = " ".join(self.arguments[0].split()) if self.arguments else ""
        game, language, why = document_language(self.state.document, docname, self.config)
        reason = "\n".join(self.content).strip()
        ok = True
        if not cell:
            _warn("rulings:unpinned: no cell id: write the cell after '.. rulings:unpinned::' "
                  "(<table>/<row>/<column>, e.g. memory/COUNTERS/CONTROL_CHANGED)", (docname, line))
            ok = False
        elif not CELL.match(cell):
            _warn(f"rulings:unpinned: malformed cell id {cell!r}: a cell is <table>/<row>/<column> "
                  "(e.g. memory/COUNTERS/CONTROL_CHANGED), each part non-empty", (docname, line))
            ok = False
        if not reason:
            _warn(f"rulings:unpinned: {cell or 'the cell'} has no explanation: say under the directive why no "
                  "example pins it (the seeds are silent, no official source can be cited)", (docname, line))
            ok = False
        if game is None:
            _warn(why, (docname, line), "language")
            ok = False
        ident = anchor(game or "", cell)
        note = nodes.admonition(classes=["rulings-unpinned"], ids=[ident])
        note.source, note.line = self.get_source_info()
        note += nodes.title(text=HEADINGS.get(language or "", HEADINGS["zh-CN"]))
        name = nodes.paragraph(classes=["rulings-unpinned-cell"])
        name += unpinned_cell(cell, cell, game=game or "", cell=cell, language=language or "")
        note += name
        self.state.nested_parse(self.content, self.content_offset, note)
        if ok:
            env.rulings_unpinned.setdefault(docname, []).append(
                {"game": game, "cell": cell, "doc": project_path(env, docname), "docname": docname, "line": line,
                 "reason": reason, "anchor": ident, "language": language})
        return [note]


def declarations(env) -> list[dict]:
    """Every declaration of the site, by document and line; a cell declared again
    (checked by :func:`check_duplicates`) keeps its first place only."""
    out, seen = [], set()
    for docname in sorted(env.rulings_unpinned):
        if docname not in env.found_docs:
            continue
        for record in sorted(env.rulings_unpinned[docname], key=lambda r: r["line"]):
            key = (record["game"], record["cell"])
            if key not in seen:
                seen.add(key)
                out.append(record)
    return out


def check_duplicates(app, env) -> None:
    """``env-check-consistency``: a cell is declared unpinned once per game."""
    first: dict[tuple[str, str], dict] = {}
    for docname in sorted(env.rulings_unpinned):
        for record in sorted(env.rulings_unpinned[docname], key=lambda r: r["line"]):
            key = (record["game"], record["cell"])
            earlier = first.setdefault(key, record)
            if earlier is not record:
                _warn(f"rulings:unpinned: the cell {record['cell']!r} of {record['game']} is declared twice: "
                      f"also at {earlier['doc']}:{earlier['line']}", (docname, record["line"]), "duplicate-unpinned")


def write_declarations(env, folder: Path) -> None:
    """``build/coverage/unpinned.json``, rewritten only when it changed."""
    data = [{k: r[k] for k in ("game", "cell", "doc", "line", "reason")} for r in declarations(env)]
    path = folder / FILE
    text = json.dumps(data, ensure_ascii=False, indent=1)
    if not path.exists() or path.read_text(encoding="utf-8") != text:
        path.parent.mkdir(parents=True, exist_ok=True)
        write_atomic(path, text)


def resolve(app, doctree: nodes.document, fromdocname: str) -> None:
    """``doctree-resolved``: each note names its cell as the coverage results do."""
    for node in list(doctree.findall(unpinned_cell)):
        data, _ = measured.load(app.env, node["game"]) if node["game"] else (None, None)
        name = measured.label(data, node["cell"])
        shown = nodes.inline(classes=["rulings-unpinned-name"])
        if name:
            shown += nodes.Text(name + " ")
        shown += nodes.literal(text=node["cell"])
        node.replace_self(shown)


def setup(app) -> None:
    app.add_node(unpinned_cell)
    app.add_directive_to_domain("rulings", "unpinned", UnpinnedDirective)
    app.connect("env-check-consistency", check_duplicates)
    app.connect("doctree-resolved", resolve)
