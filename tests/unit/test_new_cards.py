"""A maintainer adds cards of common shapes and an example about each — a Yu-Gi-Oh!
graveyard trigger, a once-per-turn targeted destroy, "cannot be destroyed by effects",
"cannot attack the turn it is activated"; Magic creatures with 変異 and "enters the
battlefield" triggers; a Duel Masters S・トリガー creature — in reStructuredText only, in a throw-away copy of the project: each example passes, and
each one fails at its Then step when the outcome it states is flipped.

No Python is written here for any card: the cards are text, their effects are phrases of
the games' building blocks.  The flipped examples are made with the same flipping as
test_flipped_outcomes.py (是↔不是, 可以↔不能, another place …)."""

from __future__ import annotations

import functools
import re
from pathlib import Path

import pytest

from rulings import vocabulary as vocab_mod
from tests.conftest import CardFiles
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


def one_per_part(vocabulary, text: str, variants: list[tuple[str, bool]]) -> list[tuple[str, bool]]:
    """Of the flips of one Then (``flipped``), for each part of its claim (a card, a
    place, a number, 是/不是 …) the first that must fail: the others put another word in
    the same part and go through the same comparison of the same phrase (issue 23: 840
    flipped examples became ~200).  A part with no flip that must fail keeps them all."""
    if not variants:
        return []
    phrase, _ = vocabulary.raw_match("then", text)
    m = phrase.compiled.fullmatch(text)
    parts: dict[str | None, list[tuple[str, bool]]] = {}
    for variant, must_fail in variants:
        at = next((i for i, (a, b) in enumerate(zip(text, variant)) if a != b), min(len(text), len(variant)))
        part = next((name for name, _ in phrase.params if m.start(name) <= at <= m.end(name)), None)
        parts.setdefault(part, []).append((variant, must_fail))
    return [v for found in parts.values() for v in ([f for f in found if f[1]][:1] or found)]


def with_flips(game: str, doc: str) -> tuple[str, dict[str, tuple[str, str, bool]]]:
    """The document plus, for each Then of each example, copies of the example with that
    Then flipped, one for each part of its claim (``one_per_part``; id
    ``<id>--flip-<n>``); returns the flipped ids -> (step, original id, whether it must
    fail: a negation must, another claim — 战斗 for 效果 — may be true)."""
    vocabulary = vocab_mod.load(game)
    extra, flips = [], {}
    for m in _EXAMPLE.finditer(doc):
        head, ident, body = m.group(1), m.group(2), m.group(3)
        lines = body.splitlines()
        for i, line in enumerate(lines):
            keyword, _, text = line.strip().partition(" ")
            for variant, must_fail in one_per_part(vocabulary, text, flipped(vocabulary, text)):
                n = len(flips) + 1
                new_lines = lines[:i] + [f"   {keyword} {variant}"] + lines[i + 1:]
                new_id = f"{ident}--flip-{n}"
                extra.append(head.replace(f":id: {ident}", f":id: {new_id}").replace(":: ", f":: （翻转{n}）", 1)
                             + "\n".join(new_lines) + "\n")
                flips[new_id] = (f"{keyword} {variant}", ident, must_fail)
    return doc + "\n" + "\n".join(extra), flips


def project_cards() -> CardFiles:
    """The project's cards that the new cards and their examples name (「…」), as
    ``sandbox_cards`` takes them: each card file of spec/ (path under it) with the cards
    of it they name; for a name no card is defined as (an alias, or words quoted), every
    card file that has it anywhere, whole."""
    named: dict[str, set[str]] = {}
    whole: set[str] = set()
    for game, (_, cards, _, doc) in FILES.items():
        new = {n.strip() for n in re.findall(r"^\.\. card:: (.+)$", cards, re.M)}
        catalogue = {p.relative_to(ROOT / "spec").as_posix(): p.read_text(encoding="utf-8")
                     for p in sorted((ROOT / "spec" / game / "cards").glob("*.rst"))}
        for name in set(re.findall(r"「([^「」]+)」", cards + doc)) - new:
            defining = [p for p, text in catalogue.items() if re.search(rf"^\.\. card:: {re.escape(name)}\s*$", text, re.M)]
            for path in defining:
                named.setdefault(path, set()).add(name)
            if not defining:
                whole |= {p for p, text in catalogue.items() if name in text}
    return (*sorted(whole), *((path, tuple(sorted(names))) for path, names in sorted(named.items()) if path not in whole))


#: one pytest-xdist worker makes the project (a module fixture is made by each worker
#: that runs a test of the module)
pytestmark = pytest.mark.xdist_group("new-cards")


@pytest.fixture(scope="module")
def checked(sandboxes):
    # the cards the examples name, not the whole catalogue (issue 23): a card missing
    # would fail its example, and test_real_cards_new_to_the_project… reads all of spec/
    box = sandboxes("new-cards", project_cards())
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


@functools.cache
def _spec() -> tuple[str, frozenset[str]]:
    """Every document of spec/ and the names its cards are defined as, read once for the
    three games."""
    text = "\n".join(p.read_text(encoding="utf-8") for p in (ROOT / "spec").rglob("*.rst"))
    return text, frozenset(re.findall(r"^\.\. card:: (.+?)\s*$", text, re.M))


@pytest.mark.parametrize("game", list(FILES))
def test_real_cards_new_to_the_project_each_with_an_example(game):
    """At least 15 Yu-Gi-Oh!, 10 Magic and 5 Duel Masters real cards (not stand-ins named
    测试用/テスト用) that no document of spec/ defines or names, each named by an example."""
    _, cards, _, doc = FILES[game]
    names = [n.strip() for n in re.findall(r"^\.\. card:: (.+)$", cards, re.M) if not n.startswith(_STAND_INS)]
    assert len(names) >= MINIMUM_REAL_CARDS[game], f"{game}: {len(names)} real new cards: {names}"
    spec, defined = _spec()
    known = [n for n in names if f"「{n}」" in spec or n in defined]
    assert not known, f"{game}: already in spec/: {known}"
    assert not [n for n in names if f"「{n}」" not in doc], f"{game}: cards no example names"
