"""Game-agnostic core: card objects and identity, zones, visibility, memory, event log."""

from .errors import IllegalAction, InvariantBroken, RulingsError, SetupError, UnknownCard
from .events import Event, EventLog
from .identity import Card
from .memory import Memory
from .zones import Board, Zone

__all__ = [
    "Board", "Card", "Event", "EventLog", "IllegalAction", "InvariantBroken", "Memory",
    "RulingsError", "SetupError", "UnknownCard", "Zone",
]
