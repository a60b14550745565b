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
#: rulings.core.memory.Remembers attribute kept in the card's memory)
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

#: cells of ERASED_BY whose change no game situation can observe, with the reason (shown
#: on the coverage page, so in the documents' language).  Each argument was checked
#: against the engine: where the value is read, and where it is always set again.
_WRITTEN_WHEN_FACE_DOWN = ("裏向きにしたものは、裏向きのパーマネントについてだけ読まれる（表向きにする手段の判定と、"
                           "対戦相手から見た区別）。裏向きで唱える・裏向きで戦場に出る・裏向きにする、のどれでも必ず"
                           "新たに設定されるので、表向きのあいだや別の領域で残っていても読まれることはない。")
_SET_AGAIN_AS_TURNED_DOWN = "裏向きにする処理は、この移行で消した直後に必ず新たに設定するので、残しても消しても同じである。"
_AURA_CHOOSES_AGAIN = ("ついている先は戦場のパーマネントについてだけ読まれる。戦場に出るときは必ず新たに決まる"
                       "（唱えたなら対象、唱えずに出るなら CR 303.4f の選択）。裏向きで出るなら2/2のクリーチャー"
                       "なので、状況起因処理で外れる（CR 704.5）。")
_FACE_DOWN_NOT_ATTACHED = ("裏向きのパーマネントは何にもついていない。表向きのものが裏向きになれば、その特性はクリーチャー"
                           "（または土地）であり、オーラでも装備品でもないので、直後の状況起因処理で外れる（CR 704.5）。"
                           "裏向きで戦場に出るものにはつく先が決まらない。")
_TURNED_DOWN_UNATTACHES = ("裏向きになったものはオーラでも装備品でもないので、ついていれば直後の状況起因処理で外れる"
                           "（CR 704.5）。この移行で消しても、状況起因処理で消えても、読まれる前に同じ結果になる。")
_PHASED_OUT = ("フェイズ・アウトしているパーマネントは存在しないものとして扱われ（CR 702.26b）、表向きにも裏向きにも"
               "ならず、戦場を離れることもない（エンジンはどれも行わない）。この移行がフェイズ・アウトしているものに起こることはない。")
_CONCEALED = ("唱えている途中に引いたカードが裏向きであるのは手札にあるあいだだけで、表向き・裏向きにするのは"
              "戦場のパーマネントだけである。この移行が手札のカードに起こることはない。")
_TARGETS = ("対象は、呪文がスタックにあるあいだだけ持つ情報である。表向き・裏向きにするのは戦場のパーマネントだけで、"
            "スタックの呪文ではないので、この移行が対象を持つものに起こることはない。")
UNOBSERVABLE: dict[tuple[str, str], str] = {
    ("face_down_as", TURNED_FACE_DOWN): _SET_AGAIN_AS_TURNED_DOWN,
    ("face_down_by", ZONE_CHANGE): _WRITTEN_WHEN_FACE_DOWN,
    ("face_down_by", TURNED_FACE_UP): _WRITTEN_WHEN_FACE_DOWN,
    ("face_down_by", TURNED_FACE_DOWN): _SET_AGAIN_AS_TURNED_DOWN,
    ("face_up_when", TURNED_FACE_DOWN): ("表向きのパーマネントはこれを持たない。表向きで唱えたり戦場に出たりするときには"
                                         "設定されず（前の値は領域の移動で消える）、表向きになるときにも消える。"
                                         "だから裏向きになるときに消すものがない。"),
    ("transformed", TURNED_FACE_UP): ("変身するのは表向きの両面パーマネントだけで、表向きの両面パーマネントは裏向きに"
                                      "ならない。裏向きのものは領域を移って（変身していない状態で）裏向きに出たものなので、"
                                      "表向きになるとき変身していることはない。夜に日暮で変身するのは、表向きになった後である。"),
    ("transformed", TURNED_FACE_DOWN): ("表向きの両面パーマネントを裏向きにする効果は何もしない（この移行が起こらない）。"
                                        "変身しているのは両面カードだけなので、この移行が変身しているものに起こることはない。"),
    ("attached_to", ZONE_CHANGE): _AURA_CHOOSES_AGAIN,
    ("attached_object", ZONE_CHANGE): _AURA_CHOOSES_AGAIN,
    ("attached_to", TURNED_FACE_UP): _FACE_DOWN_NOT_ATTACHED,
    ("attached_object", TURNED_FACE_UP): _FACE_DOWN_NOT_ATTACHED,
    ("attached_to", TURNED_FACE_DOWN): _TURNED_DOWN_UNATTACHES,
    ("attached_object", TURNED_FACE_DOWN): _TURNED_DOWN_UNATTACHES,
    ("tapped", ZONE_CHANGE): ("タップ状態はパーマネントだけの状態である（CR 110.5）。戦場に出るときは、タップ状態で出るか"
                              "どうかが必ず新たに決まり（トークンも同じ）、戦場の外では読まれない。"),
    ("phased_out", ZONE_CHANGE): _PHASED_OUT,
    ("phased_out", TURNED_FACE_UP): _PHASED_OUT,
    ("phased_out", TURNED_FACE_DOWN): _PHASED_OUT,
    ("concealed", TURNED_FACE_UP): _CONCEALED,
    ("concealed", TURNED_FACE_DOWN): _CONCEALED,
    ("targets", TURNED_FACE_UP): _TARGETS,
    ("targets", TURNED_FACE_DOWN): _TARGETS,
}
