"""What a library answers for many inputs, kept between test sessions (issue 23).

A test that compares one of our functions with the library function it stands in for
(the search's splitters) computes our answers every time; the library's answers for the
same inputs only change with the library, so they are kept in
``build/test-cache/<name>-<key>.json``, the key digesting the library's own files, what
else its answer depends on (``state``) and every input.  Anything else (a new version, an
edited file of it, another input) is another key: the answers are computed again, by the
library.  Nothing of ours is kept: a change of our code is always measured against the
library's answers."""

from __future__ import annotations

import hashlib
import json
import os
from pathlib import Path
from typing import Callable, Sequence

from rulings.project import Paths
from tests.conftest import ROOT


def _key(files: Sequence[Path], state: object, inputs: Sequence[str]) -> str:
    h = hashlib.sha256()
    for path in sorted(files):
        h.update(str(path).encode("utf-8") + b"\0" + path.read_bytes() + b"\0")
    h.update(json.dumps([repr(state), list(inputs)], ensure_ascii=False).encode("utf-8"))
    return h.hexdigest()[:32]


def kept(name: str, files: Sequence[Path], inputs: Sequence[str], answer: Callable[[str], list],
         state: object = None) -> list[list]:
    """``[answer(i) for i in inputs]``, taken from the last session that asked the same
    library the same inputs (``files``: the library's files its answer comes from)."""
    folder = Paths(ROOT).build / "test-cache"
    path = folder / f"{name}-{_key(files, state, inputs)}.json"
    try:
        found = json.loads(path.read_text(encoding="utf-8"))
        if isinstance(found, list) and len(found) == len(inputs):
            return found
    except (OSError, ValueError):
        pass
    answers = [list(answer(i)) for i in inputs]
    folder.mkdir(parents=True, exist_ok=True)
    for old in folder.glob(f"{name}-*.json"):
        old.unlink(missing_ok=True)
    partial = path.with_suffix(f".{os.getpid()}.tmp")
    partial.write_text(json.dumps(answers, ensure_ascii=False), encoding="utf-8")
    partial.replace(path)
    return answers
