"""Cards are data: the cards of the documents, as extracted, and how many need code."""

from __future__ import annotations

import ast
import importlib
from pathlib import Path

import pytest

from rulings import cardformat
from rulings.project import GAMES, Paths
from tests import sources

#: the engine builds games of the cards the documents define
pytestmark = pytest.mark.usefixtures("extracted")

ROOT = Path(__file__).resolve().parents[2]
#: the share of all cards of the three games that must be data only (no Python hook)
DATA_SHARE = 0.90


def records(game: str) -> list[dict]:
    return cardformat.read_records(Paths(ROOT).cards / f"{game}.json")


def test_at_least_ninety_percent_of_all_cards_are_data():
    counted = {game: records(game) for game in GAMES}
    total = sum(len(r) for r in counted.values())
    hooked = [f"{game}:{r['name']}" for game, rs in counted.items() for r in rs if cardformat.uses_code(r)]
    assert total >= 150, f"only {total} cards extracted: are the card files missing?"
    share = (total - len(hooked)) / total
    assert share >= DATA_SHARE, f"{share:.1%} of {total} cards are data only; with hooks: {', '.join(hooked)}"


def test_every_card_of_the_documents_loads():
    for game in GAMES:
        fmt = cardformat.format_of(game)
        for record in records(game):
            assert not fmt.problems(record), (record["name"], [str(p) for p in fmt.problems(record)])


def test_every_hook_says_why():
    for game in GAMES:
        for record in records(game):
            for part in (record, *record["effects"]):
                hook = part["fields"].get("hook")
                if hook is not None:
                    name, _, why = hook.strip().partition(" ")
                    assert name and why.strip(), (game, record["name"], hook)


@sources.READS_THE_CODE
def test_the_catalogues_are_hooks_only():
    """No card is defined in Python any more: a catalogue module holds hooks, nothing
    that builds a card definition."""
    for game, (_language, package) in GAMES.items():
        for module in ("catalogue.py", "hooks.py"):
            path = Path(importlib.import_module(package).__file__).with_name(module)
            calls = {node.func.id for node in sources.nodes(path)
                     if isinstance(node, ast.Call) and isinstance(node.func, ast.Name)}
            assert not calls & {"CardDef", "monster", "spell", "trap", "creature", "Face"}, (game, module, calls)


def test_formats_and_vocabularies_are_fingerprinted_alike_in_every_process():
    """Documents are read again when a fingerprint changes: one that depends on hash order
    would make every run read every card file again."""
    import subprocess
    import sys

    code = ("from rulings import cardformat, vocabulary\n"
            "from rulings.project import GAMES\n"
            "print([(cardformat.format_of(g).fingerprint(), vocabulary.load(g).fingerprint()) for g in GAMES])")
    seen = {subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=ROOT,
                           env={"PYTHONHASHSEED": seed, "PATH": "/usr/bin:/bin"}).stdout for seed in ("1", "2")}
    assert len(seen) == 1, seen
