"""The one table of what a Yu-Gi-Oh! monster remembers and which transitions erase it.

Modelled on ygopro-core's reset flags: ``TURNED_FACE_DOWN`` is RESET_TURN_SET,
``BANISHED_TEMPORARILY`` is RESET_TEMP_REMOVE (banished and returned to the field by the
same effect), ``LEFT_FIELD`` covers RESET_LEAVE/TOGRAVE/REMOVE/TOHAND/TODECK,
``CONTROL_CHANGED`` is RESET_CONTROL and ``TURN_ENDED`` is RESET_PHASE+PHASE_END.
Turning face up erases nothing (反转只是把怪兽变成表侧表示，不会丢失任何情报).

Each row is a ruling of spec/ygo/face-down-and-temporary-banish.rst; the examples
there exercise every row.  ``ARRIVED_AS`` (what the last move counted as: destroyed, sent
to the graveyard, discarded …, erased by the next move, ``CHANGED_ZONE``) is the row of
spec/ygo/location-movement.rst (rulebook 4.3.3.4).  A card-specific exception (特别地 …) is a named ruling of
that card (``CardDef.rulings``) listed in ``EXCEPTIONS``: it takes transitions out of
one row for that card only.  A cell whose change no game situation can observe is in
``UNOBSERVABLE`` with the reason; an effect that lasts only until the end of the turn is
erased by its row and the end of the turn (``erased_until_turn_end``), never by a set of
its own.
"""

from __future__ import annotations

from enum import Enum


class Transition(str, Enum):
    TURNED_FACE_DOWN = "turned face-down"
    BANISHED_TEMPORARILY = "banished temporarily"
    LEFT_FIELD = "left the field"
    CONTROL_CHANGED = "control changed"
    TURN_ENDED = "turn ended"
    #: any move from one zone to another (leaving the field is also LEFT_FIELD)
    CHANGED_ZONE = "changed zones"


class Info(str, Enum):
    SUMMONED_THIS_TURN = "summoned this turn"
    #: summoned this turn and on the field ever since without being turned face-down or
    #: banished: what 『召唤·特殊召唤的回合』 effects of the card itself need (破坏龙 甘多拉)
    UNBROKEN_SINCE_SUMMONED = "on the field unbroken since summoned this turn"
    SET_THIS_TURN = "set this turn"
    NORMAL_SUMMONED = "normal summoned"
    TRIBUTE_SUMMONED = "tribute summoned"
    SUMMONED_WITHOUT_TRIBUTE = "summoned without tributing"
    SPECIAL_SUMMONED = "special summoned"
    SYNCHRO_SUMMONED = "synchro summoned"
    XYZ_SUMMONED = "xyz summoned"
    FUSION_SUMMONED = "fusion summoned"
    RITUAL_SUMMONED = "ritual summoned"
    LINK_SUMMONED = "link summoned"
    PENDULUM_SUMMONED = "pendulum summoned"
    FLIP_SUMMONED = "flip summoned"
    #: 反转过: turned face-up from face-down (flip summoned, flipped by an effect or an attack)
    FLIPPED = "flipped"
    GEMINI_RESUMMONED = "gemini re-summoned"
    SUMMONED_FROM = "summoned from"
    SUMMON_MATERIALS = "summon materials (for its own effects)"
    MATERIAL_LINK = "material link (for effects that return the materials of a fusion or synchro)"
    SUMMONED_BY_EFFECT = "summoned by effect"
    #: 『这张卡的①的效果·方法特殊召唤的这张卡』『这个方法召唤的这张卡』: the card (this one, or
    #: the one whose effect it was) that summoned it, as its own text reads it — unlike
    #: 『这个效果特殊召唤的怪兽』 (SUMMONED_BY_EFFECT) it survives a temporary banish
    SUMMONED_BY_NAME = "summoned by its own effect or method"
    #: face-up on the field ever since it was summoned, across turns (the turn it was
    #: summoned): what 『……特殊召唤的场合，下次的准备阶段发动』 needs (FAQ cid=9295, 8300)
    ON_FIELD_SINCE_SUMMONED = "face-up on the field since summoned"
    #: 『召唤的这张卡的控制权在下个回合的结束阶段回归原本持有者』: the turn it goes back — a delayed
    #: change written without 『直到』: kept turned face-down, lost with a temporary banish
    #: (FAQ fid=16155, 16154)
    CONTROL_RETURNS_AT = "control returns to its owner at that turn's end phase"
    ATTACKED = "attacked"
    BATTLED = "battled"
    DESTROYED_BY_BATTLE = "destroyed a monster by battle"
    USED_THIS_TURN = "effect used this turn (this card)"
    #: 『这个效果在这张卡在场上表侧表示存在期间只能使用1次』: used in this face-up period
    USED_WHILE_FACE_UP = "effect used while face-up (this card)"
    POSITION_CHANGED = "battle position changed this turn"
    LASTING = "lasting effect applied to it"
    NEGATED = "effects negated"
    TARGET_LINK = "continuous target link"
    COUNTERS = "counters"
    COUNT = "count kept by its effect"
    #: how the card came to where it is (4.3.3.4): destroyed, sent to the graveyard,
    #: discarded, tributed, banished (face-down), added to the hand, drawn, returned to
    #: the deck (shuffled, top, bottom) — several at once (被破坏送去墓地 is both)
    ARRIVED_AS = "how it came to its zone"


