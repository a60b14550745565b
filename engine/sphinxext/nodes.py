"""Doctree nodes of the extension.  Their data are plain dicts and tuples (picklable,
mergeable)."""

from __future__ import annotations

from typing import NamedTuple

from docutils import nodes


class RecordedStep(NamedTuple):
    """One step of an example's record, with its document line.  A tuple, not a dict:
    the environment keeps one per step of every example (a dict of five keys was half
    of a record's memory)."""

    keyword: str
    kind: str  # given | when | then
    text: str
    line: int
    table: list[list[str]] | None


class example(nodes.General, nodes.Element):
    """One example: ``node['record']`` holds its data (see directive.py)."""


class example_summary(nodes.General, nodes.Element):
    """Counts by status of the examples of one document."""


class dashboard(nodes.General, nodes.Element):
    """Placeholder filled at resolve time with one row per document."""
