"""engine/core/game.py and choices.py: what the three games share (issue 12)."""

from __future__ import annotations

import pytest

from rulings.core import InvariantBroken
from rulings.core.choices import FIRST_FITTING, Choice
from rulings.core.identity import CardName
from rulings.dm.duel import Duel as DmDuel
from rulings.mtg.game import Game as MtgGame
from rulings.ygo.duel import Duel as YgoDuel

#: the engine builds games of the cards the documents define
pytestmark = pytest.mark.usefixtures("extracted")

GAMES = {"ygo": (YgoDuel, "黑魔术师"), "mtg": (MtgGame, "本質の散乱"), "dm": (DmDuel, "アクア・マスター")}


@pytest.mark.parametrize("game", GAMES)
def test_a_default_choice_is_shown_in_the_trace(game):
    world, name = GAMES[game][0](), GAMES[game][1]
    a, b = world.card(name), world.card(CardName(name, 2))
    assert world.by_default(0, "picks one", [a, b], FIRST_FITTING) == [a]
    assert any("by default" in line and FIRST_FITTING in line for line in world.trace())
    before = len(world.trace())
    assert world.by_default(0, "picks one", [b], FIRST_FITTING) == [b]
    assert len(world.trace()) == before  # nothing to choose between: nothing to show


@pytest.mark.parametrize("game", GAMES)
def test_numbered_copies_are_counted_in_the_order_they_came_in(game):
    world, name = GAMES[game][0](), GAMES[game][1]
    first = world.card(name)
    assert world.card(name) is first  # a plain name: the copy the game prefers
    second = world.card(CardName(name, 2))
    assert second is not first and world.copies(name) == [first, second]
    assert world.card(CardName(name, 1)) is first
    with pytest.raises(Exception, match="copy 4"):
        world.card(CardName(name, 4))


@pytest.mark.parametrize("game", GAMES)
def test_a_broken_invariant_raises_invariant_broken(game):
    world, name = GAMES[game][0](), GAMES[game][1]
    card = world.card(name)
    card.zone.cards.append(card)  # one card listed twice
    with pytest.raises(InvariantBroken):
        world.check_invariants()


def test_the_choice_protocol_is_the_core_s():
    """A Duel Masters ability waits for a stated decision through the core protocol."""
    world = DmDuel()

    def ability():
        picked = yield Choice(0, "pick a number", [1, 2])
        world.log.record("test", f"picked {picked}")

    assert world.drive(ability()) is False and world.waiting is not None
    world.decide(0, [2])
    assert world.waiting is None and "[test] picked [2]" in world.trace()


def test_last_known_information_is_kept_by_object_in_the_core():
    """A monster that leaves the field is a new object; what the duel knew of the old one
    is asked by its object id."""
    from rulings import vocabulary as vocab_mod

    for game, steps in (("ygo", ["自己在之前的回合召唤了「黑魔术师」", "「黑魔术师」被破坏"]),
                        ("mtg", ["あなたは「枝折りロリアン」をコントロールしている", "「枝折りロリアン」が破壊される"])):
        vocabulary = vocab_mod.load(game)
        world = vocabulary.new_world()
        phrase, arguments = vocabulary.match("given", steps[0])
        vocab_mod.run_step(phrase, world, arguments)
        card = next(iter(world.board.cards()))
        before = card.object_id
        assert world.last_known(before) is None
        found = vocabulary.match("when", steps[1]) or vocabulary.match("given", steps[1])
        assert found is not None, steps[1]
        vocab_mod.run_step(found[0], world, found[1])
        assert card.object_id != before and world.last_known(before) is not None, game


@pytest.mark.parametrize("game", GAMES)
def test_a_card_reprs_short(game):
    """An error message names a card, not its whole zone (the game card classes keep
    Card.__repr__ instead of a dataclass repr of every field)."""
    world, name = GAMES[game][0](), GAMES[game][1]
    card = world.card(name)
    for _ in range(20):
        world.card(CardName(name, len(world.copies(name)) + 1))
    text = repr(card)
    assert text.startswith(f"<「{name}」#") and len(text) < 120, text