T = Transition
#: ygopro's RESETS_STANDARD, minus the phase part
STANDARD = frozenset({T.TURNED_FACE_DOWN, T.BANISHED_TEMPORARILY, T.LEFT_FIELD})
LEAVE = frozenset({T.LEFT_FIELD})

ERASED_BY: dict[Info, frozenset[Transition]] = {
    # 『这个回合召唤·特殊召唤』 survives being turned face-down, not a temporary banish
    # (FAQ fid=16901, 24069: back from a temporary banish it may attack, change position)
    Info.SUMMONED_THIS_TURN: LEAVE | {T.BANISHED_TEMPORARILY, T.TURN_ENDED},
    # the card's own 『召唤的回合』 effects need it face-up all along since the summon
    # (FAQ fid=24030, 24032); a monster summoned face-down and flipped had no break
    Info.UNBROKEN_SINCE_SUMMONED: STANDARD | {T.TURN_ENDED},
    Info.SET_THIS_TURN: LEAVE | {T.BANISHED_TEMPORARILY, T.TURN_ENDED},
    Info.NORMAL_SUMMONED: LEAVE,
    Info.TRIBUTE_SUMMONED: LEAVE,
    # ygopro registers it with RESET_EVENT+0xff0000 (RESETS_STANDARD): turning face-down
    # or a temporary banish ends it (怒怒怒斗笠剑士); a monster *set* without tributing
    # never went through "turned face-down", so flipping it applies it (可变机兽 炮手龙)
    Info.SUMMONED_WITHOUT_TRIBUTE: STANDARD,
    Info.SPECIAL_SUMMONED: LEAVE,
    Info.SYNCHRO_SUMMONED: LEAVE,
    Info.XYZ_SUMMONED: LEAVE,
    Info.FUSION_SUMMONED: LEAVE,
    Info.RITUAL_SUMMONED: LEAVE,
    Info.LINK_SUMMONED: LEAVE,
    Info.PENDULUM_SUMMONED: LEAVE | {T.TURNED_FACE_DOWN},
    # a flip summoned monster turned face-down is no longer one (FAQ fid=16901)
    Info.FLIP_SUMMONED: STANDARD,
    # 『反转过的这张卡』: ygopro registers a flag on EVENT_FLIP with RESETS_STANDARD — turned
    # face-down it is no longer a flipped monster (until it flips again); it survives the
    # end of the turn and a change of control
    Info.FLIPPED: STANDARD,
    Info.GEMINI_RESUMMONED: STANDARD,
    Info.SUMMONED_FROM: LEAVE | {T.TURNED_FACE_DOWN},
    Info.SUMMON_MATERIALS: STANDARD,
    Info.MATERIAL_LINK: LEAVE,
    Info.SUMMONED_BY_EFFECT: STANDARD,
    # turned face-down it is lost; banished temporarily it is not (FAQ fid=15447, 24031)
    Info.SUMMONED_BY_NAME: LEAVE | {T.TURNED_FACE_DOWN},
    # a delayed effect of the summon waits only while the card stays face-up on the field
    Info.ON_FIELD_SINCE_SUMMONED: STANDARD,
    Info.CONTROL_RETURNS_AT: LEAVE | {T.BANISHED_TEMPORARILY},
    Info.ATTACKED: LEAVE | {T.BANISHED_TEMPORARILY, T.TURN_ENDED},
    Info.BATTLED: STANDARD | {T.TURN_ENDED},
    Info.DESTROYED_BY_BATTLE: LEAVE | {T.TURNED_FACE_DOWN, T.TURN_ENDED},
    Info.USED_THIS_TURN: STANDARD | {T.TURN_ENDED},
    # 『表侧表示存在期间只能使用1次』 (发条士兵): the face-up period ends when it is turned
    # face-down, banished temporarily or leaves the field — not with the turn, nor when
    # control changes (ygopro: a count limit with EFFECT_FLAG_NO_TURN_RESET)
    Info.USED_WHILE_FACE_UP: STANDARD,
    Info.POSITION_CHANGED: STANDARD | {T.TURN_ENDED},
    Info.LASTING: STANDARD,
    Info.NEGATED: STANDARD,
    Info.TARGET_LINK: STANDARD,
    Info.COUNTERS: STANDARD,
    # a per-turn count (神影依·米德拉什): it starts again every turn
    Info.COUNT: STANDARD | {T.TURN_ENDED},
    # 4.3.3.4: a move counts as what it was only until the card moves again (a destroyed
    # card banished from the graveyard is no longer "destroyed"); turning over in place,
    # a control change or the end of the turn do not change it
    Info.ARRIVED_AS: frozenset({T.CHANGED_ZONE, T.LEFT_FIELD}),
}

