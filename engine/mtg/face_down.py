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
