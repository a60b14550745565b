"""Duel Masters cards are data: the card format, its closed word sets and its blocks.

New cards here are written as card records — what the ``card`` directive extracts from
reStructuredText — with no Python, and played in a duel."""

from __future__ import annotations

import pytest

from rulings.cardformat import CardDataError, uses_code
from rulings.dm.blocks import BLOCKS
from rulings.dm.cardformat import FORMAT
from rulings.dm.catalogue import CATALOGUE
from rulings.dm.hooks import HOOKS
from rulings.core.choices import Choice
from rulings.dm.duel import BATTLE, DECK, GRAVEYARD, HAND, MANA, SHIELDS, Duel

#: the engine builds games of the cards the documents define
pytestmark = pytest.mark.usefixtures("extracted")

SOURCE = "spec/dm/cards/test.rst"


def card(name: str, *effects: dict, **fields: str) -> dict:
    fields = {k.replace("_", "-"): v for k, v in fields.items()}
    return {"name": name, "game": "dm", "source": SOURCE, "line": 10, "fields": fields,
            "lines": {k: 11 + i for i, k in enumerate(fields)}, "text": "", "effects": list(effects)}


def effect(label: str, **fields: str) -> dict:
    fields = {k.replace("_", "-"): v for k, v in fields.items()}
    return {"label": label, "line": 30, "fields": fields, "lines": {k: 31 + i for i, k in enumerate(fields)},
            "text": ""}


def trigger_creature(name: str, *blocks: str, event: str = "出た時") -> dict:
    """A creature with S・トリガー whose ability is the given blocks."""
    return card(name, effect(event, event=event, effect="\n".join(blocks)),
                kind="クリーチャー", civilization="光", race="イニシエート", cost="3", power="1000",
                keywords="S・トリガー")


@pytest.fixture
def with_cards():
    """Add cards to the catalogue for one test (the documents' cards stay)."""
    assert len(CATALOGUE) > 0

    def add(*records: dict) -> None:
        names = {r["name"] for r in records}
        CATALOGUE.load_records([r for n, r in CATALOGUE.records.items() if n not in names] + list(records))
        for r in records:
            assert r["name"] in CATALOGUE, CATALOGUE.broken.get(r["name"])

    yield add
    CATALOGUE.forget()


def s_trigger(d: Duel, name: str) -> None:
    shield = d.put(name, 0, SHIELDS)
    d.break_action(d.zones.shield_of(shield))
    d.use_s_trigger(0, shield)


# -- new cards, no Python ------------------------------------------------------------------

def test_an_s_trigger_creature_that_destroys_a_chosen_creature(with_cards):
    with_cards(trigger_creature("試作トリガー・ブレイカー", "相手のクリーチャーを1体選び、破壊する"))
    d = Duel()
    bolshack = d.put("ボルシャック・ドラゴン", 1, BATTLE)
    emeral = d.put("エメラル", 1, BATTLE)
    s_trigger(d, "試作トリガー・ブレイカー")
    assert d.find("試作トリガー・ブレイカー").zone.kind == BATTLE
    choice = d.waiting[1]
    assert choice.mandatory and set(map(id, choice.options)) == {id(bolshack), id(emeral)}
    d.decide(0, [bolshack])
    assert bolshack.zone.kind == GRAVEYARD and emeral.zone.kind == BATTLE


def test_an_s_trigger_creature_that_draws(with_cards):
    with_cards(trigger_creature("試作トリガー・ドロー", "カードを1枚引く"))
    d = Duel()
    top = d.put("エメラル", 0, DECK)
    s_trigger(d, "試作トリガー・ドロー")
    assert top.zone.kind == HAND and d.waiting is None


def test_an_s_trigger_creature_that_adds_a_shield(with_cards):
    with_cards(trigger_creature("試作トリガー・シールド", "自分の山札の上から1枚目をシールド化する"))
    d = Duel()
    top, second = d.put("エメラル", 0, DECK), d.put("ボルシャック・ドラゴン", 0, DECK)
    s_trigger(d, "試作トリガー・シールド")
    assert top.zone.kind == SHIELDS and not top.face_up and second.zone.kind == DECK
    assert len(d.zones.shields[0]) == 1


