"""The theme's templates compiled once per machine, not once per build.

Every html build makes a new Jinja environment (Sphinx's ``BuiltinTemplateLoader``) that
compiles furo's templates again from their source: about 0.13 s of each small build, a
quarter of a ``rulings serve`` cycle or a ``make site`` after one edit.  Jinja keeps
compiled templates with a bytecode cache (``Environment.bytecode_cache``, its own
extension point); each entry is checked against the checksum of the template's source
when loaded, so an edited template is compiled again.  What else decides the compiled
code — Python's bytecode, Jinja's code generator and the environment Sphinx configures —
names the cache's folder, so that another version of any of them never reads an entry
it did not write.

The folder is a cache of the user's (``$XDG_CACHE_HOME``, else ``~/.cache``), shared by
every project and build, as pip's or Jinja's own default cache are; where it cannot be
made, templates are compiled as before.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

import jinja2
import sphinx
from jinja2 import FileSystemBytecodeCache

from rulings import digests


def _named(value) -> str:
    """A setting as the same text in every process (a function by its name, not its address)."""
    return f"{value.__module__}.{value.__qualname__}" if callable(value) else repr(value)


def _folder(environment) -> Path:
    """The cache's folder: a key of no named input of ``rulings.digests`` (the templates
    are checked by Jinja itself, by their source) and of what decides compiled code."""
    recipe = repr((sys.version_info[:2], sys.implementation.cache_tag, jinja2.__version__, sphinx.__version__,
                   sorted(environment.extensions), _named(environment.autoescape), environment.optimized,
                   _named(environment.finalize), environment.block_start_string, environment.block_end_string,
                   environment.variable_start_string, environment.variable_end_string,
                   environment.comment_start_string, environment.comment_end_string, environment.line_statement_prefix,
                   environment.line_comment_prefix, environment.trim_blocks, environment.lstrip_blocks,
                   environment.keep_trailing_newline, environment.newline_sequence,
                   type(environment).__module__ + "." + type(environment).__qualname__))
    home = os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache"
    return Path(home) / "rulings" / f"templates-{digests.key({}, recipe)}"


def cache_compiled(app) -> None:
    """``builder-inited``: the html builder's Jinja environment keeps what it compiles."""
    environment = getattr(getattr(app.builder, "templates", None), "environment", None)
    if environment is None or environment.bytecode_cache is not None:
        return
    try:
        folder = _folder(environment)
        folder.mkdir(parents=True, exist_ok=True)
    except (OSError, RuntimeError):  # no home (RuntimeError), a folder that cannot be made
        return
    environment.bytecode_cache = FileSystemBytecodeCache(str(folder))
