"""Duel Masters' rules tables as cells the coverage tool changes one at a time
(rulings.mutation): why a card is face up × what erases it, and the cards' own flags
(FE abilities, keywords)."""

from __future__ import annotations

from rulings.mutation import Flags, Table, flag_table, memory_table

from . import memory

FLAGS = Flags(effect={"fort-e": {"": [None]}}, card_fields={"fort-e": "fort-e"}, keywords=("keywords",))


def tables() -> list[Table]:
    return [memory_table("dm", memory, memory.ERASED_BY, list(memory.Transition), "表向きである理由 × それを消す出来事"),
            flag_table("dm", FLAGS)]
