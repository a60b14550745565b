"""What a card remembers (memory.py is the table of it): recording, asking and erasing.

A monster's memory is on the card itself (rulings.core.memory.Memory, ``card.memory``):
each piece of information is erased by the transitions of its row in memory.ERASED_BY
(turned face-down, banished temporarily, left the field …) unless an effect brings its own
set; lasting effects applied to a card (攻击力上升, 不能攻击 …) are memory too
(Info.LASTING), and so is what the move that brought a card where it is counts as
(Info.ARRIVED_AS, 4.3.3.4).  This component owns no state of its own.
"""

from __future__ import annotations

from typing import Any

from rulings.core.events import EventLog, Said, named, said

from .memory import SUMMON_METHOD_INFO, Info, Transition, erased_by
from .objects import YgoCard


class Memories:
    """Records, asks and erases what cards remember; the trace says what was forgotten."""

    state_fields: tuple[str, ...] = ()

    def __init__(self, log: EventLog) -> None:
        self.log = log

    def remember(self, card: YgoCard, info: Info, value: Any = True, *, per: Any = None, erase: Any = None,
                 origin: str = "") -> None:
        """Record ``info`` on ``card``; it is erased by the transitions of its row in
        the table (memory.ERASED_BY) unless an effect brings its own ``erase`` set."""
        card.memory.remember(info if per is None else (info, per), value,
                             erased_by=erased_by(info, card.definition.rulings) if erase is None else erase,
                             origin=origin)

    def remembers(self, card: YgoCard, info: Info, per: Any = None) -> bool:
        return (info if per is None else (info, per)) in card.memory

    def recall(self, card: YgoCard, info: Info, per: Any = None, default: Any = None) -> Any:
        return card.memory.recall(info if per is None else (info, per), default)

    def lasting(self, card: YgoCard, mark: str) -> list[Any]:
        """Values of the lasting effects ``mark`` applied to ``card`` (registered by
        resolved effects, erased as the table says)."""
        return [item.value for item in card.memory.items()
                if isinstance(item.key, tuple) and item.key[0] is Info.LASTING and item.key[1][0] == mark]

    def apply_lasting(self, card: YgoCard, mark: str, value: Any = True, *, source: str = "",
                      erase: Any = None) -> None:
        per: tuple = (mark, source or "rule")
        if isinstance(value, int) and not isinstance(value, bool):
            # a change of a number (攻击力上升300) applied again adds to the first, even
            # from the same effect; a lasting state (不能攻击 …) applied again is the same one
            per += (len(card.memory.keys_where(
                lambda key: isinstance(key, tuple) and key[0] is Info.LASTING and key[1][:2] == per)),)
        self.remember(card, Info.LASTING, value, per=per, erase=erase, origin=source)
        self.log.record("apply", card=card, mark=mark, source=named(source) if source and "「" not in source else source)

    def summoned_by(self, card: YgoCard, method: str) -> bool:
        return self.remembers(card, SUMMON_METHOD_INFO[method])

    def transition(self, card: YgoCard, transition: Transition) -> None:
        gone = card.memory.erase(transition)
        if gone:
            self.log.record("forget", card=card, transition=transition, what=[_said(item.key) for item in gone])

    def changed_zone(self, card: YgoCard, source: Any, to: Any) -> None:
        self.transition(card, Transition.CHANGED_ZONE)

    def arrived(self, card: YgoCard, *tags: str) -> None:
        """Record what the move that just put ``card`` where it is counts as."""
        self.remember(card, Info.ARRIVED_AS, frozenset(tags))
        self.log.record("counts-as", card=card, tags=sorted(tags))

    def arrived_as(self, card: YgoCard) -> frozenset[str]:
        return self.recall(card, Info.ARRIVED_AS) or frozenset()


def _said(key) -> Said:
    """A memory key as the trace says it (``forget``)."""
    if isinstance(key, Info):
        return said("memory", info=key)
    info, per = key
    return said("memory.per", info=info, per=per[0] if isinstance(per, tuple) else per)


