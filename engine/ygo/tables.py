"""Yu-Gi-Oh!'s rules tables as cells the coverage tool changes one at a time
(rulings.mutation): what a monster remembers × what erases it, the lasting effects a
face-down monster is still given, the named card exceptions, the cards' own flags, the
spell speed rules and the basic rules the engine referees actions by (legality.py)."""

from __future__ import annotations

from rulings.mutation import (Cell, Flags, Table, catalogue_records, flag_table, label_of, memory_table, records_changed,
                             set_value, switch_table)

from . import chain, legality, memory, values

WORDS = {"given": "里侧表示时不再给予", "not given": "里侧表示时也给予", "exception": "从有这个特别裁定的卡上去掉它"}
FLAGS = Flags(effect={"mandatory": {"": [None]},
                      "once-per-turn": {"这张卡": [None, "卡名"], "卡名": [None, "这张卡"]}})


def _label(thing, table: Table) -> str:
    return label_of(memory.LABELS, thing, table)


def face_down() -> Table:
    out = Table("face-down", "里侧表示的怪兽也被给予的持续效果", memory)
    for kind, given in memory.GIVEN_FACE_DOWN.items():
        out.add(Cell("face-down", kind, "given", given, WORDS["given" if given else "not given"],
                     set_value("ygo", memory.GIVEN_FACE_DOWN, kind, not given), (kind, "given")),
                _label(kind, out), "里侧表示时给予")
    return out


def _without_ruling(ruling: str):
    def change(record: dict) -> dict:
        rulings = (record["fields"].get("rulings") or "").split()
        if ruling not in rulings:
            return record
        return {**record, "fields": {**record["fields"], "rulings": " ".join(r for r in rulings if r != ruling)}}

    return change


def exceptions() -> Table:
    out = Table("exception", "卡片的特别裁定（特别地……）", memory)
    records = catalogue_records("ygo")
    for ruling in memory.CARD_RULINGS:
        cards = frozenset(r["name"] for r in records if ruling in (r["fields"].get("rulings") or "").split())
        out.add(Cell("exception", ruling, "taken-off", True, WORDS["exception"],
                     records_changed("ygo", _without_ruling(ruling)), (ruling, "taken-off"), cards),
                _label(ruling, out), "去掉")
    return out


def spell_speed() -> Table:
    """The spell speed rules, each switched off alone."""
    out = Table("spell-speed", "咒文速度、召唤之际与对象的规则", chain)
    for rules in (chain.SPELL_SPEED, chain.TARGETING, values.PROCEDURES, values.PENDULUM):
        for rule, on in rules.items():
            out.add(Cell("spell-speed", rule, "off", on, "不再检查这条规则",
                         set_value("ygo", rules, rule, not on), (rule, "off")),
                    {"counter-trap": "反击陷阱只能用反击陷阱连锁",
                     "summon-window-needs-empty-chain": "还有连锁块要处理时，召唤不能被无效",
                     "summon-target-summonable": "特殊召唤对象的效果只能以能特殊召唤的怪兽为对象",
                     "checked-after-cost": "特殊召唤的手续付过代价之后再看能否特殊召唤",
                     "pendulum-effects-after-activation": "灵摆卡的效果在卡的发动处理后才在灵摆区域适用"}.get(rule, rule),
                    "关掉")
    return out


def general_rules() -> Table:
    """The general rules of the face-down document beyond the memory table (memory.RULES)."""
    return switch_table("ygo", "general", "里侧·一时除外的一般规则", memory, memory.RULES,
                        memory.LABELS, "off", "关掉", "不再适用这条规则")


def rules() -> Table:
    """The basic rules the engine referees actions by (legality.py), each switched off."""
    return switch_table("ygo", "rule", "引擎裁定操作的基本规则", legality, legality.ENFORCED, legality.LABELS,
                        "enforced", "适用", "不再适用这条规则")


def tables() -> list[Table]:
    return [memory_table("ygo", memory, memory.ERASED_BY, list(memory.Transition), "怪兽记住的情报 × 使其消失的变化"),
            face_down(), exceptions(), general_rules(), flag_table("ygo", FLAGS), spell_speed(), rules()]
