"""A Duel Masters game: zones, shields, visibility, and the primitives abilities are
built from (reveal, look, turn face up, put into the battle zone, add a shield …).

Player 0 is 自分, player 1 is 相手.  Whether a hidden card is face up is never set
directly: a primitive records *why* it is face up (memory.FaceUp) and the transitions
of memory.ERASED_BY take the reasons away; :meth:`Duel._sync` turns the card over when
the answer changes.  Abilities are generators (cards.py); a choice the engine cannot
make alone suspends the game until a player decides (:meth:`Duel.decide`).
"""

from __future__ import annotations

import random
from collections.abc import Generator, Iterable

from rulings.core import IllegalAction, SetupError, Zone
from rulings.core.game import Game
from rulings.core.zones import HiddenTo

from . import statics, trace_words
from .cards import Ability
from .catalogue import CATALOGUE
from .memory import ERASED_BY, FaceUp, Transition
from .objects import (_SEARCH_ORDER, BATTLE, DECK, GRAVEYARD, HAND, HYPERSPATIAL, MANA, PLAYERS, PUBLIC_ZONES,
                      SHIELDS, DmCard, Shield)

#: how the refusals a page shows name the players (its steps: 自分, 相手)
_PLAYER_WORDS = {0: "自分", 1: "相手"}

