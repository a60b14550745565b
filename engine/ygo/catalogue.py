"""The Yu-Gi-Oh! card catalogue: each card the documents name, defined once.

Only the part of each card's text that the rulings use is modelled.  Effects are built
from the duel's primitives; conditions read what the card remembers (see memory.py).
"""

from __future__ import annotations

from .cards import CardDef, Effect, monster, spell
from .memory import Info


def _remembers(*infos: Info):
    """Condition: the card (or, once gone, its last known state) remembers any of ``infos``."""

    def condition(duel, card) -> bool:
        return any(duel.remembers(card, info) for info in infos)

    return condition


def _summoned_this_turn_by(*infos: Info):
    def condition(duel, card) -> bool:
        return duel.remembers(card, Info.SUMMONED_THIS_TURN) and any(duel.remembers(card, i) for i in infos)

    return condition


def _send_self_to_graveyard(duel, link) -> None:
    card = link.card_if_unchanged()
    if card is not None and duel.on_field(card):
        duel.send_to_graveyard(card, reason=f"「{card.name}」's own effect")


def _destroy_targets(duel, link) -> None:
    for card in link.live_targets():
        duel.destroy(card, reason=f"「{link.card.name}」{link.effect.label}")


def _turn_target_face_down(duel, link) -> None:
    for card in link.live_targets():
        if duel.on_field(card) and card.face_up and card.definition.is_monster:
            duel.turn_face_down(card, reason=f"「{link.card.name}」")


CARDS: list[CardDef] = [
    monster(
        "破坏龙 甘多拉", level=8, atk=0, defense=0, english="Gandora the Dragon of Destruction",
        effects=(
            Effect("③", "trigger", "这张卡召唤·反转召唤的回合的结束阶段发动。这张卡送去墓地。",
                   event="end-phase", mandatory=True,
                   condition=_summoned_this_turn_by(Info.NORMAL_SUMMONED, Info.FLIP_SUMMONED),
                   resolve=_send_self_to_graveyard),
        ),
    ),
    monster(
        "真龙剑皇 卓辉星·拼图", level=10, atk=2950, defense=2950,
        english="Master Peace, the True Dracoslaying King",
        effects=(
            Effect("②", "quick", "上级召唤的这张卡：1回合1次，以场上1张卡为对象才能发动。那张卡破坏。",
                   condition=_remembers(Info.TRIBUTE_SUMMONED), resolve=_destroy_targets, targets=1,
                   once_per_turn="card"),
        ),
    ),
    monster("幻龙星-嘲风", "synchro", level=6, atk=2100, defense=1300, english="Chaofeng, Phantom of the Yang Zing",
            effects=(Effect("②", "trigger", "同调召唤的这张卡被破坏送去墓地时才能发动。",
                            event="sent-to-graveyard", condition=_remembers(Info.SYNCHRO_SUMMONED)),)),
    monster("异色眼绝零龙", "xyz", level=7, atk=2800, defense=2500, english="Odd-Eyes Absolute Dragon",
            effects=(Effect("②", "trigger", "X召唤的这张卡送去墓地的场合才能发动。",
                            event="sent-to-graveyard", condition=_remembers(Info.XYZ_SUMMONED)),)),
    monster("魔玩具·军刀剑齿虎", "fusion", level=8, atk=3000, defense=2200, english="Frightfur Sabre-Tooth"),
    monster("混沌战士", "ritual", level=8, atk=3000, defense=2500, english="Black Luster Soldier"),
    monster("异色眼灵摆龙", "pendulum", level=7, atk=2500, defense=2000, english="Odd-Eyes Pendulum Dragon"),
    spell("月之书", "quick", english="Book of Moon",
          effects=(Effect("发动", "activation", "以场上1只表侧表示怪兽为对象才能发动。那只怪兽变成里侧守备表示。",
                          targets=1, resolve=_turn_target_face_down),)),
]

CATALOGUE: dict[str, CardDef] = {}
for _card in CARDS:
    if _card.name in CATALOGUE:
        raise ValueError(f"card defined twice: 「{_card.name}」")
    CATALOGUE[_card.name] = _card