#: Cells of ERASED_BY whose change no game situation can observe (issue 15): the reason,
#: in the document's language, is shown on the coverage page.  Each argument was checked
#: against the engine: where the row is written and read, and what else the move does.
_FIELD_ONLY = ("这项情报只在场上的怪兽身上记下（出场之后、在场上时），怪兽离开场上时“离场”或“一时除外”"
               "已经先把它抹去，进入场上的移动又发生在记下之前，所以“换场所时也抹去”不会多抹去任何东西")
_NOT_ON_FIELD = ("场上的卡没有这项情报：移动到场上时就被抹去，召唤·特殊召唤·一时除外回到场上都不记下新的"
                 "“算作什么”；而这一变化只发生在场上的卡身上")
_WITH_SUMMONED_THIS_TURN = ("“改变过表示形式”只在反转召唤时记下，同时记下的“这个回合召唤”也禁止改变表示形式，"
                            "而且这一变化同样不抹去它；两者只在判断能否改变表示形式时一起读，所以看不出区别")
_WITH_THIS_TURN = ("“召唤后一直表侧表示在场上”只和“这个回合召唤·特殊召唤”一起读（grammar.done），"
                   "离开场上、一时除外和回合结束也抹去后者，所以这一项是否同时抹去看不出区别")
UNOBSERVABLE: dict[tuple[Info, Transition], str] = {
    (Info.LINK_SUMMONED, T.TURNED_FACE_DOWN): "连接怪兽没有守备力，不能变成里侧表示（Moves.can_turn_face_down）",
    (Info.POSITION_CHANGED, T.TURNED_FACE_DOWN): _WITH_SUMMONED_THIS_TURN,
    (Info.POSITION_CHANGED, T.BANISHED_TEMPORARILY): _WITH_SUMMONED_THIS_TURN,
    (Info.POSITION_CHANGED, T.CONTROL_CHANGED): _WITH_SUMMONED_THIS_TURN,
    (Info.POSITION_CHANGED, T.LEFT_FIELD): (
        "离场的怪兽要再到场上只能被召唤·特殊召唤或盖放，那时会记下“这个回合召唤”或“这个回合盖放”，"
        "同样禁止改变表示形式到回合结束，所以离场时是否抹去“改变过表示形式”看不出区别"),
    (Info.POSITION_CHANGED, T.CHANGED_ZONE): _FIELD_ONLY,
    (Info.SET_THIS_TURN, T.LEFT_FIELD): (
        "离场的卡要再作为盖放的卡到场上，只能再被盖放（重新记下这一项）或被召唤·特殊召唤（记下“这个回合召唤”，"
        "同样禁止反转召唤和改变表示形式）；手卡·墓地的卡发动时不看这一项"),
    (Info.TARGET_LINK, T.BANISHED_TEMPORARILY): (
        "持续取对象的关系按对象判断：卡换了场所就是新的对象，关系随之失效（links.link_alive），"
        "而且离场时关系已先解除（links_on_leave）"),
    (Info.TARGET_LINK, T.LEFT_FIELD): (
        "持续取对象的关系按对象判断：卡换了场所就是新的对象，关系随之失效（links.link_alive），"
        "而且离场时关系已先解除（links_on_leave）"),
    (Info.TARGET_LINK, T.CHANGED_ZONE): _FIELD_ONLY,
    (Info.SUMMONED_WITHOUT_TRIBUTE, T.CHANGED_ZONE): _FIELD_ONLY,
    (Info.UNBROKEN_SINCE_SUMMONED, T.CHANGED_ZONE): _FIELD_ONLY,
    (Info.UNBROKEN_SINCE_SUMMONED, T.LEFT_FIELD): _WITH_THIS_TURN,
    (Info.UNBROKEN_SINCE_SUMMONED, T.TURN_ENDED): _WITH_THIS_TURN,
    (Info.UNBROKEN_SINCE_SUMMONED, T.BANISHED_TEMPORARILY): _WITH_THIS_TURN,
    (Info.SUMMONED_THIS_TURN, T.CHANGED_ZONE): _FIELD_ONLY,
    (Info.SET_THIS_TURN, T.CHANGED_ZONE): _FIELD_ONLY,
    (Info.SUMMONED_BY_EFFECT, T.CHANGED_ZONE): _FIELD_ONLY,
    (Info.ON_FIELD_SINCE_SUMMONED, T.CHANGED_ZONE): _FIELD_ONLY,
    (Info.CONTROL_RETURNS_AT, T.CHANGED_ZONE): _FIELD_ONLY,
    (Info.FLIP_SUMMONED, T.CHANGED_ZONE): _FIELD_ONLY,
    (Info.FLIPPED, T.CHANGED_ZONE): _FIELD_ONLY,
    (Info.GEMINI_RESUMMONED, T.CHANGED_ZONE): _FIELD_ONLY,
    (Info.SUMMON_MATERIALS, T.CHANGED_ZONE): _FIELD_ONLY,
    (Info.ATTACKED, T.CHANGED_ZONE): _FIELD_ONLY,
    (Info.BATTLED, T.CHANGED_ZONE): _FIELD_ONLY,
    (Info.LASTING, T.CHANGED_ZONE): _FIELD_ONLY,
    (Info.NEGATED, T.CHANGED_ZONE): _FIELD_ONLY,
    (Info.COUNTERS, T.CHANGED_ZONE): _FIELD_ONLY,
    (Info.COUNT, T.CHANGED_ZONE): _FIELD_ONLY,
    (Info.USED_WHILE_FACE_UP, T.CHANGED_ZONE): _FIELD_ONLY,
    (Info.ARRIVED_AS, T.TURNED_FACE_DOWN): _NOT_ON_FIELD,
    (Info.ARRIVED_AS, T.CONTROL_CHANGED): _NOT_ON_FIELD,
    (Info.ARRIVED_AS, T.BANISHED_TEMPORARILY): (
        "一时除外从场上开始，场上的卡没有这项情报；除外这一移动本身又抹去旧的、记下“被除外”"),
    (Info.ARRIVED_AS, T.LEFT_FIELD): "离开场上也一定是换场所，“换场所”已经抹去它，随后记下这次移动算作什么",
}


