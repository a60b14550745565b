"""Every flag of the rules' tables and every named card exception is something some
example depends on (issue 12): change it, and some documented example must fail.

A flag no example depends on is dead, or untested; the test names it.  The tables are:
each game's memory table (what a card remembers × which transitions erase it: one
transition taken out of a row at a time), Yu-Gi-Oh!'s table of lasting effects given to
a face-down monster (one flag per kind of effect, each flipped), Magic's table of what
each way of turning a card face down makes of it (its ward given or taken, its 2/2
changed), the named card exceptions (each taken off the cards that name it), and the
flags a card definition sets on itself: a Yu-Gi-Oh! effect's 强制 and 1回合1次 (taken
off, or its kind swapped), Duel Masters' FE, each keyword of a Magic or Duel Masters
card (taken out) — those only examples naming the card can notice, so only they run.  Examples run in this process, the catalogue rebuilt from the
extracted card records when a mutation touches the cards, so the whole test takes
seconds, not a build per mutation.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass

import pytest

from engine import vocabulary as vocab_mod
from engine.dm import memory as dm_memory
from engine.dm.catalogue import CATALOGUE as DM_CATALOGUE
from engine.mtg import face_down as mtg_face_down
from engine.mtg import identity as mtg_identity
from engine.mtg.catalogue import CATALOGUE as MTG_CATALOGUE
from engine.ygo import memory as ygo_memory
from engine.ygo.catalogue import CATALOGUE as YGO_CATALOGUE

from .scenarios import documented, run

CATALOGUES = {"ygo": YGO_CATALOGUE, "mtg": MTG_CATALOGUE, "dm": DM_CATALOGUE}
SCENARIOS = [(game, example_id, scenario) for game, example_id, scenarios, pending in documented()
             if not pending for scenario in scenarios]
#: how often each example caught a mutation: those are tried first
_CATCHES: Counter[str] = Counter()

#: mutations no example catches yet.  Each is a flag or a table cell that is dead (the
#: rule is also enforced another way, or a value is always overwritten) or untested (no
#: example reaches it); this test found them (issue 12).  Give each an example in the
#: right document or remove the dead entry from its table, then take it off this list —
#: the test fails when a listed mutation starts being caught.
_NO_EXAMPLE_YET = "found by this test: no example depends on it yet (dead or untested)"
_ONCE = "printed 1回合1次: no example uses the effect twice in a turn"
_ONCE_KIND = "printed kind of 1回合1次 (这张卡 / 卡名): no example uses a second copy in the same turn"
_MANDATORY = "printed 强制: no example has the effect's controller decline it"
_KEYWORD = "a keyword ability on the card that no example exercises"
UNTESTED: dict[str, str] = {
    # ygo
    "ygo: ARRIVED_AS no longer erased by CHANGED_ZONE": _NO_EXAMPLE_YET,
    "ygo: ARRIVED_AS no longer erased by LEFT_FIELD": _NO_EXAMPLE_YET,
    "ygo: ATTACKED no longer erased by LEFT_FIELD": _NO_EXAMPLE_YET,
    "ygo: BATTLED no longer erased by LEFT_FIELD": _NO_EXAMPLE_YET,
    "ygo: BATTLED no longer erased by TURN_ENDED": _NO_EXAMPLE_YET,
    "ygo: COUNT no longer erased by BANISHED_TEMPORARILY": _NO_EXAMPLE_YET,
    "ygo: COUNT no longer erased by LEFT_FIELD": _NO_EXAMPLE_YET,
    "ygo: COUNT no longer erased by TURNED_FACE_DOWN": _NO_EXAMPLE_YET,
    "ygo: COUNTERS no longer erased by BANISHED_TEMPORARILY": _NO_EXAMPLE_YET,
    "ygo: COUNTERS no longer erased by LEFT_FIELD": _NO_EXAMPLE_YET,
    "ygo: DESTROYED_BY_BATTLE no longer erased by LEFT_FIELD": _NO_EXAMPLE_YET,
    "ygo: DESTROYED_BY_BATTLE no longer erased by TURN_ENDED": _NO_EXAMPLE_YET,
    "ygo: FLIP_SUMMONED no longer erased by LEFT_FIELD": _NO_EXAMPLE_YET,
    "ygo: FUSION_SUMMONED no longer erased by LEFT_FIELD": _NO_EXAMPLE_YET,
    "ygo: GEMINI_RESUMMONED no longer erased by LEFT_FIELD": _NO_EXAMPLE_YET,
    "ygo: LASTING no longer erased by LEFT_FIELD": _NO_EXAMPLE_YET,
    "ygo: LINK_SUMMONED no longer erased by LEFT_FIELD": _NO_EXAMPLE_YET,
    "ygo: MATERIAL_LINK no longer erased by LEFT_FIELD": _NO_EXAMPLE_YET,
    "ygo: NEGATED no longer erased by BANISHED_TEMPORARILY": _NO_EXAMPLE_YET,
    "ygo: NEGATED no longer erased by LEFT_FIELD": _NO_EXAMPLE_YET,
    "ygo: PENDULUM_SUMMONED no longer erased by LEFT_FIELD": _NO_EXAMPLE_YET,
    "ygo: POSITION_CHANGED no longer erased by BANISHED_TEMPORARILY": _NO_EXAMPLE_YET,
    "ygo: POSITION_CHANGED no longer erased by LEFT_FIELD": _NO_EXAMPLE_YET,
    "ygo: POSITION_CHANGED no longer erased by TURNED_FACE_DOWN": _NO_EXAMPLE_YET,
    "ygo: POSITION_CHANGED no longer erased by TURN_ENDED": _NO_EXAMPLE_YET,
    "ygo: RITUAL_SUMMONED no longer erased by LEFT_FIELD": _NO_EXAMPLE_YET,
    "ygo: SET_THIS_TURN no longer erased by LEFT_FIELD": _NO_EXAMPLE_YET,
    "ygo: SUMMONED_BY_EFFECT no longer erased by BANISHED_TEMPORARILY": _NO_EXAMPLE_YET,
    "ygo: SUMMONED_BY_EFFECT no longer erased by LEFT_FIELD": _NO_EXAMPLE_YET,
    "ygo: SUMMONED_FROM no longer erased by LEFT_FIELD": _NO_EXAMPLE_YET,
    "ygo: SUMMONED_THIS_TURN no longer erased by LEFT_FIELD": _NO_EXAMPLE_YET,
    "ygo: SUMMONED_WITHOUT_TRIBUTE no longer erased by LEFT_FIELD": _NO_EXAMPLE_YET,
    "ygo: SUMMON_MATERIALS no longer erased by LEFT_FIELD": _NO_EXAMPLE_YET,
    "ygo: SYNCHRO_SUMMONED no longer erased by LEFT_FIELD": _NO_EXAMPLE_YET,
    "ygo: TARGET_LINK no longer erased by BANISHED_TEMPORARILY": _NO_EXAMPLE_YET,
    "ygo: TARGET_LINK no longer erased by LEFT_FIELD": _NO_EXAMPLE_YET,
    "ygo: TRIBUTE_SUMMONED no longer erased by LEFT_FIELD": _NO_EXAMPLE_YET,
    "ygo: USED_THIS_TURN no longer erased by LEFT_FIELD": _NO_EXAMPLE_YET,
    "ygo: XYZ_SUMMONED no longer erased by LEFT_FIELD": _NO_EXAMPLE_YET,
    # mtg
    "mtg: attached_object no longer erased by zone-change": _NO_EXAMPLE_YET,
    "mtg: attached_to no longer erased by zone-change": _NO_EXAMPLE_YET,
    "mtg: attacked_this_turn no longer erased by zone-change": _NO_EXAMPLE_YET,
    "mtg: attacking no longer erased by zone-change": _NO_EXAMPLE_YET,
    "mtg: blocked no longer erased by zone-change": _NO_EXAMPLE_YET,
    "mtg: blocking no longer erased by zone-change": _NO_EXAMPLE_YET,
    "mtg: concealed no longer erased by zone-change": _NO_EXAMPLE_YET,
    "mtg: copies no longer erased by zone-change": _NO_EXAMPLE_YET,
    "mtg: counters no longer erased by zone-change": _NO_EXAMPLE_YET,
    "mtg: face_down_as no longer erased by zone-change": _NO_EXAMPLE_YET,
    "mtg: face_down_by no longer erased by turned-face-up": _NO_EXAMPLE_YET,
    "mtg: face_down_by no longer erased by zone-change": _NO_EXAMPLE_YET,
    "mtg: face_up_when no longer erased by turned-face-up": _NO_EXAMPLE_YET,
    "mtg: face_up_when no longer erased by zone-change": _NO_EXAMPLE_YET,
    "mtg: phased_out no longer erased by zone-change": _NO_EXAMPLE_YET,
    "mtg: tapped no longer erased by zone-change": _NO_EXAMPLE_YET,
    "mtg: targets no longer erased by zone-change": _NO_EXAMPLE_YET,
    "mtg: transformed no longer erased by turned-face-down": _NO_EXAMPLE_YET,
    "mtg: transformed no longer erased by turned-face-up": _NO_EXAMPLE_YET,
    "mtg: transformed no longer erased by zone-change": _NO_EXAMPLE_YET,
    # dm
    "dm: KEPT no longer erased by LEFT_ZONE": _NO_EXAMPLE_YET,
    "dm: KEPT no longer erased by REORDERED": _NO_EXAMPLE_YET,
    "dm: PLACED no longer erased by LEFT_ZONE": _NO_EXAMPLE_YET,
    "dm: PLACED no longer erased by REORDERED": _NO_EXAMPLE_YET,
    "dm: REVEALED no longer erased by LEFT_ZONE": _NO_EXAMPLE_YET,
    "dm: TOP_OF_DECK no longer erased by LEFT_ZONE": _NO_EXAMPLE_YET,
    "dm: TOP_OF_DECK no longer erased by NOT_TOP": _NO_EXAMPLE_YET,
    "dm: TOP_OF_DECK no longer erased by REORDERED": _NO_EXAMPLE_YET,
    # per-card flags (printed on the card, so untested rather than dead)
    "dm: 「エンペラー・キリコ」 without T・ブレイカー": _KEYWORD,
    "dm: 「ボルシャック・ドラゴン」 without W・ブレイカー": _KEYWORD,
    "dm: 「偽りの羅刹 アガサ・エルキュール」 without T・ブレイカー": _KEYWORD,
    "dm: 「捜索甲冑ゴロンガー」 without ブロッカー": _KEYWORD,
    "dm: 「神聖で新生な霊樹」 without S・トリガー": _KEYWORD,
    "dm: 「紅神龍バルガゲイザー」 without パワーアタッカー": _KEYWORD,
    "mtg: 「カルロフの番犬」 without 警戒": _KEYWORD,
    "mtg: 「サイバーシップ」 without 飛行": _KEYWORD,
    "mtg: 「命狙いの逃亡者、エトラータ」 without 接死": _KEYWORD,
    # 卡片·效果的发动 (spec/ygo/activation.rst): printed flags no example of that document exercises
    "ygo: 「女武神的契约书」 ①: once-per-turn taken off": _ONCE,
    "ygo: 「女武神的契约书」 ①: once-per-turn 卡名 → 这张卡": _ONCE_KIND,
    "ygo: 「女武神的契约书」 ③: mandatory taken off": _MANDATORY,
    "ygo: 「空牙团的睿智 薇兹」 ①: once-per-turn taken off": _ONCE,
    "ygo: 「空牙团的睿智 薇兹」 ①: once-per-turn 卡名 → 这张卡": _ONCE_KIND,
    "ygo: 「空牙团的睿智 薇兹」 ②: once-per-turn taken off": _ONCE,
    "ygo: 「空牙团的睿智 薇兹」 ②: once-per-turn 卡名 → 这张卡": _ONCE_KIND,
    "ygo: 「幻变骚灵协议」 ②: once-per-turn taken off": _ONCE,
    "ygo: 「幻变骚灵协议」 ②: once-per-turn 卡名 → 这张卡": _ONCE_KIND,
    "ygo: 「EM 天空魔术家」 ①: once-per-turn taken off": _ONCE,
    "ygo: 「龙魂之城」 ②: once-per-turn taken off": _ONCE,
    "ygo: 「龙魂之城」 ②: once-per-turn 这张卡 → 卡名": _ONCE_KIND,
    "ygo: 「星际仙踪-翠玉都」 ①: once-per-turn taken off": _ONCE,
    "ygo: 「星际仙踪-翠玉都」 ①: once-per-turn 这张卡 → 卡名": _ONCE_KIND,
    "ygo: 「EM 天空魔术家」 ①: once-per-turn 这张卡 → 卡名": _ONCE_KIND,
    "ygo: 「EM 天空魔术家」 ②: once-per-turn taken off": _ONCE,
    "ygo: 「EM 天空魔术家」 ②: once-per-turn 卡名 → 这张卡": _ONCE_KIND,
    "ygo: 「妖精龙 古代妖」 ①: once-per-turn taken off": _ONCE,
    "ygo: 「妖精龙 古代妖」 ①: once-per-turn 卡名 → 这张卡": _ONCE_KIND,
    "ygo: 「龙神阵·略图」 ③: once-per-turn taken off": _ONCE,
    "ygo: 「龙神阵·略图」 ③: once-per-turn 这张卡 → 卡名": _ONCE_KIND,
    "ygo: 「兽神·武尔坎」 ①: once-per-turn taken off": _ONCE,
    "ygo: 「兽神·武尔坎」 ①: once-per-turn 卡名 → 这张卡": _ONCE_KIND,
    "ygo: 「真龙拳士 雾动轰·铁拳」 ①: once-per-turn taken off": _ONCE,
    "ygo: 「真龙拳士 雾动轰·铁拳」 ①: once-per-turn 这张卡 → 卡名": _ONCE_KIND,
    "ygo: 「真龙战士 点火烈·炽热」 ①: once-per-turn taken off": _ONCE,
    "ygo: 「真龙战士 点火烈·炽热」 ①: once-per-turn 这张卡 → 卡名": _ONCE_KIND,
    "ygo: 「DDD 咒血王 赛弗里德」 ①: once-per-turn taken off": _ONCE,
    "ygo: 「DDD 咒血王 赛弗里德」 ①: once-per-turn 卡名 → 这张卡": _ONCE_KIND,
    "ygo: 「DDD 烈火大王 决策铁木真」 ②: once-per-turn taken off": _ONCE,
    "ygo: 「DDD 烈火大王 决策铁木真」 ②: once-per-turn 这张卡 → 卡名": _ONCE_KIND,
    "ygo: 「无法醒来的噩梦」 ①: once-per-turn taken off": _ONCE,
    "ygo: 「无法醒来的噩梦」 ①: once-per-turn 这张卡 → 卡名": _ONCE_KIND,
    "ygo: 「无限起动要塞 百万吨百臂狂风」 ②: once-per-turn taken off": _ONCE,
    "ygo: 「无限起动要塞 百万吨百臂狂风」 ②: once-per-turn 这张卡 → 卡名": _ONCE_KIND,
    "ygo: 「No.106 巨岩掌 巨手」 ①: once-per-turn taken off": _ONCE,
    "ygo: 「No.106 巨岩掌 巨手」 ①: once-per-turn 这张卡 → 卡名": _ONCE_KIND,
    "ygo: 「No.16 色之支配者」 ①: once-per-turn taken off": _ONCE,
    "ygo: 「No.16 色之支配者」 ①: once-per-turn 这张卡 → 卡名": _ONCE_KIND,
    "ygo: 「No.23 冥界的灵骑士 兰斯洛特」 ③: once-per-turn taken off": _ONCE,
    "ygo: 「No.23 冥界的灵骑士 兰斯洛特」 ③: once-per-turn 这张卡 → 卡名": _ONCE_KIND,
    "ygo: 「No.38 希望魁龙 银河巨神」 ①: once-per-turn taken off": _ONCE,
    "ygo: 「No.38 希望魁龙 银河巨神」 ①: once-per-turn 这张卡 → 卡名": _ONCE_KIND,
    "ygo: 「No.45 灭亡之预言者」 ①: once-per-turn taken off": _ONCE,
    "ygo: 「No.45 灭亡之预言者」 ①: once-per-turn 这张卡 → 卡名": _ONCE_KIND,
    "ygo: 「No.66 霸键甲虫」 ①: once-per-turn taken off": _ONCE,
    "ygo: 「No.66 霸键甲虫」 ①: once-per-turn 这张卡 → 卡名": _ONCE_KIND,
    "ygo: 「No.81 超重型炮塔列车 优越多拉炮」 ①: once-per-turn taken off": _ONCE,
    "ygo: 「No.81 超重型炮塔列车 优越多拉炮」 ①: once-per-turn 这张卡 → 卡名": _ONCE_KIND,
    "ygo: 「No.98 绝望皇 霍普勒斯」 ②: once-per-turn taken off": _ONCE,
    "ygo: 「No.98 绝望皇 霍普勒斯」 ②: once-per-turn 卡名 → 这张卡": _ONCE_KIND,
    "ygo: 「PSY骨架王·Z」 ①: once-per-turn taken off": _ONCE,
    "ygo: 「PSY骨架王·Z」 ①: once-per-turn 这张卡 → 卡名": _ONCE_KIND,
    "ygo: 「PSY骨架王·Ω」 ①: once-per-turn taken off": _ONCE,
    "ygo: 「PSY骨架王·Ω」 ①: once-per-turn 这张卡 → 卡名": _ONCE_KIND,
    "ygo: 「光波异邦臣」 ①: once-per-turn taken off": _ONCE,
    "ygo: 「光波异邦臣」 ①: once-per-turn 卡名 → 这张卡": _ONCE_KIND,
    "ygo: 「光虫基盘」 ②: once-per-turn taken off": _ONCE,
    "ygo: 「光虫基盘」 ②: once-per-turn 卡名 → 这张卡": _ONCE_KIND,
    "ygo: 「刻剑之魔术师」 ②: once-per-turn taken off": _ONCE,
    "ygo: 「刻剑之魔术师」 ②: once-per-turn 这张卡 → 卡名": _ONCE_KIND,
    "ygo: 「十二兽 蛇笞」 ①: once-per-turn taken off": _ONCE,
    "ygo: 「十二兽 蛇笞」 ①: once-per-turn 卡名 → 这张卡": _ONCE_KIND,
    "ygo: 「卖棺者」 ①: mandatory taken off": _MANDATORY,
    "ygo: 「宇宙耀变龙」 ①: once-per-turn taken off": _ONCE,
    "ygo: 「宇宙耀变龙」 ①: once-per-turn 这张卡 → 卡名": _ONCE_KIND,
    "ygo: 「急袭猛禽-穿刺伯劳」 ②: once-per-turn taken off": _ONCE,
    "ygo: 「急袭猛禽-穿刺伯劳」 ②: once-per-turn 卡名 → 这张卡": _ONCE_KIND,
    "ygo: 「无敌光环」 ①: once-per-turn taken off": _ONCE,
    "ygo: 「无敌光环」 ①: once-per-turn 这张卡 → 卡名": _ONCE_KIND,
    "ygo: 「机壳工具 丑恶」 灵摆: once-per-turn taken off": _ONCE,
    "ygo: 「机壳工具 丑恶」 灵摆: once-per-turn 这张卡 → 卡名": _ONCE_KIND,
    "ygo: 「水晶机巧-量子白晶」 ①: once-per-turn taken off": _ONCE,
    "ygo: 「水晶机巧-量子白晶」 ①: once-per-turn 卡名 → 这张卡": _ONCE_KIND,
    "ygo: 「水晶龙」 ①: once-per-turn taken off": _ONCE,
    "ygo: 「水晶龙」 ①: once-per-turn 这张卡 → 卡名": _ONCE_KIND,
    "ygo: 「永远之魂」 ①: once-per-turn taken off": _ONCE,
    "ygo: 「永远之魂」 ①: once-per-turn 这张卡 → 卡名": _ONCE_KIND,
    "ygo: 「流星龙」 ③: once-per-turn taken off": _ONCE,
    "ygo: 「流星龙」 ③: once-per-turn 这张卡 → 卡名": _ONCE_KIND,
    "ygo: 「混沌幻影」 ①: once-per-turn taken off": _ONCE,
    "ygo: 「混沌幻影」 ①: once-per-turn 这张卡 → 卡名": _ONCE_KIND,
    "ygo: 「湿润之风」 ①: once-per-turn taken off": _ONCE,
    "ygo: 「湿润之风」 ①: once-per-turn 卡名 → 这张卡": _ONCE_KIND,
    "ygo: 「湿润之风」 ②: once-per-turn taken off": _ONCE,
    "ygo: 「湿润之风」 ②: once-per-turn 卡名 → 这张卡": _ONCE_KIND,
    "ygo: 「电子光虫-核心菜粉蝶」 ②: once-per-turn taken off": _ONCE,
    "ygo: 「电子光虫-核心菜粉蝶」 ②: once-per-turn 这张卡 → 卡名": _ONCE_KIND,
    "ygo: 「电子龙·无限」 ①: once-per-turn taken off": _ONCE,
    "ygo: 「电子龙·无限」 ①: once-per-turn 这张卡 → 卡名": _ONCE_KIND,
    "ygo: 「电子龙·无限」 ③: once-per-turn taken off": _ONCE,
    "ygo: 「电子龙·无限」 ③: once-per-turn 这张卡 → 卡名": _ONCE_KIND,
    "ygo: 「番兵石人」 ①: once-per-turn taken off": _ONCE,
    "ygo: 「荷鲁斯之黑炎龙 LV8」 ①: once-per-turn taken off": _ONCE,
    "ygo: 「荷鲁斯之黑炎龙 LV8」 ①: once-per-turn 这张卡 → 卡名": _ONCE_KIND,
    "ygo: 「虚无空间」 ②: mandatory taken off": _MANDATORY,
    "ygo: 「装弹枪管狞猛龙」 ③: once-per-turn taken off": _ONCE,
    "ygo: 「装弹枪管狞猛龙」 ③: once-per-turn 这张卡 → 卡名": _ONCE_KIND,
    "ygo: 「邪龙星-睚眦」 ②: once-per-turn taken off": _ONCE,
    "ygo: 「邪龙星-睚眦」 ②: once-per-turn 这张卡 → 卡名": _ONCE_KIND,
    "ygo: 「闪珖龙 星尘」 ①: once-per-turn taken off": _ONCE,
    "ygo: 「闪珖龙 星尘」 ①: once-per-turn 这张卡 → 卡名": _ONCE_KIND,
    "ygo: 「隐形鸟」 ①: once-per-turn 这张卡 → 卡名": _ONCE_KIND,
    "ygo: 「鬼计人偶」 ①: once-per-turn 这张卡 → 卡名": _ONCE_KIND,
    "ygo: 「鬼计惰天使」 ①: once-per-turn taken off": _ONCE,
    "ygo: 「鬼计惰天使」 ①: once-per-turn 这张卡 → 卡名": _ONCE_KIND,
    "ygo: 「黑羽-隐身蓑之斯蒂姆」 ①: mandatory taken off": _MANDATORY,
}


@dataclass(frozen=True)
class Mutation:
    name: str
    game: str
    apply: Callable[[], Callable[[], None]]  # changes something; returns the undo
    #: a card the mutation changes: only examples that name it can notice
    card: str | None = None

    def __str__(self) -> str:
        return self.name


def _set(game: str, table: dict, key, value) -> Callable[[], Callable[[], None]]:
    """``table[key]`` changed; the catalogue is built again (a card may have read the
    table as it was built) now and after the undo."""
    def apply():
        old = table[key]
        table[key] = value
        CATALOGUES[game].forget()

        def undo():
            table[key] = old
            CATALOGUES[game].forget()

        return undo

    return apply


def _records_changed(game: str, change: Callable[[dict], dict]) -> Callable[[], Callable[[], None]]:
    """Every card record of ``game`` passed through ``change`` (which returns it, or a
    changed copy), the catalogue built again from them; the undo loads the originals."""
    def apply():
        catalogue = CATALOGUES[game]
        catalogue.cards  # noqa: B018 - loaded, so that its records are there
        original = list(catalogue.records.values())
        catalogue.load_records([change(record) for record in original])
        return lambda: catalogue.load_records(original)

    return apply


def _without_ruling(game: str, ruling: str) -> Callable[[], Callable[[], None]]:
    """The card exception ``ruling`` taken off every card that names it."""
    def change(record):
        rulings = (record["fields"].get("rulings") or "").split()
        if ruling not in rulings:
            return record
        return {**record, "fields": {**record["fields"], "rulings": " ".join(r for r in rulings if r != ruling)}}

    return _records_changed(game, change)


def _effect_field(game: str, card: str, index: int, field: str, value: str | None):
    """One field of one effect of one card set to ``value`` (None: taken off)."""
    def change(record):
        if record["name"] != card:
            return record
        effects = list(record["effects"])
        fields = {k: v for k, v in effects[index]["fields"].items() if k != field}
        if value is not None:
            fields[field] = value
        effects[index] = {**effects[index], "fields": fields}
        return {**record, "effects": effects}

    return _records_changed(game, change)


def _card_words(game: str, card: str, field: str, word: str):
    """One word (a keyword …) taken out of a card's field."""
    def change(record):
        if record["name"] != card:
            return record
        words = [w for w in re.split(r"[、\s]+", record["fields"][field]) if w and w != word]
        fields = {k: v for k, v in record["fields"].items() if k != field}
        if words:
            fields[field] = "、".join(words)
        return {**record, "fields": fields}

    return _records_changed(game, change)


