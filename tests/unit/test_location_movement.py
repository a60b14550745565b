"""spec/ygo/location-movement.rst cites every rule of its source (rulebook 4.3.3.4).

Every rule number 4.3.3.4.x(.y) that the seed document states must be the rule number
of at least one example: written in the example's id (``ygo-loc-<number>-…``) and in its
title or in the prose right above it.  The document has at least 35 examples.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from .sources import source_text

ROOT = Path(__file__).resolve().parents[2]
DOCUMENT = ROOT / "spec" / "ygo" / "location-movement.rst"

RULE = re.compile(r"4\.3\.3\.4(?:\.\d+)+")
ID_RULE = re.compile(r"^ygo-loc-(4\.3\.3\.4(?:\.\d+)*)-")


def _examples(text: str) -> list[dict]:
    """Each example of the document: its title, its id and the paragraph above it."""
    lines = text.splitlines()
    found = []
    for i, line in enumerate(lines):
        m = re.match(r"\.\. example::\s*(.*)$", line)
        if not m:
            continue
        example_id = ""
        for option in lines[i + 1:i + 8]:
            o = re.match(r"\s+:id:\s*(\S+)", option)
            if o:
                example_id = o.group(1)
                break
        j = i - 1
        while j >= 0 and not lines[j].strip():
            j -= 1
        above = []
        while j >= 0 and lines[j].strip() and not lines[j].startswith(" "):
            above.append(lines[j])
            j -= 1
        found.append({"title": m.group(1), "id": example_id, "above": "\n".join(reversed(above))})
    return found


@pytest.fixture(scope="module")
def seed_rules() -> set[str]:
    return set(RULE.findall(source_text("seeds", "002_12655b56bd41da4d.txt")))


@pytest.fixture(scope="module")
def examples() -> list[dict]:
    return _examples(DOCUMENT.read_text(encoding="utf-8"))


def test_the_document_has_at_least_35_examples(examples):
    assert len(examples) >= 35, f"{DOCUMENT.name} has {len(examples)} examples"
    assert all(e["id"] for e in examples), "every example has an :id:"


def test_the_seed_states_the_rules_we_expect(seed_rules):
    # a guard against a regex that finds nothing: the seed has seven sections and 4.3.3.4.4.1
    assert {f"4.3.3.4.{n}" for n in range(1, 8)} | {"4.3.3.4.4.1"} <= seed_rules


def test_every_rule_number_of_the_seed_is_cited_by_an_example(seed_rules, examples):
    cited: dict[str, list[str]] = {}
    for e in examples:
        m = ID_RULE.match(e["id"])
        if not m:
            continue
        number = m.group(1)
        # the same number, written as a number (4.3.3.4.1 is not 4.3.3.4.1x), in the title
        # or in the prose right above the example
        written = re.compile(re.escape(number) + r"(?![\d.]*\d)")
        if written.search(e["title"]) or written.search(e["above"]):
            cited.setdefault(number, []).append(e["id"])
    missing = sorted(seed_rules - set(cited))
    assert not missing, f"rule numbers of the seed no example cites: {missing}"
