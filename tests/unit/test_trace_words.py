"""The trace is structured events worded per language (engine/core/events.py, the wording
tables engine/<game>/trace_words.py): a Yu-Gi-Oh! trace reads in Chinese, a Magic or Duel
Masters trace in Japanese, in the documents' own terms, and English stays available to a
developer on the console.  An event recorded the old way (an English message) still
shows, as its message; the call sites still recording that way are listed per game."""

from __future__ import annotations

import ast
import functools
import re
from pathlib import Path

import pytest

from rulings import vocabulary as vocab_mod
from rulings.core.events import EventLog, _template, line, said
from rulings.project import GAMES, Paths, find_root
from rulings.runner import runner_for
from rulings.scenarios import documented
from tests import sources
from tests.worded_sandbox import worded_run  # noqa: F401 - a fixture

#: the traces are of games of the real cards (the module's ``extracted`` fixture)
pytestmark = pytest.mark.usefixtures("extracted")

ROOT = find_root(Path(__file__).parent)
ENGINE = ROOT / "engine"
#: each game's documents' language
LANGUAGES = {game: language for game, (language, _package) in GAMES.items()}
#: what a page may show in Latin letters besides card names: rule citations (CR 702.26b),
#: mana symbols as the cards print them ({2}{U}{B}), the Duel Masters terms printed on
#: the cards (FE, D・スイッチ)
ALLOWED = {"CR", "FE"}
_ALLOWED_TEXT = re.compile(r"CR \d+(?:\.\d+[a-z]?)?|\{[^{}]*\}|D・スイッチ")
_ASCII_WORD = re.compile(r"[A-Za-z][A-Za-z'\-]*")


def _words_of(vocabulary):
    return vocabulary.new_world().trace_words


def _step(vocabulary, world, kind: str, text: str) -> None:
    found = vocabulary.match(kind, text)
    assert found is not None, text
    vocab_mod.run_step(found[0], world, found[1], None)


# -- one example of each game, read in its language -----------------------------------------

def test_a_set_reads_as_a_set_not_a_summon_in_chinese():
    v = vocab_mod.load("ygo")
    duel = v.new_world()
    _step(v, duel, "given", "自己的手卡有「番兵石人」")
    _step(v, duel, "when", "自己盖放「番兵石人」")
    lines = duel.trace("zh-CN")
    assert any("盖放" in x for x in lines), lines
    # nothing calls the set a summon: 盖放 is not 召唤
    assert not any("召唤" in x.replace("盖放不是召唤", "") for x in lines), lines
    assert "「番兵石人」：自己的手卡 → 自己的怪兽区域（盖放）" in lines, lines
    assert not [x for x in lines if _ASCII_WORD.search(re.sub(r"「[^「」]*」", "", x))], lines
    english = duel.trace("en")
    assert any(x.startswith("[set] ") and "set (not a summon)" in x for x in english), english
    assert "[move] 「番兵石人」 hand[0] → monster zone[0] (set)" in english, english


@pytest.mark.parametrize("game", ["mtg", "dm"])
def test_magic_and_duel_masters_traces_read_in_japanese(game):
    v = vocab_mod.load(game)
    world = v.new_world()
    hand, field = ("手札", "戦場") if game == "mtg" else ("手札", "バトルゾーン")
    you = "あなた" if game == "mtg" else "自分"
    card = v.card_names()[0]
    world.log.record("move", card=world.bring_in(world.catalogue[card], 0, "hand", card_class=_card_class(world)),
                     source=world.board.zone(0, "hand"), to=world.board.zone(None if game == "mtg" else 0,
                                                                              "battlefield" if game == "mtg" else "battle zone"))
    text = world.trace("ja")[-1]
    assert f"{you}の{hand}" in text and field in text, text
    assert "→" in world.trace("en")[-1] and "hand[0]" in world.trace("en")[-1]