#: card-specific rulings that keep one row through a transition: ruling -> (row, kept)
EXCEPTIONS: dict[str, tuple[Info, frozenset[Transition]]] = {
    # 隐形鸟 / 鬼计人偶: 『这张卡1回合只有1次可以变成里侧守备表示』 stays used after a flip
    "once-per-turn-survives-face-down": (Info.USED_THIS_TURN, frozenset({T.TURNED_FACE_DOWN})),
}


#: Whether a lasting effect given to a monster by a resolving effect is given all the
#: same when the monster is face-down at resolution (and applies once it is flipped): one
#: flag per kind of effect, each a ruling of spec/ygo/face-down-and-temporary-banish.rst,
#: never a property of a card.  Whatever it is, a lasting effect is erased with the
#: monster's other lasting information (ERASED_BY[Info.LASTING]): turned face-down or
#: banished temporarily, it no longer applies; a monster banished before resolution is a
#: new object and gets nothing.
GIVEN_FACE_DOWN: dict[str, bool] = {
    # 『不会被战斗·效果破坏』 (闪珖龙 星尘, 天枪龙之影灵衣, 抽卡肌肉)
    "indestructible": True,
    # 『可以作2次攻击』『战斗伤害变成2倍』『贯通』 and the rest of 废铁拳's five
    "battle": True,
    # 飞行象 ②: 『直接攻击给与战斗伤害时决斗胜利』
    "win": True,
    # a restriction given once the monster is face-down stays when it is flipped (无底的落穴)
    "restriction": True,
    # 『不受其他卡的效果影响』『不会成为效果的对象』 (No.81, 炼狱的死徒, 异形神的契约书)
    "protection": False,
    # a face-down monster's ATK/DEF are the printed values, which effects do not change
    "stats": False,
}

