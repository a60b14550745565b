"""What each way of turning an object face down makes of it (the table of CR 708.2a
and of the keyword rules: 変異 702.37, 大変異, 予示 701.40, 変装 702.168, 偽装 701.58)."""

from __future__ import annotations

from .cards import Ability
from .characteristics import FACE_DOWN_DEFAULT, Characteristics

WARD_2 = Ability("keyword", "護法{2}")

#: by way: the characteristics of the face-down spell or permanent
BY_WAY: dict[str, Characteristics] = {
    "変異": FACE_DOWN_DEFAULT,
    "大変異": FACE_DOWN_DEFAULT,
    "予示": FACE_DOWN_DEFAULT,
    "変装": FACE_DOWN_DEFAULT.with_(abilities=(WARD_2,)),
    "偽装": FACE_DOWN_DEFAULT.with_(abilities=(WARD_2,)),
}


def way_characteristics(way: str) -> Characteristics:
    return BY_WAY[way]


#: what a reader of the site (the coverage page, `rulings coverage`) calls the columns of
#: BY_WAY that can change (its rows are the ways, already in the document's words)
LABELS: dict[str, str] = {"ward": "護法{2}", "pt": "2/2"}


# -- turning face up again (CR 701.40b, 701.58b, 702.37b, 702.37e, 702.168d) -----------------

#: by way it was turned face down: whether a creature card turned face down that way may be
#: turned face up for its mana cost (予示・偽装 allow it; a card cast face down by 変異,
#: 大変異 or 変装 turns face up only for that cost, CR 702.37e, 702.168d)
MANA_COST_TURNS_UP: dict[str, bool] = {
    "変異": False,
    "大変異": False,
    "予示": True,
    "変装": False,
    "偽装": True,
}

#: by face-up cost paid: the +1/+1 counters it gets as it is turned face up that way
#: (大変異, CR 702.37b: the others put none)
COUNTERS_ON_TURNING_UP: dict[str, int] = {
    "変異": 0,
    "大変異": 1,
    "変装": 0,
    "マナ・コスト": 0,
}


def turns_up_for_mana_cost(way: str | None) -> bool:
    return MANA_COST_TURNS_UP.get(way or "", False)


def counters_on_turning_up(paid_way: str) -> int:
    return COUNTERS_ON_TURNING_UP.get(paid_way, 0)
