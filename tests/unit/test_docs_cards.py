"""The cards the manual shows are cards the format reads: every ```rst block of
docs/writing-examples.md holding a Yu-Gi-Oh! ``card`` loads without a problem."""

from __future__ import annotations

import re
from pathlib import Path

from rulings.ygo.cardformat import FORMAT

DOC = Path(__file__).resolve().parents[2] / "docs" / "writing-examples.md"


def cards_of(block: str) -> list[dict]:
    """The card records of a reStructuredText block (fields and effects, by indentation)."""
    records: list[dict] = []
    effect = None
    for line in block.splitlines():
        if m := re.match(r"\s*\.\. card:: (.+)", line):
            records.append({"name": m.group(1), "game": "ygo", "source": "docs", "line": 1, "fields": {},
                            "lines": {}, "text": "", "effects": []})
            effect = None
        elif (m := re.match(r"\s*\.\. effect:: (.+)", line)) and records:
            effect = {"label": m.group(1), "line": 1, "fields": {}, "lines": {}, "text": ""}
            records[-1]["effects"].append(effect)
        elif (m := re.match(r"\s*:([\w-]+):\s*(.*)", line)) and records:
            (effect or records[-1])["fields"][m.group(1)] = m.group(2)
    return records


def test_the_cards_of_the_manual_load():
    blocks = re.findall(r"```rst\n(.*?)```", DOC.read_text(encoding="utf-8"), re.S)
    cards = [c for b in blocks for c in cards_of(b) if c["name"].startswith("测试用")]
    assert len(cards) >= 2, "the manual shows no Yu-Gi-Oh! card"
    for card in cards:
        assert not FORMAT.problems(card), (card["name"], [str(p) for p in FORMAT.problems(card)])
    composed = next(c for c in cards if c["effects"] and "那之后" in c["effects"][0]["fields"].get("action", ""))
    parsed, _ = FORMAT.parse(composed)
    parts = {kind for kind, blocks in parsed.effects[0].blocks.items() if blocks}
    assert {"event", "cost", "target", "action", "restriction"} <= parts
