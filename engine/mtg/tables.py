"""Magic's rules tables as cells the coverage tool changes one at a time
(rulings.mutation): what an object remembers × what erases it, what each way of turning
a card face down makes of it (CR 708.2a), the basic rules the engine referees actions by
(legality.RULES, each switched off in turn), and the cards' keywords."""

from __future__ import annotations

from rulings.mutation import Cell, Flags, Table, flag_table, memory_table, set_value, switch_table

from . import face_down, identity, legality

WORDS = {"ward": "護法{{2}}を持つ", "no ward": "護法{{2}}を持たない", "pt": "{pt}にする",
         "rule off": "このルールを適用しない"}
FLAGS = Flags(keywords=("keywords",))


def face_down_table() -> Table:
    labels = face_down.LABELS
    out = Table("face-down", "裏向きにする方法ごとの特性（CR 708.2a）", face_down)
    ward = face_down.WARD_2
    for way, chars in face_down.BY_WAY.items():
        warded = chars.has(ward.text)
        abilities = tuple(a for a in chars.abilities if a != ward) if warded else (*chars.abilities, ward)
        out.add(Cell("face-down", way, "ward", warded, WORDS["no ward" if warded else "ward"].format(),
                     set_value("mtg", face_down.BY_WAY, way, chars.with_(abilities=abilities)), (way, "ward")),
                way, labels["ward"])
        pt = f"{chars.power + 1}/{chars.toughness + 1}"
        out.add(Cell("face-down", way, "pt", f"{chars.power}/{chars.toughness}", WORDS["pt"].format(pt=pt),
                     set_value("mtg", face_down.BY_WAY, way,
                               chars.with_(power=chars.power + 1, toughness=chars.toughness + 1)), (way, "pt")),
                way, labels["pt"])
    return out


def rules_table() -> Table:
    """Each basic rule of legality.RULES, switched off: the engine lets through what it forbids."""
    return switch_table("mtg", "rules", "エンジンが行動を裁く基本ルール", legality, legality.RULES, legality.LABELS,
                        "on", legality.LABELS["on"], WORDS["rule off"])


# -- turning face up again (mtg-facedown): which ways allow the mana cost, and megamorph's
# counter (CR 701.40b, 701.58b, 702.37b) ----------------------------------------------------

def face_up_table() -> Table:
    out = Table("face-up", "裏向きにした方法ごとの表向きにする手段（CR 701.40b・701.58b・702.37b）", face_down)
    for way, allowed in face_down.MANA_COST_TURNS_UP.items():
        change = "マナ・コストで表向きにできなくする" if allowed else "マナ・コストでも表向きにできるようにする"
        out.add(Cell("face-up", way, "mana-cost", allowed, change,
                     set_value("mtg", face_down.MANA_COST_TURNS_UP, way, not allowed), (way, "mana-cost")),
                way, "マナ・コストで表向きにできる")
    for way, n in face_down.COUNTERS_ON_TURNING_UP.items():
        out.add(Cell("face-up", way, "counters", n, f"+1/+1カウンターを{n + 1}個置く",
                     set_value("mtg", face_down.COUNTERS_ON_TURNING_UP, way, n + 1), (way, "counters")),
                way, "そのコストで表向きにしたときの+1/+1カウンター")
    return out


def tables() -> list[Table]:
    return [memory_table("mtg", identity, identity.ERASED_BY,
                         [identity.ZONE_CHANGE, identity.TURNED_FACE_UP, identity.TURNED_FACE_DOWN],
                         "オブジェクトが覚えていること × それを消す出来事"),
            face_down_table(), rules_table(), flag_table("mtg", FLAGS), face_up_table()]
