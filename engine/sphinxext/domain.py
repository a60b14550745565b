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
from operator import itemgetter
from typing import Any

from docutils import nodes
from sphinx.domains import Domain, ObjType
from sphinx.roles import XRefRole
from sphinx.util import logging
from sphinx.util.nodes import make_refnode

from .state import KeptPickled

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
    # 3: by_doc holds each document's objects (pickled per document), objects is an
    # index of them rebuilt after loading
    data_version = 3

    @property
    def objects(self) -> dict[tuple[str, str], tuple[str, str, str, int]]:
        """(type, name) -> (docname, anchor, display name, priority): an index of
        :attr:`by_doc`, never pickled (rebuilt from it once per loaded environment)."""
        index = self.data.get("objects")
        if type(index) is not _Index or not index.built:
            index = self.data["objects"] = _Index()
            for placed in self.by_doc.values():
                index.update(placed)
            index.built = True
        return index

    @property
    def by_doc(self) -> dict[str, dict[tuple[str, str], tuple[str, str, str, int]]]:
        """docname -> the objects it registered (key -> place, in order): clearing a
        document does not go through the objects of every other one, and saving the
        environment pickles again only the documents whose objects changed
        (``state.KeptPickled``: 26 MB of the environment at 100 000 examples)."""
        by_doc = self.data.get("by_doc")
        if type(by_doc) is not _ByDocument:
            by_doc = self.data["by_doc"] = _ByDocument(by_doc or {})
        return by_doc

    def _add(self, key: tuple[str, str], value: tuple[str, str, str, int]) -> None:
        # the first place wins; duplicates are reported where ids and cards are checked
        objects = self.objects
        if key not in objects:
            objects[key] = value
            self.by_doc.setdefault(value[0], {})[key] = value
            self._listed = None

    def note(self, objtype: str, name: str, docname: str, anchor: str, display: str, alias: bool = False) -> None:
        self._add((objtype, name), (docname, anchor, display, _ALIAS if alias else _MAIN))

    def clear_doc(self, docname: str) -> None:
        objects = self.objects
        self._listed = None
        for key in self.by_doc.pop(docname, ()):
            if objects.get(key, (None,))[0] == docname:
                del objects[key]

    def merge_domaindata(self, docnames, otherdata: dict) -> None:
        # a process forked to read hands back its own documents' objects (by_doc)
        placed = otherdata.get("by_doc")
        values = [v for d in docnames for v in (placed.get(d) or {}).items()] if placed is not None \
            else otherdata.get("objects", {}).items()
        for key, value in values:
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

    #: the keys of the objects in the order Sphinx sorts what get_objects yields into
    #: (name, then type: a name and a type are one object); made again after any object
    #: is added or a document cleared
    _listed: list[tuple[str, str]] | None = None

    def get_objects(self):
        """Every object, in the order of the tuples: Sphinx sorts what it gets (the search
        index and the inventory each ask once per html build), and a list already in
        order is sorted in one pass.  The order is kept, not the tuples (at 100 000
        examples 200 000 objects: 19 MB more while the search index is written, the
        moment of the build's peak)."""
        if self._listed is None:
            self._listed = sorted(self.objects, key=itemgetter(1, 0))
        objects = self.objects
        for key in self._listed:
            typ, name = key
            docname, anchor, _display, prio = objects[key]
            # the search index keys objects by their display name and rebuilds a short
            # anchor from it: an example's id and its title are two names, each shown as itself
            yield name, name, typ, docname, anchor, prio


class _Index(dict):
    """The domain's objects by key, built from ``by_doc``: pickled empty and not built."""

    built = False

    def __reduce__(self):
        return (_Index, ())


def _same_size(placed) -> int | None:
    # a document's objects are only ever added to (``_add``) or dropped whole (clear_doc)
    return hash((id(placed), len(placed))) if type(placed) is dict else None


class _ByDocument(KeptPickled):
    """docname -> its objects, each document pickled on its own and its bytes kept while
    it registered nothing more (``state.KeptPickled``)."""

    mark = staticmethod(_same_size)


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
