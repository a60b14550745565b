"""Ruling documents are public text written by many hands: they may not put raw HTML
into the site nor pull other files of the machine into it.

docutils.conf beside conf.py already switches ``raw_enabled`` and
``file_insertion_enabled`` off; this module makes the extension itself refuse the same
things (so that a missing docutils.conf does not open them again) with a message that
says why, and keeps images and downloads inside the spec folder.
"""

from __future__ import annotations

import os
import re
import unicodedata
from pathlib import Path

from docutils import nodes
from sphinx import addnodes
from sphinx.transforms import SphinxTransform
from sphinx.util import logging
from sphinx.util.docutils import SphinxDirective

from .nodes import each

logger = logging.getLogger(__name__)

REFUSED = {
    "raw": "raw HTML or other raw output is not allowed in ruling documents (the site is public)",
    "include": "including other files is not allowed in ruling documents",
    "literalinclude": "including other files is not allowed in ruling documents",
    "meta": "a document cannot put content into the head of its page (a meta refresh would send readers "
            "elsewhere)",
}

#: the schemes a link of a page may have; a link without one is relative (to the site)
LINK_SCHEMES = ("http", "https", "mailto")
#: what browsers drop from a URL before reading its scheme (``java\tscript:`` is javascript:)
_IGNORED_IN_SCHEME = re.compile(r"[\x00-\x20\x7f]")
_SCHEME = re.compile(r"^([A-Za-z][A-Za-z0-9+.\-]*):")


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
        for node in each(self.document, (nodes.image, addnodes.download_reference)):
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


def link_scheme(uri: str) -> str | None:
    """The scheme a browser reads in ``uri`` (lower case), None for a relative link."""
    m = _SCHEME.match(_IGNORED_IN_SCHEME.sub("", uri))
    return m.group(1).lower() if m else None


class KeepLinksSafe(SphinxTransform):
    """Every link a page shows goes to http(s), mailto or a page of the site: a
    ``javascript:`` (or ``data:``, ``vbscript:`` …) link written in a document, as an
    embedded URI, a named target or an image's ``:target:``, would run in the reader's
    browser.  Such a link is shown as its text, with an error at its line.  Runs after
    docutils has resolved the named and indirect targets (priority 640)."""

    default_priority = 700

    def apply(self, **kwargs) -> None:
        said: set[tuple[int | None, str]] = set()
        for node in each(self.document, (nodes.reference, nodes.target)):
            uri = node.get("refuri")
            if not uri:
                continue
            scheme = link_scheme(uri)
            if scheme is None or scheme in LINK_SCHEMES:
                continue
            line = _line(node)
            if (line, uri) not in said:
                # `text <uri>`_ is a reference and a target on one line: one error
                said.add((line, uri))
                logger.error(f"link to {uri!r} refused: a page links only to http(s), mailto or pages of the "
                             "site; it is shown as text", location=(self.env.docname, line),
                             type="rulings", subtype="refused")
            del node["refuri"]
            if isinstance(node, nodes.reference):
                text = node.astext() or uri
                if any(isinstance(child, nodes.image) for child in node.findall(nodes.image)):
                    node.replace_self(node.children)
                else:
                    node.replace_self(nodes.inline(text=text, classes=["rulings-refused-link"]))


def _line(node: nodes.Node) -> int | None:
    """The line of a node, or of the nearest node around or in it that has one (an
    image's ``:target:`` link has none of its own)."""
    for around in (node, *node.findall(include_self=False), *_parents(node)):
        if getattr(around, "line", None):
            return around.line
    return None


def _parents(node: nodes.Node):
    while node.parent is not None:
        node = node.parent
        yield node


def _inside(path: Path, folder: Path) -> bool:
    try:
        path.relative_to(folder)
        return True
    except ValueError:
        return False


def links_leaving(srcdir: Path) -> tuple[list[str], list[tuple[str, bool, str]]]:
    """The symbolic links under ``srcdir`` that documents must not be read through, as
    patterns relative to it (for ``exclude_patterns``), and why, as (where, whether an
    error, message; the place is ``<link>:1``, which Sphinx prints as it is, where a
    place without a line would be read as a document's name): a link (to a document or a
    folder) whose target is outside
    ``srcdir`` or nowhere (an error), and a link to a folder inside it.  Sphinx follows
    folder links: one that holds the link itself (a loop) would be read again at every
    depth, and any other holds documents read already where they really are."""
    srcdir = srcdir.resolve()
    excluded: list[str] = []
    reasons: list[tuple[str, bool, str]] = []
    for folder, dirs, files in os.walk(srcdir, followlinks=False):
        for name in sorted([*dirs, *files]):
            path = Path(folder, name)
            if not path.is_symlink():
                continue
            # as Sphinx matches its patterns (names in NFC)
            relative = unicodedata.normalize("NFC", path.relative_to(srcdir).as_posix())
            try:
                target = path.resolve(strict=True)
            except (OSError, RuntimeError) as err:  # a loop of links, or a dangling one
                excluded.extend([relative, relative + "/**"])
                reasons.append((f"{path}:1", True, f"link refused: it leads nowhere ({type(err).__name__}): not read"))
                continue
            if not _inside(target, srcdir):
                excluded.extend([relative, relative + "/**"])
                reasons.append((f"{path}:1", True,
                                f"link refused: it points to {target}, outside the folder of "
                                                   f"the documents ({srcdir}): documents are read only from inside "
                                                   "the project"))
            elif target.is_dir():
                excluded.extend([relative, relative + "/**"])
                loop = _inside(path.parent.resolve(), target)
                reasons.append((f"{path}:1", False, f"link to the folder {target} not followed: "
                                + ("it holds the link itself (a loop)" if loop else
                                   "its documents are read where they are")))
    return excluded, reasons


def keep_documents_inside(app, config) -> None:
    """``config-inited``: documents reached through a link that leaves the documents'
    folder, or that loops, are not read (each reported at the link)."""
    excluded, reasons = links_leaving(Path(app.srcdir))
    if excluded:
        config.exclude_patterns = [*config.exclude_patterns, *excluded]
    for where, error, message in reasons:
        (logger.error if error else logger.warning)(message, location=where, type="rulings", subtype="refused")


def refuse_file_access(app) -> None:
    for name in REFUSED:
        app.add_directive(name, RefusedDirective, override=True)
    app.add_transform(KeepFilesInside)
    app.add_transform(KeepLinksSafe)
    app.connect("config-inited", keep_documents_inside)
