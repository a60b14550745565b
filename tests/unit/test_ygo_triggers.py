"""Trigger effects without the documents: a mandatory (强制) trigger goes on a chain once
the game action that caused it is done, and cannot be declined; an optional one can
(spec/ygo/once-per-turn.rst)."""

from __future__ import annotations

import pytest

from rulings.core import IllegalAction
from rulings.ygo.duel import MONSTER, Duel

#: the engine builds games of the cards the documents define
pytestmark = pytest.mark.usefixtures("extracted")


def _face_up(duel: Duel, name: str, player: int):
    card = duel.new_card(name, player)
    duel.summon_rules.place(card, "spell & trap zone", player)
    return card


def _activations(duel: Duel, card) -> int:
    return sum(1 for e in duel.log.of_kind("activate") if e.data.get("card") == card.serial)


def test_a_mandatory_trigger_of_a_card_sent_from_the_field_goes_on_a_chain_once_the_move_is_done():
    duel = Duel()
    seller = _face_up(duel, "卖棺者", 0)
    gaia = duel.new_card("暗黑骑士 盖亚", 1)
    duel.summon_rules.summoned_earlier(gaia, 1)
    duel.move_rules.send_to_graveyard(gaia, reason="an effect")
    assert _activations(duel, seller) == 1 and duel.lp[1] == 7700
    assert not duel.chain_rules.pending and not duel.chain_rules.chain


def test_a_mandatory_trigger_caused_by_a_tribute_waits_until_the_summon_is_done():
    duel = Duel()
    _face_up(duel, "卖棺者", 1)
    tribute = duel.new_card("番兵石人", 0)
    duel.summon_rules.summon(tribute, "special", 0)
    other = duel.new_card("隐形鸟", 0)
    duel.summon_rules.summoned_earlier(other, 0)
    gandora = duel.new_card("破坏龙 甘多拉", 0)
    duel.summon_rules.summon(gandora, "tribute", 0, tributes=[tribute, other])
    kinds = [e.kind for e in duel.log.events if e.kind in ("summon", "activate")]
    # the tribute summon is recorded before 卖棺者 activates (once per tribute): nothing
    # comes between its parts
    assert kinds[-3:] == ["summon", "activate", "activate"]
    assert duel.lp[0] == 7400


def test_declining_a_mandatory_trigger_changes_nothing():
    duel = Duel()
    vanity = _face_up(duel, "虚无空间", 0)
    duel.chain_rules.decline(vanity, "②", 0)
    gaia = duel.new_card("暗黑骑士 盖亚", 1)
    duel.summon_rules.summoned_earlier(gaia, 1)
    duel.move_rules.send_to_graveyard(gaia, reason="an effect")
    assert _activations(duel, vanity) == 1 and vanity.zone.kind == "graveyard"


def test_declining_an_optional_trigger_drops_it_now_and_later():
    duel = Duel()
    corebage = duel.new_card("电子光虫-核心菜粉蝶", 0, "extra deck")
    duel.summon_rules.summon(corebage, "xyz", 0)
    gaia = duel.new_card("暗黑骑士 盖亚", 1)
    duel.summon_rules.summoned_earlier(gaia, 1)
    duel.move_rules.turn_face_down(gaia, reason="an effect")
    assert duel.chain_rules.pending_for(corebage, "②") is not None
    duel.chain_rules.decline(corebage, "②", 0)
    assert duel.chain_rules.pending_for(corebage, "②") is None
    duel.move_rules.flip_face_up(gaia, reason="an effect")
    assert duel.chain_rules.pending_for(corebage, "②") is None
    assert duel.chain_rules.why_cannot_activate(corebage, "②") is not None


def test_only_a_trigger_effect_can_be_declined():
    duel = Duel()
    golem = duel.new_card("番兵石人", 0)
    duel.summon_rules.summon(golem, "special", 0)
    with pytest.raises(IllegalAction, match="不是诱发效果"):
        duel.chain_rules.decline(golem, "①", 0)


def test_cards_sent_from_the_deck_or_the_field_trigger_vanitys_emptiness_not_from_the_hand():
    """『卡从卡组·场上被送去墓地的场合』: an xyz material detached was on the field; a card
    discarded from the hand was not (engine/ygo/grammar.py, what happened and from where)."""
    duel = Duel()
    vanity = _face_up(duel, "虚无空间", 0)
    discarded = duel.new_card("番兵石人", 1)
    duel.move_rules.discard(discarded)
    assert _activations(duel, vanity) == 0 and duel.on_field(vanity)
    utopia = duel.new_card("No.39 希望皇 霍普", 1)
    duel.summon_rules.place(utopia, MONSTER, 1)
    material = duel.new_card("暗黑骑士 盖亚", 1)
    duel.summon_rules.attach(material, utopia)
    duel.move_rules.send_to_graveyard(material, reason="detached")
    assert _activations(duel, vanity) == 1 and vanity.zone.kind == "graveyard"
