"""The event log: every action and state change, in order.

The log is the trace shown under each example on the site, so that a reader sees why
a ruling comes out as it does.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class Event:
    kind: str
    message: str
    data: dict[str, Any] = field(default_factory=dict)

    def __str__(self) -> str:
        return f"[{self.kind}] {self.message}"


class EventLog:
    def __init__(self) -> None:
        self.events: list[Event] = []

    def record(self, kind: str, message: str, **data: Any) -> Event:
        event = Event(kind, message, data)
        self.events.append(event)
        return event

    def of_kind(self, kind: str) -> list[Event]:
        return [e for e in self.events if e.kind == kind]

    def lines(self) -> list[str]:
        return [str(e) for e in self.events]

    def __len__(self) -> int:
        return len(self.events)
