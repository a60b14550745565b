"""Playing cards in Duel Masters: マナチャージ, paying a cost with mana, summoning and
evolving creatures, casting spells (and spells cast by an ability), putting creatures
into the battle zone, and D・スイッチ.
"""

from __future__ import annotations

from collections.abc import Generator, Iterable

from rulings.core import IllegalAction, SetupError
from rulings.core.events import EventLog

from .legality import Rule, enforced, refusal
from .moves import Moves
from .objects import BATTLE, GRAVEYARD, HAND, MANA, PLAYER_WORDS, ZONE_WORDS, DmCard
from .processing import Processing
from .turn import STEP_WORDS, STEPS, Turn
from .zones import Zones

#: "cannot summon / cast / fortify", in the refusals
CANNOT = {"召喚": "召喚できない", "唱える": "唱えられない", "要塞化": "要塞化できない"}


class Playing:
    """Owns the D・スイッチ already used (serials of their cards)."""

    state_fields = ("used_d_switch",)

    def __init__(self, zones: Zones, moves: Moves, turn: Turn, processing: Processing, log: EventLog) -> None:
        self.zones = zones
        self.moves = moves
        self.turn = turn
        self.processing = processing
        self.log = log
        self.used_d_switch: set[int] = set()

    # -- legality ---------------------------------------------------------------------

    def why_cannot_play(self, player: int, card: DmCard, what: str) -> str | None:
        """Why ``player`` cannot summon (``what`` 召喚), cast (唱える) or fortify with
        (要塞化) ``card`` now, not counting its cost: from the hand, in one's own turn,
        before the attack step."""
        cannot = CANNOT[what]
        if enforced(Rule.FROM_HAND) and (card.zone.kind != HAND or card.owner != player):
            where = (f"（{ZONE_WORDS.get(card.zone.kind, card.zone.kind)}にある）" if card.owner == player else "")
            return refusal(Rule.FROM_HAND, f"「{card.name}」は{PLAYER_WORDS[player]}の手札にないので{cannot}{where}")
        if enforced(Rule.OWN_TURN) and player != self.turn.player:
            return refusal(Rule.OWN_TURN, f"{PLAYER_WORDS[player]}は相手のターンに「{card.name}」を{cannot}")
        if enforced(Rule.STEP_ORDER) and STEPS.index(self.turn.step) > STEPS.index("main"):
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
                return refusal(Rule.MANA_COST, f"「{m.name}」は{PLAYER_WORDS[player]}のマナゾーンの"
                                               f"アンタップしているカードではないので、タップして支払えない")
        fort_e = card.definition.fort_e
        untapped = [m for m in self.zones.zone(player, MANA) if not m.tapped and m not in named]
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
            return refusal(Rule.MANA_COST, f"「{card.name}」のコストは{cost}だが、{PLAYER_WORDS[player]}の"
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

    def pay(self, player: int, card: DmCard, what: str, named: Iterable[DmCard] = ()) -> list[DmCard]:
        refused = self.why_cannot_play(player, card, what)
        if refused:
            raise IllegalAction(refused)
        paid = self.payment(player, card, named)
        if isinstance(paid, str):
            raise IllegalAction(paid)
        for m in paid:
            m.tapped = True
        self.turn.step = "main"
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
            return f"「{card.name}」は{PLAYER_WORDS[player]}の手札にないので、マナゾーンに置けない"
        if enforced(Rule.OWN_TURN) and player != self.turn.player:
            return refusal(Rule.OWN_TURN, f"{PLAYER_WORDS[player]}は相手のターンにマナチャージできない")
        if enforced(Rule.STEP_ORDER) and self.turn.step != "charge":
            return refusal(Rule.STEP_ORDER, f"このターンはもう{STEP_WORDS[self.turn.step]}なので、"
                                            f"マナチャージステップに戻ってマナチャージすることはできない")
        if enforced(Rule.ONE_CHARGE) and player in self.turn.charged:
            return refusal(Rule.ONE_CHARGE, f"{PLAYER_WORDS[player]}はこのターンにもうマナチャージした")
        return None

    # -- playing ----------------------------------------------------------------------

    def summon(self, player: int, card: DmCard, tapped_mana: Iterable[DmCard] = ()) -> None:
        refused = self.why_cannot_summon(player, card, tapped_mana)
        if refused:
            raise IllegalAction(refused)
        paid = self.pay(player, card, "召喚", tapped_mana)
        fort_e = card.definition.fort_e
        data = {"summoned": True,
                "fort_e": bool(fort_e) and any(m.definition.has_race(fort_e) for m in paid)}
        self.moves.move(card, BATTLE, player=player, reason="summoned")
        self.processing.trigger(card, "enters", data)

    def evolve(self, player: int, card: DmCard, base: DmCard) -> None:
        d = card.definition
        if not d.evolution:
            raise IllegalAction(f"「{card.name}」は進化クリーチャーではない")
        if not (self.zones.is_top_creature(base) and base.controller == player
                and any(base.definition.has_race(w) for w in d.evolves_from)):
            raise IllegalAction(f"「{card.name}」は「{base.name}」から進化できない"
                                f"（進化元：{'・'.join(d.evolves_from)}）")
        self.pay(player, card, "召喚")
        self.moves.move(card, BATTLE, player=player, reason=f"evolves from 「{base.name}」")
        card.under = [base, *base.under]
        base.under = []
        self.processing.trigger(card, "enters", {"summoned": True})

    def charge(self, player: int, card: DmCard) -> None:
        """マナチャージ: a card of the hand put into the mana zone (a multicolored one tapped)."""
        refused = self.why_cannot_charge(player, card)
        if refused:
            raise IllegalAction(refused)
        self.turn.charged.add(player)
        self.moves.move(card, MANA, reason="charged")

    def cast(self, player: int, card: DmCard) -> None:
        """Cast a spell from the hand in one's own main step, paying its cost."""
        refused = self.why_cannot_cast(player, card)
        if refused:
            raise IllegalAction(refused)
        self.pay(player, card, "唱える")
        self.processing.run(self.cast_ability(player, card))

    def cast_ability(self, player: int, card: DmCard) -> Generator:
        """Casting, as a part of an ability (the spell resolves, then goes to the graveyard;
        a spell with チャージャー goes to its owner's mana zone instead)."""
        self.log.record("cast", player=player, card=card)
        for creature in self.zones.creatures(1 - player):
            self.processing.trigger(creature, "opponent-casts-spell", {"caster": player, "spell": card})
        for ability in card.definition.abilities_on("cast"):
            yield from self.processing.resolution(ability.resolve, card, {"caster": player})
        charger = "チャージャー" in card.definition.keywords
        after = MANA if charger else GRAVEYARD
        if card.zone.kind not in (GRAVEYARD, after):
            self.moves.move(card, after, reason="チャージャー: to the mana zone instead" if charger else "resolved")

    def put_into_battle(self, card: DmCard, player: int | None = None, reason: str = "") -> None:
        player = card.owner if player is None else player
        if not card.definition.is_creature:
            raise IllegalAction(f"「{card.name}」はクリーチャーではないのでバトルゾーンに出せない")
        self.moves.move(card, BATTLE, player=player, reason=reason or "put into the battle zone")
        self.processing.trigger(card, "enters", {})

    def use_d_switch(self, card: DmCard) -> None:
        if card.zone.kind != BATTLE or card.definition.d_switch is None or card.serial in self.used_d_switch:
            raise IllegalAction(f"「{card.name}」には使えるDスイッチがない")
        self.used_d_switch.add(card.serial)
        self.log.record("D-switch", card=card)
        self.processing.run(self.processing.resolution(card.definition.d_switch, card, {}))
