"""Yu-Gi-Oh! mechanisms added for the last examples: attack windows, field-wide
negation by kind, continuous-target links that outlive their source's negation, and
the 'summoned without tributing' row."""

from __future__ import annotations

import pytest

from rulings.ygo.duel import Duel
from rulings.ygo.memory import ERASED_BY, STANDARD, Info
from rulings.ygo.negation import FieldNegation

#: the engine builds games of the cards the documents define
pytestmark = pytest.mark.usefixtures("extracted")


def _summon(duel: Duel, name: str, player: int, method: str = "earlier", **kw):
    """A monster on the field: summoned now by ``method``, or Normal Summoned on an
    earlier turn ("earlier")."""
    card = duel.new_card(name, player)
    if method == "earlier":
        duel.summon_rules.summoned_earlier(card, player)
    elif player != duel.turn_player and method in ("synchro", "xyz", "link", "pendulum"):
        duel.summon_rules.special_summoned_earlier(card, player, method)  # the opponent's, on its own turn
    else:
        duel.summon_rules.summon(card, method, player, **kw)
    return card


def test_summoned_without_tributing_is_lost_face_down_and_banished():
    assert ERASED_BY[Info.SUMMONED_WITHOUT_TRIBUTE] == STANDARD
    duel = Duel()
    dododo = _summon(duel, "怒怒怒斗笠剑士", 0, "normal", without_tribute=True)
    assert duel.value_rules.atk(dododo) == 1800
    duel.move_rules.turn_face_down(dododo)
    duel.move_rules.flip_face_up(dododo)
    assert duel.value_rules.atk(dododo) == 2300


def test_a_paused_attack_stops_when_its_target_changes_sides():
    duel = Duel()
    attacker = _summon(duel, "青眼白龙", 0)
    target = _summon(duel, "黑魔术师", 1)
    duel.battle_rules.attack(attacker, target, pause="battle-start")
    duel.control_rules.shift_control(target, 0)
    duel.battle_rules.continue_battle()
    assert duel.on_field(target) and duel.lp == [8000, 8000]


def test_a_paused_direct_attack_deals_damage_on_continuing():
    duel = Duel()
    attacker = _summon(duel, "黑魔术师", 0)
    duel.battle_rules.attack(attacker, pause="declared")
    assert duel.lp[1] == 8000
    duel.battle_rules.continue_battle()
    assert duel.lp[1] == 5500


def test_field_negation_reaches_face_down_monsters_while_its_source_stays():
    duel = Duel()
    source = duel.new_card("无敌光环", 0)
    duel.summon_rules.place(source, "spell & trap zone", 0)
    rose = _summon(duel, "黑蔷薇龙", 1, "synchro")
    duel.negation_rules.field_negations.append(FieldNegation(lambda d, c: "synchro" in c.definition.types, until=duel.turn,
                                                             source=source, source_obj=source.object_id))
    assert "field-wide" in duel.negation_rules.negations(rose)
    duel.move_rules.send_to_graveyard(source)
    assert "field-wide" not in duel.negation_rules.negations(rose)


def test_a_link_may_outlive_the_negation_of_its_source():
    duel = Duel()
    hand = _summon(duel, "No.106 巨岩掌 巨手", 0, "xyz")
    deneb = _summon(duel, "星因士 天津四", 1)
    darius = _summon(duel, "剑斗兽 马斗", 0)
    duel.link_rules.link(hand, deneb, grants=("negate",), source_negation_matters=False)
    duel.negation_rules.negate_effects(hand, "free-chain", "test")
    assert duel.negation_rules.negations(deneb) == {"continuous"}
    bestiari = _summon(duel, "剑斗兽 枪斗", 0)
    duel.link_rules.link(darius, bestiari, grants=("negate",))
    duel.negation_rules.negate_effects(darius, "free-chain", "test")
    assert not duel.negation_rules.negations(bestiari)


def test_battle_damage_between_monsters():
    """The difference of ATK goes to the weaker monster's player; a monster in defense
    position gives no damage when it loses (none pierces here) and reflects it when its
    DEF is higher; equal ATK: none."""
    duel = Duel()
    attacker = _summon(duel, "青眼白龙", 0)      # 3000
    weaker = _summon(duel, "暗黑骑士 盖亚", 1)   # 2300
    duel.battle_rules.attack(attacker, weaker)
    assert duel.lp == [8000, 7300]
    duel = Duel()
    attacker = _summon(duel, "暗黑骑士 盖亚", 0)
    wall = duel.new_card("番兵石人", 1)          # DEF 1800, set face-down on an earlier turn
    duel.summon_rules.summoned_earlier(wall, 1, face_up=False)
    duel.battle_rules.attack(attacker, wall)
    assert duel.lp == [8000, 8000] and not duel.on_field(wall)
    duel = Duel()
    attacker = _summon(duel, "番兵石人", 0)      # ATK 800
    gaia = _summon(duel, "暗黑骑士 盖亚", 1)
    gaia.position = "defense"                   # DEF 2100
    duel.battle_rules.attack(attacker, gaia)
    assert duel.lp == [6700, 8000] and duel.on_field(attacker)
