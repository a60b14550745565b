"""A Then only observes: the binding reports a Then that changes the game (issue 12).

Each game's world is fingerprinted before and after a Then; a Then that names a card
the example never brought in asks about it without placing it.
"""

from __future__ import annotations

import pytest

from rulings import vocabulary as vocab_mod
from rulings.runner import Runner
from rulings.vocabulary import ExpectationFailed, Phrase, ThenChangedGame

#: the engine builds games of the cards the documents define
pytestmark = pytest.mark.usefixtures("extracted")

GAMES = ("ygo", "mtg", "dm")
#: a card of each game's catalogue, and the world's way to bring it into the game
CARD = {"ygo": "黑魔术师", "mtg": "本質の散乱", "dm": "アクア・マスター"}


def _then(action) -> Phrase:
    return Phrase("then", "(a Then made for this test)", lambda world: action(world))


def _world(game):
    return vocab_mod.load(game).new_world()


@pytest.mark.parametrize("game", GAMES)
def test_a_then_that_brings_a_card_in_is_an_error_of_the_vocabulary(game):
    world = _world(game)
    card = world.definition(CARD[game])
    card_class = type(_world(game).card(CARD[game]))
    # a phrase that places a card itself, as the old 「…の適正な対象である」 did
    phrase = _then(lambda w: w.board.new_card(card, 0, w.board.zone(0, "hand"), card_class=card_class))
    with pytest.raises(ThenChangedGame, match="a Then only observes"):
        vocab_mod.run_step(phrase, world, {})


@pytest.mark.parametrize("game", GAMES)
def test_a_then_that_records_an_event_or_changes_a_value_is_an_error(game):
    world = _world(game)
    with pytest.raises(ThenChangedGame, match="event"):
        vocab_mod.run_step(_then(lambda w: w.log.record("x", "a Then acted")), world, {})
    world = _world(game)
    with pytest.raises(ThenChangedGame, match="turn|clock"):
        vocab_mod.run_step(_then(_change_the_turn), world, {})


def _acts_and_fails(world) -> None:
    world.log.record("x", "a Then acted")
    raise ExpectationFailed("what the Then states", "so", "not so")


@pytest.mark.parametrize("game", GAMES)
def test_a_then_after_a_then_is_still_checked_and_finds_the_game_the_steps_left(game, monkeypatch):
    """The runner takes one fingerprint between two Thens (the game the first left is the
    game the second finds): a second Then that changes the game is still an error; a
    step between them, a Then that failed, another world are not taken for a change."""
    phrases = {"looks": _then(lambda w: None), "acts": _then(lambda w: w.log.record("x", "a Then acted")),
               "acts and fails": _then(_acts_and_fails),
               "acts as a When": Phrase("when", "(a When made for this test)",
                                        lambda w: w.log.record("x", "a When acted"))}
    runner = Runner(vocab_mod.load(game))
    monkeypatch.setattr(runner, "match", lambda kind, text: (phrases[text], {}))
    world, other = _world(game), _world(game)
    runner.step(world, "then", "looks")
    runner.step(world, "then", "looks")
    with pytest.raises(ThenChangedGame, match="event"):
        runner.step(world, "then", "acts")
    runner.step(world, "then", "looks")
    runner.step(world, "when", "acts as a When")
    runner.step(world, "then", "looks")
    with pytest.raises(ExpectationFailed):
        runner.step(world, "then", "acts and fails")
    runner.step(world, "then", "looks")
    other.log.record("x", "another game")
    runner.step(other, "then", "looks")
    runner.step(world, "then", "looks")
    with pytest.raises(ThenChangedGame, match="event"):
        runner.step(other, "then", "acts")


def _change_the_turn(world) -> None:
    """The turn number where the game keeps it: its turn component (Duel Masters,
    Yu-Gi-Oh!), else Magic's clock."""
    if hasattr(world, "turns"):
        world.turns.number = 9
    else:
        world.clock = 9


@pytest.mark.parametrize("game", GAMES)
def test_a_then_that_turns_a_card_over_is_an_error(game):
    world = _world(game)
    vocabulary = vocab_mod.load(game)
    card = world.card(CARD[game])
    world.check_invariants()

    def flip(w):
        card.face_up = not card.face_up

    with pytest.raises(ThenChangedGame, match="changed"):
        vocab_mod.run_step(_then(flip), world, {})
    assert vocabulary.game == game


@pytest.mark.parametrize("game, text", [
    ("ygo", "自己可以特殊召唤「黑魔术师」"),
    ("ygo", "对方不能以「黑魔术师」为对象发动「月之书」"),
    ("mtg", "「本質の散乱」は「本質の散乱」の適正な対象ではない"),
])
def test_a_then_naming_a_card_not_in_the_game_does_not_bring_it_in(game, text):
    vocabulary = vocab_mod.load(game)
    world = vocabulary.new_world()
    phrase, arguments = vocabulary.match("then", text)
    try:
        vocab_mod.run_step(phrase, world, arguments)
    except ThenChangedGame:
        raise
    except AssertionError:
        pass  # what the Then states may be false here; it must not change the game
    assert list(world.board.cards()) == []
