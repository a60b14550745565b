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
from rulings.project import GAMES
from rulings.core.zones import HiddenTo

from . import statics, trace_words
from .cards import Ability
from .legality import Rule, enforced, refusal
from .catalogue import CATALOGUE
from .memory import ERASED_BY, FaceUp, Transition
from .objects import (_SEARCH_ORDER, BATTLE, DECK, GRAVEYARD, HAND, HYPERSPATIAL, MANA, PLAYERS, PUBLIC_ZONES,
                      SHIELDS, DmCard, Shield)

#: how the refusals a page shows name the players (its steps: 自分, 相手)
_PLAYER_WORDS = {0: "自分", 1: "相手"}
#: the documents' words for the zones, in refusals
_ZONE_WORDS = {DECK: "山札", HAND: "手札", SHIELDS: "シールドゾーン", MANA: "マナゾーン", GRAVEYARD: "墓地",
               BATTLE: "バトルゾーン", HYPERSPATIAL: "超次元ゾーン"}
#: the steps of a turn in which the turn player acts, in order (総合ゲームルール: ターンの進行);
#: a turn never goes back to an earlier step
STEPS = ("charge", "main", "attack")
_STEP_WORDS = {"charge": "マナチャージステップ", "main": "メインステップ", "attack": "攻撃ステップ"}
#: "cannot summon / cast / fortify", in the refusals
_CANNOT = {"召喚": "召喚できない", "唱える": "唱えられない", "要塞化": "要塞化できない"}