def test_a_pool_with_a_cost_limit_and_a_destroyed_trigger(with_cards):
    with_cards(trigger_creature("試作トリガー・コスト", "相手のコスト2以下のクリーチャーを1体選び、マナゾーンに置く"),
               trigger_creature("試作ラストワード", "カードを1枚引く", event="破壊された時"))
    d = Duel()
    bolshack = d.put("ボルシャック・ドラゴン", 1, BATTLE)
    emeral = d.put("エメラル", 1, BATTLE)
    s_trigger(d, "試作トリガー・コスト")
    # only one creature fits: nothing to decide
    assert d.waiting is None and emeral.zone.kind == "mana zone" and bolshack.zone.kind == BATTLE
    top = d.put("エメラル", 0, DECK)
    d.destroy_action(d.put("試作ラストワード", 0, BATTLE))
    assert top.zone.kind == HAND


def test_an_optional_ability_and_a_choice_of_a_player(with_cards):
    with_cards(card("試作マーメイド", effect("出た時", event="出た時", effect="カードを1枚引いてもよい"),
                    effect("TT", kind="TT", effect="プレイヤーを1人選ぶ；そのプレイヤーの山札の上から2枚を墓地に置く"),
                    kind="クリーチャー", civilization="水", race="スプラッシュ・クイーン", cost="5"))
    d = Duel()
    a, b, c = (d.put(n, 1, DECK) for n in ("エメラル", "アクア・マスター", "ボルシャック・ドラゴン"))
    mine = d.put("エメラル", 0, DECK)
    for _ in range(5):
        d.put("アクア・ハルカス", 0, MANA)
    d.summon(0, d.put("試作マーメイド", 0, HAND))
    assert d.waiting[1].options == [True] and not d.waiting[1].mandatory
    d.decide(0, [])
    assert mine.zone.kind == DECK
    d.end_turn()
    d.end_turn()  # 召喚酔い: its TT ability waits for the next turn
    d.use_tap_ability(d.find("試作マーメイド"))
    d.decide(0, [1])
    assert (a.zone.kind, b.zone.kind, c.zone.kind) == (GRAVEYARD, GRAVEYARD, DECK)


def test_a_hook_names_python_and_counts_as_code():
    calls = []

    def resolve(duel, card, data):
        calls.append(card.name)
        yield from ()

    record = card("試作フック", effect("出た時", event="出た時", hook="test_hook 処理の順序そのものが裁定"),
                  kind="クリーチャー", civilization="火")
    HOOKS["test_hook"] = resolve
    try:
        built = FORMAT.build(record)
        assert built.abilities[0].resolve is resolve and built.notes["hooks"] == ("test_hook",)
        assert uses_code(record)
    finally:
        del HOOKS["test_hook"]


# -- the documents' cards --------------------------------------------------------------------

def test_the_documents_cards_are_data_and_their_blocks_are_unambiguous():
    assert len(CATALOGUE) >= 18 and not CATALOGUE.broken
    for name, record in CATALOGUE.records.items():
        assert not uses_code(record), name
        for e in record["effects"]:
            for key, kind in (("effect", "effect"), ("condition", "condition"), ("static", "static")):
                for text in filter(None, (t.strip() for t in e["fields"].get(key, "").replace("；", "\n").split("\n"))):
                    assert BLOCKS.ambiguous(kind, text) == [], (name, text)


def test_the_catalogue_keeps_the_facts_of_the_cards():
    kiriko = CATALOGUE["エンペラー・キリコ"]
    assert kiriko.evolution and kiriko.evolves_from == ("サイバー", "オリジン")
    assert kiriko.races == ("サイバーロード", "オリジン") and kiriko.cost == 8 and kiriko.power == 13000
    assert "T・ブレイカー" in kiriko.keywords
    assert CATALOGUE["捜索甲冑ゴロンガー"].fort_e == "グレートメカオー"
    assert CATALOGUE["紫電城バルザーク"].statics[0].works_from == "fortress"
    assert CATALOGUE["進軍する巨砲 クロムウェル"].statics[0].grants == ("スピードアタッカー",)
    assert CATALOGUE["ラグーン・マーメイド"].tap_ability is not None
    assert CATALOGUE["Dの天牢 ジェイルハウスロック"].d_switch is not None
    assert CATALOGUE["時空の喧嘩屋キル"].kind == "psychic creature"
    assert CATALOGUE["神聖で新生な霊樹"].civilizations == ("光", "自然")


# -- problems, each at its line, with the nearest known word ----------------------------------

