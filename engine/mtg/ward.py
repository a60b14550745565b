"""Ward (CR 702.21): "Whenever this permanent becomes the target of a spell or ability
an opponent controls, counter that spell or ability unless that player pays [cost]."

Ward is a keyword a permanent has (護法{2}: a face-down permanent turned face down by
変装 or 偽装 has it, CR 708.2a table); this module turns that keyword into the triggered
ability the game puts on the stack.  Only permanents have ward's trigger: a face-down
spell with 護法{2} on the stack does not trigger when targeted.
"""

from __future__ import annotations

import re
from typing import Any

from .cards import BECOMES_TARGET, TRIGGERED, Ability
from .characteristics import Characteristics
from .objects import MtgCard
from .view import GameView

WARD = re.compile(r"^護法((?:\{[^}]+\})+)$")


def ward_costs(values: Characteristics) -> list[str]:
    """The costs of the ward abilities among ``values`` (each instance triggers)."""
    return [m.group(1) for a in values.abilities if (m := WARD.match(a.text))]


def _counter_unless_paid(game: GameView, source: MtgCard, *, victim: Any, victim_id: int, cost: str,
                         paid: bool = False, **_) -> None:
    if paid:
        game.log.record("pay.ward", cost=cost, card=source)
        return
    if victim in game.stack_rules.stack and getattr(victim, "object_id", victim_id) == victim_id:
        game.stack_rules.counter(victim, by=f"「{source.name}」の護法{cost}")


def ward_trigger(cost: str) -> Ability:
    return Ability(TRIGGERED, f"護法{cost}", event=BECOMES_TARGET, effect=_counter_unless_paid, cost=cost)