#: the per-card flags of an effect, each game's card format: field -> what else it could be
#: (None: the flag taken off).  A once-per-turn kind is both taken off and swapped.
EFFECT_FLAGS: dict[str, dict[str, dict[str, list[str | None]]]] = {
    "ygo": {"mandatory": {"": [None]},
            "once-per-turn": {"这张卡": [None, "卡名"], "卡名": [None, "这张卡"]}},
    "mtg": {},
    "dm": {"fort-e": {"": [None]}},
}
#: card fields that list keyword abilities (each taken out in turn)
KEYWORD_FIELDS = {"ygo": (), "mtg": ("keywords",), "dm": ("keywords",)}


def _card_flag_mutations() -> Iterator[Mutation]:
    for game, catalogue in CATALOGUES.items():
        catalogue.cards  # noqa: B018 - loaded, so that its records are there
        for record in list(catalogue.records.values()):
            card = record["name"]
            for i, effect in enumerate(record["effects"]):
                for field, alternatives in EFFECT_FLAGS[game].items():
                    value = effect["fields"].get(field)
                    for other in alternatives.get(value, []) if value is not None else []:
                        what = "taken off" if other is None else f"{value} → {other}"
                        yield Mutation(f"{game}: 「{card}」 {effect['label']}: {field} {what}".replace(" : ", ": "),
                                       game, _effect_field(game, card, i, field, other), card)
            for field in KEYWORD_FIELDS[game]:
                for word in filter(None, re.split(r"[、\s]+", record["fields"].get(field, ""))):
                    yield Mutation(f"{game}: 「{card}」 without {word}", game, _card_words(game, card, field, word), card)