class Duel(Game):
    catalogue = CATALOGUE
    trace_words = trace_words.WORDS

    def __init__(self, seed: int = 0) -> None:
        super().__init__()
        for p in PLAYERS:
            self.board.add_zone(Zone(DECK, p, HiddenTo.EVERYONE, ordered=True))
            self.board.add_zone(Zone(HAND, p, HiddenTo.ALL_BUT_OWNER))
            self.board.add_zone(Zone(SHIELDS, p, HiddenTo.EVERYONE))
            for kind in PUBLIC_ZONES:
                self.board.add_zone(Zone(kind, p, public=True))
        self.shields: dict[int, list[Shield]] = {p: [] for p in PLAYERS}
        self.turn = 1
        self.turn_player = 0
        #: players who take a turn after this one, in order (extra turns)
        self.extra_turns: list[int] = []
        #: players who lost, and why
        self.lost: dict[int, str] = {}
        self.rng = random.Random(seed)
        self.queue: list[tuple[DmCard, Ability, dict]] = []
        self.used_d_switch: set[int] = set()
        self._emptied: set[int] = set()
        #: the cards the latest broken shield put into the hand (S・トリガー may follow)
        self.last_broken: list[DmCard] = []
        #: the top card of each deck when the rules last looked (Transition.NOT_TOP)
        self._tops: dict[int, DmCard | None] = {}
        #: creatures that entered the battle zone this turn (召喚酔い: they cannot attack
        #: before their controller's next turn, unless they have スピードアタッカー)
        self.sick: set[int] = set()
        #: the attack under way: the attacking creature's serial and what it attacks
        #: ("player" or "creature")
        self.attacking: dict[int, str] = {}

    # -- the world protocol ---------------------------------------------------------

    def problems(self):
        for p in PLAYERS:
            zone = self.zone(p, SHIELDS)
            listed = [c for s in self.shields[p] for c in s.all_cards()]
            if sorted(c.serial for c in listed) != sorted(c.serial for c in zone.cards):
                yield f"player {p}'s shields and shield zone disagree"
            if any(not s.cards for s in self.shields[p]):
                yield "a shield with no shield card"
        for card in self.board.cards():
            if card.zone.kind != BATTLE and card.under:
                yield f"「{card.name}」 keeps cards under it outside the battle zone"

    # -- zones and cards ------------------------------------------------------------

    def zone(self, player: int, kind: str) -> Zone:
        return self.board.zone(player, kind)

    def find(self, name: str, player: int | None = None, zone: str | None = None) -> DmCard | None:
        found = [c for c in self.board.cards() if (player is None or c.owner == player)
                 and (zone is None or c.zone.kind == zone)]
        return self.named(name, found, lambda c: (_SEARCH_ORDER.index(c.zone.kind), c.serial))

    def card(self, name: str, player: int | None = None, zone: str | None = None) -> DmCard:
        """The card called ``name``; one not yet in the game starts in its owner's hand."""
        existing = self.find(name, player, zone)
        if existing is not None:
            return existing
        if zone not in (None, HAND):
            raise SetupError(f"「{name}」 is not in the {zone}")
        return self.put(name, 0 if player is None else player, HAND)

    def put(self, name: str, player: int, kind: str, *, face_up: bool = False, tapped: bool = False) -> DmCard:
        """Set-up: a new card directly in a zone (a shield of its own in the shield zone,
        the bottom of the deck), without any ability triggering."""
        definition = self.definition(name)
        self.check_new_copy(name)
        if kind == HYPERSPATIAL and definition.kind != "psychic creature":
            raise SetupError(f"「{name}」 is not a psychic creature")
        if kind == BATTLE and not definition.is_creature and definition.kind != "D2 field":
            raise SetupError(f"「{name}」 cannot be in the battle zone")
        card = self.bring_in(definition, player, kind, face_up=False, card_class=DmCard)
        card.tapped = tapped
        if not self.in_game(card):
            return card  # a Then asks about a card the example never brought in
        if kind == SHIELDS:
            self.shields[player].append(Shield(player, [card]))
        self.log.record("setup.face-up" if face_up else "setup", card=card, zone=card.zone)
        if face_up:
            self._face_up(card, FaceUp.PLACED, "put there face up")
        self._refresh()
        return card

    def creatures(self, player: int) -> list[DmCard]:
        return [c for c in self.zone(player, BATTLE) if c.definition.is_creature and self.is_top_creature(c)]

    def is_top_creature(self, card: DmCard) -> bool:
        return card.zone.kind == BATTLE and not any(card in c.under for c in self.zone(card.zone.owner, BATTLE))

    def shield_of(self, card: DmCard) -> Shield | None:
        for s in self.shields[card.zone.owner] if card.zone.owner is not None else ():
            if s.fortress is card or card in s.cards:
                return s
        return None

    def deck_position(self, card: DmCard) -> int | None:
        """1 for the top card of its deck."""
        return card.zone.cards.index(card) + 1 if card.zone.kind == DECK else None

    # -- visibility -----------------------------------------------------------------

    def knows(self, player: int, card: DmCard) -> bool:
        """Whether ``player`` can tell what ``card`` is: it is public, or they looked at it
        or saw it face up since it last changed zones and its deck was last shuffled."""
        return self.board.can_see(player, card)

    def _face_up(self, card: DmCard, reason: FaceUp, origin: str = "") -> None:
        card.memory.remember(reason, True, erased_by=ERASED_BY[reason], origin=origin)
        self._sync(card, origin)

    def _transition(self, cards: Iterable[DmCard], transition: Transition) -> None:
        for card in cards:
            if card.memory.erase(transition):
                self._sync(card, transition.value)

    def _sync(self, card: DmCard, reason: str = "") -> None:
        want = card.zone.public or any(r in card.memory for r in FaceUp)
        if want == card.face_up:
            return
        self.board.turn(card, want, reason=reason)
        if not want:
            # every player saw it while it was face up; they still know it where it lies
            card.seen_by.update(PLAYERS)

    def _refresh(self) -> None:
        """Continuous rules: the top card of each deck under ラグーン・マーメイド.  A card that
        was the top card and is no longer (another went on top of it) goes through
        Transition.NOT_TOP; one that left its deck or moved in it went through its own."""
        on = statics.top_of_deck_face_up(self)
        for p in PLAYERS:
            deck = self.zone(p, DECK).cards
            top = deck[0] if deck else None
            was = self._tops.get(p)
            self._tops[p] = top
            if was is not None and was is not top and was in deck:
                self._transition([was], Transition.NOT_TOP)
            for i, card in enumerate(deck):
                if i == 0 and on:
                    if FaceUp.TOP_OF_DECK not in card.memory:
                        self._face_up(card, FaceUp.TOP_OF_DECK, "top of the deck (played face up)")
                elif FaceUp.TOP_OF_DECK in card.memory and not on:
                    # the static ability that kept the top card face up is gone
                    card.memory.forget(FaceUp.TOP_OF_DECK)
                    self._sync(card, "top of the deck no longer played face up")

    # -- primitives -----------------------------------------------------------------

    def _detach(self, card: DmCard) -> list[DmCard]:
        """Take ``card`` out of its shield or creature stack; the cards that go with it."""
        kind = card.zone.kind
        if kind == SHIELDS:
            shield = self.shield_of(card)
            if shield.fortress is card:
                shield.fortress = None
            else:
                shield.cards.remove(card)
                if not shield.cards:
                    self.shields[shield.owner].remove(shield)
                    if shield.fortress is not None:
                        # a castle cannot stay without the shield it fortified
                        fortress, shield.fortress = shield.fortress, None
                        self._move(fortress, GRAVEYARD, reason="its shield left the shield zone")
            return [card]
        if kind == BATTLE:
            for c in self.zone(card.zone.owner, BATTLE):
                if card in c.under:
                    c.under.remove(card)
            going, card.under = [card, *card.under], []
            return going
        return [card]

    def _move(self, card: DmCard, kind: str, *, player: int | None = None, index: int | None = None,
              reason: str = "", face_up: FaceUp | None = None) -> DmCard:
        owner = card.owner if player is None else player
        source = card.zone
        if (source.kind == SHIELDS and card.face_up and "シールド・ゴー" in card.definition.keywords
                and kind != SHIELDS):
            # シールド・ゴー: face up, it goes to the graveyard instead
            kind, owner, reason = GRAVEYARD, card.owner, "シールド・ゴー: face up, to the graveyard instead"
        card.memory.erase(Transition.LEFT_ZONE)  # no turning over in the old zone: it is leaving
        self.board.move(card, self.zone(owner, kind), face_up=False, index=index, reason=reason)
        card.tapped = False
        self.attacking.pop(card.serial, None)
        if kind == BATTLE:
            self.sick.add(card.serial)
        else:
            self.sick.discard(card.serial)
        if source.kind == DECK and not source.cards:
            self._emptied.add(source.owner)
        if face_up is not None:
            self._face_up(card, face_up, reason)
        self._sync(card)
        return card

    def move(self, card: DmCard, kind: str, *, player: int | None = None, index: int | None = None,
             reason: str = "", face_up: FaceUp | None = None) -> list[DmCard]:
        """Move a card (with whatever is under it, or the shield it heads) to a zone."""
        going = self._detach(card)
        for c in going:
            self._move(c, kind, player=player, index=index, reason=reason, face_up=face_up)
        self._refresh()
        return going

    def reveal(self, cards: list[DmCard], reason: str = "") -> list[DmCard]:
        """表向きにする / すべてのプレイヤーに見せる (the same thing): face up until the
        effect finishes.  Showing cards of a zone nobody may look at is looking at them,
        so it does not happen (巡霊者メスタポ)."""
        shown = self._may_be_seen(cards, "shown")
        for card in shown:
            self._face_up(card, FaceUp.REVEALED, reason or "revealed")
        return shown

    def _may_be_seen(self, cards: list[DmCard], what: str) -> list[DmCard]:
        """The cards whose zone nobody is forbidden to look at (巡霊者メスタポ); each
        refusal goes into the log."""
        allowed = []
        for card in cards:
            forbidding = statics.looking_forbidden(self, card.zone.kind)
            if forbidding is not None:
                self.log.record("refused.looking", card=card, what=what, by=forbidding, zone=card.zone.kind)
                continue
            allowed.append(card)
        return allowed

    def reveal_top(self, player: int, n: int, reason: str = "") -> list[DmCard]:
        return self.reveal(self.zone(player, DECK).cards[:n], reason)

    def keep_face_up(self, cards: Iterable[DmCard], reason: str = "") -> None:
        for card in cards:
            self._face_up(card, FaceUp.KEPT, reason or "kept face up")

    def look(self, player: int, cards: list[DmCard]) -> list[DmCard]:
        """見る: only ``player`` learns the cards; nobody else is shown anything."""
        seen = self._may_be_seen(cards, f"looked at by player {player}")
        for card in seen:
            self.board.look(player, card)
        return seen

    def to_deck_bottom(self, card: DmCard, reason: str = "") -> None:
        if card.zone.kind == DECK:
            # moving within the deck: the same card, but face down again
            deck = card.zone.cards
            deck.remove(card)
            deck.append(card)
            self.log.record("reorder.bottom", card=card, zone=card.zone)
            self._transition([card], Transition.REORDERED)
            self._refresh()
        else:
            self.move(card, DECK, player=card.owner, reason=reason or "to the bottom of the deck")

    def to_deck_top(self, card: DmCard, reason: str = "") -> None:
        if card.zone.kind == DECK:
            deck = card.zone.cards
            deck.remove(card)
            deck.insert(0, card)
            self.log.record("reorder.top", card=card, zone=card.zone)
            self._transition([card], Transition.REORDERED)
            self._refresh()
        else:
            self.move(card, DECK, player=card.owner, index=0, reason=reason or "to the top of the deck")

    def shuffle(self, player: int) -> None:
        deck = self.zone(player, DECK)
        self.rng.shuffle(deck.cards)
        self.log.record("shuffle", zone=deck)
        # every card goes face down first (whatever made it face up), the rules look at
        # the new order (the top card under ラグーン・マーメイド) …
        self._transition(list(deck.cards), Transition.REORDERED)
        self._refresh()
        # … and only then is all knowledge gone: turning a card face down says "everyone
        # saw it where it lies", but after a shuffle nobody knows where any card is, the
        # cards seen, shown or looked at before included (a face-up card is still seen)
        for card in deck.cards:
            card.seen_by.clear()

    def turn_face_down(self, cards: Iterable[DmCard], reason: str = "") -> None:
        """裏向きにする: whatever made a card of a hidden zone face up is gone (a card of
        a public zone is always face up, and stays so)."""
        for card in cards:
            if not card.zone.public:
                self._transition([card], Transition.TURNED_DOWN)
        self._refresh()

    def shuffle_shields(self, player: int, reason: str = "") -> None:
        """Shuffle a player's shields (冥界の手, and its official Q&A): each shield keeps
        where it lies, how many cards it is made of and the castle fortifying it; its
        cards are shuffled together and dealt back, so many to each shield.  Nobody
        knows afterwards which face-down card is in which shield."""
        shields = self.shields[player]
        cards = [c for s in shields for c in s.cards]
        self.rng.shuffle(cards)
        dealt = 0
        for shield in shields:
            size = len(shield.cards)
            shield.cards = cards[dealt:dealt + size]
            dealt += size
        self.log.record("shuffle.shields", player=player, reason=reason)
        # the text turns them face down first (裏向きにし、シャッフルして); a face-up card
        # would still be seen by everyone, so it is known where it lands
        self._refresh()
        for card in cards:
            card.seen_by.clear()

    def draw(self, player: int) -> DmCard | None:
        deck = self.zone(player, DECK).cards
        if not deck:
            return None
        card = deck[0]
        self.move(card, HAND, reason="drawn")
        return card

    def add_shield(self, player: int, cards: list[DmCard], *, face_up: bool = False, reason: str = "") -> Shield:
        """Put cards into ``player``'s shield zone as one new shield (first card on top)."""
        placed: list[DmCard] = []
        for card in cards:
            for c in self._detach(card):
                self._move(c, SHIELDS, player=player, reason=reason or "new shield",
                           face_up=FaceUp.PLACED if face_up else None)
                placed.append(c)
        shield = Shield(player, placed)
        self.shields[player].append(shield)
        self._refresh()
        return shield

    def put_under_shield(self, shield: Shield, card: DmCard, reason: str = "") -> None:
        """シールド・プラス: face down under an existing shield; still one shield."""
        self._detach(card)
        self._move(card, SHIELDS, player=shield.owner, reason=reason or "under a shield")
        shield.cards.append(card)
        self._refresh()

    def fortify(self, castle: DmCard, shield: Shield) -> None:
        """要塞化: the castle goes face up onto the shield and fortifies it."""
        if castle.definition.kind != "castle":
            raise IllegalAction(f"「{castle.name}」 is not a castle")
        if shield.fortress is not None:
            raise IllegalAction("that shield is already fortified")
        self._detach(castle)
        self._move(castle, SHIELDS, player=shield.owner, reason="fortifies a shield", face_up=FaceUp.PLACED)
        shield.fortress = castle
        self._refresh()

    def break_shield(self, shield: Shield) -> list[DmCard]:
        """The shield's cards go to their owner's hand (a castle to the graveyard)."""
        self.log.record("break", player=shield.owner, cards=shield.cards)
        cards = shield.all_cards()
        if shield.fortress is not None:
            fortress, shield.fortress = shield.fortress, None
            self._move(fortress, GRAVEYARD, reason="its shield was broken")
        for card in list(shield.cards):
            shield.cards.remove(card)
            self._move(card, HAND, reason="shield broken")
        self.shields[shield.owner].remove(shield)
        self.last_broken = [c for c in cards if c.zone.kind == HAND]
        self._refresh()
        return cards

    def put_into_battle(self, card: DmCard, player: int | None = None, reason: str = "") -> None:
        player = card.owner if player is None else player
        if not card.definition.is_creature:
            raise IllegalAction(f"「{card.name}」 is not a creature")
        self.move(card, BATTLE, player=player, reason=reason or "put into the battle zone")
        self._trigger(card, "enters", {})

    def destroy(self, card: DmCard) -> None:
        if not self.is_top_creature(card):
            raise IllegalAction(f"「{card.name}」 is not a creature in the battle zone")
        self.log.record("destroy", card=card)
        self.move(card, GRAVEYARD, reason="destroyed")
        if "シールド・ゴー" in card.definition.keywords:
            self.add_shield(card.owner, [card], face_up=True, reason="シールド・ゴー")
        self._trigger(card, "destroyed", {})

    # -- abilities and choices ------------------------------------------------------

    def _trigger(self, card: DmCard, event: str, data: dict) -> None:
        for ability in card.definition.abilities_on(event):
            if ability.when is None or ability.when(data):
                self.queue.append((card, ability, data))
                self.log.record("trigger", card=card, label=ability.label)

    def _after_action(self) -> None:
        """A processing (an action, a draw, an ability's resolution) has just finished:
        the rules check for lost games, then the next waiting ability resolves, and the
        rules check again when it is over, one by one.  When all is done, the effects
        end (revealed cards go back face down)."""
        while self.waiting is None:
            self._check_rules()
            if not self.queue:
                break
            card, ability, data = self.queue.pop(0)
            self.log.record("resolve", card=card, label=ability.label)
            self.drive(ability.resolve(self, card, data))
        if self.waiting is None:
            self._end_of_processing()

    def _check_rules(self) -> None:
        """The check made whenever a processing ends: a player whose deck was emptied
        during it, and is still empty now, loses (not in the middle of the processing,
        and not only after some later action)."""
        for p in sorted(self._emptied):
            if not self.zone(p, DECK).cards and p not in self.lost:
                self.lost[p] = "deck-out"
                self.log.record("lose.deck-out", player=p)
        self._emptied.clear()

    def _end_of_processing(self) -> None:
        self._transition(list(self.board.cards()), Transition.RESOLVED)
        self._refresh()
        self._check_rules()

    def _run(self, gen: Generator) -> None:
        if self.drive(gen):
            self._after_action()

    def decided(self) -> None:
        self._after_action()

    # -- game actions ---------------------------------------------------------------

    def _own_turn(self, player: int, what: str) -> None:
        """A creature is summoned and a spell is cast (but for S・トリガー) only by the
        player whose turn it is."""
        if player != self.turn_player:
            raise IllegalAction(f"{_PLAYER_WORDS[player]}は相手のターンに{what}できない")

    def summon(self, player: int, card: DmCard, tapped_mana: list[DmCard] = ()) -> None:
        self.require_idle()
        self._own_turn(player, "召喚")
        if card.zone.kind != HAND or card.owner != player:
            raise IllegalAction(f"「{card.name}」は{_PLAYER_WORDS[player]}の手札にない")
        if card.definition.evolution:
            raise IllegalAction(f"「{card.name}」 is an evolution creature: it needs a creature to evolve from")
        for m in tapped_mana:
            if m.zone.kind != MANA or m.owner != player or m.tapped:
                raise IllegalAction(f"「{m.name}」 is not an untapped card of player {player}'s mana zone")
            m.tapped = True
        fort_e = card.definition.fort_e
        data = {"summoned": True,
                "fort_e": bool(fort_e) and any(m.definition.has_race(fort_e) for m in tapped_mana)}
        self.move(card, BATTLE, player=player, reason="summoned")
        self._trigger(card, "enters", data)
        self._after_action()

    def evolve(self, player: int, card: DmCard, base: DmCard) -> None:
        self.require_idle()
        self._own_turn(player, "召喚")
        if card.zone.kind != HAND or card.owner != player:
            raise IllegalAction(f"「{card.name}」は{_PLAYER_WORDS[player]}の手札にない")
        d = card.definition
        if not d.evolution:
            raise IllegalAction(f"「{card.name}」 is not an evolution creature")
        if not (self.is_top_creature(base) and base.controller == player
                and any(base.definition.has_race(w) for w in d.evolves_from)):
            raise IllegalAction(f"「{card.name}」 cannot evolve from 「{base.name}」")
        self.move(card, BATTLE, player=player, reason=f"evolves from 「{base.name}」")
        card.under = [base, *base.under]
        base.under = []
        self._trigger(card, "enters", {"summoned": True})
        self._after_action()

    def destroy_action(self, card: DmCard) -> None:
        self.require_idle()
        self.destroy(card)
        self._after_action()

    def break_action(self, shield: Shield) -> None:
        self.require_idle()
        self.break_shield(shield)
        self._after_action()

    def use_s_trigger(self, player: int, card: DmCard) -> None:
        """S・トリガー: a card just added to the hand from a broken shield is used for free."""
        self.require_idle()
        if not (card in self.last_broken and card.zone.kind == HAND and card.owner == player
                and "S・トリガー" in card.definition.keywords):
            raise IllegalAction(f"「{card.name}」 is not an S・トリガー card just added from a shield")
        self.last_broken.remove(card)
        if card.definition.is_spell:
            self._run(self.cast_ability(player, card))
        else:
            self.put_into_battle(card, player, reason="S・トリガー")
            self._after_action()

    def enter_battle_zone(self, player: int, card: DmCard) -> None:
        """An effect puts the creature into the battle zone (its own abilities trigger)."""
        self.require_idle()
        self.put_into_battle(card, player)
        self._after_action()

    def cast(self, player: int, card: DmCard) -> None:
        """Cast a spell from the hand, in one's own turn (its cost is not modelled)."""
        self.require_idle()
        if not card.definition.is_spell:
            raise IllegalAction(f"「{card.name}」 is not a spell")
        if card.zone.kind != HAND or card.owner != player:
            raise IllegalAction(f"「{card.name}」は{_PLAYER_WORDS[player]}の手札にない：呪文は手札から唱える")
        self._own_turn(player, "呪文を唱えることは")
        self._run(self.cast_ability(player, card))

    def cast_ability(self, player: int, card: DmCard) -> Generator:
        """Casting, as a part of an ability (the spell resolves, then goes to the graveyard;
        a spell with チャージャー goes to its owner's mana zone instead)."""
        self.log.record("cast", player=player, card=card)
        for creature in self.creatures(1 - player):
            self._trigger(creature, "opponent-casts-spell", {"caster": player, "spell": card})
        for ability in card.definition.abilities_on("cast"):
            yield from ability.resolve(self, card, {"caster": player})
        charger = "チャージャー" in card.definition.keywords
        after = MANA if charger else GRAVEYARD
        if card.zone.kind not in (GRAVEYARD, after):
            self.move(card, after, reason="チャージャー: to the mana zone instead" if charger else "resolved")

    def why_cannot_attack(self, attacker: DmCard, defender: DmCard | None = None) -> str | None:
        """Why the creature cannot attack the opponent, or (``defender``) that creature,
        now; None when it can.  A tapped creature cannot attack, nor one that entered the
        battle zone this turn (召喚酔い) unless it is an evolution creature or has
        スピードアタッカー; only a tapped creature of the opponent can be attacked."""
        if not self.is_top_creature(attacker):
            return f"「{attacker.name}」 is not in the battle zone"
        if attacker.controller != self.turn_player:
            return f"「{attacker.name}」 can attack only in its controller's turn"
        if attacker.tapped:
            return f"「{attacker.name}」 is tapped: a tapped creature cannot attack"
        if (attacker.serial in self.sick and not attacker.definition.evolution
                and "スピードアタッカー" not in statics.keywords_of(self, attacker)):
            return f"「{attacker.name}」 entered the battle zone this turn (召喚酔い) and cannot attack"
        if defender is not None:
            if not (self.is_top_creature(defender) and defender.controller != attacker.controller):
                return f"「{defender.name}」 is not a creature of the opponent"
            if not defender.tapped:
                return f"「{defender.name}」 is untapped: only a tapped creature can be attacked"
        return None

    def attack(self, attacker: DmCard, defender: DmCard | None = None) -> None:
        """Attack the opponent, or (``defender``) a tapped creature of theirs."""
        self.require_idle()
        refused = self.why_cannot_attack(attacker, defender)
        if refused:
            raise IllegalAction(refused)
        target = "player" if defender is None else "creature"
        attacker.tapped = True
        self.attacking = {attacker.serial: target}
        self.log.record("attack.player" if defender is None else "attack", card=attacker, target=defender)
        self._trigger(attacker, "attacks", {"target": target})
        self._after_action()

    def unblocked(self, attacker: DmCard) -> None:
        self.require_idle()
        if attacker.serial not in self.attacking:
            raise IllegalAction(f"「{attacker.name}」は攻撃していない")
        target = self.attacking[attacker.serial]
        self.log.record("attack.unblocked", card=attacker)
        self._trigger(attacker, "unblocked", {"target": target})
        self._after_action()

    def use_tap_ability(self, card: DmCard) -> None:
        self.require_idle()
        if not (self.is_top_creature(card) and card.definition.tap_ability) or card.tapped:
            raise IllegalAction(f"「{card.name}」 cannot use a tap ability now")
        card.tapped = True
        self.log.record("tap.ability", card=card)
        self._run(card.definition.tap_ability(self, card, {}))

    def use_d_switch(self, card: DmCard) -> None:
        self.require_idle()
        if card.zone.kind != BATTLE or card.definition.d_switch is None or card.serial in self.used_d_switch:
            raise IllegalAction(f"「{card.name}」 has no D-switch to use")
        self.used_d_switch.add(card.serial)
        self.log.record("D-switch", card=card)
        self._run(card.definition.d_switch(self, card, {}))

    def reveal_action(self, cards: list[DmCard], reason: str) -> None:
        """An effect that only turns cards face up (or shows them), with no further
        instruction: they go back face down, in place, when it is over."""
        self.require_idle()
        self.reveal(cards, reason)
        self._after_action()

    def draw_action(self, player: int) -> DmCard | None:
        """Drawing a card is a processing of its own (the draw step, or a player told
        to draw): when it is over, the rules check for an empty deck."""
        self.require_idle()
        card = self.draw(player)
        self._after_action()
        return card

    def fortify_action(self, castle: DmCard, shield: Shield) -> None:
        self.require_idle()
        self.fortify(castle, shield)
        self._after_action()

    def look_action(self, player: int, cards: list[DmCard]) -> None:
        self.require_idle()
        self.look(player, cards)
        self._after_action()

    def end_turn(self) -> None:
        self.require_idle()
        self.log.record("turn.ends", turn=self.turn, player=self.turn_player)
        self.turn += 1
        self.turn_player = self.extra_turns.pop(0) if self.extra_turns else 1 - self.turn_player
        self.sick.clear()
        self.attacking.clear()
        # the new turn begins: the turn player untaps their creatures and mana
        for kind in (BATTLE, MANA):
            for card in self.zone(self.turn_player, kind):
                card.tapped = False
        self.log.record("turn", turn=self.turn, player=self.turn_player)
        self._after_action()
