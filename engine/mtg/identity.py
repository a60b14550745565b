"""What a Magic object keeps, and which transitions erase it — one table.

Leaving a zone makes a new object that remembers nothing of the old one (CR 400.7).
Turning a permanent face up or face down keeps the object: Auras, counters, effects,
combat status and being targeted carry over (CR 708.8); only its face-down status
(and, for a double-faced card, which face is up) changes.  Continuous effects from
spells are bound to the object id, so they end with the object and survive turning.
"""

from __future__ import annotations

ZONE_CHANGE = "zone-change"
TURNED_FACE_UP = "turned-face-up"
TURNED_FACE_DOWN = "turned-face-down"

#: what an MtgCard carries -> the transitions that erase it (each is a
#: engine.core.memory.Remembers attribute kept in the card's memory)
ERASED_BY: dict[str, frozenset[str]] = {
    "face_down_as": frozenset({ZONE_CHANGE, TURNED_FACE_UP}),
    "face_down_by": frozenset({ZONE_CHANGE, TURNED_FACE_UP}),
    # Illusionary Mask's rider lasts while the creature it cast stays face down
    "face_up_when": frozenset({ZONE_CHANGE, TURNED_FACE_UP}),
    # a double-faced card is turned face up (and put face down) front face up
    "transformed": frozenset({ZONE_CHANGE, TURNED_FACE_UP, TURNED_FACE_DOWN}),
    "counters": frozenset({ZONE_CHANGE}),
    "attached_to": frozenset({ZONE_CHANGE}),
    "attached_object": frozenset({ZONE_CHANGE}),
    "copies": frozenset({ZONE_CHANGE}),
    "tapped": frozenset({ZONE_CHANGE}),
    "attacking": frozenset({ZONE_CHANGE}),
    "blocking": frozenset({ZONE_CHANGE}),
    "blocked": frozenset({ZONE_CHANGE}),
    "attacked_this_turn": frozenset({ZONE_CHANGE}),
    "phased_out": frozenset({ZONE_CHANGE}),
    "concealed": frozenset({ZONE_CHANGE}),
    "damage": frozenset({ZONE_CHANGE}),
    "targets": frozenset({ZONE_CHANGE}),
}

#: what a reader of the site (the coverage page, `rulings coverage`) calls each row and
#: transition of the table, in the document's words
LABELS: dict[str, str] = {
    "face_down_as": "裏向きの特性",
    "face_down_by": "裏向きにした方法",
    "face_up_when": "代わりに表向きになる出来事",
    "transformed": "第2面が表",
    "counters": "カウンター",
    "attached_to": "つけられている先",
    "attached_object": "つけられた時の先のオブジェクト",
    "copies": "コピー効果",
    "tapped": "タップ状態",
    "attacking": "攻撃している",
    "blocking": "ブロックしている",
    "blocked": "ブロックされた",
    "attacked_this_turn": "このターン攻撃した",
    "phased_out": "フェイズ・アウトしている",
    "concealed": "唱えている間に引いた裏向きのカード",
    "damage": "負っているダメージ",
    "targets": "選ばれた対象",
    ZONE_CHANGE: "領域を移動する",
    TURNED_FACE_UP: "表向きになる",
    TURNED_FACE_DOWN: "裏向きになる",
}