#: the kind (GIVEN_FACE_DOWN) of each lasting effect a resolving effect may give
KIND_OF: dict[str, str] = {
    "indestructible-battle": "indestructible",
    "indestructible-effect": "indestructible",
    "indestructible-once": "indestructible",
    "piercing": "battle",
    "double-damage": "battle",
    "double-attack": "battle",
    "no-activation-in-battle": "battle",
    "no-spell-trap-in-battle": "battle",
    "win-by-direct-damage": "win",
    "cannot-attack": "restriction",
    "cannot-change-position": "restriction",
    "cannot-activate": "restriction",
    "atk": "stats",
    "def": "stats",
    "original-atk": "stats",
    "original-def": "stats",
    "atk-set": "stats",
    "def-set": "stats",
    "unaffected": "protection",
    "unaffected-by-opponent": "protection",
    "untargetable": "protection",
    "untargetable-by-opponent": "protection",
}

#: card-specific rulings about lasting effects: ruling -> what it changes
LASTING_EXCEPTIONS: dict[str, str] = {
    # 禁忌的圣衣: 『处理要先让攻击力下降』 — the ATK change comes first, so when it cannot be
    # given (the monster is face-down) nothing after it is given either
    "whole-effect-needs-face-up": "an effect of several lasting parts gives none of them when one cannot be given",
}

#: card-specific rulings about temporary banishes (banish.TemporaryBanishes.banish_temporarily)
BANISH_EXCEPTIONS: dict[str, str] = {
    # 刻剑之魔术师, 银河眼光子龙: a monster that only gained the effect still comes back
    "gained-temporary-banish-returns": "a monster banished by this card's effect that it only gained comes back",
    # 未来视界: its return is an effect of its own (入连锁): with the card no longer applying,
    # the banished monster does not come back; and it banishes a face-down target face-up
    "return-needs-this-card": "the monster it banished returns only while this card still applies",
    "temporary-banish-face-up": "it banishes a face-down monster face-up (and it returns face-up)",
}

#: General rules of spec/ygo/face-down-and-temporary-banish.rst the engine applies beyond the
#: memory table, each one switchable for ``rulings coverage`` (tables.rules): name -> applies.
RULES: dict[str, bool] = {
    # 『这个方法特殊召唤的这张卡的攻击力上升N』 is a change applied once as the card is so summoned,
    # not a continuous effect: a temporary banish ends it (方界兽 利刃之迦楼迪亚, FAQ fid=19093)
    "summon-stat-applied-once": True,
    # a mandatory trigger of a phase whose condition is not met then does not start at all
    # (原数天地: 『没有进行战斗的对方回合结束时』, FAQ fid=23247)
    "phase-trigger-needs-condition": True,
    # a card in the graveyard whose effect is banished instead of a monster's destruction
    # (『作为代替把墓地的这张卡除外』: 暗黑界的惩罚, FAQ fid=24011) keeps that monster on the field
    "destruction-replaced-from-graveyard": True,
    # a monster whose flip summon was negated cannot stay on the field: not destroyed (a
    # replacement applied), it is sent to the graveyard by the rules, by no player (fid=24011)
    "negated-flip-summon-leaves": True,
    # an effect's 『把连接怪兽连接召唤』 (not 『只用…』) lets the monster's own material rules apply,
    # an opponent's monster its text accepts included (闭锁世界的冥神, fid=23101)
    "summon-after-effect-keeps-material-rules": True,
    # what applies as a chain link is done (『…处理后，回复100基本分』: 闪刀姬-魁奈) applies before the
    # summon the link lets its player make then (fid=24182)
    "resolved-effects-before-summon": True,
    # a monster banished until the effect being resolved is done (『直到那个效果处理后除外』) comes
    # back as that chain link is done, before the summon the link lets its player make then: the
    # summon may use it (完美世界 卡通世界 ③ and 来自星遗物中的觉醒, fid=24346)
    "banished-until-resolved-returns-before-summon": True,
    # a count a face-up card keeps (『这张卡表侧表示存在的状态被解放的怪兽数量』) goes on while its
    # effects are negated: it is still face-up (黯黑世界-暗影敌托邦- under 王宫的敕命, fid=8112)
    "count-tributed-while-negated": True,
    # an effect that ritual (or fusion) summons chooses the monster first, then what it
    # tributes (or uses as material): the monster it summons is never one of them, so it
    # cannot be tributed from the hand or field and then summoned from where it went
    # (恶魔们的玉座, fid=24272)
    "summoned-monster-chosen-before-tributes": True,
    # 『卡名当作「X」使用』 while it applies makes X the card's name instead of its own, not a
    # second name (王之遗宝祭祀圣域 on the field is 「王家的神殿」 only, fid=24315)
    "treated-name-replaces-own": True,
}

