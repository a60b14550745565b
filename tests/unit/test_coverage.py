"""`rulings coverage` (engine/coverage.py, engine/mutation.py): each cell of each rules table
changed in turn, the examples that fail recorded, statuses from the declarations, the
ratchet.  The measurements here run the real examples on the real tables (Duel Masters,
the smallest game, where a whole game is measured)."""

from __future__ import annotations

import importlib.util
import io
import json
import re
import shutil
from collections.abc import Callable
from pathlib import Path
from types import SimpleNamespace

import pytest

from rulings import coverage, mutation, scenarios
from rulings.cardformat import use_cards_dir
from rulings.dm import memory as dm_memory
from rulings.mtg import face_down as mtg_face_down
from rulings.mtg import identity as mtg_identity
from rulings.project import GAMES, Paths, find_root
from rulings.ygo import memory as ygo_memory
from rulings.ygo import tables as ygo_tables
from tests.conftest import extract_once

#: one pytest-xdist worker runs them all (``make test``: --dist loadgroup), so that the
#: module's measurements (``dm_run``, ``lazy_or_whole``) are made once, not once per worker
pytestmark = pytest.mark.xdist_group("coverage")

ROOT = find_root(Path(__file__).parent)
extract_once()
PATHS = Paths(ROOT)


def _build_copy(build: Path) -> None:
    """``build`` holding a copy of the extracted features and cards."""
    for part in ("features", "cards"):
        shutil.copytree(PATHS.build / part, build / part)


@pytest.fixture(scope="module")
def dm_run(tmp_path_factory):
    """The first step of the command's cycle, once for the module (issue 23: the one
    whole measurement of Duel Masters here): a build folder of its own never measured,
    ``rulings coverage --update`` run on it — what it said, its exit status, and the
    baseline it wrote."""
    folder = tmp_path_factory.mktemp("dm-run")
    _build_copy(folder / "build")
    out = io.StringIO()
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("RULINGS_BUILD", str(folder / "build"))
        status = coverage.run(Paths(ROOT), ["dm"], jobs=1, update=True, baseline_path=folder / "coverage-pinned.json",
                              stream=out)
    use_cards_dir(PATHS.cards)
    return SimpleNamespace(folder=folder, status=status, said=out.getvalue())


@pytest.fixture(scope="module")
def dm_measured(dm_run):
    """Every cell of Duel Masters, measured once for the tests of this module (by the
    command, which wrote it as the next run reads it)."""
    data = json.loads((dm_run.folder / "build" / "coverage" / "measured" / "dm.json").read_text(encoding="utf-8"))
    return coverage.Measurement.from_json(data)


@pytest.fixture
def sandbox(tmp_path, monkeypatch):
    """A build folder of its own holding a copy of the extracted features and cards."""
    build = tmp_path / "build"
    _build_copy(build)
    monkeypatch.setenv("RULINGS_BUILD", str(build))
    yield Paths(ROOT)
    use_cards_dir(PATHS.cards)


@pytest.fixture
def cards_put_back():
    """The cards read from the module's build folder again after the test."""
    yield
    use_cards_dir(PATHS.cards)


