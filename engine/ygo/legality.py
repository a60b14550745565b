"""The Yu-Gi-Oh! basic rules the engine referees every action by (spec/ygo/basic-rules.rst).

Each rule is one entry of :data:`ENFORCED`; duel.py, battle.py, activation.py and chain.py
ask ``enforced(Rule.X)`` where the rule applies, and the coverage tool (tables.py) switches
each off in turn to show which examples pin it.  A rule switched off lets through what it
forbids (or, for a rule that makes something happen, does not make it happen); nothing
else reads these switches.  A refusal keeps its own words and names its rule
(:data:`LABELS`, in Chinese like the documents).

The spell speed rules (a counter trap answered only by a counter trap, the summon window)
are chain.SPELL_SPEED's, switched by their own table.
"""

from __future__ import annotations

from enum import Enum


class Rule(str, Enum):
    OWN_TURN = "normal summon, flip summon and change of position: the turn player only"
    MAIN_PHASE = "normal summon, flip summon and change of position: in a main phase"
    NOT_IN_CHAIN = "normal summon, flip summon and change of position: not while a chain is built or resolved"
    ONE_NORMAL_SUMMON = "one normal summon or set a turn (tribute summons and gemini summons count)"
    TRIBUTE_COUNT = "level 5 and 6 take one tribute, level 7 and up two, level 4 and below none"
    TRIBUTE_WITHOUT_TEXT = "a monster needing tributes is summoned without them only if its card says so"
    TRIBUTE_OWN_MONSTER = "a tribute is a monster of the summoning player's field"
    FLIP_NOT_TURN_SET = "no flip summon the turn the monster was set or summoned"
    POSITION_NOT_TURN_SUMMONED = "no change of position the turn the monster was summoned or set"
    POSITION_ONCE_A_TURN = "a monster changes its position (flip summon included) once a turn"
    POSITION_NOT_AFTER_ATTACK = "a monster that attacked this turn does not change its position"
    POSITION_EFFECT = "an effect that says the monster cannot change its position"
    LINK_NO_DEFENSE = "a link monster has no defense position"
    ATTACK_POSITION = "only a face-up attack position monster attacks"
    ATTACK_ONCE = "a monster attacks once a battle phase unless an effect grants more"
    ATTACK_EFFECT = "an effect that says the monster cannot attack"
    ATTACK_TIMING = "attacks are declared by the turn player's monsters in the battle phase, with no chain"
    NO_BATTLE_PHASE_FIRST_TURN = "the player who goes first has no battle phase in the duel's first turn"
    ATTACK_TARGET = "an attack goes to an opponent's monster; directly only when the opponent has none"
    SPELL_MAIN_PHASE = "a spell card other than a quick-play spell: only in its controller's main phase"
    TRAP_SET_FIRST = "a trap card is set first and activated from the next turn on"
    QUICK_PLAY_TIMING = "a quick-play spell: from the hand in its controller's turn; set, from the next turn on"
    CONTINUOUS_ON_FIELD = "a continuous or equip card's activation applies only while it is face-up on the field"
    TEMP_BANISH_AS_IT_IS = "a face-down monster banished temporarily is banished face-down and returns face-down"


#: each rule applies while True; the coverage tool switches them off one at a time
ENFORCED: dict[Rule, bool] = {rule: True for rule in Rule}


def enforced(rule: Rule) -> bool:
    return ENFORCED[rule]


#: what the coverage page and the refusals call each rule
LABELS: dict[object, str] = {
    Rule.OWN_TURN: "通常召唤·反转召唤·表示形式变更只能由回合玩家进行",
    Rule.MAIN_PHASE: "通常召唤·反转召唤·表示形式变更只能在主要阶段进行",
    Rule.NOT_IN_CHAIN: "连锁进行中不能通常召唤·反转召唤·变更表示形式",
    Rule.ONE_NORMAL_SUMMON: "通常召唤·盖放1回合1次",
    Rule.TRIBUTE_COUNT: "上级召唤的解放数：5·6星1只，7星以上2只",
    Rule.TRIBUTE_WITHOUT_TEXT: "不用解放召唤需要卡片上写着",
    Rule.TRIBUTE_OWN_MONSTER: "解放的是自己场上的怪兽",
    Rule.FLIP_NOT_TURN_SET: "盖放·召唤的回合不能反转召唤",
    Rule.POSITION_NOT_TURN_SUMMONED: "召唤·盖放的回合不能变更表示形式",
    Rule.POSITION_ONCE_A_TURN: "表示形式1回合只能变更1次",
    Rule.POSITION_NOT_AFTER_ATTACK: "攻击过的怪兽不能变更表示形式",
    Rule.POSITION_EFFECT: "“不能变更表示形式”的效果",
    Rule.LINK_NO_DEFENSE: "连接怪兽没有守备表示",
    Rule.ATTACK_POSITION: "只有表侧攻击表示的怪兽能攻击",
    Rule.ATTACK_ONCE: "1次战斗阶段只能攻击1次",
    Rule.ATTACK_EFFECT: "“不能攻击”的效果",
    Rule.ATTACK_TIMING: "攻击宣言由回合玩家的怪兽在战斗阶段进行",
    Rule.NO_BATTLE_PHASE_FIRST_TURN: "先攻的玩家在决斗的第一个回合不能进行战斗阶段",
    Rule.ATTACK_TARGET: "攻击对方场上的怪兽；对方场上没有怪兽时才能直接攻击",
    Rule.SPELL_MAIN_PHASE: "速攻魔法以外的魔法卡只能在自己的主要阶段发动",
    Rule.TRAP_SET_FIRST: "陷阱卡要先盖放，到下一个回合才能发动",
    Rule.QUICK_PLAY_TIMING: "速攻魔法在自己的回合才能从手卡发动，盖放的回合不能发动",
    Rule.CONTINUOUS_ON_FIELD: "永续·装备卡的发动只在它表侧表示留在场上时适用",
    Rule.TEMP_BANISH_AS_IT_IS: "里侧表示的怪兽就那样里侧一时除外、里侧回来",
}


def refusal(rule: Rule, text: str) -> str:
    """A refusal: what cannot be done and why (its own words), then the rule it breaks."""
    return f"{text}（{LABELS[rule]}）"