#: card-specific rulings about summon conditions (values.proper_by_effect)
SUMMON_CONDITION_EXCEPTIONS: dict[str, str] = {
    # 星尘龙·爆裂体, 毒蛇神 维诺米纳迦: their own effect may special summon them, but only the
    # card their condition names first is their proper procedure (正规召唤手续)
    "own-effect-not-proper": "its own effect may special summon it, but is not its proper procedure",
    # 守护者·戴思塞斯: 『用这张卡的效果才能特殊召唤』, but only its ① (from the hand) is its
    # proper procedure; its ④ reviving it from the graveyard is not (fid=6112)
    "own-effect-proper-from-hand": "only its own effect that summons it from the hand is its proper procedure",
}

#: card-specific rulings about an effect special summoning several monsters with too few free
#: monster zones (families.pick_and_move; the rule: as many as fit, the text decides the rest)
ZONE_EXCEPTIONS: dict[str, str] = {
    # 复仇死者的续魂再结: what it could summon into the free zones falls short of the level of the
    # monster it showed, so the ritual summon it leads to cannot be made: its effect does not apply at
    # all, and none of the banished monsters is special summoned (fid=22130)
    "nothing-unless-all-fit": "with fewer free monster zones than the monsters it picked, its effect does not apply",
}


def given_face_down(mark: str) -> bool:
    """Whether the lasting effect ``mark`` is given to a face-down monster."""
    try:
        return GIVEN_FACE_DOWN[KIND_OF[mark]]
    except KeyError:
        raise KeyError(f"lasting effect {mark!r} is not in memory.KIND_OF") from None


def erased_by(info: Info, rulings: frozenset[str] = frozenset()) -> frozenset[Transition]:
    """The transitions that erase ``info`` on a card with these card-specific rulings."""
    erase = ERASED_BY[info]
    for ruling in rulings:
        exception = EXCEPTIONS.get(ruling)
        if exception is not None and exception[0] is info:
            erase = erase - exception[1]
    return erase


def erased_until_turn_end(info: Info, rulings: frozenset[str] = frozenset()) -> frozenset[Transition]:
    """What erases ``info`` when an effect gives it only until the end of the turn: its
    row of the table (so what erases it stays one table), and the end of the turn."""
    return erased_by(info, rulings) | {Transition.TURN_ENDED}


SUMMON_METHOD_INFO = {
    "normal": Info.NORMAL_SUMMONED,
    "tribute": Info.TRIBUTE_SUMMONED,
    "special": Info.SPECIAL_SUMMONED,
    "synchro": Info.SYNCHRO_SUMMONED,
    "xyz": Info.XYZ_SUMMONED,
    "fusion": Info.FUSION_SUMMONED,
    "ritual": Info.RITUAL_SUMMONED,
    "link": Info.LINK_SUMMONED,
    "pendulum": Info.PENDULUM_SUMMONED,
    "flip": Info.FLIP_SUMMONED,
    "gemini": Info.GEMINI_RESUMMONED,
}

#: summon methods that are special summons
SPECIAL_METHODS = frozenset({"special", "synchro", "xyz", "fusion", "ritual", "link", "pendulum"})

#: card-specific rulings about activating (activation.py): name -> (what it changes, why)
ACTIVATION_EXCEPTIONS: dict[str, tuple[str, str]] = {
    # 魔法抵消器, 人造人-念力王者: rulings go beyond their text
    "bans-face-up-effects": ("ban", "『不能发动』 also forbids the effects of those cards already face-up on the "
                                    "field (not those in the graveyard)"),
    # 命运的抽卡, 交错之魂: the count of activations they allow takes in every negated activation,
    # a negated card activation too (the effect was used: FAQ fid=23158, 25/11/27; until then,
    # fid=22342 of 18/12/22, no negated activation counted)
    "negated-activations-counted": ("count", "a negated activation, of any kind, is counted (its effect was used)"),
    # 妖精龙 古代妖: its 『场地魔法卡发动的场合』 sees a field spell an effect activates as it resolves
    "sees-activations-by-effect": ("trigger", "『…卡发动的场合』 also starts when an effect activates the card "
                                              "as it resolves"),
    # EM 天空魔术家: its ① sees the spell its own ② activates (and no other activated by an effect)
    "sees-own-activations-by-effect": ("trigger", "『…卡发动的场合』 starts when this card's own effect "
                                                  "activates the card as it resolves"),
}


