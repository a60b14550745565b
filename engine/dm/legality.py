"""The Duel Masters rules the engine referees every action by (spec/dm/basic-rules.rst).

Each rule is one entry of :data:`ENFORCED`; duel.py asks ``enforced(Rule.X)`` where the
rule applies, and the coverage tool (tables.py) switches each off in turn to show which
examples pin it.  A refusal names its rule in the documents' words (:data:`LABELS`) and,
where the 総合ゲームルール (Ver.1.17) gives the section, its number (:data:`SECTIONS`).
"""

from __future__ import annotations

from enum import Enum


class Rule(str, Enum):
    SUMMONING_SICKNESS = "a creature cannot attack the turn it entered the battle zone"
    TAPPED_CANNOT_ATTACK = "a tapped creature cannot attack"
    ATTACK_TAPPED_ONLY = "only a tapped creature of the opponent can be attacked"
    OWN_TURN = "creatures are summoned and spells cast in one's own turn"
    FROM_HAND = "creatures are summoned and spells cast from the hand"
    STEP_ORDER = "charge, then main step, then attack step: no going back"
    MANA_COST = "the cost is paid by tapping that many mana cards"
    CIVILIZATION = "among them one of each of the card's civilizations"
    ONE_CHARGE = "one mana charge a turn"
    MULTICOLOR_TAPPED = "a multicolored card goes into the mana zone tapped"
    S_TRIGGER_FROM_SHIELD = "S-Trigger: only a card a broken shield put into the hand"
    S_TRIGGER_IMMEDIATELY = "S-Trigger: only right away, before anything else happens"
    BLOCKER = "only an untapped blocker of the attacked player blocks"
    BREAKER = "an unblocked attack on a player breaks as many shields as its breaker says"
    DIRECT_ATTACK = "an unblocked attack on a player with no shields wins the game"
    BATTLE = "in a battle the creature with less power is destroyed"


#: each rule applies while True; the coverage tool switches them off one at a time
ENFORCED: dict[Rule, bool] = {rule: True for rule in Rule}


def enforced(rule: Rule) -> bool:
    return ENFORCED[rule]


#: what the coverage page and the refusals call each rule
LABELS: dict[object, str] = {
    Rule.SUMMONING_SICKNESS: "召喚酔い",
    Rule.TAPPED_CANNOT_ATTACK: "タップしているクリーチャーは攻撃できない",
    Rule.ATTACK_TAPPED_ONLY: "攻撃できるのはタップしている相手のクリーチャーだけ",
    Rule.OWN_TURN: "召喚と呪文は自分のターンに",
    Rule.FROM_HAND: "召喚と呪文は手札から",
    Rule.STEP_ORDER: "ステップの順序（マナチャージ・メイン・攻撃）",
    Rule.MANA_COST: "コストの分だけマナをタップする",
    Rule.CIVILIZATION: "その文明のマナが1枚以上いる",
    Rule.ONE_CHARGE: "マナチャージは1ターンに1回",
    Rule.MULTICOLOR_TAPPED: "多色カードはタップしてマナゾーンに置く",
    Rule.S_TRIGGER_FROM_SHIELD: "S・トリガーはブレイクされたシールドから手札に加わったカードだけ",
    Rule.S_TRIGGER_IMMEDIATELY: "S・トリガーはすぐに使う",
    Rule.BLOCKER: "ブロックできるのはアンタップしているブロッカーだけ",
    Rule.BREAKER: "ブレイクするシールドの数",
    Rule.DIRECT_ATTACK: "ダイレクトアタック",
    Rule.BATTLE: "バトル",
}

#: the section of the 総合ゲームルール (Ver.1.17) a rule belongs to, where it is known
SECTIONS: dict[Rule, str] = {
    Rule.MANA_COST: "112",
    Rule.CIVILIZATION: "106",
    Rule.MULTICOLOR_TAPPED: "107",
    Rule.BREAKER: "113",
    Rule.DIRECT_ATTACK: "104",
    Rule.BATTLE: "115",
}


def refusal(rule: Rule, text: str) -> str:
    """A refusal: what cannot be done and why, then the rule it breaks."""
    section = SECTIONS.get(rule)
    where = f"総合ゲームルール {section}・" if section else ""
    return f"{text}（{where}{LABELS[rule]}）"
