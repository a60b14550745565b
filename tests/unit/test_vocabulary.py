"""The vocabulary model: templates, terms, matching, hints."""

import pytest

from rulings.core import IllegalAction
from rulings.vocabulary import ExpectationFailed, Term, Vocabulary, expect

#: the engine builds games of the cards the documents define
pytestmark = pytest.mark.usefixtures("extracted")


class Counter:
    def __init__(self):
        self.n = 0
        self.checked = 0

    def trace(self):
        return [f"n={self.n}"]

    def check_invariants(self):
        self.checked += 1


def make():
    v = Vocabulary("test", "zh-CN", new_world=Counter, card_names=lambda: ["甲", "乙"])
    v.term(Term("card", r"[^「」]+", names_card=True))
    v.term(Term("n", r"\d+", int))
    v.term(Term.choice("is", {"是": True, "不是": False}))

    @v.phrase(("given", "when"), "加{n}")
    def add(world, n):
        world.n += n

    @v.then("「{card}」{same:is}甲")
    def is_first(world, card, same):
        expect("是甲", same, card == "甲")

    return v


def test_templates_become_regexes_with_converted_arguments():
    v = make()
    phrase, args = v.match("when", "加12")
    assert args == {"n": 12}
    world = Counter()
    phrase.run(world, args)
    assert world.n == 12 and world.checked == 1  # invariants after every action
    assert v.match("then", "「乙」不是甲")[1] == {"card": "乙", "same": False}
    assert v.match("then", "加12") is None


def test_choice_terms_prefer_the_longest_word():
    v = make()
    assert v.match("then", "「甲」不是甲")[1]["same"] is False


def test_then_reports_expected_and_actual():
    v = make()
    phrase, args = v.match("then", "「乙」是甲")
    with pytest.raises(ExpectationFailed, match="expected True, actual False"):
        phrase.run(Counter(), args)


def test_hints_name_the_closest_phrase_and_cards():
    v = make()
    assert v.closest("when", "加上12") == ["加{n}"]
    [unknown] = v.unknown_cards("then", "「丙」是甲")
    assert unknown.name == "丙" and "「丙」" in str(unknown)


def test_a_phrase_cannot_be_registered_twice():
    v = make()
    with pytest.raises(ValueError):
        v.given("加{n}")(lambda world, n: None)


def test_every_game_vocabulary_compiles_and_names_real_cards():
    from rulings import vocabulary

    for game in vocabulary.available_games():
        v = vocabulary.load(game)
        assert v.phrases, game
        assert all(p.kind in ("given", "when", "then") for p in v.phrases)
        assert list(v.card_names()), game


def test_ygo_rules_raise_on_illegal_actions():
    from rulings.ygo import Duel

    duel = Duel()
    gandora = duel.card("破坏龙 甘多拉")
    with pytest.raises(IllegalAction):
        duel.move_rules.turn_face_down(gandora)  # still in the hand


def test_the_most_specific_phrase_wins_and_ties_are_reported():
    v = Vocabulary("test", "zh-CN", new_world=Counter, card_names=lambda: ["甲"])
    v.term(Term("card", r"[^「」]+", names_card=True))
    v.term(Term.choice("how", {"通常": "normal", "反转": "flip"}))
    v.given("{how}召唤「{card}」")(lambda world, how, card: None)
    v.given("反转召唤「{card}」")(lambda world, card: None)
    assert v.match("given", "反转召唤「甲」")[0].template == "反转召唤「{card}」"
    assert v.match("given", "通常召唤「甲」")[0].template == "{how}召唤「{card}」"
    assert v.ambiguous("given", "反转召唤「甲」") == []
    v.given("反转召{x:card}")(lambda world, x: None)
    v.given("{y:card}召唤「甲」")(lambda world, y: None)
    assert v.ambiguous("given", "反转召唤「甲」") == []  # 反转召唤「{card}」 is still the most specific



def test_a_text_is_read_once_until_a_phrase_is_added():
    """read() keeps what matching a text decided; a phrase added afterwards is seen."""
    v = make()
    assert v.read("when", "减3") is None
    first = v.read("when", "加3")
    assert first.phrase.template == "加{n}" and v.read("when", "加3") is first

    @v.phrase(("given", "when"), "减{n}")
    def subtract(world, n):
        world.n -= n

    assert v.read("when", "减3").phrase.template == "减{n}"