def _card_class(world):
    import inspect

    module = inspect.getmodule(type(world))
    return next(c for name, c in vars(module).items() if name.endswith("Card") and isinstance(c, type))


# -- every documented example: no words of another language in its trace ---------------------

def _traces(game: str):
    """(example id, trace lines in the document's language) of every example of ``game``.
    A Then step runs as ``run_step`` runs it (observing), without the check that it left
    the game unchanged (its events, if it recorded any, are in the trace read here; the
    check is the binding's, run by every example and by test_flipped_outcomes): two
    fingerprints of the game per Then were most of the time of this test."""
    v = vocab_mod.load(game)
    runner = runner_for(v)
    for example in documented(Paths(ROOT), {game}):
        for scenario in example.scenarios:
            world = v.new_world()
            for step in scenario.steps:
                found = runner.match(step.type, step.name)
                if found is None:
                    break
                phrase, arguments = found
                table = step.datatable.raw() if step.datatable else None
                try:
                    if phrase.kind == "then":
                        with world.observing():
                            phrase.run(world, arguments, table)
                    else:
                        vocab_mod.run_step(phrase, world, arguments, table)
                except Exception:  # noqa: BLE001 - a failing example still has a trace to read
                    break
            yield example.id, world.trace(LANGUAGES[game])


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_trace_reads_in_the_document_s_language(game, extracted):
    """No ASCII word in a trace line beyond card names and :data:`ALLOWED` (a card name
    the trace shows without its brackets — a source kept as text — counts as a name)."""
    names = sorted(vocab_mod.load(game).card_names(), key=len, reverse=True)
    bad: dict[str, str] = {}
    lines = 0
    for example_id, trace in _traces(game):
        for text in trace:
            lines += 1
            rest = _ALLOWED_TEXT.sub("", re.sub(r"「[^「」]*」", "", text))
            if not _ASCII_WORD.search(rest):
                continue  # no Latin letter: taking names out leaves none either
            for name in names:
                if name in rest:
                    rest = rest.replace(name, "")
            words = set(_ASCII_WORD.findall(rest)) - ALLOWED
            if words:
                bad.setdefault(" ".join(sorted(words)), f"{example_id}: {text}")
    assert lines > 100
    assert not bad, "English left in the traces:\n" + "\n".join(f"  {w}  ←  {x}" for w, x in sorted(bad.items()))


# -- the model ------------------------------------------------------------------------------

def test_an_old_style_event_shows_its_message_in_every_language():
    log = EventLog()
    event = log.record("rule", "「甲」: something the engine says in English", card=3)
    assert event.kind == "rule" and event.data == {"card": 3}
    assert log.lines("zh-CN") == ["「甲」: something the engine says in English"]
    assert log.lines("en") == ["[rule] 「甲」: something the engine says in English"]


def test_an_event_keeps_cards_and_zones_typed_and_comparable_as_before():
    from rulings.ygo.duel import Duel

    duel = Duel()
    card = duel.new_card("番兵石人", 0)
    duel.board.move(card, duel.board.zone(0, "graveyard"), reason="placed")
    event = duel.log.of_kind("move")[-1]
    # code reading the log compares a card with its serial, a zone with its English label
    assert event.data["card"] == card.serial and event.data["card"].name == "番兵石人"
    assert event.data["to"] == "graveyard[0]" and event.data["to"].kind == "graveyard"
    assert line(event, "zh-CN", Duel.trace_words).endswith("→ 自己的墓地（放置）")


def test_an_optional_part_is_left_out_when_its_field_is_missing():
    words = {"zh-CN": {"events": {"x": "{card}被破坏[[（{reason}）]]"}}}
    log = EventLog()
    log.record("x", card=None, reason="")
    log.record("x", reason=said("y"))
    assert log.lines("zh-CN", words)[0] == "?被破坏"
    assert log.lines("zh-CN", words)[1] == "?被破坏（y）"


