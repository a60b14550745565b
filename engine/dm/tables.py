"""Duel Masters' rules tables as cells the coverage tool changes one at a time
(rulings.mutation): why a card is face up × what erases it, the basic rules the engine
referees actions by (each switched off), and the cards' own flags (FE abilities, keywords)."""

from __future__ import annotations

from rulings.mutation import Cell, Flags, Table, flag_table, label_of, memory_table, set_value, switch_table

from . import legality, memory

FLAGS = Flags(effect={"fort-e": {"": [None]}}, card_fields={"fort-e": "fort-e"}, keywords=("keywords",))


def rules() -> Table:
    """The basic rules the engine referees actions by (legality.py), each switched off."""
    return switch_table("dm", "rule", "エンジンが行動を審査する基本ルール", legality, legality.ENFORCED,
                        legality.LABELS, "enforced", "守らせる", "このルールを外す")


def tables() -> list[Table]:
    return [memory_table("dm", memory, memory.ERASED_BY, list(memory.Transition), "表向きである理由 × それを消す出来事"),
            rules(), flag_table("dm", FLAGS)]
