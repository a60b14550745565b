"""The project's Python files as syntax trees, each file parsed once per test process.

Many tests read the code itself (which module imports what, who hashes, who lists
statuses, who names a game, …), each of them over every file of engine/: each parsed and
walked every file again, about a dozen passes of half a second in a session (issue 23).
They read the trees these functions keep; none of them changes a tree.
"""

from __future__ import annotations

import ast
import os
from functools import lru_cache
from pathlib import Path

import pytest

#: a test that reads the files of engine/ through these functions: under ``make test``
#: (``--dist loadgroup``) one worker runs them all, so that one process parses the code,
#: not each (a parse of engine/ is 1.1 s of CPU, its walk 0.3 s)
READS_THE_CODE = pytest.mark.xdist_group("engine-code")


def tree(path: str | os.PathLike) -> ast.Module:
    """``ast.parse`` of the file as it is now."""
    return _parsed(*_stamp(path))[0]


def nodes(path: str | os.PathLike) -> tuple[ast.AST, ...]:
    """Every node of the file's tree, in the order ``ast.walk`` gives them."""
    return _parsed(*_stamp(path))[1]


def _stamp(path: str | os.PathLike) -> tuple[str, int, int]:
    # a file written since (a test's own module) is parsed again
    st = os.stat(path)
    return os.fspath(path), st.st_mtime_ns, st.st_size


@lru_cache(maxsize=None)
def _parsed(path: str, _mtime_ns: int, _size: int) -> tuple[ast.Module, tuple[ast.AST, ...]]:
    module = ast.parse(Path(path).read_bytes(), filename=path)
    return module, tuple(ast.walk(module))
