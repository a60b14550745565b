"""The Magic card format: closed sets checked when cards load, faces, blocks, and the
cards the documents define."""

from __future__ import annotations

import pytest

from rulings.core import IllegalAction, SetupError
from rulings.mtg import Game
from rulings.mtg.cardformat import FORMAT
from rulings.mtg.cards import CAST_FACE_DOWN, FACE_UP_COST, RESTRICTION, STATIC
from rulings.mtg.catalogue import CATALOGUE
from rulings.mtg.objects import BATTLEFIELD, GRAVEYARD, HAND, MtgCard

#: the engine builds games of the cards the documents define
pytestmark = pytest.mark.usefixtures("extracted")


def record(fields: dict, *effects: dict, name: str = "テスト用カード") -> dict:
    return {"name": name, "game": "mtg", "source": "t.rst", "line": 1, "fields": fields, "lines": {}, "text": "",
            "effects": [{"label": e.pop("label", str(i)), "line": 10 + i, "fields": e, "lines": {}, "text": ""}
                        for i, e in enumerate(effects)]}


def problems(rec: dict) -> list[str]:
    return [p.message for p in FORMAT.problems(rec)]


ETB = {"kind": "誘発型", "event": "このクリーチャーが戦場に出たとき"}


@pytest.mark.parametrize("rec, expected", [
    (record({"type": "クリーチャ — エレメンタル"}), "unknown card type 'クリーチャ'; closest: クリーチャー"),
    (record({"type": "クリーチャー — エレメンタリ"}), "closest: エレメンタル"),
    (record({"type": "土地 — エレメンタル"}), "is a subtype of クリーチャー"),
    (record({"type": "クリーチャー", "keywords": "飛行、トランプリ"}), "closest: トランプル"),
    (record({"type": "クリーチャー", "keywords": "変異{2}"}), "write it as :morph:"),
    (record({"type": "クリーチャー", "mana-cost": "2BB"}), "is not a mana cost"),
    (record({"type": "クリーチャー"}, {"kind": "誘発"}), "closest: 誘発型"),
    (record({"type": "クリーチャー"}, {"kind": "誘発型", "effect": "カードを1枚引く"}), "needs ':event:'"),
    (record({"type": "クリーチャー"}, {**ETB, "event": "このクリーチャーが戦場にでたとき", "effect": "カードを1枚引く"}),
     "closest known block: {this}が{happening}"),
    (record({"type": "クリーチャー"}, {**ETB, "target": "対戦相手がコントロールしているクリーチャー1体",
                                      "effect": "それを破壊する"}), "closest: 対戦相手がコントロールする"),
    (record({"type": "クリーチャー"}, {**ETB, "target": "クリーチャー", "effect": "それを破壊する"}), "say how many"),
    (record({"type": "クリーチャー"}, {**ETB, "effect": "それを破壊すろ"}), "closest: 破壊する"),
    (record({"type": "クリーチャー"}, {**ETB, "pt": "1/1", "effect": "カードを1枚引く"}), "an ability has no ':pt:'"),
    (record({"type": "クリーチャー"}, {"kind": "呪文", "effect": "それを破壊する"}), "only an instant or a sorcery"),
    (record({"type": "クリーチャー"}, {"kind": "常在型", "affects": "あなたがコントロールするクリーチャー",
                                      "static": "飛翔を持つ"}), "closest: 飛行"),
    (record({"type": "クリーチャー"}, {"kind": "常在型", "affects": "あなたがコントロールするクリーチャー",
                                      "static": "+1/+1の修整を受ける", "layer": "6"}), "applies in layer 7c"),
    (record({"type": "クリーチャー"}, {"kind": "起動型", "cost": "{T}、タップする", "effect": "カードを1枚引く"}),
     "unknown cost"),
    (record({"type": "クリーチャー"}, {**ETB, "effect": "白の1/1の犬猫・クリーチャー・トークン1体を生成する"}),
     "unknown creature type '犬猫'"),
    (record({"type": "クリーチャー"}, {**ETB, "face": "裏向き", "effect": "カードを1枚引く"}),
     "the card has no such effect"),
    (record({"type": "クリーチャー"}, dict(ETB)), "what does it do?"),
    (record({"type": "エンチャント — オーラ"}), "needs ':enchant:'"),
    (record({"type": "クリーチャー"}, {"kind": "起動型", "face": "付与", "effect": "カードを1枚引く"}),
     "no static ability of the card grants it"),
])
def test_a_mistake_is_an_error_with_the_nearest_word(rec, expected):
    found = problems(rec)
    assert found and expected in found[0], found