#: what a card's own text changes about its Normal Summon (summoning.Summoning.why_cannot_normal_summon):
#: ruling -> what it allows.  The rules need no card name: the card names the entry.
SUMMON_EXCEPTIONS: dict[str, str] = {
    # 怒怒怒斗笠剑士, 可变机兽 炮手龙: 『这张卡可以不用解放作召唤』
    "summon-without-tribute": "this card may be Normal Summoned or Set without tributing",
    # 轻盈水星: 『这张卡也能把3只怪兽解放作召唤』 (a Level 7+ monster's own method)
    "may-tribute-three": "this card may also be Tribute Summoned by tributing three monsters",
    # 守护神 艾克佐迪亚: 『这张卡也能把5只怪兽解放作召唤』
    "may-tribute-five": "this card may also be Tribute Summoned by tributing five monsters",
    # 太阳神之翼神龙-球体形: 『必须把自己场上3只怪兽解放在自己场上召唤或者把对方场上3只怪兽解放在对方场上召唤』
    "three-tributes-either-field": "its Normal Summon takes three monsters of one field, and puts it on that field",
    # 真龙剑皇 卓辉星·拼图: 『也能把自己场上的永续魔法·永续陷阱卡解放作上级召唤』
    "tributes-continuous-spell-trap": "face-up continuous spells and traps of its controller's field may be "
                                      "tributed for its Tribute Summon",
}


#: every card-specific ruling a card may name (``:rulings:`` of a card), with what it does
CARD_RULINGS: dict[str, str] = {
    **{name: f"keeps 『{row.value}』 through: {'、'.join(t.value for t in kept)}"
       for name, (row, kept) in EXCEPTIONS.items()},
    **LASTING_EXCEPTIONS,
    **BANISH_EXCEPTIONS,
    **SUMMON_EXCEPTIONS,
    **SUMMON_CONDITION_EXCEPTIONS,
    **ZONE_EXCEPTIONS,
    **{name: why for name, (_what, why) in ACTIVATION_EXCEPTIONS.items()},
}


