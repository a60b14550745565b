"""The Duel Masters card catalogue: each card the documents name, defined once.

Only the part of each text that the rulings use is modelled.  Abilities are generators
built from the duel's primitives; ``yield Choice(...)`` asks a player and returns the
decision.  Imports of the duel happen at call time (the duel imports this catalogue).
"""

from __future__ import annotations

from .cards import Ability, CardDef, Static, creature, spell
from .choices import Choice

DECK, HAND, MANA, GRAVEYARD = "deck", "hand", "mana zone", "graveyard"


# -- abilities ----------------------------------------------------------------------

def _kiriko(duel, card, data):
    """Other creatures to the bottom of the deck; reveal until three non-evolution
    creatures; put them into the battle zone; shuffle."""
    me = card.controller
    for other in [c for c in duel.creatures(me) if c is not card]:
        # 好きな順序で: the engine keeps the battle zone's order
        duel.to_deck_bottom(other, reason="「エンペラー・キリコ」")
    found = []
    for c in list(duel.zone(me, DECK).cards):
        if len(found) == 3:
            break
        if not duel.reveal([c], "「エンペラー・キリコ」"):
            break
        if c.definition.is_creature and not c.definition.evolution:
            found.append(c)
    for c in found:
        duel.put_into_battle(c, me, reason="「エンペラー・キリコ」")
    duel.shuffle(me)
    yield from ()


def _barga(duel, card, data):
    """May turn the top card face up: a dragon goes to the battle zone, anything else
    to the graveyard."""
    me = card.controller
    use = yield Choice(me, "「紅神龍バルガゲイザー」: turn the top card of the deck face up?", [True],
                       text_mandatory=False)
    if not use:
        return
    shown = duel.reveal_top(me, 1, "「紅神龍バルガゲイザー」")
    if not shown:
        return
    top = shown[0]
    if top.definition.is_creature and top.definition.is_dragon:
        duel.put_into_battle(top, me, reason="「紅神龍バルガゲイザー」: a dragon")
    else:
        duel.move(top, GRAVEYARD, reason="「紅神龍バルガゲイザー」: not a dragon")


def _universe_gate(duel, card, data):
    """Three cards face up; one extra turn per phoenix creature among them.  Nothing
    else is said, so they go back face down, in the same order, when it is over."""
    me = data["caster"]
    shown = duel.reveal_top(me, 3, "「ザ・ユニバース・ゲート」")
    phoenixes = [c for c in shown if c.definition.is_creature and c.definition.has_race("フェニックス")]
    duel.extra_turns[:0] = [me] * len(phoenixes)
    if phoenixes:
        duel.log.record("extra-turn", f"player {me} takes {len(phoenixes)} extra turn(s) after this one")
    yield from ()


def _aqua_master(duel, card, data):
    """One of the opponent's shields face up, and it stays face up in the shield zone."""
    me = card.controller
    shields = list(duel.shields[1 - me])
    picked = yield Choice(me, "a shield of the opponent to turn face up", shields)
    for shield in picked:
        duel.keep_face_up(shield.cards, "「アクア・マスター」 (表向きのままプレイする)")


def _goronger(duel, card, data):
    """FE: two shields face up, kept face up while in the shield zone."""
    if not data.get("fort_e"):
        return
    me = card.controller
    shields = list(duel.shields[1 - me]) + list(duel.shields[me])
    picked = yield Choice(me, "2 shields to turn face up (FE)", shields, minimum=2, maximum=2)
    for shield in picked:
        duel.keep_face_up(shield.cards, "「捜索甲冑ゴロンガー」 FE")


def _reiju(duel, card, data):
    """The top card of the deck becomes a new shield, face up; up to two cards of the
    mana zone may return to the hand."""
    me = data["caster"]
    deck = duel.zone(me, DECK).cards
    if deck:
        duel.add_shield(me, [deck[0]], face_up=True, reason="「神聖で新生な霊樹」")
    mana = list(duel.zone(me, MANA))
    picked = yield Choice(me, "up to 2 cards of the mana zone to return to the hand", mana,
                          minimum=0, maximum=2, text_mandatory=False)
    for c in picked:
        duel.move(c, HAND, reason="「神聖で新生な霊樹」")


def _agatha(duel, card, data):
    """Look at all of one's shields; choose a spell among them and cast it for free."""
    me = card.controller
    cards = [c for s in duel.shields[me] for c in s.all_cards()]
    duel.look(me, cards)
    spells = [c for c in cards if c.definition.is_spell]
    picked = yield Choice(me, "a spell among the shields to cast for free", spells,
                          text_mandatory=True, by_hidden_characteristic=True,
                          verifiable=[c for c in spells if c.face_up])
    for c in picked:
        yield from duel.cast_ability(me, c)