class Duel(Game):
    catalogue = CATALOGUE
    trace_words = trace_words.WORDS
    language = GAMES["dm"][0]

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
        #: the attacks of this turn that were blocked (serials of the attackers)
        self.blocked: set[int] = set()
        #: the step of the turn the turn player has reached (STEPS)
        self.step = STEPS[0]
        #: players who have charged mana this turn
        self.charged: set[int] = set()
        #: the attacked creature of the attack under way (None: the player)
        self.attacked: DmCard | None = None
        #: attacks of this turn declared not blocked (serials of the attackers)
        self.unblocked_attacks: set[int] = set()
        #: whether the S・トリガー of the latest broken shields may still be used (only
        #: until the next action)
        self.trigger_window = False

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
            raise SetupError(f"「{name}」は{_ZONE_WORDS.get(zone, zone)}にない")
        return self.put(name, 0 if player is None else player, HAND)

    def put(self, name: str, player: int, kind: str, *, face_up: bool = False, tapped: bool = False,
            on: str | None = None) -> DmCard:
        """Set-up: a new card directly in a zone (a shield of its own in the shield zone,
        the bottom of the deck), without any ability triggering.  An evolution creature
        goes into the battle zone only ``on`` a new creature it evolved from (in an
        earlier turn)."""
        definition = self.definition(name)
        self.check_new_copy(name)
        if kind == HYPERSPATIAL and definition.kind != "psychic creature":
            raise SetupError(f"「{name}」はサイキック・クリーチャーではないので超次元ゾーンに置けない")
        if kind == BATTLE and not definition.is_creature and definition.kind != "D2 field":
            raise SetupError(f"「{name}」はクリーチャーでもD2フィールドでもないのでバトルゾーンに置けない")
        if kind == BATTLE and definition.evolution and on is None:
            raise SetupError(f"「{name}」は進化クリーチャーなので、進化元なしにはバトルゾーンに置けない"
                             f"（「自分のバトルゾーンに「進化元」から進化した「{name}」がある」と書く）")
        base = None
        if on is not None:
            if not (kind == BATTLE and definition.evolution):
                raise SetupError(f"「{name}」はバトルゾーンに置く進化クリーチャーではない")
            base_definition = self.definition(on)
            if not any(base_definition.has_race(w) for w in definition.evolves_from):
                raise SetupError(f"「{name}」は「{on}」から進化できない（進化元：{'・'.join(definition.evolves_from)}）")
            base = self.put(on, player, BATTLE, tapped=tapped)
        card = self.bring_in(definition, player, kind, face_up=False, card_class=DmCard)
        card.tapped = tapped
        if base is not None and self.in_game(card):
            card.under = [base]
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
        # a multicolored card goes into the mana zone tapped (総合ゲームルール 107)
        card.tapped = (kind == MANA and len(card.definition.civilizations) > 1
                       and enforced(Rule.MULTICOLOR_TAPPED))
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
            raise IllegalAction(f"「{castle.name}」は城ではないので要塞化できない")
        if shield.fortress is not None:
            raise IllegalAction("そのシールドはすでに要塞化されている")
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
            raise IllegalAction(f"「{card.name}」はクリーチャーではないのでバトルゾーンに出せない")
        self.move(card, BATTLE, player=player, reason=reason or "put into the battle zone")
        self._trigger(card, "enters", {})

    def destroy(self, card: DmCard) -> None:
        if not self.is_top_creature(card):
            raise IllegalAction(f"「{card.name}」はバトルゾーンのクリーチャーではない")
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

    # -- legality -------------------------------------------------------------------

    def _begin(self) -> None:
        """Every game action but the use of an S・トリガー starts here: no choice may be
        waiting, and the moment to use the S・トリガー of the latest broken shield is over
        (they are used right away, or not at all)."""
        self.require_idle()
        if enforced(Rule.S_TRIGGER_IMMEDIATELY):
            self.trigger_window = False

    def why_cannot_play(self, player: int, card: DmCard, what: str) -> str | None:
        """Why ``player`` cannot summon (``what`` 召喚), cast (唱える) or fortify with
        (要塞化) ``card`` now, not counting its cost: from the hand, in one's own turn,
        before the attack step."""
        cannot = _CANNOT[what]
        if enforced(Rule.FROM_HAND) and (card.zone.kind != HAND or card.owner != player):
            where = (f"（{_ZONE_WORDS.get(card.zone.kind, card.zone.kind)}にある）" if card.owner == player else "")
            return refusal(Rule.FROM_HAND, f"「{card.name}」は{_PLAYER_WORDS[player]}の手札にないので{cannot}{where}")
        if enforced(Rule.OWN_TURN) and player != self.turn_player:
            return refusal(Rule.OWN_TURN, f"{_PLAYER_WORDS[player]}は相手のターンに「{card.name}」を{cannot}")
        if enforced(Rule.STEP_ORDER) and STEPS.index(self.step) > STEPS.index("main"):
            return refusal(Rule.STEP_ORDER, f"このターンはもう攻撃ステップで、メインステップには戻れないので、"
                                            f"「{card.name}」を{cannot}")
        return None

    def payment(self, player: int, card: DmCard, named: Iterable[DmCard] = ()) -> list[DmCard] | str:
        """The mana cards ``player`` taps to pay for ``card`` — the ``named`` ones, and
        more of their untapped mana as needed, a card of each of ``card``'s civilizations
        first — or why they cannot pay."""
        cost = card.definition.cost
        if cost is None:
            raise SetupError(f"「{card.name}」のコストがカードに書かれていない")
        named = list(named)
        for m in named:
            if m.zone.kind != MANA or m.owner != player or m.tapped:
                return refusal(Rule.MANA_COST, f"「{m.name}」は{_PLAYER_WORDS[player]}のマナゾーンの"
                                               f"アンタップしているカードではないので、タップして支払えない")
        fort_e = card.definition.fort_e
        untapped = [m for m in self.zone(player, MANA) if not m.tapped and m not in named]
        # none that would grant an FE ability the player did not name, if it can be helped
        untapped.sort(key=lambda m: bool(fort_e) and m.definition.has_race(fort_e))
        civilizations = [c for c in card.definition.civilizations if c != "ゼロ"]
        paid = list(named)
        for civ in civilizations:
            if any(civ in m.definition.civilizations for m in paid):
                continue
            found = next((m for m in untapped if civ in m.definition.civilizations), None)
            if found is not None and len(paid) < cost:
                paid.append(found)
                untapped.remove(found)
        # the rest: cards of the card's own civilizations first (others may pay for
        # something else later), and none that would grant an FE ability unasked
        untapped.sort(key=lambda m: (not set(m.definition.civilizations) & set(civilizations),
                                     bool(fort_e) and m.definition.has_race(fort_e)))
        paid += untapped[:max(0, cost - len(paid))]
        if enforced(Rule.MANA_COST) and len(paid) < cost:
            return refusal(Rule.MANA_COST, f"「{card.name}」のコストは{cost}だが、{_PLAYER_WORDS[player]}の"
                                           f"マナゾーンのアンタップしているカードは{len(paid)}枚しかない")
        if enforced(Rule.CIVILIZATION):
            for civ in civilizations:
                if not any(civ in m.definition.civilizations for m in paid):
                    return refusal(Rule.CIVILIZATION, f"「{card.name}」は{civ}文明のカードなので、{civ}文明の"
                                                      f"マナを1枚以上タップしなければならない")
        return paid

    def why_cannot_pay_and_play(self, player: int, card: DmCard, what: str,
                                named: Iterable[DmCard] = ()) -> str | None:
        refused = self.why_cannot_play(player, card, what)
        if refused:
            return refused
        paid = self.payment(player, card, named)
        return paid if isinstance(paid, str) else None

    def _pay(self, player: int, card: DmCard, what: str, named: Iterable[DmCard] = ()) -> list[DmCard]:
        refused = self.why_cannot_play(player, card, what)
        if refused:
            raise IllegalAction(refused)
        paid = self.payment(player, card, named)
        if isinstance(paid, str):
            raise IllegalAction(paid)
        for m in paid:
            m.tapped = True
        self.step = "main"
        return paid

    def why_cannot_summon(self, player: int, card: DmCard, named: Iterable[DmCard] = ()) -> str | None:
        if not card.definition.is_creature or card.definition.kind == "psychic creature":
            return f"「{card.name}」は手札から召喚するクリーチャーではない"
        if card.definition.evolution:
            return f"「{card.name}」は進化クリーチャーなので、進化元のクリーチャーの上にしか召喚できない"
        return self.why_cannot_pay_and_play(player, card, "召喚", named)

    def why_cannot_cast(self, player: int, card: DmCard) -> str | None:
        if not card.definition.is_spell:
            return f"「{card.name}」は呪文ではないので唱えられない"
        return self.why_cannot_pay_and_play(player, card, "唱える")

    def why_cannot_charge(self, player: int, card: DmCard) -> str | None:
        """Why ``player`` cannot put ``card`` from the hand into the mana zone (チャージ)
        now: once a turn, in their own turn, before the main step."""
        if card.zone.kind != HAND or card.owner != player:
            return f"「{card.name}」は{_PLAYER_WORDS[player]}の手札にないので、マナゾーンに置けない"
        if enforced(Rule.OWN_TURN) and player != self.turn_player:
            return refusal(Rule.OWN_TURN, f"{_PLAYER_WORDS[player]}は相手のターンにマナチャージできない")
        if enforced(Rule.STEP_ORDER) and self.step != "charge":
            return refusal(Rule.STEP_ORDER, f"このターンはもう{_STEP_WORDS[self.step]}なので、"
                                            f"マナチャージステップに戻ってマナチャージすることはできない")
        if enforced(Rule.ONE_CHARGE) and player in self.charged:
            return refusal(Rule.ONE_CHARGE, f"{_PLAYER_WORDS[player]}はこのターンにもうマナチャージした")
        return None

    def why_cannot_use_s_trigger(self, player: int, card: DmCard) -> str | None:
        if card.zone.kind != HAND or card.owner != player:
            return f"「{card.name}」は{_PLAYER_WORDS[player]}の手札にない"
        if "S・トリガー" not in card.definition.keywords:
            return f"「{card.name}」はS・トリガーを持たない"
        if enforced(Rule.S_TRIGGER_FROM_SHIELD) and card not in self.last_broken:
            return refusal(Rule.S_TRIGGER_FROM_SHIELD, f"「{card.name}」はブレイクされたシールドから手札に加わった"
                                                       f"カードではないので、S・トリガーは使えない")
        if enforced(Rule.S_TRIGGER_IMMEDIATELY) and not self.trigger_window:
            return refusal(Rule.S_TRIGGER_IMMEDIATELY, f"「{card.name}」が手札に加わった後に別の処理が行われたので、"
                                                       f"もうS・トリガーは使えない")
        return None

    def why_cannot_attack(self, attacker: DmCard, defender: DmCard | None = None) -> str | None:
        """Why the creature cannot attack the opponent, or (``defender``) that creature,
        now; None when it can.  A tapped creature cannot attack, nor one that entered the
        battle zone this turn (召喚酔い) unless it is an evolution creature or has
        スピードアタッカー; only a tapped creature of the opponent can be attacked."""
        if not self.is_top_creature(attacker):
            return f"「{attacker.name}」はバトルゾーンにない"
        if attacker.controller != self.turn_player:
            return f"「{attacker.name}」はそのコントローラーのターンにしか攻撃できない"
        if enforced(Rule.TAPPED_CANNOT_ATTACK) and attacker.tapped:
            return refusal(Rule.TAPPED_CANNOT_ATTACK, f"「{attacker.name}」はタップしているので攻撃できない")
        if (enforced(Rule.SUMMONING_SICKNESS) and attacker.serial in self.sick and not attacker.definition.evolution
                and "スピードアタッカー" not in statics.keywords_of(self, attacker)):
            return refusal(Rule.SUMMONING_SICKNESS, f"「{attacker.name}」はこのターンにバトルゾーンに出たので"
                                                    f"攻撃できない")
        if defender is not None:
            if not (self.is_top_creature(defender) and defender.controller != attacker.controller):
                return f"「{defender.name}」は相手のバトルゾーンのクリーチャーではない"
            if enforced(Rule.ATTACK_TAPPED_ONLY) and not defender.tapped:
                return refusal(Rule.ATTACK_TAPPED_ONLY, f"「{defender.name}」はアンタップしているので攻撃できない")
        return None

    def why_cannot_block(self, blocker: DmCard, attacker: DmCard) -> str | None:
        """Why ``blocker`` cannot block ``attacker``'s attack now."""
        if attacker.serial not in self.attacking or attacker.serial in self.blocked:
            return f"「{attacker.name}」はブロックできる攻撃をしていない"
        if not (self.is_top_creature(blocker) and blocker.controller != attacker.controller):
            return f"「{blocker.name}」は攻撃されているプレイヤーのバトルゾーンのクリーチャーではない"
        if enforced(Rule.BLOCKER):
            if "ブロッカー" not in statics.keywords_of(self, blocker):
                return refusal(Rule.BLOCKER, f"「{blocker.name}」はブロッカーを持たないのでブロックできない")
            if blocker.tapped:
                return refusal(Rule.BLOCKER, f"「{blocker.name}」はタップしているのでブロックできない")
        return None

    def shields_to_break(self, attacker: DmCard) -> int:
        """How many shields the unblocked attack on a player breaks: as many as the
        creature breaks (W・ブレイカー 2 …), or all that are left when fewer."""
        return min(statics.shields_broken_by(self, attacker), len(self.shields[1 - attacker.controller]))

    def why_cannot_break(self, attacker: DmCard, shields: list[Shield]) -> str | None:
        if self.attacking.get(attacker.serial) != "player" or attacker.serial not in self.unblocked_attacks:
            return f"「{attacker.name}」は相手プレイヤーを攻撃してブロックされなかったクリーチャーではない"
        defender = 1 - attacker.controller
        if any(s.owner != defender for s in shields) or len({id(s) for s in shields}) != len(shields):
            return "ブレイクするのは攻撃されているプレイヤーのシールドで、同じシールドは1回しか選べない"
        wanted = self.shields_to_break(attacker)
        if enforced(Rule.BREAKER) and len(shields) != wanted:
            return refusal(Rule.BREAKER, f"「{attacker.name}」がブレイクするシールドは{wanted}つで、"
                                         f"{len(shields)}つではない")
        return None

    # -- game actions ---------------------------------------------------------------

    def summon(self, player: int, card: DmCard, tapped_mana: list[DmCard] = ()) -> None:
        self._begin()
        refused = self.why_cannot_summon(player, card, tapped_mana)
        if refused:
            raise IllegalAction(refused)
        paid = self._pay(player, card, "召喚", tapped_mana)
        fort_e = card.definition.fort_e
        data = {"summoned": True,
                "fort_e": bool(fort_e) and any(m.definition.has_race(fort_e) for m in paid)}
        self.move(card, BATTLE, player=player, reason="summoned")
        self._trigger(card, "enters", data)
        self._after_action()

    def evolve(self, player: int, card: DmCard, base: DmCard) -> None:
        self._begin()
        d = card.definition
        if not d.evolution:
            raise IllegalAction(f"「{card.name}」は進化クリーチャーではない")
        if not (self.is_top_creature(base) and base.controller == player
                and any(base.definition.has_race(w) for w in d.evolves_from)):
            raise IllegalAction(f"「{card.name}」は「{base.name}」から進化できない"
                                f"（進化元：{'・'.join(d.evolves_from)}）")
        self._pay(player, card, "召喚")
        self.move(card, BATTLE, player=player, reason=f"evolves from 「{base.name}」")
        card.under = [base, *base.under]
        base.under = []
        self._trigger(card, "enters", {"summoned": True})
        self._after_action()

    def charge(self, player: int, card: DmCard) -> None:
        """マナチャージ: a card of the hand put into the mana zone (a multicolored one tapped)."""
        self._begin()
        refused = self.why_cannot_charge(player, card)
        if refused:
            raise IllegalAction(refused)
        self.charged.add(player)
        self.move(card, MANA, reason="charged")
        self._after_action()

    def destroy_action(self, card: DmCard) -> None:
        self._begin()
        self.destroy(card)
        self._after_action()

    def break_action(self, shield: Shield) -> None:
        self._begin()
        self.break_shield(shield)
        self.trigger_window = True
        self._after_action()

    def use_s_trigger(self, player: int, card: DmCard) -> None:
        """S・トリガー: a card just added to the hand from a broken shield is used for free."""
        self.require_idle()
        refused = self.why_cannot_use_s_trigger(player, card)
        if refused:
            raise IllegalAction(refused)
        self.last_broken.remove(card)
        if card.definition.is_spell:
            self._run(self.cast_ability(player, card))
        else:
            self.put_into_battle(card, player, reason="S・トリガー")
            self._after_action()

    def enter_battle_zone(self, player: int, card: DmCard) -> None:
        """An effect puts the creature into the battle zone (its own abilities trigger)."""
        self._begin()
        self.put_into_battle(card, player)
        self._after_action()

    def cast(self, player: int, card: DmCard) -> None:
        """Cast a spell from the hand in one's own main step, paying its cost."""
        self._begin()
        refused = self.why_cannot_cast(player, card)
        if refused:
            raise IllegalAction(refused)
        self._pay(player, card, "唱える")
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

    def attack(self, attacker: DmCard, defender: DmCard | None = None) -> None:
        """Attack the opponent, or (``defender``) a tapped creature of theirs."""
        self._begin()
        refused = self.why_cannot_attack(attacker, defender)
        if refused:
            raise IllegalAction(refused)
        self.step = "attack"
        target = "player" if defender is None else "creature"
        attacker.tapped = True
        self.attacking = {attacker.serial: target}
        self.attacked = defender
        self.blocked.discard(attacker.serial)
        self.unblocked_attacks.discard(attacker.serial)
        self.log.record("attack.player" if defender is None else "attack", card=attacker, target=defender)
        self._trigger(attacker, "attacks", {"target": target})
        self._after_action()

    def block(self, blocker: DmCard, attacker: DmCard) -> None:
        """The attacked player's blocker taps and becomes what the attack is against:
        the two creatures battle."""
        self._begin()
        refused = self.why_cannot_block(blocker, attacker)
        if refused:
            raise IllegalAction(refused)
        blocker.tapped = True
        self.blocked.add(attacker.serial)
        self.battle(attacker, blocker)
        self._after_action()

    def battle(self, attacker: DmCard, defender: DmCard) -> None:
        """The creature with less power is destroyed; with equal power, both are."""
        if not enforced(Rule.BATTLE):
            return
        if "パワーアタッカー" in statics.keywords_of(self, attacker):
            raise SetupError(f"「{attacker.name}」のパワーアタッカーで増えるパワーがカードに書かれていないので、"
                             f"バトルの結果を決められない")
        powers = []
        for c in (attacker, defender):
            if c.definition.power is None:
                raise SetupError(f"「{c.name}」のパワーがカードに書かれていない")
            powers.append(c.definition.power)
        losers = [c for c, p, q in ((attacker, *powers), (defender, *reversed(powers))) if p <= q]
        for loser in losers:
            if self.is_top_creature(loser):
                self.destroy(loser)

    def unblocked(self, attacker: DmCard) -> None:
        self._begin()
        if attacker.serial not in self.attacking:
            raise IllegalAction(f"「{attacker.name}」は攻撃していない")
        if attacker.serial in self.blocked:
            raise IllegalAction(f"「{attacker.name}」の攻撃はブロックされた")
        target = self.attacking[attacker.serial]
        self.unblocked_attacks.add(attacker.serial)
        self.log.record("attack.unblocked", card=attacker)
        self._trigger(attacker, "unblocked", {"target": target})
        self._after_action()
        if self.waiting is not None:
            return
        defender = 1 - attacker.controller
        if target == "creature" and self.attacked is not None and self.is_top_creature(self.attacked):
            self.battle(attacker, self.attacked)
            self._after_action()
        elif (target == "player" and not self.shields[defender] and enforced(Rule.DIRECT_ATTACK)
              and self.is_top_creature(attacker) and defender not in self.lost):
            self.lost[defender] = "direct attack"
            self.log.record("lose.direct-attack", player=defender)

    def attack_breaks(self, attacker: DmCard, shields: list[Shield]) -> None:
        """The unblocked attack on a player breaks its shields, all at once; their
        S・トリガー may be used right after."""
        self._begin()
        refused = self.why_cannot_break(attacker, shields)
        if refused:
            raise IllegalAction(refused)
        broken: list[DmCard] = []
        for shield in shields:
            self.break_shield(shield)
            broken += self.last_broken
        self.last_broken = broken
        self.trigger_window = True
        self.attacking.pop(attacker.serial, None)
        self._after_action()

    def why_cannot_tap(self, card: DmCard) -> str | None:
        """Why the creature cannot tap for its TT ability now: it is used in its
        controller's turn instead of attacking, so what stops an attack (tapped, 召喚酔い)
        stops it too."""
        if not (self.is_top_creature(card) and card.definition.tap_ability):
            return f"「{card.name}」はTT能力を持つバトルゾーンのクリーチャーではない"
        if card.controller != self.turn_player:
            return f"「{card.name}」のTT能力はそのコントローラーのターンにしか使えない"
        if card.tapped:
            return f"「{card.name}」はタップしているのでTT能力を使えない"
        if (enforced(Rule.SUMMONING_SICKNESS) and card.serial in self.sick and not card.definition.evolution
                and "スピードアタッカー" not in statics.keywords_of(self, card)):
            return refusal(Rule.SUMMONING_SICKNESS, f"「{card.name}」はこのターンにバトルゾーンに出たので"
                                                    f"TT能力を使えない")
        return None

    def use_tap_ability(self, card: DmCard) -> None:
        self._begin()
        refused = self.why_cannot_tap(card)
        if refused:
            raise IllegalAction(refused)
        self.step = "attack"
        card.tapped = True
        self.log.record("tap.ability", card=card)
        self._run(card.definition.tap_ability(self, card, {}))

    def use_d_switch(self, card: DmCard) -> None:
        self._begin()
        if card.zone.kind != BATTLE or card.definition.d_switch is None or card.serial in self.used_d_switch:
            raise IllegalAction(f"「{card.name}」には使えるDスイッチがない")
        self.used_d_switch.add(card.serial)
        self.log.record("D-switch", card=card)
        self._run(card.definition.d_switch(self, card, {}))

    def reveal_action(self, cards: list[DmCard], reason: str) -> None:
        """An effect that only turns cards face up (or shows them), with no further
        instruction: they go back face down, in place, when it is over."""
        self._begin()
        self.reveal(cards, reason)
        self._after_action()

    def draw_action(self, player: int) -> DmCard | None:
        """Drawing a card is a processing of its own (the draw step, or a player told
        to draw): when it is over, the rules check for an empty deck."""
        self._begin()
        card = self.draw(player)
        self._after_action()
        return card

    def fortify_action(self, castle: DmCard, shield: Shield, player: int | None = None) -> None:
        """要塞化 from the hand: a castle is used like a spell, paying its cost."""
        self._begin()
        player = castle.owner if player is None else player
        if castle.definition.kind != "castle":
            raise IllegalAction(f"「{castle.name}」は城ではないので要塞化できない")
        if shield.owner != player:
            raise IllegalAction(f"城は{_PLAYER_WORDS[player]}のシールドにしか要塞化できない")
        self._pay(player, castle, "要塞化")
        self.fortify(castle, shield)
        self._after_action()

    def look_action(self, player: int, cards: list[DmCard]) -> None:
        self._begin()
        self.look(player, cards)
        self._after_action()

    def end_turn(self) -> None:
        self._begin()
        self.log.record("turn.ends", turn=self.turn, player=self.turn_player)
        self.turn += 1
        self.turn_player = self.extra_turns.pop(0) if self.extra_turns else 1 - self.turn_player
        self.sick.clear()
        self.attacking.clear()
        self.blocked.clear()
        self.unblocked_attacks.clear()
        self.step = STEPS[0]
        self.charged.clear()
        # the new turn begins: the turn player untaps their creatures and mana
        for kind in (BATTLE, MANA):
            for card in self.zone(self.turn_player, kind):
                card.tapped = False
        self.log.record("turn", turn=self.turn, player=self.turn_player)
        self._after_action()
