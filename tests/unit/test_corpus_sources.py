"""Issue 24: the real ruling site's current documents (shared/corpus/ygo) carried over
whole — every FAQ entry (fid / cid) they cite is the ``:source:`` of at least one example
of the spec/ document that restates them.

What is not carried over yet is listed, one id a line, in tests/unit/corpus_left/<document>.txt:
the lists only shrink (an id that gains an example must leave its list), and the issue is
done when every list is empty."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from .sources import example_sources, source_text

ROOT = Path(__file__).resolve().parents[2]
LEFT = Path(__file__).parent / "corpus_left"
FAQ = re.compile(r"(?:fid|cid)=\d+")

#: corpus document -> the spec/ document that restates it
DOCUMENTS = {
    "里侧·一时除外.rst": "face-down-and-temporary-banish",
    "卡片·效果的发动.rst": "activation",
    "特殊召唤怪兽、召唤限制和苏生限制.rst": "special-summon-monsters",
    "进入连锁·不入连锁的特殊召唤.rst": "special-summons-and-the-chain",
}


def left(name: str) -> set[str]:
    path = LEFT / f"{name}.txt"
    return set(path.read_text(encoding="utf-8").split()) if path.exists() else set()


@pytest.mark.parametrize("corpus, name", DOCUMENTS.items())
def test_every_faq_entry_of_the_corpus_is_a_source_or_listed_as_left(corpus, name):
    wanted = set(FAQ.findall(source_text("corpus", "ygo", corpus)))
    assert len(wanted) > 10, f"{corpus}: the corpus lost its FAQ links?"
    document = ROOT / "spec" / "ygo" / f"{name}.rst"
    cited = set(FAQ.findall(example_sources(document.read_text(encoding="utf-8")))) if document.exists() else set()
    missing = wanted - cited - left(name)
    assert not missing, f"spec/ygo/{name}.rst: no example cites {sorted(missing)}"
    stale = left(name) & cited
    assert not stale, f"these have examples now: take them off corpus_left/{name}.txt: {sorted(stale)}"
    assert left(name) <= wanted, f"corpus_left/{name}.txt lists ids the corpus does not cite"
