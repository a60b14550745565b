"""Doctree nodes of the extension.  Their data are plain dicts (picklable, mergeable)."""

from docutils import nodes


class example(nodes.General, nodes.Element):
    """One example: ``node['record']`` holds its data (see directive.py)."""


class example_summary(nodes.General, nodes.Element):
    """Counts by status of the examples of one document."""


class dashboard(nodes.General, nodes.Element):
    """Placeholder filled at resolve time with one row per document."""