def _module(tmp_path: Path, source: str):
    """A table module of our own, from its source (what a maintainer would write)."""
    path = tmp_path / "declared.py"
    path.write_text(source, encoding="utf-8")
    spec = importlib.util.spec_from_file_location("declared", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module, path


def _dm_memory_table(module=None) -> mutation.Table:
    table = mutation.memory_table("dm", dm_memory, dm_memory.ERASED_BY, list(dm_memory.Transition), "表")
    if module is not None:
        table.module = module
    return table


# -- measuring ------------------------------------------------------------------------------

def _whole_catalogue_each_time(monkeypatch) -> None:
    """Every change builds the whole catalogue again, as before cards were built one at
    a time under a change (``Catalogue.build_lazily`` refusing, as for a card file naming
    a card twice)."""
    def refuse(self, records=None) -> bool:
        self.forget()
        return False

    monkeypatch.setattr(mutation.cardformat.Catalogue, "build_lazily", refuse)


#: the cells whose measurement is compared built one card at a time and built whole: each
#: kind of change of each game (issue 23: 16 cells instead of every Duel Masters cell and 36
#: others, in half the time; a rule the card format reads as it builds a card, which those
#: did not have)
LAZY_OR_WHOLE = {
    # a rules table changed (mutation.set_value: the cards built again as they are looked
    # up): a memory table (its cells run only the examples that meet them) and a rule
    # switched off (every example runs) ...
    "dm": {"memory/REVEALED/RESOLVED", "memory/PLACED/RESOLVED", "rule/SUMMONING_SICKNESS/enforced",
           # ... and a card's records changed (mutation.records_changed: the changed card
           # built from its record): an FE ability with the card field that goes with it,
           # a keyword of the card
           "flag/捜索甲冑ゴロンガー/FE/fort-e:taken-off", "flag/ボルシャック・ドラゴン/card/keywords:without-W・ブレイカー"},
    # Magic's way of turning a card face down (its 2/2), a memory row; keywords of a card
    # and of one of its faces
    "mtg": {"face-down/変異/pt", "memory/counters/turned-face-up",
            "flag/シヴ山のドラゴン/card/keywords:without-飛行", "flag/ヒルの呪い/Leeching Lurker/keywords:without-夜明"},
    # a rule the card format reads as it builds a card (memory.RULES: a summon's stat
    # change applied once), a memory row; card exceptions taken off several cards; an
    # effect's 强制 taken off and its 1回合1次 taken off or swapped
    "ygo": {"general/summon-stat-applied-once/off", "memory/ATTACKED/TURN_ENDED",
            "exception/summon-without-tribute/taken-off", "exception/tributes-continuous-spell-trap/taken-off",
            "flag/EM 天空魔术家/①/mandatory:taken-off", "flag/EM 天空魔术家/①/once-per-turn:taken-off",
            "flag/EM 天空魔术家/①/once-per-turn:卡名"},
}


#: the Yu-Gi-Oh! rule of LAZY_OR_WHOLE that the card format reads as it builds a card
YGO_RULE = "summon-stat-applied-once"


def _ygo_examples_that_can_notice() -> Callable[[scenarios.Example], bool]:
    """Whether a Yu-Gi-Oh! example can notice a change of LAZY_OR_WHOLE["ygo"], built one
    card at a time or whole: it brings in (``Cell.cards``, with ``coverage._bringers``, as
    the tool prunes a card's cells) a card of its card cells or a card whose building reads
    YGO_RULE (every card with a continuous effect: the rule is read as such an effect is
    built).  Any other card is built from its record as it is unchanged, one at a time or
    whole (and every Duel Masters and Magic example runs both ways under a rule switched
    off and under 変異's 2/2).  Issue 23: 249 of 688 examples, not each run three times."""
    catalogue = mutation.catalogue_of("ygo")
    card_format = catalogue._format()
    read: set[str] = set()

    class Recording(dict):
        def __getitem__(self, key):
            read.add(key)
            return super().__getitem__(key)

    readers = set()
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(ygo_memory, "RULES", Recording(ygo_memory.RULES))
        for record in catalogue.file_records():
            read.clear()
            try:
                card_format.build(record)
            except Exception:  # noqa: BLE001 - a broken card is the catalogue's business
                pass
            if YGO_RULE in read:
                readers.add(record["name"])
    assert readers, f"no card reads {YGO_RULE} as it is built"
    cells = {c.id: c for t in mutation.tables("ygo") for c in t.cells}
    cards = readers.union(*(cells[c].cards or () for c in LAZY_OR_WHOLE["ygo"]))
    bringers = coverage._bringers(mutation.catalogue_records("ygo"))
    names = {n for card in cards for n in bringers.get(card, {card})}
    return lambda example: any(example.names(n) for n in names)


def _tables_and_cards() -> tuple:
    """The rules tables the cells change, and every game's card records."""
    return (dict(ygo_memory.ERASED_BY), dict(ygo_memory.GIVEN_FACE_DOWN), dict(ygo_memory.RULES),
            dict(mtg_identity.ERASED_BY), dict(mtg_face_down.BY_WAY), dict(dm_memory.ERASED_BY),
            {g: json.dumps(mutation.catalogue_records(g), sort_keys=True, ensure_ascii=False) for g in GAMES})


@pytest.fixture(scope="module")
def lazy_or_whole():
    """The cells of LAZY_OR_WHOLE of each game measured as the command measures them
    (``lazy``: cards built one at a time under a change), then each again with the whole
    catalogue built under each change (``whole``: cell -> ``_measure_cell``'s result;
    ``built``: how many times a whole catalogue was built); ``games``: each game's
    examples as loaded (``coverage._WORK``; of Yu-Gi-Oh!, those that can notice its
    cells: ``_ygo_examples_that_can_notice``); the tables and the cards before, after the
    measurement and after both (issue 23: the game's examples loaded once for all of
    these, not once per test)."""
    before = _tables_and_cards()
    lazy, whole, built, games = {}, {}, {}, {}
    can_notice = _ygo_examples_that_can_notice()
    documented = scenarios.documented
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(scenarios, "documented", lambda paths, games=None: [
            e for e in documented(paths, games) if e.game != "ygo" or can_notice(e)])
        counted: list[int] = []
        original = mutation.cardformat.Catalogue.load_records
        patch.setattr(mutation.cardformat.Catalogue, "load_records",
                      lambda self, records: counted.append(len(records)) or original(self, records))
        for game, cells in LAZY_OR_WHOLE.items():
            lazy[game] = coverage.measure(PATHS, [game], jobs=1, only=cells)[game]
            games[game] = coverage._WORK[game]
        measured = _tables_and_cards()
        for game, cells in LAZY_OR_WHOLE.items():
            assert coverage._WORK[game] is games[game]
            counted.clear()
            with pytest.MonkeyPatch.context() as whole_catalogue:
                _whole_catalogue_each_time(whole_catalogue)
                whole[game] = {cell: coverage._measure_cell((game, cell, True)) for cell in sorted(cells)}
            built[game] = len(counted)
    return SimpleNamespace(lazy=lazy, whole=whole, built=built, games=games,
                           tables=(before, measured, _tables_and_cards()))


def test_a_known_change_is_caught_by_the_examples_that_state_it(lazy_or_whole):
    """Turning a revealed card face down again when the revealing effect has finished is
    what dm-fu-show-is-face-up shows; 変異's 2/2 is what a Magic example counts on; the
    FE ability of 捜索甲冑ゴロンガー only runs the examples naming the card; the cells
    asked for are measured, and no others."""
    m = lazy_or_whole.lazy["dm"]
    assert set(m.cells) == LAZY_OR_WHOLE["dm"]
    assert "dm-fu-show-is-face-up" in m.cells["memory/REVEALED/RESOLVED"]
    assert m.cells["flag/捜索甲冑ゴロンガー/FE/fort-e:taken-off"] == ["dm-fu-goronger-no-fort-e"]
    mtg = lazy_or_whole.lazy["mtg"]
    assert mtg.cells["face-down/変異/pt"], "no example counts on a face-down 変異 creature being 2/2"


def test_every_failing_example_is_recorded_not_only_the_first(dm_measured):
    assert max(len(v) for v in dm_measured.cells.values()) > 1
    assert not dm_measured.broken and not dm_measured.errors


#: the memory tables (whose cells run only the examples that meet them) checked here, and
#: a cell of each that leaves most examples out and that examples pin
MEMORY_TABLES = {"dm": (dm_memory.ERASED_BY, "memory/REVEALED/RESOLVED"),
                 "mtg": (mtg_identity.ERASED_BY, "memory/counters/turned-face-up")}


def test_a_memory_cell_runs_only_the_examples_that_meet_it_and_misses_none(lazy_or_whole, monkeypatch):
    """Running only the examples in which a card holding the row meets the transition
    (coverage.erasures) finds exactly the failures that running every example finds: an
    example left out of a cell's run cannot notice its change.  Every memory cell of
    Duel Masters and Magic: each example runs once with all the cells that leave it out
    changed together (each row's transitions toggled as those cells toggle them) and runs
    as it does unchanged — it passes and meets the same (row, transition) pairs (issue 23:
    one run per example rather than every example under each of 29 cells: 71 cells, in
    a fifth of the time).  And a cell of each game measured pruned and not."""
    left_out = 0
    for game_id, (table, pinned) in MEMORY_TABLES.items():
        game = lazy_or_whole.games[game_id]  # (every example of the game loaded: cells asked for or not)
        monkeypatch.setitem(coverage._WORK, game_id, game)
        cells = [c for c in game.cells.values() if c.meets is not None]
        assert {c.key[0] for c in cells} == set(table), game_id
        met = {c.id: {e.id for e in coverage._runnable(game, c)} for c in cells}
        catalogue = mutation.catalogue_of(game_id)
        original = dict(table)
        for example in coverage._runnable(game, cells[0], prune=False):  # every example a cell could run
            changed = dict(original)
            for cell in cells:
                if example.id not in met[cell.id]:
                    row, column = cell.key
                    changed[row] = changed[row] ^ {column}
                    left_out += 1
            before = catalogue.state()
            table.update(changed)
            catalogue.build_lazily()  # as mutation.set_value: the cards built under the change
            try:
                err, meets = coverage.erasures(game.vocabulary, example)
            finally:
                table.update(original)
                catalogue.restore(before)
            assert err is None, (game_id, example.id, f"{type(err).__name__}: {err}")
            assert meets == game.met[example.id], (game_id, example.id)
        # and as the measurement runs a cell: only the examples that meet it, or every one
        pruned, whole = (coverage._measure_cell((game_id, pinned, prune)) for prune in (True, False))
        assert pruned == whole and pruned[2], (pruned, whole)
        assert len(met[pinned]) < len(game.examples) / 2, "nothing much was left out"
    assert left_out, "nothing was left out"


def test_a_change_is_undone(lazy_or_whole):
    """After a measurement the tables and the cards are what they were (each kind of
    change of each game: a memory table, a rule switched, a card's records), and after
    the same cells measured with the whole catalogue built under each change."""
    before, measured, after = lazy_or_whole.tables
    assert measured == before
    assert after == before


def test_cards_built_one_at_a_time_under_a_change_measure_what_the_whole_catalogue_does(lazy_or_whole):
    """Under a changed table only the cards an example looks up are built (a card is
    built from its own record): cells of each kind of change of each game measure the
    same failing examples and the same errors as when every change builds every card
    again (the examples loaded once per game, each cell measured both ways)."""
    for game, cells in LAZY_OR_WHOLE.items():
        lazy, eager = lazy_or_whole.lazy[game], lazy_or_whole.whole[game]
        assert set(lazy.cells) | set(lazy.errors) == cells, f"{game}: no such cells: {cells - set(lazy.cells)}"
        assert lazy_or_whole.built[game] >= len(cells), f"{game}: the whole catalogue was not built under each change"
        assert {c: sorted(failing) for c, (_g, _c, failing, _e) in eager.items() if failing is not None} \
            == lazy.cells, game
        assert {c: error for c, (_g, _c, failing, error) in eager.items() if failing is None} == lazy.errors, game
        # (each cell pinned by an example: one that no example notices would compare nothing)
        assert all(lazy.cells.values()), f"{game}: no example fails under {[c for c, v in lazy.cells.items() if not v]}"


def test_parallel_measurement_gives_the_serial_results(dm_measured):
    # every fourth cell, of each table (issue 23: the pool, its workers and the order of
    # the results are those of every cell)
    some = list(dm_measured.cells)[::4]
    assert {c.split("/")[0] for c in some} == {c.split("/")[0] for c in dm_measured.cells}
    parallel = coverage.measure(PATHS, ["dm"], jobs=2, only=set(some))["dm"]
    serial = {c: dm_measured.cells[c] for c in some}
    assert parallel.cells == serial and list(parallel.cells) == some
    assert parallel.errors == {c: e for c, e in dm_measured.errors.items() if c in some}


def test_memory_cells_are_toggled_both_ways():
    """Erased → kept and kept → erased: every row × every transition is a cell."""
    table = _dm_memory_table()
    assert len(table.cells) == len(dm_memory.ERASED_BY) * len(dm_memory.Transition)
    values = {c.value for c in table.cells}
    assert values == {True, False}


def test_every_row_and_column_has_a_label_in_the_documents_language():
    for game in GAMES:
        use_cards_dir(PATHS.cards)
        for table in mutation.tables(game):
            assert not table.unlabelled, f"{game} {table.id}: no label for {table.unlabelled}"
            for cell in table.cells:
                assert cell.change and not re.search(r"\{\{|\}\}", cell.change), (cell.id, cell.change)


# -- declarations ---------------------------------------------------------------------------

def test_an_equivalence_naming_no_cell_is_an_error_at_its_file_and_line(tmp_path):
    module, path = _module(tmp_path, (
        "from rulings.dm.memory import FaceUp, Transition\n"
        "UNOBSERVABLE = {\n"
        "    (FaceUp.KEPT, Transition.NOT_TOP): '表向きのまま山札の一番上でなくなることはない',\n"
        "    ('NO_SUCH_ROW', Transition.NOT_TOP): '理由',\n"
        "}\n"))
    declared, errors = coverage.equivalent_declarations("dm", [_dm_memory_table(module)])
    assert [d.cell for d in declared] == ["memory/KEPT/NOT_TOP"]
    assert declared[0].where.endswith("declared.py:3")
    assert len(errors) == 1 and re.search(rf"{re.escape(str(path))}:4: UNOBSERVABLE names no cell", errors[0]), errors


def test_a_card_declares_its_own_unobservable_flags_at_its_file_and_line(monkeypatch):
    """A card is the table its flags belong to: ``:unobservable: <column> <why>`` on the
    card part; a column the part has no flag for is an error at the card's file and line."""
    records = mutation.catalogue_records("ygo")
    declared, errors = coverage.equivalent_declarations("ygo", [mutation.flag_table("ygo", ygo_tables.FLAGS)])
    assert not errors
    ours = [d for d in declared if d.cell == "flag/宇宙耀变龙/①/once-per-turn:taken-off"]
    assert len(ours) == 1 and re.fullmatch(r"spec/ygo/cards/counts-and-control\.rst:\d+", ours[0].where)
    line = int(ours[0].where.rsplit(":", 1)[1])
    text = (ROOT / "spec/ygo/cards/counts-and-control.rst").read_text(encoding="utf-8").splitlines()
    assert text[line - 1].strip().startswith(":unobservable: once-per-turn:taken-off")

    def misdeclared(record):
        if record["name"] != "宇宙耀变龙":
            return record
        effects = [{**e, "fields": {**e["fields"], "unobservable": "mandatory:taken-off 理由"}} for e in record["effects"]]
        return {**record, "effects": effects}

    monkeypatch.setattr(mutation, "catalogue_records", lambda game: [misdeclared(r) for r in records])
    _declared, errors = coverage.equivalent_declarations("ygo", [mutation.flag_table("ygo", ygo_tables.FLAGS)])
    assert any(re.match(r"spec/ygo/cards/counts-and-control\.rst:\d+: :unobservable: names no flag of this "
                        r"card part: 'mandatory:taken-off'", e) for e in errors), errors


def test_an_unpinned_directive_naming_no_cell_is_an_error_at_its_document_and_line(sandbox):
    (sandbox.build / "coverage").mkdir(parents=True)
    (sandbox.build / "coverage" / "unpinned.json").write_text(json.dumps([
        {"game": "dm", "cell": "memory/KEPT/LEFT_ZONE", "doc": "spec/dm/face-up.rst", "line": 40, "reason": "出典がない"},
        {"game": "dm", "cell": "memory/KEPT/LEFT_ZONES", "doc": "spec/dm/face-up.rst", "line": 50, "reason": "…"},
    ], ensure_ascii=False), encoding="utf-8")
    known = {"dm": {c.id for c in _dm_memory_table().cells}}
    declared, errors = coverage.unpinned_declarations(sandbox, known)
    assert [(d.cell, d.where) for d in declared] == [("memory/KEPT/LEFT_ZONE", "spec/dm/face-up.rst:40")]
    assert len(errors) == 1
    game, message = errors[0]
    assert game == "dm" and message.startswith("spec/dm/face-up.rst:50: rulings:unpinned names no cell")
    assert "closest: memory/KEPT/LEFT_ZONE" in message


def test_a_pinned_cell_declared_equivalent_is_an_error(tmp_path, dm_measured):
    pinned = next(c for c in _dm_memory_table().cells if dm_measured.cells[c.id])
    survivor = next((c for c in _dm_memory_table().cells if not dm_measured.cells[c.id]), None)
    row, column = pinned.key
    lines = [f"    (FaceUp.{row.name}, Transition.{column.name}): '観測できない',\n"]
    if survivor is not None:
        lines.append(f"    (FaceUp.{survivor.key[0].name}, Transition.{survivor.key[1].name}): '観測できない',\n")
    module, path = _module(tmp_path, "from rulings.dm.memory import FaceUp, Transition\nUNOBSERVABLE = {\n"
                                     + "".join(lines) + "}\n")
    table = _dm_memory_table(module)
    declared, errors = coverage.equivalent_declarations("dm", [table])
    assert not errors
    result = coverage.statuses(dm_measured, [table], declared)
    assert len(result.errors) == 1
    assert result.errors[0].startswith(f"{path}:3: {pinned.id} is declared equivalent, but examples fail")
    cells = result.data["tables"][0]["cells"]
    assert cells[pinned.local]["status"] == "pinned"
    if survivor is not None:
        assert cells[survivor.local] | {"examples": []} == {**cells[survivor.local], "status": "equivalent",
                                                           "reason": "観測できない"}


def test_statuses_and_the_results_format(dm_measured):
    tables = mutation.tables("dm")
    survivor = next(c for t in tables for c in t.cells if not dm_measured.cells[c.id])
    unpinned = coverage.Declaration("dm", survivor.id, "unpinned", "出典がない", "spec/dm/face-up.rst:7")
    result = coverage.statuses(dm_measured, tables, [unpinned])
    data = result.data
    assert set(data) == {"game", "basis", "complete", "tables", "summary"} and data["complete"] is True
    for table in data["tables"]:
        assert set(table) == {"id", "title", "rows", "columns", "cells"}
        for key, cell in table["cells"].items():
            assert cell["status"] in coverage.STATUSES and isinstance(cell["change"], str)
            assert cell["examples"] == dm_measured.cells[f"{table['id']}/{key}"]
    entry = next(t for t in data["tables"] if t["id"] == survivor.table)["cells"][survivor.local]
    assert entry["status"] == "unpinned" and entry["reason"] == "出典がない"
    assert entry["where"] == "spec/dm/face-up.rst:7"
    s = data["summary"]
    assert s["total"] == sum(s[k] for k in coverage.STATUSES) == len(dm_measured.cells)
    assert s["unpinned"] == 1 and (survivor.id, ) not in [(c,) for c, _ in result.survivors]


# -- the command: incremental, the ratchet ------------------------------------------------

def test_nothing_changed_nothing_measured_an_edited_game_alone_measured_again_and_the_ratchet(
        dm_run, tmp_path, monkeypatch, cards_put_back):
    """One project through the command's cycle (issue 23: one measurement of dm, not
    one per test; its first step, ``dm_run``, shared with the module, the rest on a copy):
    measured and the baseline written; nothing changed, nothing measured
    and every pinned cell still pinned; where an example is written is not what it is;
    an edited step changes its game alone; every example that pins a cell taken out, the
    cell survives and the ratchet fails."""
    assert dm_run.status == 0, dm_run.said
    assert "measuring dm (never measured)" in dm_run.said
    shutil.copytree(dm_run.folder, tmp_path / "run")
    monkeypatch.setenv("RULINGS_BUILD", str(tmp_path / "run" / "build"))
    sandbox = Paths(ROOT)
    baseline = tmp_path / "run" / "coverage-pinned.json"
    assert (sandbox.build / "coverage" / "dm.json").exists()
    pinned = json.loads(baseline.read_text(encoding="utf-8"))["dm"]
    assert pinned and pinned == sorted(pinned)
    out = io.StringIO()
    assert coverage.run(sandbox, ["dm"], jobs=1, check=True, baseline_path=baseline, stream=out) == 0
    assert "nothing changed: nothing measured" in out.getvalue() and "still pinned" in out.getvalue()
    before = {g: coverage.basis(sandbox, g) for g in GAMES}
    feature = sandbox.features / "dm" / "face-up.feature"
    # an example moved down its document: the comment saying where it is written changes
    text = feature.read_text(encoding="utf-8")
    feature.write_text(re.sub(r"(# spec/dm/face-up.rst:)(\d+)", lambda m: m.group(1) + str(int(m.group(2)) + 3),
                              text, count=1) + "\n", encoding="utf-8")
    assert feature.read_text(encoding="utf-8") != text
    assert {g: coverage.basis(sandbox, g) for g in GAMES} == before, "where an example is written is not what it is"
    text = feature.read_text(encoding="utf-8")
    feature.write_text(text.replace("かつ 相手のシールドの数は2である\n", "", 1), encoding="utf-8")
    after = {g: coverage.basis(sandbox, g) for g in GAMES}
    assert [g for g in GAMES if after[g] != before[g]] == ["dm"]
    assert coverage.why_measure({"format": coverage.FORMAT, "basis": before["dm"]}, after["dm"], False) \
        == "examples changed"
    assert coverage.why_measure({"format": coverage.FORMAT, "basis": {**before["dm"], "engine": "0"}}, before["dm"],
                                False, "dm") == "engine of dm changed"
    # take out every example that pins one cell: the cell survives, the ratchet fails
    results = json.loads((sandbox.build / "coverage" / "dm.json").read_text(encoding="utf-8"))
    lost, examples = min(((f"{t['id']}/{k}", c["examples"]) for t in results["tables"]
                          for k, c in t["cells"].items() if c["status"] == "pinned"), key=lambda kv: len(kv[1]))
    text = feature.read_text(encoding="utf-8")
    for example in examples:
        text = re.sub(rf"\n  # [^\n]*\n  @rulings-id:{re.escape(example)} .*?(?=\n\n|\Z)", "", text, flags=re.S)
    feature.write_text(text, encoding="utf-8")
    out = io.StringIO()
    assert coverage.run(sandbox, ["dm"], jobs=1, check=True, baseline_path=baseline, stream=out) == 1
    assert "measuring dm (examples changed)" in out.getvalue()
    assert f"dm: {lost} was pinned and is now " in out.getvalue()


def test_an_edit_runs_only_the_edited_examples_and_measures_what_a_whole_measurement_would(sandbox, dm_measured):
    """Issue 28: an example's edit re-runs that example alone under every change; the
    others keep what they pinned — and the result is the one measuring everything gives."""
    feature = sandbox.features / "dm" / "face-up.feature"
    text = feature.read_text(encoding="utf-8")
    # a title alone: nothing the examples run changes, nothing runs
    feature.write_text(text.replace("シナリオ: 表向きにしたシールドはシールドのまま",
                                    "シナリオ: 表向きのシールドもシールドである", 1), encoding="utf-8")
    now = coverage.basis(sandbox, "dm")
    before = coverage.reusable(dm_measured, now, "dm")
    assert before is dm_measured
    titled = coverage.measure(sandbox, ["dm"], previous={"dm": before})["dm"]
    assert titled.ran == 0 and titled.cells == dm_measured.cells
    # the Thens of an example that pins cells taken out: that example alone runs, and it
    # no longer pins anything
    pinner = next(i for ids in dm_measured.cells.values() for i in ids
                  if f"@rulings-id:{i} " in text)
    head, tag, rest = text.partition(f"@rulings-id:{pinner} ")
    block, sep, tail = rest.partition("\n\n")
    lines = block.split("\n")
    then = next(n for n, line in enumerate(lines) if line.strip().startswith("ならば"))
    feature.write_text(head + tag + "\n".join(lines[:then]) + sep + tail, encoding="utf-8")
    # compared on the cells the example pinned and every third other one (issue 23: a
    # cell's result is made the same way whichever cells are measured with it)
    pinned = {c for c, ids in dm_measured.cells.items() if pinner in ids}
    some = pinned | set(list(dm_measured.cells)[::3])
    partial = coverage.measure(sandbox, ["dm"], previous={"dm": dm_measured}, only=some)["dm"]
    assert partial.ran == 1
    whole = coverage.measure(sandbox, ["dm"], only=some)["dm"]
    assert whole.ran == whole.examples > 1
    assert (partial.cells, partial.broken, partial.keys) == (whole.cells, whole.broken, whole.keys)
    assert set(partial.cells) == some and any(partial.cells[c] for c in some - pinned), "nothing kept to compare"
    assert not any(pinner in ids for ids in partial.cells.values())
    assert partial.cells != {c: dm_measured.cells[c] for c in some}, "a kept result would be stale"
    # what the incremental measurement rests on: the engine and the tool as they were
    assert coverage.reusable(dm_measured, {**now, "engine": "0"}, "dm") is None
    assert coverage.reusable(dm_measured, {**now, "tool": "0"}, "dm") is None


def test_the_command_refuses_no_workers(capsys):
    from rulings import cli

    with pytest.raises(SystemExit) as refused:  # refused by the parser, in one line
        cli.main(["--root", str(ROOT), "coverage", "-j", "0"])
    assert refused.value.code == 2
    assert capsys.readouterr().err == \
        "rulings coverage: argument -j/--jobs: 0: give 1 or more (see rulings coverage --help)\n"


def test_a_worker_does_not_speak_for_the_command_when_the_pool_ends_it(monkeypatch):
    """A forked worker inherits ``rulings build``'s handlers; the pool ends its workers with
    SIGTERM, which printed "rulings: stopped by SIGTERM" in the middle of a good build."""
    import signal

    before = {s: signal.getsignal(s) for s in (signal.SIGTERM, signal.SIGINT, signal.SIGHUP)}
    try:
        for s in before:
            signal.signal(s, lambda *_: None)
        monkeypatch.setattr(coverage, "_WORK", {"dm": object()})
        coverage._init_worker(str(ROOT), str(PATHS.build), ["dm"], None)
        assert all(signal.getsignal(s) == signal.SIG_DFL for s in before)
    finally:
        for s, handler in before.items():
            signal.signal(s, handler)
