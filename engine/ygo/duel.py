"""A Yu-Gi-Oh! duel: state, the shared primitives card effects are built from, and
the rules that decide what a monster keeps when it is turned face-down, banished
temporarily, or leaves the field.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from engine.core import Board, Card, EventLog, IllegalAction, SetupError, UnknownCard, Zone
from engine.core.zones import HiddenTo

from .cards import CardDef, Effect
from .catalogue import CATALOGUE
from .memory import ERASED_BY, SPECIAL_METHODS, SUMMON_METHOD_INFO, Info, Transition

PLAYERS = (0, 1)

# zone kinds
DECK, HAND, EXTRA, MONSTER, SPELL_TRAP, GRAVEYARD, BANISHED = (
    "deck", "hand", "extra deck", "monster zone", "spell & trap zone", "graveyard", "banished")
FIELD_ZONES = (MONSTER, SPELL_TRAP)


@dataclass(eq=False)
class YgoCard(Card):
    #: "attack" | "defense" while a monster is on the field
    position: str = ""
    #: what the card remembered when it last left the field (last known information)
    last_known: dict | None = None


@dataclass(eq=False)
class ChainLink:
    number: int
    card: YgoCard
    object_id: int
    effect: Effect
    player: int
    targets: list[tuple[YgoCard, int]] = field(default_factory=list)
    activation_negated: bool = False
    effect_negated: bool = False

    def card_if_unchanged(self) -> YgoCard | None:
        """The activating card, if it is still the same object as when it activated."""
        return self.card if self.card.object_id == self.object_id else None

    def live_targets(self) -> list[YgoCard]:
        """Targets that are still the objects that were targeted."""
        return [card for card, obj in self.targets if card.object_id == obj]


@dataclass
class TemporaryBanish:
    card: YgoCard
    controller: int
    position: str
    face_up: bool
    returns: str  # "end-phase" | "next-standby" | "now"


class Duel:
    """One duel between player 0 (自己) and player 1 (对方)."""

    def __init__(self) -> None:
        self.log = EventLog()
        self.board = Board(self.log)
        for p in PLAYERS:
            self.board.add_zone(Zone(DECK, p, HiddenTo.EVERYONE, ordered=True))
            self.board.add_zone(Zone(HAND, p, HiddenTo.ALL_BUT_OWNER))
            self.board.add_zone(Zone(EXTRA, p, HiddenTo.ALL_BUT_OWNER))
            self.board.add_zone(Zone(MONSTER, p, HiddenTo.ALL_BUT_CONTROLLER, capacity=5))
            self.board.add_zone(Zone(SPELL_TRAP, p, HiddenTo.ALL_BUT_CONTROLLER, capacity=5))
            self.board.add_zone(Zone(GRAVEYARD, p, public=True))
            self.board.add_zone(Zone(BANISHED, p, public=True))
        self.turn = 1
        self.turn_player = 0
        self.phase = "main1"
        self.chain: list[ChainLink] = []
        self.temporarily_banished: list[TemporaryBanish] = []
        #: 「卡名」的效果1回合只能使用1次: (player, card name, effect label) used this turn
        self.used_names: set[tuple[int, str, str]] = set()

    # -- the world protocol ---------------------------------------------------------

    def trace(self) -> list[str]:
        return self.log.lines()

    def check_invariants(self) -> None:
        self.board.check_invariants()
        for card in self.board.cards():
            if card.zone.kind in FIELD_ZONES and card.definition.is_monster and card.zone.kind == MONSTER:
                if card.position not in ("attack", "defense"):
                    raise AssertionError(f"「{card.name}」 is on the field with no battle position")
                if not card.face_up and card.position != "defense":
                    raise AssertionError(f"「{card.name}」 is face-down in attack position")

    # -- cards ----------------------------------------------------------------------

    @staticmethod
    def definition(name: str) -> CardDef:
        try:
            return CATALOGUE[name]
        except KeyError:
            raise UnknownCard(name, CATALOGUE) from None

    def find(self, name: str, player: int | None = None) -> YgoCard | None:
        """The card called ``name`` (on the field first), if it is in the duel."""
        found = [c for c in self.board.cards() if c.name == name and (player is None or c.owner == player)]
        found.sort(key=lambda c: (c.zone.kind not in FIELD_ZONES, c.serial))
        return found[0] if found else None

    def card(self, name: str, player: int = 0) -> YgoCard:
        """The card called ``name``; a card not yet in the duel starts in its owner's
        hand (extra deck monsters in the extra deck)."""
        existing = self.find(name)
        if existing is not None:
            return existing
        definition = self.definition(name)
        home = EXTRA if definition.extra_deck else HAND
        card = self.board.new_card(definition, player, self.board.zone(player, home), card_class=YgoCard)
        self.log.record("setup", f"「{name}」 starts in {card.zone.label}")
        return card

    def zone_kind(self, card: YgoCard) -> str:
        return card.zone.kind

    def on_field(self, card: YgoCard) -> bool:
        return card.zone.kind in FIELD_ZONES

    # -- memory ---------------------------------------------------------------------

    def remember(self, card: YgoCard, info: Info, value=True, *, per=None, erased_by=None,
                 origin: str = "") -> None:
        """Record ``info`` on ``card``; it is erased by the transitions of its row in
        the table (memory.ERASED_BY) unless an effect brings its own ``erased_by``."""
        card.memory.remember(info if per is None else (info, per), value,
                             erased_by=ERASED_BY[info] if erased_by is None else erased_by, origin=origin)

    def remembers(self, card: YgoCard, info: Info, per=None) -> bool:
        """What the card remembers now; once it has left the field, what it remembered
        as it left (last known information)."""
        key = info if per is None else (info, per)
        if card.last_known is not None and not self.on_field(card):
            return key in card.last_known
        return key in card.memory

    def summoned_by(self, card: YgoCard, method: str) -> bool:
        info = SUMMON_METHOD_INFO[method]
        if info is Info.SPECIAL_SUMMONED:
            return self.remembers(card, Info.SPECIAL_SUMMONED)
        return self.remembers(card, info)

    def _transition(self, card: YgoCard, transition: Transition) -> None:
        gone = card.memory.erase(transition)
        if gone:
            what = "、".join(item.key.value if isinstance(item.key, Info) else f"{item.key[0].value} {item.key[1]}"
                            for item in gone)
            self.log.record("forget", f"「{card.name}」 {transition.value}: forgets {what}", card=card.serial)

    # -- summoning ------------------------------------------------------------------

    def _free_monster_zone(self, player: int) -> Zone:
        zone = self.board.zone(player, MONSTER)
        if len(zone) >= (zone.capacity or 5):
            raise IllegalAction(f"player {player}'s monster zone is full")
        return zone

    def summon(self, card: YgoCard, method: str, player: int | None = None, *, face_up: bool = True,
               tributes: list[YgoCard] = (), materials: list[YgoCard] = (), by: str = "") -> None:
        """Put ``card`` onto the field by ``method`` and record what it remembers."""
        player = card.owner if player is None else player
        d = card.definition
        if not d.is_monster:
            raise SetupError(f"「{card.name}」 is a {d.kind} card and cannot be summoned")
        frame = {"synchro": "synchro", "xyz": "xyz", "fusion": "fusion", "ritual": "ritual",
                 "link": "link", "pendulum": "pendulum", "gemini": "gemini"}.get(method)
        if frame and frame not in d.types:
            raise SetupError(f"「{card.name}」 is not a {frame} monster, so it cannot be {method} summoned")
        if method in ("normal", "tribute") and d.extra_deck:
            raise SetupError(f"「{card.name}」 is an extra deck monster and cannot be normal summoned")
        if method == "gemini":
            if not (self.on_field(card) and card.face_up):
                raise IllegalAction(f"「{card.name}」 must be face-up on the field to be summoned again")
            self.remember(card, Info.GEMINI_RESUMMONED)
            self.remember(card, Info.SUMMONED_THIS_TURN)
            self.log.record("summon", f"「{card.name}」 gemini summoned (summoned again)", card=card.serial)
            return
        for t in tributes:
            self.send_to_graveyard(t, reason=f"tributed for 「{card.name}」")
        source = card.zone.kind
        self.board.move(card, self._free_monster_zone(player), face_up=face_up, controller=player,
                        reason=f"{method} summon" if face_up else "set")
        card.position = "attack" if face_up else "defense"
        card.last_known = None
        self.log.record("summon", f"「{card.name}」 {method} summoned" if face_up else f"「{card.name}」 set",
                        card=card.serial, method=method)
        if not face_up:
            # a monster set face-down is not "summoned" (召唤仅指表侧表示通常召唤),
            # but a tribute set keeps what it was tributed with
            if tributes:
                self.remember(card, Info.SUMMON_MATERIALS, tuple(t.name for t in tributes))
            return
        self.remember(card, Info.SUMMONED_THIS_TURN)
        self.remember(card, SUMMON_METHOD_INFO[method])
        if method == "tribute":
            self.remember(card, Info.NORMAL_SUMMONED)
        if method in SPECIAL_METHODS:
            self.remember(card, Info.SPECIAL_SUMMONED)
            self.remember(card, Info.SUMMONED_FROM, source)
        if tributes or materials:
            names = tuple(c.name for c in (*tributes, *materials))
            self.remember(card, Info.SUMMON_MATERIALS, names)
            self.remember(card, Info.MATERIAL_LINK, names)
        if by:
            self.remember(card, Info.SUMMONED_BY_EFFECT, by)

    def flip_summon(self, card: YgoCard) -> None:
        if not (self.on_field(card) and not card.face_up):
            raise IllegalAction(f"「{card.name}」 is not face-down on the field")
        self.board.turn(card, True, reason="flip summon")
        card.position = "attack"
        self.remember(card, Info.SUMMONED_THIS_TURN)
        self.remember(card, Info.FLIP_SUMMONED)

    # -- face-down / face-up --------------------------------------------------------

    def turn_face_down(self, card: YgoCard, reason: str = "") -> None:
        if not (self.on_field(card) and card.definition.is_monster):
            raise IllegalAction(f"「{card.name}」 is not a monster on the field")
        if not card.face_up:
            raise IllegalAction(f"「{card.name}」 is already face-down")
        self.board.turn(card, False, reason=reason)
        card.position = "defense"
        self._transition(card, Transition.TURNED_FACE_DOWN)

    def flip_face_up(self, card: YgoCard, reason: str = "", position: str = "defense") -> None:
        """Turn a face-down monster face up by an effect: it forgets nothing."""
        if not (self.on_field(card) and not card.face_up):
            raise IllegalAction(f"「{card.name}」 is not face-down on the field")
        self.board.turn(card, True, reason=reason)
        card.position = position

    # -- leaving the field ----------------------------------------------------------

    def _leave_field(self, card: YgoCard, to: Zone, *, reason: str, face_up: bool | None = None) -> None:
        card.last_known = {item.key for item in card.memory.items()}
        self._transition(card, Transition.LEFT_FIELD)
        card.position = ""
        owner_zone = self.board.zone(card.owner, to.kind)
        self.board.move(card, owner_zone, face_up=face_up, reason=reason)

    def send_to_graveyard(self, card: YgoCard, reason: str = "") -> None:
        grave = self.board.zone(card.owner, GRAVEYARD)
        if self.on_field(card):
            self._leave_field(card, grave, reason=reason)
        else:
            self.board.move(card, grave, reason=reason)

    def destroy(self, card: YgoCard, reason: str = "") -> None:
        if not self.on_field(card):
            raise IllegalAction(f"「{card.name}」 is not on the field and cannot be destroyed")
        self.log.record("destroy", f"「{card.name}」 destroyed" + (f" by {reason}" if reason else ""),
                        card=card.serial)
        self.send_to_graveyard(card, reason="destroyed")

    def banish(self, card: YgoCard, reason: str = "", face_up: bool = True) -> None:
        zone = self.board.zone(card.owner, BANISHED)
        if self.on_field(card):
            self._leave_field(card, zone, reason=reason, face_up=face_up)
        else:
            self.board.move(card, zone, face_up=face_up, reason=reason)

    def banish_temporarily(self, card: YgoCard, returns: str = "end-phase", reason: str = "") -> None:
        """Banish a monster until it returns to the field (一时除外)."""
        if not (self.on_field(card) and card.definition.is_monster):
            raise IllegalAction(f"「{card.name}」 is not a monster on the field")
        record = TemporaryBanish(card, card.controller, card.position, card.face_up, returns)
        self._transition(card, Transition.BANISHED_TEMPORARILY)
        position = card.position
        self.board.move(card, self.board.zone(card.owner, BANISHED), face_up=True,
                        reason=reason or "banished temporarily")
        card.position = ""
        self.temporarily_banished.append(record)
        self.log.record("temp-banish", f"「{card.name}」 will return ({returns}) in {position} position",
                        card=card.serial)

    def return_to_field(self, card: YgoCard) -> None:
        """Return a temporarily banished monster: not a summon; same position, former controller."""
        for record in self.temporarily_banished:
            if record.card is card:
                break
        else:
            raise IllegalAction(f"「{card.name}」 is not banished temporarily")
        self.temporarily_banished.remove(record)
        self.board.move(card, self._free_monster_zone(record.controller), face_up=record.face_up,
                        controller=record.controller, reason="returns to the field (not a summon)")
        card.position = record.position

    # -- phases ---------------------------------------------------------------------

    def enter_end_phase(self) -> None:
        self.phase = "end"
        self.log.record("phase", f"turn {self.turn}: end phase")
        for record in [r for r in self.temporarily_banished if r.returns == "end-phase"]:
            self.return_to_field(record.card)
        triggered = [(card, effect) for card in list(self.board.cards()) if self.on_field(card) and card.face_up
                     for effect in card.definition.effects
                     if effect.kind == "trigger" and effect.event == "end-phase"
                     and (effect.condition is None or effect.condition(self, card))]
        for card, effect in triggered:
            self.activate(card, effect.label, player=card.controller)
        self.resolve_chain()

    def end_turn(self) -> None:
        if self.phase != "end":
            self.enter_end_phase()
        for card in list(self.board.cards()):
            self._transition(card, Transition.TURN_ENDED)
        self.used_names.clear()
        self.turn += 1
        self.turn_player = 1 - self.turn_player
        self.phase = "main1"
        self.log.record("phase", f"turn {self.turn} begins (player {self.turn_player})")

    # -- activation and chains ------------------------------------------------------

    def why_cannot_activate(self, card: YgoCard, label: str, player: int | None = None) -> str | None:
        """None if the effect can be activated now; else the reason it cannot."""
        effect = card.definition.effect(label)
        player = card.controller if player is None else player
        if effect.kind == "activation":
            return None
        if card.definition.is_monster and not (self.on_field(card) and card.face_up) \
                and effect.event not in ("sent-to-graveyard",):
            return f"「{card.name}」 is not face-up on the field"
        if effect.condition is not None and not effect.condition(self, card):
            return f"the condition of 「{card.name}」{label} is not met"
        if effect.once_per_turn == "card" and self.remembers(card, Info.USED_THIS_TURN, per=label):
            return f"「{card.name}」{label} was already used this turn"
        if effect.once_per_turn == "name" and (player, card.name, label) in self.used_names:
            return f"「{card.name}」{label} was already used this turn by player {player}"
        return None

    def activate(self, card: YgoCard, label: str, *, player: int | None = None,
                 targets: list[YgoCard] = ()) -> ChainLink:
        player = card.controller if player is None else player
        reason = self.why_cannot_activate(card, label, player)
        if reason:
            raise IllegalAction(reason)
        effect = card.definition.effect(label)
        if effect.targets and len(targets) != effect.targets:
            raise IllegalAction(f"「{card.name}」{label} needs {effect.targets} target(s)")
        if effect.kind == "activation" and card.zone.kind != SPELL_TRAP:
            self.board.move(card, self.board.zone(player, SPELL_TRAP), face_up=True, reason="activated")
        if effect.once_per_turn == "card":
            self.remember(card, Info.USED_THIS_TURN, per=label)
        elif effect.once_per_turn == "name":
            self.used_names.add((player, card.name, label))
        link = ChainLink(len(self.chain) + 1, card, card.object_id, effect, player,
                         [(t, t.object_id) for t in targets])
        self.chain.append(link)
        on = f" targeting {'、'.join(f'「{t.name}」' for t in targets)}" if targets else ""
        self.log.record("activate", f"chain {link.number}: 「{card.name}」{label}{on}", card=card.serial)
        return link

    def resolve_chain(self) -> None:
        while self.chain:
            link = self.chain.pop()
            if link.activation_negated or link.effect_negated:
                self.log.record("resolve", f"chain {link.number}: 「{link.card.name}」{link.effect.label} negated")
                continue
            self.log.record("resolve", f"chain {link.number}: 「{link.card.name}」{link.effect.label}")
            if link.effect.resolve is not None:
                link.effect.resolve(self, link)
        self._finish_spells()

    def _finish_spells(self) -> None:
        for card in list(self.board.cards()):
            if card.zone.kind == SPELL_TRAP and card.face_up and "continuous" not in card.definition.types \
                    and "field" not in card.definition.types and "equip" not in card.definition.types:
                self.send_to_graveyard(card, reason="resolved")