def _pure_landers(duel, card, data):
    """シールド・プラス: may put the top card of the deck face down under a shield."""
    me = card.controller
    deck = duel.zone(me, DECK).cards
    if not deck:
        return
    picked = yield Choice(me, "a shield to put the top card of the deck under (シールド・プラス)",
                          list(duel.shields[me]), text_mandatory=False)
    for shield in picked:
        duel.put_under_shield(shield, deck[0], "シールド・プラス")


def _lagoon_tt(duel, card, data):
    """TT: a player puts the top card of their deck on the bottom."""
    picked = yield Choice(card.controller, "a player (TT)", [0, 1])
    deck = duel.zone(picked[0], DECK).cards
    if deck:
        duel.to_deck_bottom(deck[0], "「ラグーン・マーメイド」 TT")


def _jailhouse_rock(duel, card, data):
    """D-switch: all the opponent's tapped creatures, face up, into one new shield."""
    me = card.controller
    tapped = [c for c in duel.creatures(1 - me) if c.tapped]
    if not tapped:
        return
    picked = yield Choice(me, "which creature goes on top of the new shield", tapped)
    top = picked[0]
    duel.add_shield(top.owner, [top] + [c for c in tapped if c is not top], face_up=True,
                    reason="「Dの天牢 ジェイルハウスロック」")


# -- the cards ----------------------------------------------------------------------

CARDS: list[CardDef] = [
    creature("エンペラー・キリコ", "水", ("サイバーロード", "オリジン"), cost=8, power=13000,
             evolution=True, evolves_from=("サイバー", "オリジン"), keywords=("T・ブレイカー",),
             abilities=(Ability("cip", "enters", _kiriko),)),
    creature("紅神龍バルガゲイザー", "火", ("ボルケーノ・ドラゴン",), cost=6, power=5000,
             keywords=("パワーアタッカー",), abilities=(Ability("attack trigger", "attacks", _barga),)),
    spell("ザ・ユニバース・ゲート", ("火",), 6, abilities=(Ability("spell", "cast", _universe_gate),)),
    creature("アクア・マスター", "水", ("リキッド・ピープル",), cost=6, power=4000,
             abilities=(Ability("unblocked", "unblocked", _aqua_master,
                                when=lambda data: data.get("target") == "player"),)),
    creature("捜索甲冑ゴロンガー", "光", ("グレートメカオー",), cost=4, power=4000, keywords=("ブロッカー",),
             fort_e="グレートメカオー", abilities=(Ability("FE", "enters", _goronger),)),
    CardDef("Dの天牢 ジェイルハウスロック", "D2 field", ("光",), 5, d_switch=_jailhouse_rock),
    spell("神聖で新生な霊樹", ("光", "自然"), 6, keywords=("S・トリガー",),
          abilities=(Ability("spell", "cast", _reiju),)),
    creature("偽りの羅刹 アガサ・エルキュール", "光", ("デーモン・コマンド", "アンノウン"), cost=9, power=13500,
             keywords=("T・ブレイカー",),
             abilities=(Ability("opponent casts a spell", "opponent-casts-spell", _agatha),)),
    creature("ラグーン・マーメイド", "水", ("スプラッシュ・クイーン",), cost=5, power=4000,
             statics=(Static("top of deck face up", "battle zone", top_of_deck_face_up=True),),
             tap_ability=_lagoon_tt),
    creature("巡霊者メスタポ", "光", ("コスモ・ウォーカー",), cost=3, power=1000,
             statics=(Static("no one may look at decks", "battle zone", forbids_looking_at=(DECK,)),)),
    creature("進軍する巨砲 クロムウェル", "火", ("アウトレイジ",), cost=5, power=4000, keywords=("シールド・ゴー",),
             statics=(Static("face up in the shield zone: speed attackers", "shield zone",
                             grants=("スピードアタッカー",)),)),
    creature("ピュアランダース", "光", ("シャイン・モンスター",), cost=3, power=2000,
             abilities=(Ability("シールド・プラス", "enters", _pure_landers),)),
    CardDef("紫電城バルザーク", "castle", ("火",), 5,
            statics=(Static("breaks doubled", "fortress", break_multiplier=2),)),
    creature("エメラル", "水", ("サイバーロード",), cost=2, power=1000),
    creature("超神星アポロヌス・ドラゲリオン", "火", ("フェニックス",), evolution=True, evolves_from=("ドラゴン",)),
    creature("超神星ビッグバン・アナスタシス", "自然", ("フェニックス",), evolution=True),
    creature("ボルシャック・ドラゴン", "火", ("アーマード・ドラゴン",), cost=6, power=6000,
             keywords=("W・ブレイカー",)),
    CardDef("時空の喧嘩屋キル", "psychic creature", ("火",)),
]

CATALOGUE: dict[str, CardDef] = {}
for _card in CARDS:
    if _card.name in CATALOGUE:
        raise ValueError(f"card defined twice: 「{_card.name}」")
    CATALOGUE[_card.name] = _card
