"""Choices a player makes, for every game.

A choice is never the engine silently taking "the first match".  Either a step states
it — an ability (a generator) yields a :class:`Choice`, the game waits
(:attr:`Decisions.waiting`) until a step decides (:meth:`Decisions.decide`) — or the
rule gives a documented default, which :meth:`Decisions.by_default` takes and shows in
the trace with the rule that gives it.

When declining is allowed (Duel Masters, spec/dm/face-up.rst): a choice of cards *by what they are* among cards of a
non-public zone is optional even when the text is mandatory, because no other player
could check that a fitting card was there.  It becomes mandatory again as soon as a
fitting card is visible to every player (face up): then everyone knows it is there.
A choice that does not depend on what hidden cards are (choose any shield) follows
the text.
"""

from __future__ import annotations

from collections.abc import Generator, Sequence
from dataclasses import dataclass, field
from typing import Any

from .errors import IllegalAction
from .events import EventLog, said


@dataclass
class Choice:
    chooser: int
    prompt: str
    #: what may be chosen (cards, shields, or plain options such as True/False)
    options: list[Any]
    #: how many to choose: at least ``minimum`` (when mandatory), at most ``maximum``
    minimum: int = 1
    maximum: int = 1
    #: the text says "choose" rather than "you may choose"
    text_mandatory: bool = True
    #: the options are cards picked for what they are, from a non-public zone
    by_hidden_characteristic: bool = False
    #: options every other player can see fit (face-up fitting cards)
    verifiable: list[Any] = field(default_factory=list)

    @property
    def mandatory(self) -> bool:
        if not self.text_mandatory or not self.options:
            return False
        if self.by_hidden_characteristic:
            return bool(self.verifiable)
        return True

    def forced(self) -> list[Any] | None:
        """The decision when there is nothing to decide, else None."""
        if not self.options:
            return []
        if self.mandatory and len(self.options) <= self.minimum:
            return list(self.options)
        return None

    def check(self, picked: Sequence[Any]) -> tuple[str, dict[str, Any]] | None:
        """None if ``picked`` is a legal decision; else why not: (the refusal's key, its
        fields), worded by the game's log (``EventLog.say``)."""
        for p in picked:
            if p not in self.options:  # cards and shields compare by identity
                return "refusal.not-an-option", {"picked": p, "prompt": self.prompt}
        if len(picked) > self.maximum:
            return "refusal.too-many", {"n": self.maximum, "prompt": self.prompt}
        if self.mandatory and len(picked) < min(self.minimum, len(self.options)):
            return "refusal.too-few", {"n": self.minimum, "prompt": self.prompt}
        return None

#: the documented default of a choice of cards no step states: the first fitting card in
#: the zone's order (a deck from the top)
FIRST_FITTING = "the first that fits, in the zone's order (a deck from the top)"


def describe(picked: Sequence[Any]) -> str:
    """The picked options as the trace shows them (cards by name)."""
    if not picked:
        return "nothing"
    return "、".join(f"「{p.name}」" if hasattr(p, "name") and hasattr(p, "serial") else repr(p) for p in picked)


def picked_or_nothing(picked: Sequence[Any]):
    """The picked options as an event keeps them (cards typed), or 'nothing'."""
    return list(picked) if picked else said("nothing")


class Decisions:
    """The choice protocol of a game: abilities that wait for a decision, decisions
    checked against what may be chosen, and documented defaults shown in the trace."""

    log: EventLog

    def __init__(self) -> None:
        #: the ability waiting for a decision, and the choice it asked for
        self.waiting: tuple[Generator, Choice] | None = None
        #: the latest choice an ability asked for (waiting or made)
        self.last_choice: Choice | None = None
        #: why the latest refused decisions were refused (observable by steps)
        self.refusals: list[str] = []

    def drive(self, gen: Generator, value: Any = None) -> bool:
        """Run an ability until it ends (True) or waits for a decision (False)."""
        while True:
            try:
                request = gen.send(value)
            except StopIteration:
                return True
            if request.options:
                self.last_choice = request
            forced = request.forced()
            if forced is not None:
                self.log.record("choice.forced", prompt=request.prompt, picked=picked_or_nothing(forced))
                value = forced
                continue
            self.waiting = (gen, request)
            self.log.record("choice.waiting", chooser=request.chooser, prompt=request.prompt,
                            must="mandatory" if request.mandatory else "optional")
            return False

    def decide(self, player: int, picked: list) -> None:
        """The waiting choice, made by ``player``; the ability goes on."""
        if self.waiting is None:
            raise IllegalAction(self.log.say("refusal.no-choice"))
        gen, choice = self.waiting
        if choice.chooser != player:
            raise IllegalAction(self.log.say("refusal.not-chooser", chooser=choice.chooser, player=player))
        refused = choice.check(picked)
        if refused:
            why = self.log.say(refused[0], **refused[1])
            self.refusals.append(why)
            self.log.record("refused", why=why)
            raise IllegalAction(why)
        self.waiting = None
        self.log.record("choice", player=player, picked=picked_or_nothing(picked), prompt=choice.prompt)
        if self.drive(gen, picked):
            self.decided()

    def decided(self) -> None:
        """What the game does once an ability that waited has ended (a hook)."""

    def require_idle(self) -> None:
        if self.waiting is not None:
            raise IllegalAction(self.log.say("refusal.choice-waiting", prompt=self.waiting[1].prompt))

    def by_default(self, chooser: int, prompt: str, options: Sequence[Any], rule: str, n: int = 1) -> list[Any]:
        """The ``n`` options a documented default picks when no step states the choice
        (``options`` in the order the default follows); the trace shows the choice and
        the rule (``rule``) that made it.  When there is nothing to choose between, the
        trace says nothing."""
        picked = list(options)[:n]
        if len(options) > n:
            self.log.record("choice.default", chooser=chooser, prompt=prompt, picked=picked_or_nothing(picked),
                            rule=rule)
        return picked
