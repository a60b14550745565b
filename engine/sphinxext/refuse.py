"""Ruling documents are public text written by many hands: they may not put raw HTML
into the site nor pull other files of the machine into it.

docutils.conf beside conf.py already switches ``raw_enabled`` and
``file_insertion_enabled`` off; this module makes the extension itself refuse the same
things (so that a missing docutils.conf does not open them again) with a message that
says why, and keeps images and downloads inside the spec folder.
"""

from __future__ import annotations

from pathlib import Path

from docutils import nodes
from sphinx import addnodes
from sphinx.transforms import SphinxTransform
from sphinx.util import logging
from sphinx.util.docutils import SphinxDirective

logger = logging.getLogger(__name__)

REFUSED = {
    "raw": "raw HTML or other raw output is not allowed in ruling documents (the site is public)",
    "include": "including other files is not allowed in ruling documents",
    "literalinclude": "including other files is not allowed in ruling documents",
}


class RefusedDirective(SphinxDirective):
    """Stands in for a directive that documents may not use."""

    has_content = True
    optional_arguments = 10
    final_argument_whitespace = True
    option_spec = None  # any options: the whole directive is refused anyway

    def run(self) -> list[nodes.Node]:
        logger.error(f"'.. {self.name}::' refused: {REFUSED[self.name]}", location=(self.env.docname, self.lineno),
                     type="rulings", subtype="refused")
        return []


class _AnyOptions(dict):
    def __missing__(self, name):
        return lambda value: value


RefusedDirective.option_spec = _AnyOptions()


class KeepFilesInside(SphinxTransform):
    """Images and downloads must come from the spec folder: a path that leaves it
    (``../../etc/passwd``) would copy that file into the public site."""

    default_priority = 200

    def apply(self, **kwargs) -> None:
        srcdir = Path(self.env.srcdir).resolve()
        docname = self.env.docname
        for node in list(self.document.findall(lambda n: isinstance(n, (nodes.image, addnodes.download_reference)))):
            target = node.get("uri") if isinstance(node, nodes.image) else node.get("reftarget")
            if not target or "://" in target or target.startswith("data:"):
                continue
            _, full = self.env.relfn2path(target, docname)
            try:
                Path(full).resolve().relative_to(srcdir)
            except ValueError:
                logger.error(f"{target!r} is outside the spec folder: documents may only show files kept in spec/",
                             location=node, type="rulings", subtype="refused")
                node.replace_self(nodes.literal(text=target)
                                  if isinstance(node, addnodes.download_reference) else nodes.Text(""))


def refuse_file_access(app) -> None:
    for name in REFUSED:
        app.add_directive(name, RefusedDirective, override=True)
    app.add_transform(KeepFilesInside)
