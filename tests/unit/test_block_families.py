"""Issue 22: building blocks counted as families, with the cards that use them; the hint
for a block no template matches is the template that almost fits, slots filled."""

from __future__ import annotations

from pathlib import Path

import pytest

from rulings import cardformat
from rulings.cardformat import BlockFamily, CardFormat, block_families, count_cards
from rulings.project import GAMES, Paths
from rulings.vocabulary import PhraseBook, Term

#: the engine builds games of the cards the documents define
pytestmark = pytest.mark.usefixtures("extracted")

ROOT = Path(__file__).resolve().parents[2]


def tiny_format() -> CardFormat:
    """A game of three blocks: one action written two ways, one used by no card."""
    book = PhraseBook("toy", "zh-CN", kinds=("event", "action"))
    book.term(Term("n", r"\d+", int))
    book.term(Term.choice("how", {"召唤": "normal", "特殊召唤": "special", "同调召唤": "synchro"}))

    @book.phrase("action", "那张卡破坏")
    @book.phrase("action", "那只怪兽破坏")
    def destroy():
        return "destroy"

    @book.phrase("action", "自己抽{n}张")
    def draw(n):
        return ("draw", n)

    @book.phrase("event", "这张卡{how}成功的场合")
    @book.phrase("event", "这张卡从场上送去墓地的场合")
    def summoned(how="left"):
        return how

    fields = (cardformat.Field("kind", "kind"), cardformat.Field("action", "actions", blocks="action"),
              cardformat.Field("event", "event", blocks="event"))
    return CardFormat("toy", book, (cardformat.Field("kind", "kind"), cardformat.HOOK), fields,
                      make=lambda parsed, fmt: parsed, hooks={"x": lambda: None})


def record(name: str, *actions: str) -> dict:
    return {"name": name, "source": "t.rst", "line": 1, "fields": {}, "lines": {},
            "effects": [{"label": "①", "line": 2, "fields": {"action": "；".join(actions)}, "lines": {}}]}


def test_wordings_of_one_function_are_one_family_with_the_cards_that_use_any():
    families = {t: f for f in block_families(tiny_format(), [
        record("甲", "那张卡破坏"), record("乙", "那只怪兽破坏；自己抽1张"), record("坏", "那张卡粉碎")]) for t in f.templates}
    assert set(families["那张卡破坏"].templates) == {"那张卡破坏", "那只怪兽破坏"}
    assert families["那张卡破坏"].cards == ("乙", "甲")
    assert families["自己抽{n}张"].cards == ("乙",)
    # a card that does not load uses nothing
    assert not any("坏" in f.cards for f in families.values())
    assert families["这张卡{how}成功的场合"].part == "event"
    as_json = families["这张卡{how}成功的场合"].as_json()
    assert as_json == {"game": "toy", "part": "event", "template": as_json["templates"][0], "cards": [],
                       "templates": ["这张卡从场上送去墓地的场合", "这张卡{how}成功的场合"]}


def test_a_template_naming_a_card_is_found():
    family = BlockFamily("toy", "action", ("「{name}」破坏", "「青眼白龙」破坏"), "", ())
    assert family.names_a_card({"青眼白龙", "黑魔术师"}) == ["青眼白龙"]
    assert BlockFamily("toy", "action", ("「{name}」破坏",), "", ()).names_a_card({"青眼白龙"}) == []


def test_the_hint_fills_the_slots_of_the_template_that_almost_fits():
    book = tiny_format().blocks
    # 上级召唤 is no word of {how}, but with its slot filled the summon template is nearest
    assert book.closest("event", "这张卡上级召唤成功的场合") == ["这张卡{how}成功的场合"]
    assert book.closest("action", "自己抽20张卡") == ["自己抽{n}张"]


def test_slots_side_by_side_share_the_text_they_stand_for():
    """『{who}{what}的场合』: the first slot takes the beginning it can say, the next the rest."""
    book = PhraseBook("toy", "zh-CN", kinds=("event",))
    book.term(Term.choice("who", {"这张卡": "self", "对方的怪兽": "theirs"}))
    book.term(Term.choice("what", {"召唤成功": "summoned", "被战斗破坏": "destroyed"}))
    book.term(Term.choice("turn", {"自己回合": "own"}))

    @book.phrase("event", "{turn}{who}{what}的场合")
    @book.phrase("event", "{who}{what}的场合")
    @book.phrase("event", "这张卡从场上送去墓地的场合")
    def event(who="self", what="left", turn=None):
        return who, what

    # 超召唤成功 is no word of {what}; filled, 这张卡 + 召唤成功 is nearest, and of the two
    # templates that fit, the one that leaves no slot empty comes first
    assert book.closest("event", "这张卡超召唤成功的场合", 2) == ["{who}{what}的场合", "{turn}{who}{what}的场合"]


def test_a_broken_card_is_counted_broken_not_data():
    fmt = tiny_format()
    counts = count_cards(fmt, [record("甲", "那张卡破坏"), record("坏", "那张卡粉碎"),
                               {**record("钩", "那张卡破坏"), "fields": {"hook": "x why"}}])
    assert (counts.data, counts.hooked, list(counts.broken)) == (("甲",), ("钩",), ["坏"])
    assert "no action block matches '那张卡粉碎'" in str(counts.broken["坏"])


@pytest.mark.parametrize("game", list(GAMES))
def test_no_block_names_a_card_and_every_block_is_used(game):
    records = cardformat.read_records(Paths(ROOT).cards / f"{game}.json")
    names = {r["name"] for g in GAMES for r in cardformat.read_records(Paths(ROOT).cards / f"{g}.json")}
    families = block_families(cardformat.format_of(game), records)
    naming = {f.templates[0]: f.names_a_card(names) for f in families if f.names_a_card(names)}
    assert not naming, f"blocks naming a card: {naming}"
    unused = [f.templates[0] for f in families if not f.cards]
    assert not unused, f"{game}: blocks no card uses: {unused}"


#: issue 22: at least this share of each game's blocks (a family of wordings counted once)
#: is used by two or more cards of the documents
SHARED = 0.80


@pytest.mark.parametrize("game", list(GAMES))
def test_most_blocks_are_shared_by_several_cards(game):
    families = block_families(cardformat.format_of(game),
                              cardformat.read_records(Paths(ROOT).cards / f"{game}.json"))
    single = sorted(f.templates[0] for f in families if len(f.cards) < 2)
    share = 1 - len(single) / len(families)
    assert share >= SHARED, f"{game}: {share:.0%} of {len(families)} blocks are used by two or more cards; " \
                            f"by one or none: {single}"