#: what a reader of the site (the coverage page, `rulings coverage`) calls each row and
#: column of the tables above: the information, the transitions, the kinds of lasting
#: effect given face-down and the card-specific rulings, in the document's words
LABELS: dict[object, str] = {
    Info.SUMMONED_THIS_TURN: "这个回合召唤·特殊召唤",
    Info.UNBROKEN_SINCE_SUMMONED: "这个回合召唤后一直表侧表示在场上",
    Info.SET_THIS_TURN: "这个回合盖放",
    Info.NORMAL_SUMMONED: "通常召唤的怪兽",
    Info.TRIBUTE_SUMMONED: "上级召唤的怪兽",
    Info.SUMMONED_WITHOUT_TRIBUTE: "不用解放作召唤",
    Info.SPECIAL_SUMMONED: "特殊召唤的怪兽",
    Info.SYNCHRO_SUMMONED: "同调召唤的怪兽",
    Info.XYZ_SUMMONED: "超量召唤的怪兽",
    Info.FUSION_SUMMONED: "融合召唤的怪兽",
    Info.RITUAL_SUMMONED: "仪式召唤的怪兽",
    Info.LINK_SUMMONED: "连接召唤的怪兽",
    Info.PENDULUM_SUMMONED: "灵摆召唤的怪兽",
    Info.FLIP_SUMMONED: "反转召唤的怪兽",
    Info.FLIPPED: "反转过",
    Info.GEMINI_RESUMMONED: "再度召唤的二重怪兽",
    Info.SUMMONED_FROM: "从何处召唤",
    Info.SUMMON_MATERIALS: "用何召唤（召唤素材）",
    Info.MATERIAL_LINK: "与素材的联系（融合解除等）",
    Info.SUMMONED_BY_EFFECT: "用这个效果特殊召唤",
    Info.SUMMONED_BY_NAME: "用这张卡自身的效果·方法召唤·特殊召唤",
    Info.ON_FIELD_SINCE_SUMMONED: "召唤后一直表侧表示在场上（跨回合）",
    Info.CONTROL_RETURNS_AT: "在之后的结束阶段归还控制权（不是『直到』）",
    Info.ATTACKED: "攻击过",
    Info.BATTLED: "战斗过",
    Info.DESTROYED_BY_BATTLE: "战斗破坏过怪兽",
    Info.USED_THIS_TURN: "这个回合使用过效果（这张卡）",
    Info.USED_WHILE_FACE_UP: "表侧表示存在期间使用过效果（这张卡）",
    Info.POSITION_CHANGED: "这个回合变更过表示形式",
    Info.LASTING: "适用中的持续效果",
    Info.NEGATED: "效果无效",
    Info.TARGET_LINK: "持续取对象",
    Info.COUNTERS: "指示物",
    Info.COUNT: "效果记录的计数",
    Info.ARRIVED_AS: "怎样来到现在的场所（被破坏、送去墓地……）",
    Transition.TURNED_FACE_DOWN: "变成里侧",
    Transition.BANISHED_TEMPORARILY: "一时除外",
    Transition.LEFT_FIELD: "离开场上",
    Transition.CONTROL_CHANGED: "控制权转移",
    Transition.TURN_ENDED: "回合结束",
    Transition.CHANGED_ZONE: "场所移动",
    "indestructible": "不会被破坏",
    "battle": "战斗相关（2次攻击、贯通、伤害2倍……）",
    "win": "决斗胜利",
    "restriction": "限制（不能攻击、不能变更表示形式……）",
    "protection": "抗性（不受效果影响、不会成为对象）",
    "stats": "攻击力·守备力",
    "once-per-turn-survives-face-down": "1回合1次变成里侧的效果，变成里侧后仍算使用过",
    "whole-effect-needs-face-up": "有一部分不能给予时，整个持续效果都不给予",
    "gained-temporary-banish-returns": "只是得到的一时除外效果，除外的怪兽也回来",
    "return-needs-this-card": "回到场上是这张卡入连锁的效果：这张卡不再适用时，除外的怪兽不回来",
    "temporary-banish-face-up": "里侧表示的怪兽也表侧表示除外（之后表侧表示回来）",
    "own-effect-not-proper": "自身的效果可以把它特殊召唤，但不是正规召唤手续",
    "own-effect-proper-from-hand": "自身的效果只有从手卡特殊召唤才是正规召唤手续",
    "nothing-unless-all-fit": "怪兽区域不够放下选出的全部怪兽时，这个效果完全不适用（一只也不特殊召唤）",
    "bans-face-up-effects": "「不能发动」也禁止场上已表侧表示的卡的效果",
    "negated-activations-counted": "被无效的发动也计入次数（卡的发动也一样）",
    "sees-activations-by-effect": "效果处理中被发动的卡，『…卡发动的场合』也会发动",
    "sees-own-activations-by-effect": "只有自身效果处理中发动的卡，『…卡发动的场合』才会发动",
    "summon-without-tribute": "这张卡可以不用解放作召唤",
    "summon-stat-applied-once": "『这个方法特殊召唤的这张卡的攻击力上升N』只在出场时适用1次",
    "phase-trigger-needs-condition": "条件不满足的必发的阶段诱发效果不会发动",
    "destruction-replaced-from-graveyard": "『作为代替把墓地的这张卡除外』：怪兽不被破坏，墓地的卡除外",
    "negated-flip-summon-leaves": "反转召唤被无效而没有被破坏的怪兽由规则送去墓地（不是被哪个玩家）",
    "summon-after-effect-keeps-material-rules": "效果处理后进行的连接召唤，照样适用怪兽自身关于素材的规则（可以用对方的怪兽）",
    "resolved-effects-before-summon": "连锁块处理后才适用的效果，比那之后进行的条件召唤先适用",
    "banished-until-resolved-returns-before-summon": "直到那个效果处理后除外的怪兽，比那之后进行的召唤先回到场上",
    "count-tributed-while-negated": "效果被无效期间，表侧表示存在的卡照样记下被解放的怪兽数量",
    "summoned-monster-chosen-before-tributes": "效果进行的融合·仪式召唤先决定召唤的怪兽再选素材·解放：那只怪兽自身不能作为素材·被解放",
    "treated-name-replaces-own": "『卡名当作「X」使用』适用期间，卡名只是X，不再是原本的卡名",
    "may-tribute-three": "这张卡也能把3只怪兽解放作召唤",
    "may-tribute-five": "这张卡也能把5只怪兽解放作召唤",
    "three-tributes-either-field": "把自己或对方场上3只怪兽解放，在那一边的场上召唤",
    "tributes-continuous-spell-trap": "也能把自己场上的永续魔法·永续陷阱卡解放作上级召唤",
}