def _face_down_way(way: str, changed) -> Callable[[], Callable[[], None]]:
    return _set("mtg", mtg_face_down.BY_WAY, way, changed)


def _by_way_mutations() -> Iterator[Mutation]:
    """Magic's table of what each way of turning a card face down makes of it: its ward
    given or taken away, its 2/2 changed."""
    for way, chars in mtg_face_down.BY_WAY.items():
        warded = chars.has(mtg_face_down.WARD_2.text)
        abilities = tuple(a for a in chars.abilities if a != mtg_face_down.WARD_2) if warded \
            else (*chars.abilities, mtg_face_down.WARD_2)
        yield Mutation(f"mtg: face-down by {way} {'without' if warded else 'with'} 護法{{2}}", "mtg",
                       _face_down_way(way, chars.with_(abilities=abilities)))
        yield Mutation(f"mtg: face-down by {way} is 3/3", "mtg", _face_down_way(way, chars.with_(power=3, toughness=3)))


def mutations() -> Iterator[Mutation]:
    for game, table in (("ygo", ygo_memory.ERASED_BY), ("mtg", mtg_identity.ERASED_BY), ("dm", dm_memory.ERASED_BY)):
        for row, erased in table.items():
            for transition in sorted(erased, key=str):
                label = getattr(row, "name", row)
                yield Mutation(f"{game}: {label} no longer erased by {getattr(transition, 'name', transition)}",
                               game, _set(game, table, row, erased - {transition}))
    for kind, given in ygo_memory.GIVEN_FACE_DOWN.items():
        yield Mutation(f"ygo: lasting effects of kind {kind} {'not ' if given else ''}given face-down", "ygo",
                       _set("ygo", ygo_memory.GIVEN_FACE_DOWN, kind, not given))
    for ruling in ygo_memory.CARD_RULINGS:
        yield Mutation(f"ygo: card exception {ruling} taken off its cards", "ygo", _without_ruling("ygo", ruling))
    yield from _by_way_mutations()
    yield from _card_flag_mutations()


