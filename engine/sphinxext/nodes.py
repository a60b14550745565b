"""Doctree nodes of the extension.  Their data are plain dicts and tuples (picklable,
mergeable)."""

from __future__ import annotations

from docutils import nodes


def each(node: nodes.Node, classes: type | tuple[type, ...]) -> list[nodes.Node]:
    """The nodes under ``node`` (itself included) that are instances of ``classes``, in
    document order: what ``list(node.findall(cls))`` gives, for a tuple of classes too
    (``findall`` with a function instead of a class takes docutils' general path, a
    generator per node and argument checks at each level), without a generator per node."""
    out: list[nodes.Node] = []
    stack = [node]
    pop, push, keep = stack.pop, stack.extend, out.append
    while stack:
        here = pop()
        if isinstance(here, classes):
            keep(here)
        children = here.children
        if children:
            push(children[::-1])
    return out


#: one step of an example's record: a plain tuple (keyword, kind, text, line, table) with
#: its document line.  Not a dict: the environment keeps one per step of every example (a
#: dict of five keys was half of a record's memory); not a NamedTuple either, which the
#: unpickler rebuilds through a Python call each (twice as slow to load the environment).
KEYWORD, KIND, TEXT, LINE, TABLE = range(5)


def recorded_step(keyword: str, kind: str, text: str, line: int, table: list[list[str]] | None) -> tuple:
    return (keyword, kind, text, line, table)


class example(nodes.General, nodes.Element):
    """One example: ``node['record']`` holds its data (see directive.py)."""


class example_summary(nodes.General, nodes.Element):
    """Counts by status of the examples of one document."""


class dashboard(nodes.General, nodes.Element):
    """Placeholder filled at resolve time with one row per document."""


class card_index(nodes.General, nodes.Element):
    """Placeholder filled at resolve time with the card index of one game."""


class block_index(nodes.General, nodes.Element):
    """Placeholder filled once every document is read: a game's building blocks, each
    with the cards that use it (``node['game']``)."""
