"""Magic: casting and the stack — targets (CR 115, 608.2b), activated and triggered
abilities, resolving, countering, and state-based actions (CR 704).
"""

from __future__ import annotations

from contextlib import contextmanager
from typing import Any, Protocol

from rulings.core import IllegalAction, SetupError
from rulings.core.events import EventLog, Said, said
from rulings.core.zones import Board

from . import layers, legality
from .cards import (ACTIVATED, CAST_FACE_DOWN, COUNTERED, END_STEP, FACE_UP_COST, MANA, TRIGGERED, YOUR_END_STEP,
                    Ability)
from .characteristics import (BATTLE, CREATURE, FACE_DOWN_DEFAULT, INSTANT, LAND, PERMANENT_TYPES, PLANESWALKER,
                              Characteristics)
from .face_down import way_characteristics
from .protection import stops
from .objects import (BATTLEFIELD, EXILE, GRAVEYARD, HAND, PLAYERS, PLAYER_NAMES, STACK, ZONE_LOG, MtgCard,
                      TriggeredInstance)
from .view import CombatView, FaceDownView, GameView, ZoneView
from .ward import ward_costs, ward_trigger


#: the subtypes of permanents that may be attached to something (CR 704.5)
ATTACHING = frozenset({"オーラ", "装備品", "城砦"})


class StackZones(ZoneView, Protocol):
    """What the stack rules ask of the zone rules (visibility.ZoneRules)."""

    left_game: set[int]

    def move(self, card: MtgCard, zone_kind: str, *, face_up: bool = True, index: int | None = None,
             controller: int | None = None, reason: str = "") -> MtgCard: ...

    def put_onto_battlefield(self, card: MtgCard, controller: int | None = None, *,
                             face_down_as: Characteristics | None = None, face_down_by: str = "",
                             copy_of: MtgCard | None = None, setup: bool = False,
                             attach_to: Any = None, reason: str = "", tapped: bool = False,
                             face_up_when: frozenset[str] = frozenset()) -> MtgCard: ...


class StackCombat(CombatView, Protocol):
    """What the stack rules ask of combat (combat.Combat)."""

    def remove_non_creatures_from_combat(self) -> None: ...

    def summoning_sick(self, card: MtgCard) -> bool: ...


class StackFaceDown(FaceDownView, Protocol):
    """What the stack rules ask of the face-down rules (face_down_rules.FaceDown)."""

    def forbidden(self, action: str, card: MtgCard) -> str | None: ...


class StackGame(GameView, Protocol):
    """What the stack rules need of the rest of the game (rulings.mtg.game.Game is one):
    the turn, where objects are and moving them (zone_rules), what they are now
    (layer_rules), combat and the face-down rules' restrictions.  Card effects get the
    game itself."""

    active_player: int
    #: where the turn is (legality.MAIN1 …)
    phase: str
    zone_rules: StackZones
    combat_rules: StackCombat
    face_down_rules: StackFaceDown

    def tick(self) -> int: ...