@pytest.mark.parametrize("record, line, words", [
    (card("甲", kind="クリーチャ", civilization="火"), 11, ["unknown card type 'クリーチャ'", "クリーチャー"]),
    (card("甲", kind="クリーチャー", civilization="火", race="ボルケーノ・ドラゴソ"), 13,
     ["unknown race", "ボルケーノ・ドラゴン"]),
    (card("甲", kind="クリーチャー", civilization="火", keywords="W・ブレーカー"), 13,
     ["unknown keyword", "W・ブレイカー"]),
    (card("甲", kind="クリーチャー", civilization="火炎"), 12, ["unknown civilization"]),
    (card("甲", effect("出た時", event="出たとき", effect="カードを1枚引く"), kind="クリーチャー", civilization="火"), 31,
     ["unknown event", "出た時"]),
    (card("甲", effect("出た時", event="出た時", effect="カードを1枚ひく"), kind="クリーチャー", civilization="火"), 32,
     ["no effect block matches", "カードを{n}枚{draws}"]),
    (card("甲", effect("出た時", event="出た時", effect="相手のクリーチャを1体選び、破壊する"), kind="クリーチャー",
          civilization="火"), 32, ["no effect block matches"]),
    (card("甲", kind="クリーチャー", civilization="火", evolves_from="ドラゴン"), 10, ["進化クリーチャー"]),
    (card("甲", kind="進化クリーチャー", civilization="火", evolves_from="ドラゴソ"), 13, ["no known race contains"]),
    (card("甲", effect("何か", effect="カードを1枚引く"), kind="クリーチャー", civilization="火"), 10,
     ["say what it is"]),
    (card("甲", effect("FE", event="出た時", fort_e="", effect="カードを1枚引く"), kind="クリーチャー",
          civilization="火"), 10, ["no ':fort-e:'"]),
    (card("甲", effect("TT", kind="TT", effect="カードを1枚引く"), kind="呪文", civilization="火"), 10,
     ["TT ability is for a creature"]),
    (card("甲", effect("常在", static="自分のクリーチャーすべてに「スピードアタッカ」を与える"), kind="クリーチャー",
          civilization="火"), 31, ["no static block matches"]),
    (card("甲", effect("出た時", event="出た時", hook="nohook 理由"), kind="クリーチャー", civilization="火"), 32,
     ["unknown hook 'nohook'"]),
])
def test_every_problem_is_reported_at_its_line(record, line, words):
    problems = FORMAT.problems(record)
    assert problems, record
    assert problems[0].source == SOURCE and problems[0].line == line, str(problems[0])
    for word in words:
        assert word in str(problems[0]), str(problems[0])
    with pytest.raises(CardDataError):
        FORMAT.build(record)


def test_a_choice_among_hidden_cards_follows_the_rule_of_choices():
    """The blocks only say what is chosen among what; choices.py says when it may be declined."""
    spells = Choice(0, "x", ["a"], by_hidden_characteristic=True)
    assert not spells.mandatory


def test_blocks_for_oneself_a_random_discard_and_breaking(with_cards):
    with_cards(trigger_creature("試作ハンデス", "相手の手札を1枚見ないで選び、捨てる；相手のシールドを1つ選び、ブレイクする；"
                                             "このクリーチャーを破壊する"))
    d = Duel()
    in_hand = d.put("エメラル", 1, HAND)
    shield = d.put("ボルシャック・ドラゴン", 1, SHIELDS)
    s_trigger(d, "試作ハンデス")
    assert in_hand.zone.kind == GRAVEYARD and shield.zone.kind == HAND
    assert d.find("試作ハンデス").zone.kind == GRAVEYARD


def test_a_charger_spell_goes_to_the_mana_zone_instead_of_the_graveyard(with_cards):
    """チャージャー: once the spell has resolved, it is put into its owner's mana zone
    instead of the graveyard — cast from the hand, or used as an S・トリガー; a spell
    without it goes to the graveyard."""
    with_cards(card("試作チャージャー", effect("呪文", effect="カードを1枚引く"),
                    kind="呪文", civilization="水", cost="3", keywords="S・トリガー チャージャー"))
    d = Duel()
    first, second, third, _ = (d.put(n, 0, DECK) for n in ("エメラル", "ボルシャック・ドラゴン", "アクア・マスター",
                                                             "アクア・ハルカス"))
    mana = [d.put("アクア・ハルカス", 0, MANA) for _ in range(6)]
    cast = d.put("試作チャージャー", 0, HAND)
    d.cast(0, cast)
    assert first.zone.kind == HAND and cast.zone.kind == "mana zone" and cast.zone.owner == 0
    s_trigger(d, "試作チャージャー")
    triggered = [c for c in d.zones.zone(0, "mana zone").cards if c is not cast and c not in mana]
    assert second.zone.kind == HAND and [c.name for c in triggered] == ["試作チャージャー"]
    plain = d.put("エナジー・ライト", 0, HAND)
    d.cast(0, plain)
    assert plain.zone.kind == GRAVEYARD and third.zone.kind == HAND
