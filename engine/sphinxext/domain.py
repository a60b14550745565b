"""The ``rulings`` domain: examples and cards as Sphinx objects.

Registered objects are what Sphinx's own machinery works with: the search index lists
them (a search for an example's title or id, or a card's name, leads to its anchor),
the roles ``:rulings:example:`id``` and ``:rulings:card:`name``` link to them from
prose, and ``objects.inv`` exports them so that other Sphinx sites link to them with
intersphinx.  An example is registered under its id and under its title (both lead to
the same anchor).
"""

from __future__ import annotations

import difflib
from typing import Any

from docutils import nodes
from sphinx.domains import Domain, ObjType
from sphinx.roles import XRefRole
from sphinx.util import logging
from sphinx.util.nodes import make_refnode

logger = logging.getLogger(__name__)

#: priorities of Domain.get_objects: 1 default, 2 unimportant (a second name of the same thing)
_MAIN, _ALIAS = 1, 2


class RulingsDomain(Domain):
    name = "rulings"
    label = "rulings"
    object_types = {
        "example": ObjType("例子", "example"),
        "card": ObjType("卡片", "card"),
    }
    # plain text, not code: the references are words of the prose
    roles = {"example": XRefRole(innernodeclass=nodes.inline), "card": XRefRole(innernodeclass=nodes.inline)}
    initial_data: dict[str, Any] = {"objects": {}, "by_doc": {}}
    data_version = 2

    @property
    def objects(self) -> dict[tuple[str, str], tuple[str, str, str, int]]:
        """(type, name) -> (docname, anchor, display name, priority)."""
        return self.data.setdefault("objects", {})

    @property
    def by_doc(self) -> dict[str, dict[tuple[str, str], None]]:
        """docname -> the keys of :attr:`objects` it registered (in order): clearing a
        document does not go through the objects of every other one."""
        return self.data.setdefault("by_doc", {})

    def _add(self, key: tuple[str, str], value: tuple[str, str, str, int]) -> None:
        # the first place wins; duplicates are reported where ids and cards are checked
        if key not in self.objects:
            self.objects[key] = value
            self.by_doc.setdefault(value[0], {})[key] = None

    def note(self, objtype: str, name: str, docname: str, anchor: str, display: str, alias: bool = False) -> None:
        self._add((objtype, name), (docname, anchor, display, _ALIAS if alias else _MAIN))

    def clear_doc(self, docname: str) -> None:
        for key in self.by_doc.pop(docname, ()):
            if self.objects.get(key, (None,))[0] == docname:
                del self.objects[key]

    def merge_domaindata(self, docnames, otherdata: dict) -> None:
        for key, value in otherdata.get("objects", {}).items():
            if value[0] in docnames:
                self._add(key, value)

    def _find(self, typ: str, target: str):
        target = " ".join(target.split())
        found = self.objects.get((typ, target))
        if found is None and typ == "card":
            found = self.objects.get((typ, target.strip("「」")))
        return found

    def resolve_xref(self, env, fromdocname, builder, typ, target, node, contnode):
        found = self._find(typ, target)
        if found is None:
            names = [name for (t, name) in self.objects if t == typ]
            near = difflib.get_close_matches(target, names, n=1, cutoff=0.4)
            what = "example id or title" if typ == "example" else "card"
            logger.warning(f"unknown {what} {target!r} in :rulings:{typ}:" + (f"; closest: {near[0]!r}" if near else ""),
                           location=node, type="rulings", subtype="reference")
            return None
        docname, anchor, display, _prio = found
        if not node.get("refexplicit"):
            contnode = nodes.inline(text=f"「{display}」" if typ == "card" else display,
                                    classes=["xref", "rulings", f"rulings-{typ}-ref"])
        return make_refnode(builder, fromdocname, docname, anchor, contnode, display)

    def resolve_any_xref(self, env, fromdocname, builder, target, node, contnode):
        out = []
        for typ in self.object_types:
            if self._find(typ, target) is not None:
                ref = self.resolve_xref(env, fromdocname, builder, typ, target, node, contnode)
                if ref is not None:
                    out.append((f"rulings:{typ}", ref))
        return out

    def get_objects(self):
        for (typ, name), (docname, anchor, _display, prio) in sorted(self.objects.items()):
            # the search index keys objects by their display name and rebuilds a short
            # anchor from it: an example's id and its title are two names, each shown as itself
            yield name, name, typ, docname, anchor, prio


def note_example(env, record: dict, anchor: str) -> None:
    domain = env.get_domain("rulings")
    domain.note("example", record["id"], record["docname"], anchor, record["title"])
    if record["title"] != record["id"]:
        domain.note("example", record["title"], record["docname"], anchor, record["title"], alias=True)


def note_card(env, record: dict) -> None:
    if record.get("name"):
        env.get_domain("rulings").note("card", record["name"], record["docname"], record["anchor"], record["name"])


def setup(app) -> None:
    app.add_domain(RulingsDomain)
