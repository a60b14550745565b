"""Failure messages in the document's words: a failed Then is restated as the sentence of
the same phrase that the engine computed; the trace names players as the steps do."""

from __future__ import annotations

import html
import re

import pytest

from rulings import vocabulary as vocab_mod
from rulings import wording
from rulings.vocabulary import ExpectationFailed
from tests.conftest import FEW_CARDS
from tests.unit.test_bad_input import document, example


@pytest.mark.parametrize("game, text, expected, actual, computed", [
    ("ygo", "「番兵石人」不能改变表示形式", False, True, "「番兵石人」可以改变表示形式"),
    ("ygo", "「破坏龙 甘多拉」仍然是通常召唤的怪兽", True, False, "「破坏龙 甘多拉」不是通常召唤的怪兽"),
    ("ygo", "对方可以特殊召唤「破坏龙 甘多拉」", True, False, "对方不能特殊召唤「破坏龙 甘多拉」"),
    ("dm", "自分のシールドの数は2である", 2, 3, "自分のシールドの数は3である"),
])
def test_a_failed_then_is_restated_with_the_word_for_what_the_engine_found(game, text, expected, actual, computed):
    v = vocab_mod.load(game)
    found = v.match("then", text)
    assert found, f"{text} is not a Then phrase of {game}"
    assert wording.restate(found[0], text, expected, actual) == computed


def test_the_message_states_both_sentences_and_the_reason_in_the_language_of_the_document():
    v = vocab_mod.load("ygo")
    err = ExpectationFailed("「番兵石人」可以改变表示形式 (summoned this turn)", False, True)
    message = wording.failure_message(v, "那么 ", "「番兵石人」不能改变表示形式", err)
    assert message == ("文档写的：那么 「番兵石人」不能改变表示形式\n"
                       "引擎得出：「番兵石人」可以改变表示形式\n原因：这个回合被召唤")
    assert "expected" not in message and "actual" not in message
    ja = wording.failure_message(vocab_mod.load("dm"), "ならば", "自分のシールドの数は2である",
                                 ExpectationFailed("shields", 2, 3))
    assert ja.splitlines() == ["文書の記述：ならば 自分のシールドの数は2である", "エンジンの結果：自分のシールドの数は3である"]
    # an error that is not an observation keeps its own message
    assert wording.failure_message(v, "那么", "「番兵石人」不能改变表示形式", ValueError("x")) is None


def test_players_are_named_as_the_steps_name_them():
    line = "[activate] chain 1: player 1 activates 「月之书」 from hand[0]; <shield of 1: x>"
    assert wording.name_players(vocab_mod.load("ygo"), line) == \
        "[activate] chain 1: 对方 activates 「月之书」 from hand[自己]; <shield of 对方: x>"
    assert wording.name_players(vocab_mod.load("dm"), "player 0 draws") == "自分 draws"
    assert wording.name_players(vocab_mod.load("mtg"), "player 1 casts") == "対戦相手 casts"


FAILING = ("   假如 自己在之前的回合召唤了「破坏龙 甘多拉」\n   而且 对方在之前的回合召唤了「真龙剑皇 卓辉星·拼图」\n"
           "   那么 对方可以通常召唤「破坏龙 甘多拉」\n")


@pytest.mark.sandbox_cards(*FEW_CARDS)  # the cards FAILING names
def test_the_page_shows_the_failure_and_the_trace_in_the_document_s_words(sandbox):
    sandbox.write("spec/ygo/a.rst", document("文档一", example("wrong", FAILING)))
    done = sandbox.rulings("build")
    assert re.search(r"a\.rst:10: failed: wrong — 那么 对方可以通常召唤「破坏龙 甘多拉」: 文档写的：那么 对方可以通常召唤"
                     r"「破坏龙 甘多拉」 / 引擎得出：对方不能通常召唤「破坏龙 甘多拉」", done.stdout), sandbox.output(done)
    page = html.unescape(sandbox.html("ygo/a"))
    assert "引擎得出：对方不能通常召唤「破坏龙 甘多拉」" in page
    assert "expected" not in page and "actual" not in page
    trace = re.search(r'<details class="rulings-trace">(.*?)</details>', page, re.S).group(1)
    assert "自己" in trace and not re.search(r"player [01]|\[[01]\]", trace), trace


def test_an_example_that_cannot_run_says_why_in_its_documents_language():
    """A set-up the rules refuse, the engine's invariant broken, a step no phrase matches:
    each headed in the page's language (issue 27); English for the console alone."""
    from rulings.core.errors import InvariantBroken, SetupError
    from rulings.wording import error_message, no_phrase

    assert error_message("ja", SetupError("「森」は手札にない")) == "前提が成り立たない：「森」は手札にない"
    assert error_message("zh-CN", InvariantBroken("x")).startswith("引擎的不变式被破坏：")
    assert error_message("en", SetupError("x")) == "the set-up is impossible: x"
    assert no_phrase("ja") != no_phrase("zh-CN") != no_phrase("en")