class StackRules:
    """Casting and the stack.  Owns the stack, the triggered abilities waiting to be put
    on it, the delayed ones waiting for their event, the spell being cast, and whether a
    replacement or an effect is being applied (nothing is checked meanwhile)."""

    state_fields = ("stack", "pending", "delayed", "casting", "_held")

    def __init__(self, game: StackGame, log: EventLog, board: Board) -> None:
        self.game = game
        self.log = log
        self.board = board
        self.stack: list[MtgCard | TriggeredInstance] = []
        self.pending: list[TriggeredInstance] = []
        #: delayed triggered abilities, waiting for their event (END_STEP)
        self.delayed: list[TriggeredInstance] = []
        self.casting: MtgCard | None = None
        #: >0 while a replacement effect is being applied (nothing is checked meanwhile)
        self._held = 0

    def cast(self, player: int, card: MtgCard, *, face_down_way: str | None = None,
             targets: tuple[MtgCard, ...] = (), face_down_by: MtgCard | None = None) -> None:
        why = self.why_cannot_cast(player, card, face_down_way=face_down_way, face_down_by=face_down_by)
        if why is None and targets:
            why = self.why_not_targets(card, targets)
        if why is not None:
            raise IllegalAction(why)
        if card.zone.kind == EXILE and not card.face_up and face_down_way is None:
            # a card played from exile face down is turned face up just before it is cast
            self.board.turn(card, True, reason="追放領域から唱える")
        face_down_as = None
        if face_down_way is not None:
            face_down_as = way_characteristics(face_down_way)
        rider: frozenset[str] = frozenset()
        if face_down_by is not None:
            face_down_as = face_down_by.definition.face_down_as or FACE_DOWN_DEFAULT
            face_down_way, rider = f"「{face_down_by.name}」", face_down_by.definition.face_up_when
        self.game.zone_rules.move(card, STACK, face_up=face_down_as is None, controller=player, reason="唱える")
        if face_down_as is not None:
            card.face_down_as, card.face_down_by = face_down_as, face_down_way
            card.face_up_when = rider
        card.timestamp = self.game.tick()
        self.stack.append(card)
        for target in targets:
            if not self.is_legal_target(card, target):
                self.stack.remove(card)
                raise IllegalAction(f"「{target.name}」は「{card.name}」の適正な対象ではない（CR 601.2c、115.1）")
            card.targets = (*card.targets, (target, target.object_id))
        self.log.record("cast" if face_down_as is None else "cast.face-down", player=player, card=card,
                        targets=targets)
        for target in targets:
            self._became_target(target, card, player)
        self.settle()

    def why_cannot_cast(self, player: int, card: MtgCard, *, face_down_way: str | None = None,
                        face_down_by: MtgCard | None = None) -> str | None:
        """Why ``player`` may not cast ``card`` now (None: they may): where it is (CR 601.3),
        a land (305.1), a spell being cast (601.2), the permission of a face-down way
        (702.37c, 708.4), and when (117.1a: an instant or a spell with flash whenever its
        caster could act, any other only in its caster's main phase with the stack empty)."""
        shown = f"「{card.name}」"
        who = PLAYER_NAMES[player]
        zone = card.zone.kind if card.zone is not None else None
        if zone == HAND and card.owner != player:
            return f"{shown}は{who}の手札にない"
        if zone not in (HAND, EXILE) and legality.on("cast-from-hand"):
            return f"{shown}は{ZONE_LOG.get(zone, zone)}にあるので唱えられない：呪文は手札から唱える（CR 601.3）"
        if self.casting is not None and self.casting is not card and legality.on("casting-in-progress"):
            return (f"「{self.casting.name}」を唱えている途中なので、{shown}は唱えられない："
                    "唱え終えるまではマナ能力しか起動できない（CR 601.2、601.2g）")
        values = layers.copiable_values(card, with_face_down=False)
        if face_down_way is not None:
            if not any(a.kind == FACE_UP_COST and a.way == face_down_way for a in values.abilities):
                return f"{shown}は{face_down_way}を持たないので、{face_down_way}で裏向きに唱えられない（CR 702.37c）"
            spell = way_characteristics(face_down_way)
        elif face_down_by is not None:
            # a permanent's ability lets its controller cast a creature card face down
            # with the characteristics the ability states (Illusionary Mask, CR 708.4)
            permission = next((a for a in self.game.layer_rules.characteristics(face_down_by).abilities
                               if a.kind == CAST_FACE_DOWN), None)
            if (not self.game.zone_rules.on_battlefield(face_down_by) or face_down_by.controller != player
                    or permission is None):
                return f"{who}は「{face_down_by.name}」の能力で裏向きに唱えることはできない"
            if permission.affects is not None and not permission.affects(self.game, face_down_by, card):
                return f"{shown}は「{face_down_by.name}」が裏向きに唱えさせるカードではない"
            spell = face_down_by.definition.face_down_as or FACE_DOWN_DEFAULT
        else:
            if LAND in values.types and legality.on("land-not-cast"):
                return f"{shown}は土地なので呪文として唱えられない：土地はプレイする（CR 305.1、305.9）"
            spell = values
        return self.why_not_now(player, spell, shown)

    def why_not_targets(self, spell: MtgCard, targets: tuple[MtgCard, ...]) -> str | None:
        """How many targets it may have, each chosen once (CR 601.2c)."""
        wanted = spell.definition.targets[0] if spell.definition.targets else None
        if wanted is None:
            return f"「{spell.name}」は対象をとらない（CR 115.1）"
        if len(targets) > wanted.most:
            return f"「{spell.name}」の対象は{wanted.description}で、{len(targets)}つは選べない（CR 601.2c）"
        if len(set(map(id, targets))) != len(targets):
            return f"「{spell.name}」は同じものを2回対象に選べない（CR 601.2c）"
        return None

    def why_not_now(self, player: int, spell: Characteristics, shown: str) -> str | None:
        """Whether a spell with these characteristics may be cast by ``player`` now
        (CR 117.1a, 307.1, 702.8a)."""
        if INSTANT in spell.types or (spell.has("瞬速") and legality.on("flash")):
            return None
        if not legality.on("sorcery-timing"):
            return None
        return self.sorcery_timing(player, f"{shown}はインスタントでも瞬速を持つ呪文でもないので、", "唱えられない",
                                    "CR 117.1a、307.1")

    def sorcery_timing(self, player: int, what: str, verb: str, rule: str) -> str | None:
        """Sorcery timing: the player's own turn, a main phase, the stack empty."""
        if player != self.game.active_player:
            now = f"今は{PLAYER_NAMES[self.game.active_player]}のターン"
        elif self.game.phase not in legality.MAIN_PHASES:
            now = f"今は{legality.PHASE_NAMES[self.game.phase]}"
        elif self.stack:
            now = "スタックが空でない"
        else:
            return None
        return f"{what}自分のメイン・フェイズにスタックが空のときにしか{verb}（{now}、{rule}）"

    def _became_target(self, target: MtgCard, by: Any, player: int) -> None:
        """A permanent became the target of a spell or ability ``player`` controls (ward)."""
        if not self.game.zone_rules.on_battlefield(target) or target.controller == player:
            return
        for cost in ward_costs(self.game.layer_rules.characteristics(target)):
            self.trigger(target, ward_trigger(cost), target.controller, victim=by,
                          victim_id=getattr(by, "object_id", 0), cost=cost)

    def activated_ability(self, card: MtgCard) -> Ability:
        ability = next((a for a in self.game.layer_rules.characteristics(card).abilities if a.kind == ACTIVATED), None)
        if ability is None:
            raise IllegalAction(f"「{card.name}」は起動型能力を持たない")
        return ability

    def why_cannot_activate(self, player: int, source: MtgCard, target: Any = None, *,
                            check_target: bool = True) -> str | None:
        """Why ``player`` may not activate ``source``'s activated ability now (None: they
        may): its controller only (CR 602.2), sorcery timing (602.5d), {T} in the cost
        (107.5, 302.6, 602.5a, 702.10c), and its target (601.2c, 602.2b)."""
        shown = f"「{source.name}」"
        if not self.game.zone_rules.on_battlefield(source) or source.controller != player:
            return f"{PLAYER_NAMES[player]}は{shown}をコントロールしていないので、その能力を起動できない（CR 602.2）"
        ability = next((a for a in self.game.layer_rules.characteristics(source).abilities if a.kind == ACTIVATED),
                       None)
        if ability is None:
            return f"{shown}は起動型能力を持たない"
        if self.casting is not None and legality.on("casting-in-progress"):
            return (f"「{self.casting.name}」を唱えている途中なので、{shown}の能力は起動できない："
                    "唱え終えるまではマナ能力しか起動できない（CR 601.2、601.2g）")
        if ability.sorcery and legality.on("ability-sorcery-timing"):
            # CR 602.5d, 307.1: its controller's main phase, with the stack empty
            why = self.sorcery_timing(player, f"{shown}の「{ability.text}」は起動はソーサリーとしてのみ行う能力なので、",
                                       "起動できない", "CR 602.5d")
            if why is not None:
                return why
        if ability.tap:
            why = self.why_cannot_tap_for_cost(source)
            if why is not None:
                return why
        if check_target and ability.target is not None:
            instance = TriggeredInstance(source, ability, player)
            if target is None:
                return f"{instance.name}は対象を必要とする（CR 601.2c、602.2b）"
            if not self._legal_ability_target(instance, target):
                return f"「{getattr(target, 'name', target)}」は{instance.name}の適正な対象ではない（CR 601.2c、115.1）"
        return None

    def why_cannot_tap_for_cost(self, source: MtgCard) -> str | None:
        """{T} in a cost: a tapped permanent cannot be tapped again (CR 107.5); a creature
        only if controlled since its controller's turn began, or with haste (302.6, 702.10c)."""
        if source.tapped and legality.on("tapped"):
            return f"「{source.name}」はタップ状態なので、{{T}}を含むコストを支払えない（CR 107.5）"
        if (CREATURE in self.game.layer_rules.characteristics(source).types
                and self.game.combat_rules.summoning_sick(source)):
            return (f"「{source.name}」はこのターンの開始時から続けてコントロールされていないクリーチャーなので、"
                    "{T}を含むコストを支払えない（召喚酔い、CR 302.6）")
        return None

    def activate(self, player: int, source: MtgCard, target: MtgCard | None = None) -> TriggeredInstance:
        """Activate ``source``'s activated ability: pay its cost, put it on the stack."""
        why = self.why_cannot_activate(player, source, target)
        if why is not None:
            raise IllegalAction(why)
        ability = self.activated_ability(source)
        instance = TriggeredInstance(source, ability, player)
        if ability.target is not None:
            instance.context.update(target=target, target_id=target.object_id)
        if ability.tap:
            self.game.tap(source, reason="コスト")
        if ability.sacrifice:
            self.game.sacrifice(source, reason="コスト")
        self.stack.append(instance)
        self.log.record("activate", player=player, ability=_ability(instance), card=source, target=target)
        if target is not None:
            self._became_target(target, instance, player)
        self.settle()
        return instance

    def is_legal_ability_target(self, source: MtgCard, candidate: MtgCard) -> bool:
        """Whether ``candidate`` may be chosen as the target of ``source``'s activated ability."""
        return self._legal_ability_target(TriggeredInstance(source, self.activated_ability(source),
                                                            source.controller), candidate)

    def _legal_ability_target(self, instance: TriggeredInstance, candidate: Any) -> bool:
        wanted = instance.ability.target
        if isinstance(candidate, int):
            return candidate not in self.game.zone_rules.left_game and wanted.player is not None and \
                wanted.player(self.game, instance, candidate)
        if candidate.zone is None or candidate.zone.kind != wanted.zone:
            return False
        if stops(self.game, candidate, instance):
            return False  # CR 702.16b
        return wanted.legal(self.game, instance, candidate)

    def begin_casting(self, player: int, card: MtgCard) -> None:
        self.cast(player, card)
        self.casting = card

    def finish_casting(self, player: int) -> None:
        self.casting = None
        for card in self.board.zone(player, HAND):
            if card.concealed:
                card.concealed = False
                self.log.record("face-up.cast", card=card)

    def is_legal_target(self, spell: MtgCard, candidate: MtgCard) -> bool:
        target = spell.definition.targets[0] if spell.definition.targets else None
        if target is None:
            return False
        if target.zone == BATTLEFIELD and not self.game.zone_rules.on_battlefield(candidate):
            return False
        if target.zone == STACK and not self.game.zone_rules.on_stack(candidate):
            return False
        if stops(self.game, candidate, spell):
            return False  # CR 702.16b
        return target.legal(self.game, spell, candidate)

    def resolve_top(self, *, pay: bool = False) -> None:
        """Resolve the top of the stack; ``pay``: its controller's opponent pays what the
        ability asks to be paid (a ward cost)."""
        if not self.stack:
            raise IllegalAction("スタックが空なので、解決するものがない")
        entry = self.stack[-1]
        if isinstance(entry, TriggeredInstance):
            target = entry.context.get("target")
            if entry.ability.target is not None and target is None and entry.ability.kind == TRIGGERED:
                raise SetupError(f"{entry.name}の対象を選んでいない（「…を「{entry.source.name}」の誘発型能力の対象に選ぶ」と"
                                 f"書く）：適正な対象は{len(self.trigger_target_candidates(entry))}つある")
            self.stack.pop()
            if entry.ability.target is not None and target is not None and legality.on("targets-on-resolution") and (
                    (not isinstance(target, int) and target.object_id != entry.context.get("target_id"))
                    or not self._legal_ability_target(entry, target)):
                # CR 608.2b: its target is illegal as it resolves, so it does nothing
                self.log.record("fizzle.ability", ability=_ability(entry), card=entry.source)
                self.settle()
                return
            self.log.record("resolve.ability", ability=_ability(entry), card=entry.source)
            if entry.ability.effect is not None:
                context = dict(entry.context, paid=pay) if entry.ability.cost and entry.ability.kind == TRIGGERED \
                    else dict(entry.context)
                context.setdefault("controller", entry.controller)
                with self.holding():
                    entry.ability.effect(self.game, entry.source, **context)
            self.settle()
            return
        spell = entry
        # CR 608.2b: as it resolves, its targets are checked again; a target that is gone
        # (a new object, CR 400.7) or no longer legal is not affected, and with none
        # legal the spell does not resolve
        legal = [t for t, obj in spell.targets
                 if not legality.on("targets-on-resolution") or (t.object_id == obj and self.is_legal_target(spell, t))]
        if legal and not legality.on("illegal-targets-unaffected"):
            legal = [t for t, _ in spell.targets]
        if spell.targets and not legal:
            self.log.record("fizzle", card=spell)
            self.game.zone_rules.move(spell, GRAVEYARD, reason="立ち消え")
            self.settle()
            return
        values = self.game.layer_rules.characteristics(spell)
        self.log.record("resolve", card=spell)
        if any(t in PERMANENT_TYPES for t in values.types):
            self.stack.remove(spell)
            attach_to = legal[0] if spell.definition.enchant and legal else None
            self.game.zone_rules.put_onto_battlefield(spell, spell.controller, face_down_as=spell.face_down_as,
                                      face_down_by=spell.face_down_by, attach_to=attach_to, reason="解決",
                                      face_up_when=spell.face_up_when)
            return
        # nothing is checked while a spell resolves; state-based actions and triggers
        # wait until it has finished and gone to the graveyard (CR 608.2n, 704.3)
        with self.holding():
            if spell.definition.resolve is not None:
                spell.definition.resolve(self.game, spell, legal)
            if self.game.zone_rules.on_stack(spell):
                self.game.zone_rules.move(spell, GRAVEYARD, reason="解決した")
        self.settle()

    def resolve_all(self) -> None:
        while self.stack:
            self.resolve_top()

    def counter(self, spell: MtgCard | TriggeredInstance, by: str) -> None:
        if isinstance(spell, TriggeredInstance):
            self.stack.remove(spell)
            self.log.record("counter.ability", ability=_ability(spell), card=spell.source, by=by)
            return
        why = self.game.face_down_rules.forbidden(COUNTERED, spell)
        if why is not None:
            # CR 101.2: the spell that "can't be countered" stays; the effect does nothing to it
            self.log.record("no-op.not-countered", card=spell, why=why)
            return
        self.log.record("counter", card=spell, by=by)
        self.game.zone_rules.move(spell, GRAVEYARD, reason="打ち消された")

    def trigger(self, source: MtgCard, ability: Ability, controller: int, **context) -> None:
        self.log.record("trigger", card=source, text=ability.text, event=ability.event)
        self.pending.append(TriggeredInstance(source, ability, controller, context))

    def did_trigger(self, card: MtgCard, event: str) -> bool:
        return any(e.data.get("card") == card.serial and e.data.get("event") == event
                   for e in self.log.of_kind("trigger"))

    @contextmanager
    def holding(self):
        """While an effect or a replacement is being applied, nothing is checked."""
        self._held += 1
        try:
            yield
        finally:
            self._held -= 1

    def settle(self) -> None:
        """State-based actions until none apply, then waiting triggers go on the stack."""
        if self._held:
            return
        while self._state_based_actions():
            pass
        while self.pending:
            instance = self.pending.pop(0)
            if instance.ability.target is not None and "target" not in instance.context:
                if not self._choose_trigger_target(instance):
                    continue
            self.stack.append(instance)

    def trigger_target_candidates(self, instance: TriggeredInstance) -> list:
        wanted = instance.ability.target
        cards = [c for c in self.board.cards() if c.zone is not None and c.zone.kind == wanted.zone
                 and not getattr(c, "phased_out", False) and self._legal_ability_target(instance, c)]
        players = [p for p in PLAYERS if p not in self.game.zone_rules.left_game and wanted.player is not None
                   and wanted.player(self.game, instance, p)]
        return [*cards, *players]

    def _choose_trigger_target(self, instance: TriggeredInstance) -> bool:
        """As a triggered ability is put on the stack its controller chooses its target
        (CR 603.3d): with no legal target it is removed from the stack; with one, that one
        is chosen; with several, a step says which (choose_trigger_target)."""
        found = self.trigger_target_candidates(instance)
        if not found:
            self.log.record("no-target", ability=_ability(instance), card=instance.source)
            return False
        if len(found) == 1:
            self._set_trigger_target(instance, found[0])
        return True

    def _set_trigger_target(self, instance: TriggeredInstance, target: Any) -> None:
        instance.context.update(target=target, target_id=target if isinstance(target, int) else target.object_id)
        self.log.record("target.player" if isinstance(target, int) else "target", ability=_ability(instance),
                        card=instance.source, target=target, player=target if isinstance(target, int) else None)
        if not isinstance(target, int):
            self._became_target(target, instance, instance.controller)

    def choose_trigger_target(self, player: int, source: MtgCard, target: Any) -> None:
        """``player`` chooses ``target`` (a card or a player) for the triggered ability of
        ``source`` waiting on the stack for its target."""
        waiting = [e for e in self.stack if isinstance(e, TriggeredInstance) and e.source is source
                   and e.ability.target is not None]
        if not waiting:
            raise IllegalAction(f"対象を選ぶ「{source.name}」の誘発型能力はスタックにない")
        instance = waiting[-1]
        if instance.controller != player:
            raise IllegalAction(f"{PLAYER_NAMES[player]}は{instance.name}をコントロールしていない（CR 603.3d）")
        if target not in self.trigger_target_candidates(instance):
            shown = PLAYER_NAMES[target] if isinstance(target, int) else f"「{target.name}」"
            raise IllegalAction(f"{shown}は{instance.name}の適正な対象ではない（CR 603.3d、115.1）")
        self._set_trigger_target(instance, target)
        self.settle()

    def _state_based_actions(self) -> bool:
        acted = False
        for card in self.game.zone_rules.permanents():
            if not self.game.zone_rules.on_battlefield(card):
                continue
            values = self.game.layer_rules.characteristics(card)
            why = None
            if CREATURE in values.types and values.toughness is not None and values.toughness <= 0:
                why = "タフネスが0以下"
            elif CREATURE in values.types and values.toughness and card.damage >= values.toughness:
                why = "致死ダメージ"
            elif PLANESWALKER in values.types and card.counters.get("忠誠", 0) <= 0:
                why = "忠誠カウンターがない"
            elif BATTLE in values.types and card.counters.get("守備", 0) <= 0:
                why = "守備カウンターがない"
            elif "オーラ" in values.subtypes and not self._legally_attached(card):
                why = "オーラが何にもついていないか不正についている"
            elif "装備品" in values.subtypes and isinstance(card.attached_to, MtgCard) and not (
                    card.attached_to.object_id == card.attached_object
                    and self.game.zone_rules.on_battlefield(card.attached_to)
                    and CREATURE in self.game.layer_rules.characteristics(card.attached_to).types
                    and not stops(self.game, card.attached_to, card)):  # CR 702.16d
                # CR 704.5n: an Equipment attached to what is not a creature any more (or gone)
                # becomes unattached and stays on the battlefield
                card.attached_to, card.attached_object = None, 0
                self.log.record("sba.unattached", card=card, rule="704.5n")
                acted = True
            elif card.attached_to is not None and (CREATURE in values.types or not ATTACHING & set(values.subtypes)):
                # CR 704.5: a creature, or a permanent that is no Aura, Equipment or
                # Fortification (an Aura turned face down), becomes unattached and stays
                card.attached_to, card.attached_object = None, 0
                self.log.record("sba.unattached", card=card, rule="704.5")
                acted = True
            if why:
                self.log.record("sba", card=card, why=why)
                self.game.zone_rules.move(card, GRAVEYARD, reason="状況起因処理")
                acted = True
        self.game.combat_rules.remove_non_creatures_from_combat()
        return acted

    def _legally_attached(self, aura: MtgCard) -> bool:
        target = aura.attached_to
        enchant = aura.definition.enchant
        if target is None:
            return False
        if enchant == "player":
            return isinstance(target, tuple)
        if not isinstance(target, MtgCard) or target.object_id != aura.attached_object:
            return False
        if not self.game.zone_rules.on_battlefield(target):
            return False
        if stops(self.game, target, aura):
            return False  # CR 702.16c
        return enchant in self.game.layer_rules.characteristics(target).types

    def delay(self, source: MtgCard, ability: Ability, **context) -> None:
        """A delayed triggered ability (「次の終了ステップの開始時に…」)."""
        self.delayed.append(TriggeredInstance(source, ability, source.controller, context))

    def begin_end_step(self) -> None:
        for card in self.game.zone_rules.permanents():
            card.attacking, card.blocking = False, None  # the combat phase is over (CR 511.3)
        self.game.phase = legality.END
        self.log.record("step.end")
        waiting = [d for d in self.delayed if d.ability.event == END_STEP]
        self.delayed = [d for d in self.delayed if d.ability.event != END_STEP]
        for instance in waiting:
            self.trigger(instance.source, instance.ability, instance.controller, **instance.context)
        # 「あなたの終了ステップの開始時に」: the abilities of the active player's permanents (CR 513.1)
        for card in self.game.zone_rules.permanents():
            if card.controller != self.game.active_player:
                continue
            for ability in self.game.layer_rules.characteristics(card).abilities:
                if ability.kind == TRIGGERED and ability.event == YOUR_END_STEP:
                    self.trigger(card, ability, card.controller)
        self.settle()

    def why_cannot_activate_mana_ability(self, player: int, card: MtgCard) -> str | None:
        """Why ``player`` may not activate ``card``'s mana ability now (None: they may):
        its controller only (CR 605.3a, 602.2), and {T} in its cost (107.5, 302.6)."""
        if not self.game.zone_rules.on_battlefield(card) or card.controller != player:
            return f"{PLAYER_NAMES[player]}は「{card.name}」をコントロールしていないので、そのマナ能力を起動できない（CR 605.3a）"
        ability = next((a for a in self.game.layer_rules.characteristics(card).abilities if a.kind == MANA), None)
        if ability is None:
            return f"「{card.name}」はマナ能力を持たない"
        return self.why_cannot_tap_for_cost(card) if ability.tap else None

    def activate_mana_ability(self, player: int, card: MtgCard) -> None:
        """Mana abilities resolve at once, even in the middle of casting a spell."""
        why = self.why_cannot_activate_mana_ability(player, card)
        if why is not None:
            raise IllegalAction(why)
        ability = next(a for a in self.game.layer_rules.characteristics(card).abilities if a.kind == MANA)
        self.log.record("activate.mana", card=card)
        if ability.tap:
            self.game.tap(card, reason="コスト")
        if ability.sacrifice:
            # the cost is paid first; the ability still resolves (CR 605.3b)
            card = self.game.zone_rules.move(card, GRAVEYARD, reason="生け贄に捧げる")
        if ability.effect is not None:
            ability.effect(self.game, card)


def _ability(instance) -> Said:
    """An ability on the stack as the trace says it: its kind, its source and its text."""
    kind = "ability.activated" if instance.ability.kind == ACTIVATED else "ability.triggered"
    return said(kind, card=instance.source, text=instance.ability.text)
