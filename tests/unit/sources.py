"""The documents the project started from (``shared/seeds``, ``shared/corpus``), which lie
beside the checkout on every developer's machine and in CI: a test that compares spec/
with them fails loudly when they are missing, it never skips (a skip would pass on CI
without checking anything)."""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def shared_folder() -> Path:
    """``$RULINGS_SHARED``, or the folder ``shared`` beside the checkout."""
    return Path(os.environ.get("RULINGS_SHARED") or ROOT.parent / "shared")


def source_text(*parts: str) -> str:
    path = shared_folder().joinpath(*parts)
    if not path.is_file():
        pytest.fail(f"{path}: the source documents are missing; they lie in shared/ beside the checkout "
                    f"(or set RULINGS_SHARED to the folder that holds seeds/ and corpus/)", pytrace=False)
    return path.read_text(encoding="utf-8")


def example_sources(text: str) -> str:
    """The ``:source:`` options of a document's examples, as one text (a source may go on
    over the next lines): what a test looks for FAQ ids in."""
    found: list[str] = []
    lines = text.splitlines()
    for i, line in enumerate(lines):
        if re.match(r"\s+:source:", line):
            found.append(line)
            for following in lines[i + 1:]:
                if not re.match(r"\s+https?://", following):
                    break
                found.append(following)
    return "\n".join(found)