MUTATIONS = list(mutations())


def _names(scenario, card: str) -> bool:
    """Whether a step of the scenario (or its table) names the card: a card comes into an
    example only by being named."""
    mark = f"「{card}」"
    return any(mark in step.name or card in str(step.datatable.raw() if step.datatable else "")
               for step in scenario.steps)


@contextmanager
def _mutated(mutation: Mutation):
    undo = mutation.apply()
    try:
        yield
    finally:
        undo()


def _caught_by(mutation: Mutation) -> str | None:
    vocabulary = vocab_mod.load(mutation.game)
    ours = [(eid, sc) for game, eid, sc in SCENARIOS if game == mutation.game
            and (mutation.card is None or _names(sc, mutation.card))]
    ours.sort(key=lambda item: -_CATCHES[item[0]])
    with _mutated(mutation):
        for example_id, scenario in ours:
            _at, err = run(vocabulary, scenario)
            if err is not None:
                _CATCHES[example_id] += 1
                return example_id
    return None


@pytest.mark.parametrize("mutation", MUTATIONS, ids=str)
def test_some_example_fails_when_a_flag_changes(mutation):
    caught = _caught_by(mutation)
    if mutation.name in UNTESTED:
        assert caught is None, f"{mutation}: now caught by {caught}; take it off UNTESTED"
        return
    assert caught is not None, f"{mutation}: no example fails — the flag is dead or untested"


def test_untested_names_mutations_that_exist():
    assert set(UNTESTED) <= {m.name for m in MUTATIONS}


def test_the_examples_pass_unmutated():
    """The baseline: without a mutation every example passes, so a failure above is the
    mutation's doing."""
    for game, example_id, scenario in SCENARIOS:
        _at, err = run(vocab_mod.load(game), scenario)
        assert err is None, (example_id, err)
