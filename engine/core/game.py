"""What every game shares: a board with its event log (the trace), invariants checked
after every action, finding the cards an example names (copies by number), card
definitions, choices, and a fingerprint of the state (a Then only observes).

A game subclasses :class:`Game`, names its catalogue, and yields the problems its own
invariants find from :meth:`Game.problems`; :meth:`Game.check_invariants` raises
:class:`InvariantBroken` for the first.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from typing import Any, ClassVar

from . import state, trace_words
from .choices import Decisions
from .errors import InvariantBroken, SetupError
from .events import EventLog
from .identity import Card
from .zones import Board


class Game(Decisions):
    #: the game's card definitions by name (a Catalogue: UnknownCard for a name it lacks)
    catalogue: ClassVar[Any]
    #: how the trace words each event, per language (the game's table over the shared one)
    trace_words: ClassVar[Any] = trace_words.WORDS
    #: the language the game's documents are written in (rulings.project.GAMES)
    language: ClassVar[str] = "en"

    def __init__(self) -> None:
        self.log = EventLog(self.trace_words, self.language)
        self.board = Board(self.log)
        Decisions.__init__(self)
        #: >0 while a Then observes (see :meth:`observing`)
        self._observing = 0
        #: last known information: object id -> what the game knew of that object as it
        #: stopped being it (left the field or the battlefield)
        self._last_known: dict[int, Any] = {}

    # -- the world protocol -------------------------------------------------------

    def trace(self, language: str = "en") -> list[str]:
        """The event log in ``language`` ("zh-CN", "ja"; English, for developers, by
        default) with the game's wording table (:attr:`trace_words`)."""
        return self.log.lines(language, self.trace_words)

    def fingerprint(self) -> tuple:
        return state.fingerprint(self)

    @contextmanager
    def observing(self):
        """While a Then step runs: a card the example never brought into the game is
        asked about as if it were in its home zone, without placing it (see
        :meth:`bring_in`).  The binding checks that nothing else changes either."""
        self._observing += 1
        try:
            yield self
        finally:
            self._observing -= 1

    def bring_in(self, definition: Any, owner: int, zone_kind: str, *, card_class: type[Card],
                 face_up: bool | None = None, index: int | None = None, **attributes) -> Card:
        """A new copy of a card in ``owner``'s ``zone_kind``.  While a Then observes it is
        not placed: the copy only says where it would be (its zone) and is in no zone's
        list, so the game is unchanged ("对方不能以「X」为对象发动「月之书」" asks about a
        「月之书」 in the hand that the example never needed)."""
        zone = self.board.zone(owner, zone_kind)
        if not self._observing:
            return self.board.new_card(definition, owner, zone, face_up=face_up, index=index,
                                       card_class=card_class, **attributes)
        card = card_class(definition=definition, owner=owner, serial=0, **attributes)
        card.zone = zone
        card.face_up = zone.default_face() if face_up is None else face_up
        return card

    def in_game(self, card: Card) -> bool:
        """Whether the card is in the game (not a copy a Then only asks about)."""
        return card.zone is not None and card in card.zone

    def keep_last_known(self, card: Card, known: Any) -> None:
        """Keep what the game knew of ``card`` as the object it is now (its last known
        information), before it becomes a new object.  A question about that object
        later (an effect of the object that left, a trigger's controller) is answered
        from this, by object id: the card itself is another object by then."""
        self._last_known[card.object_id] = known

    def last_known(self, object_id: int) -> Any:
        """The last known information of the object ``object_id``; None if it never left."""
        return self._last_known.get(object_id)

    def check_invariants(self) -> None:
        """Raise InvariantBroken if the game is in a state no game can be in."""
        self.board.check_invariants()
        for problem in self.problems():
            raise InvariantBroken(problem)

    def problems(self) -> Iterator[str]:
        """The game's own invariants: a description of each one broken."""
        return iter(())

    # -- cards --------------------------------------------------------------------

    @classmethod
    def definition(cls, name: str) -> Any:
        """The card called ``name`` in the catalogue of the documents' cards
        (UnknownCard, or the card's own problem when its definition is broken)."""
        return cls.catalogue[name]

    def named(self, name: str, candidates: Iterable[Card], preference) -> Card | None:
        """The card an example means by ``name`` among ``candidates``.

        A plain name means the copy the game prefers (``preference``: a sort key, e.g.
        cards on the field first).  A numbered name (a CardName with ``copy``: 「X」 with
        第2张 / 另一张 / 2枚目の / もう1枚の before it) means the n-th copy of the whole
        game, in the order the copies came into it; None when it is not among
        ``candidates`` or not in the game yet (a Given then brings it in)."""
        definition = self._definition_or_none(name)
        number = getattr(name, "copy", None)
        if number is not None:
            copies = self.copies(name)
            wanted = copies[number - 1] if len(copies) >= number else None
            return wanted if wanted is not None and any(c is wanted for c in candidates) else None
        found = sorted((c for c in candidates if c.name == name or c.definition is definition), key=preference)
        return found[0] if found else None

    def copies(self, name: str) -> list[Card]:
        """Every copy of the card ``name`` in the game, in the order they came into it."""
        definition = self._definition_or_none(name)
        return sorted((c for c in self.board.cards() if c.name == name or c.definition is definition),
                      key=lambda c: c.serial)

    def check_new_copy(self, name: str) -> None:
        """A numbered name brings in the next copy only (第3张 needs a 第2张 first)."""
        number = getattr(name, "copy", None)
        if number is None:
            return
        have = len(self.copies(name))
        if number != have + 1:
            raise SetupError(f"copy {number} of 「{name}」 is not in the game and cannot be the next one "
                             f"brought in: the example has {have} cop{'y' if have == 1 else 'ies'} of it")

    def _definition_or_none(self, name: str) -> Any:
        try:
            return self.definition(name)
        except Exception:  # noqa: BLE001 - an unknown name matches no card
            return None


__all__ = ["Game"]
