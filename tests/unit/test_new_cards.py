"""A maintainer adds cards of common shapes and an example about each — a Yu-Gi-Oh!
graveyard trigger, a once-per-turn targeted destroy, "cannot be destroyed by effects",
"cannot attack the turn it is activated"; Magic creatures with 変異 and "enters the
battlefield" triggers; a Duel Masters S・トリガー creature — in reStructuredText only, in a throw-away copy of the project: each example passes, and
each one fails at its Then step when the outcome it states is flipped.

No Python is written here for any card: the cards are text, their effects are phrases of
the games' building blocks.  The flipped examples are made with the same flipping as
test_flipped_outcomes.py (是↔不是, 可以↔不能, another place …)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from rulings import vocabulary as vocab_mod
from tests.unit.test_flipped_outcomes import flipped

#: the new cards and their examples of each game, as a maintainer would write them
#: (tests/unit/new_cards/<game>-cards.rst and <game>-examples.rst)
ROOT = Path(__file__).resolve().parents[2]
NEW = Path(__file__).parent / "new_cards"
FILES = {game: (f"spec/{game}/cards/new.rst", (NEW / f"{game}-cards.rst").read_text(encoding="utf-8"),
                f"spec/{game}/new-cards.rst", (NEW / f"{game}-examples.rst").read_text(encoding="utf-8"))
         for game in ("ygo", "mtg", "dm")}

#: an example: its head (title and options, the id among them), its id, its body
_EXAMPLE = re.compile(r"(\.\. example:: .*\n(?:   :[\w-]+:.*\n)*?   :id: (\S+)\n(?:   :[\w-]+:.*\n)*\n)((?:(?:   .*)?\n)+)")


def with_flips(game: str, doc: str) -> tuple[str, dict[str, tuple[str, str, bool]]]:
    """The document plus, for each Then of each example, a copy of the example with that
    Then flipped (id ``<id>--flip-<n>``); returns the flipped ids -> (step, original id,
    whether it must fail: a negation must, another claim — 战斗 for 效果 — may be true)."""
    vocabulary = vocab_mod.load(game)
    extra, flips = [], {}
    for m in _EXAMPLE.finditer(doc):
        head, ident, body = m.group(1), m.group(2), m.group(3)
        lines = body.splitlines()
        for i, line in enumerate(lines):
            keyword, _, text = line.strip().partition(" ")
            for variant, must_fail in flipped(vocabulary, text):
                n = len(flips) + 1
                new_lines = lines[:i] + [f"   {keyword} {variant}"] + lines[i + 1:]
                new_id = f"{ident}--flip-{n}"
                extra.append(head.replace(f":id: {ident}", f":id: {new_id}").replace(":: ", f":: （翻转{n}）", 1)
                             + "\n".join(new_lines) + "\n")
                flips[new_id] = (f"{keyword} {variant}", ident, must_fail)
    return doc + "\n" + "\n".join(extra), flips


@pytest.fixture(scope="module")
def checked(sandboxes):
    box = sandboxes("new-cards")
    flips = {}
    for game, (card_path, cards, doc_path, doc) in FILES.items():
        box.write(card_path, cards)
        text, game_flips = with_flips(game, doc)
        box.write(doc_path, text)
        flips.update(game_flips)
    done = box.rulings("check")
    return box, done, flips


def test_no_python_was_written(checked):
    box, _done, _flips = checked
    assert not [p for p in box.root.rglob("*.py") if "tests" not in p.parts and "spec" in p.parts[-3:-1]
                and p.name != "conf.py"]


def test_the_new_cards_load_without_problems(checked):
    box, done, _flips = checked
    output = box.output(done)
    assert "problem(s) in the documents" not in output, output
    assert "Traceback" not in output, output


@pytest.mark.parametrize("game", list(FILES))
def test_each_new_example_passes(checked, game):
    box, done, flips = checked
    results = box.results()
    ids = [m.group(2) for m in _EXAMPLE.finditer(FILES[game][3])]
    assert ids
    for ident in ids:
        entry = results.get(ident)
        assert entry and entry["status"] == "passed", (ident, entry, box.output(done)[-3000:])


@pytest.mark.parametrize("game", list(FILES))
def test_each_new_example_fails_at_its_then_when_flipped(checked, game):
    box, done, flips = checked
    results = box.results()
    ids = {m.group(2) for m in _EXAMPLE.finditer(FILES[game][3])}
    mine = {k: v for k, v in flips.items() if v[1] in ids}
    failed_flips = set()
    for flip_id, (step, original, must_fail) in mine.items():
        entry = results.get(flip_id)
        assert entry and entry["status"] in ("failed", "passed"), (flip_id, step, entry)
        if must_fail or entry["status"] == "failed":
            assert entry["status"] == "failed" and entry["failing_step"] == step, (flip_id, step, entry)
            failed_flips.add(original)
    # every example states an outcome whose flip makes it fail at that step
    assert failed_flips == ids, (ids - failed_flips, mine)


#: issue 22's proof by new cards: real cards of every shape, new to the project, per game
MINIMUM_REAL_CARDS = {"ygo": 15, "mtg": 10, "dm": 5}
_STAND_INS = ("测试用", "テスト用")


@pytest.mark.parametrize("game", list(FILES))
def test_real_cards_new_to_the_project_each_with_an_example(game):
    """At least 15 Yu-Gi-Oh!, 10 Magic and 5 Duel Masters real cards (not stand-ins named
    测试用/テスト用) that no document of spec/ defines or names, each named by an example."""
    _, cards, _, doc = FILES[game]
    names = [n.strip() for n in re.findall(r"^\.\. card:: (.+)$", cards, re.M) if not n.startswith(_STAND_INS)]
    assert len(names) >= MINIMUM_REAL_CARDS[game], f"{game}: {len(names)} real new cards: {names}"
    spec = "\n".join(p.read_text(encoding="utf-8") for p in (ROOT / "spec").rglob("*.rst"))
    known = [n for n in names if f"「{n}」" in spec or re.search(rf"^\.\. card:: {re.escape(n)}\s*$", spec, re.M)]
    assert not known, f"{game}: already in spec/: {known}"
    assert not [n for n in names if f"「{n}」" not in doc], f"{game}: cards no example names"