# -- the call sites -------------------------------------------------------------------------

def _record_calls(path: Path):
    """(line, event keys, recorded the old way?) of each ``….record(…)`` call in ``path``."""
    for node in sources.nodes(path):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "record" \
                and node.args:
            keys = list(_keys(node.args[0]))
            yield node.lineno, keys, len(node.args) > 1


def _keys(node):
    """The event keys a call's first argument may be: a string, or either branch of an if."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        yield node.value
    elif isinstance(node, ast.IfExp):
        yield from _keys(node.body)
        yield from _keys(node.orelse)


@functools.cache
def _sites(package: str) -> tuple:
    """(where, event keys, recorded the old way?) of each call site in engine/``package``
    (read once per session: the code does not change under a test)."""
    return tuple((f"engine/{path.relative_to(ENGINE).as_posix()}:{lineno}", keys, old)
                 for path in sorted((ENGINE / package).rglob("*.py"))
                 for lineno, keys, old in _record_calls(path))


@sources.READS_THE_CODE
@pytest.mark.parametrize("package", ["core", "ygo", "mtg", "dm"])
def test_no_call_site_records_an_english_message(package):
    """Every ``record(...)`` names what happened and gives typed data; one that still passes
    a message (the old way: it shows as English on a Chinese or Japanese page) is listed."""
    old = [where for where, _keys, is_old in _sites(package) if is_old]
    assert not old, f"{len(old)} call site(s) in engine/{package} still record a message:\n  " + "\n  ".join(old)


@sources.READS_THE_CODE
@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_event_a_game_records_has_words_in_its_language_and_in_english(game):
    words = _words_of(vocab_mod.load(game))
    missing = []
    for package in ("core", game):
        for where, keys, old in _sites(package):
            if old:
                continue
            for key in keys:
                for language in (LANGUAGES[game], "en"):
                    if _template({language: words.get(language, {})}, language, key) is None:
                        missing.append(f"{where}: {key} ({language})")
    assert not missing, "events without words:\n  " + "\n  ".join(missing)


@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_change_of_wording_runs_the_game_s_examples_again(game):
    """The results file keeps each trace worded; the wording tables are an input a game's
    results rest on (``rulings.digests.wording``), so changing a word runs them again
    (tests/unit/test_digests.py edits them)."""
    from rulings.digests import code_files, wording_files

    files = {p.relative_to(ENGINE).as_posix() for p in code_files(game)}
    words = {p.relative_to(ENGINE).as_posix() for p in wording_files(game)}
    assert "core/events.py" in files
    assert {"core/trace_words.py", f"{game}/trace_words.py"} <= words


def test_a_failure_on_the_console_shows_the_trace_in_english(worded_run):
    """The page shows the trace in the document's language; pytest, under a failure,
    shows it in English for the developer (the sandbox of tests/worded_sandbox.py: its
    example "wrong", whose Then is wrong, run by pytest after ``rulings check``)."""
    out = worded_run.console
    assert "rulings trace (English)" in out, out
    assert re.search(r"\[setup\] 「破坏龙 甘多拉」 starts in hand\[0\]", out), out
    trace = worded_run.tested["wrong"]["trace"]
    assert "「破坏龙 甘多拉」一开始在自己的手卡" in trace, trace


@pytest.mark.parametrize("game", sorted(GAMES))
def test_the_shared_engine_refuses_in_the_documents_language(game):
    """A refusal of the shared engine (a choice nobody waits for, a full zone) reads in the
    language of the game's documents: it is what a failed example shows under its step."""
    from rulings.core import IllegalAction

    world = vocab_mod.load(game).new_world()
    assert world.language == LANGUAGES[game]
    with pytest.raises(IllegalAction) as refused:
        world.decide(0, [])
    assert refused.value.args[0] and not re.search(r"[A-Za-z]{3,}", refused.value.args[0]), refused.value.args[0]