def test_a_creature_with_morph_and_an_etb_trigger():
    card = FORMAT.build(record({"mana-cost": "{2}{R}", "type": "クリーチャー — エレメンタル", "pt": "2/2",
                                "morph": "{1}{R}"},
                               {**ETB, "target": "クリーチャー1体かプレイヤー1人", "effect": "それに2点のダメージを与える"}))
    front = card.front
    assert (front.power, front.toughness, front.types, front.subtypes) == (2, 2, ("クリーチャー",), ("エレメンタル",))
    assert [(a.kind, a.way, a.cost) for a in front.abilities if a.kind == FACE_UP_COST] == [(FACE_UP_COST, "変異", "{1}{R}")]
    trigger = next(a for a in front.abilities if a.target is not None)
    assert trigger.text == "このクリーチャーが戦場に出たとき、クリーチャー1体かプレイヤー1人を対象とする。それに2点のダメージを与える。"


def test_faces_of_the_documents_cards():
    delver = CATALOGUE["秘密を掘り下げる者"]
    assert delver.back.name == "昆虫の逸脱者" and delver.back.color_indicator == frozenset({"青"})
    assert CATALOGUE["Delver of Secrets"] is delver
    tezzeret = CATALOGUE["残酷な機械技師、テゼレット"].face_down_as
    assert (tezzeret.types, tezzeret.power, tezzeret.toughness) == (("アーティファクト", "クリーチャー"), 5, 5)
    magar = CATALOGUE["魔法の糸のメイガー"].face_down_as
    assert [a.kind for a in magar.abilities] == ["triggered", "replacement"]
    mask = CATALOGUE["Illusionary Mask"]
    assert mask.face_up_when and mask.front.abilities[0].kind == CAST_FACE_DOWN
    etrata = CATALOGUE["命狙いの逃亡者、エトラータ"].front.abilities
    assert [a.kind for a in etrata] == ["keyword", STATIC]
    karlov = CATALOGUE["カルロフの番犬"].front.abilities
    assert RESTRICTION in [a.kind for a in karlov]


def _on_battlefield(game: Game, definition, player: int) -> MtgCard:
    card = game.board.new_card(definition, player, game.board.zone(player, HAND), face_up=False, card_class=MtgCard)
    return game.zone_rules.put_onto_battlefield(card, player, setup=True)


def test_a_trigger_target_with_several_choices_waits_for_a_step():
    shrink = FORMAT.build(record({"type": "クリーチャー — スピリット", "pt": "3/3"},
                                 {**ETB, "target": "クリーチャー1体", "effect": "ターン終了時まで、それは-2/-2の修整を受ける"}))
    game = Game()
    lorian = game.new_card("枝折りロリアン", 1, HAND)
    game.zone_rules.put_onto_battlefield(lorian, 1, setup=True)
    spirit = game.board.new_card(shrink, 0, game.board.zone(0, HAND), face_up=False, card_class=MtgCard)
    game.stack_rules.cast(0, spirit)
    game.stack_rules.resolve_top()
    assert game.stack_rules.stack and game.stack_rules.stack[-1].ability.target is not None
    with pytest.raises(SetupError):
        game.stack_rules.resolve_top()
    with pytest.raises(IllegalAction):
        game.stack_rules.choose_trigger_target(1, spirit, lorian)  # not the ability's controller
    game.stack_rules.choose_trigger_target(0, spirit, lorian)
    game.stack_rules.resolve_top()
    assert lorian.zone.kind == GRAVEYARD
    assert spirit.zone.kind == BATTLEFIELD and game.layer_rules.characteristics(spirit).pt_text() == "3/3"


def test_a_trigger_with_no_legal_target_leaves_the_stack():
    card = FORMAT.build(record({"type": "クリーチャー — スピリット", "pt": "1/1"},
                               {**ETB, "target": "対戦相手がコントロールするクリーチャー1体", "effect": "それを破壊する"}))
    game = Game()
    spirit = game.board.new_card(card, 0, game.board.zone(0, HAND), face_up=False, card_class=MtgCard)
    game.stack_rules.cast(0, spirit)
    game.stack_rules.resolve_top()
    assert not game.stack_rules.stack
    assert any(e.kind == "no-target" for e in game.log.events)
