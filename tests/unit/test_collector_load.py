"""Issue 28: Python's cyclic collector is off while Sphinx loads the environment and what
is alive then is frozen until the build ends (engine/sphinxext/collector.py); the
features are written with the environment frozen, as pages are.  At 100 000 examples the
collector's walks of the environment being unpickled were 1.1 s of a one-step edit."""

from __future__ import annotations

import gc
import io
import os
import weakref
from types import SimpleNamespace

import pytest

from rulings.sphinxext import build as build_mod
from rulings.sphinxext import collector


@pytest.fixture(autouse=True)
def _collector_as_it_was():
    was = gc.isenabled()
    yield
    collector._DROPPED[0] = False
    collector.release()
    gc.unfreeze()
    (gc.enable if was else gc.disable)()


def test_off_while_the_environment_loads_then_what_is_alive_is_frozen_until_the_build_ends():
    app = SimpleNamespace()
    gc.enable()
    collector.hold(app, None)
    assert not gc.isenabled()
    loaded = [{"record": i} for i in range(1000)]  # the environment being unpickled
    collector.freeze_loaded(app)
    assert gc.isenabled() and gc.get_freeze_count() >= len(loaded) and app._rulings_frozen
    collector.thaw(app, None)
    assert gc.isenabled() and gc.get_freeze_count() == 0 and not app._rulings_frozen


def test_a_collector_turned_off_by_someone_else_stays_off():
    app = SimpleNamespace()
    gc.disable()
    collector.hold(app, None)
    collector.freeze_loaded(app)
    assert not gc.isenabled()
    collector.thaw(app, None)
    assert not gc.isenabled()


def test_an_application_that_fails_while_it_is_made_puts_the_collector_back(tmp_path, monkeypatch):
    gc.enable()

    class Failing:
        def __init__(self, *args, **kwargs):
            collector.hold(self, None)
            raise RuntimeError("broken conf.py")

    monkeypatch.setattr(build_mod, "Sphinx", Failing)
    monkeypatch.setattr(build_mod, "_LEFT", {})
    (tmp_path / "spec").mkdir()
    before = dict(os.environ)
    started = build_mod.Started(build_mod.Paths(tmp_path), "gherkin")
    assert started.error is not None
    assert gc.isenabled()
    assert dict(os.environ) == before  # docutils' configuration file no longer named


@pytest.mark.parametrize("builder,frozen", [("html", True), ("gherkin", True), ("latex", False)])
def test_the_features_are_written_with_the_environment_frozen_as_pages_are(builder, frozen):
    app = SimpleNamespace(builder=SimpleNamespace(format=builder))
    env = SimpleNamespace(_write_doc_doctree_cache={"a": None}, found_docs={f"d{i}" for i in range(10)})
    collector.freeze_for_writing(app, env)
    assert bool(getattr(app, "_rulings_frozen", False)) == frozen
    assert (gc.get_freeze_count() > 0) == frozen


def test_the_extension_holds_the_collector_from_its_configuration_to_its_builder():
    connected = []

    class App:
        def __getattr__(self, name):
            return lambda *args, **kwargs: None

        def connect(self, event, handler, priority=500):
            connected.append((event, handler))

    from rulings import sphinxext

    sphinxext.setup(App())
    assert ("config-inited", collector.hold) in connected
    assert ("builder-inited", collector.freeze_loaded) in connected
    assert ("build-finished", collector.thaw) in connected


def test_an_environment_taken_from_the_build_before_is_not_frozen():
    """build._Sphinx hands the html build the environment the gherkin build left: no
    unpickling, and the doctrees that build read are garbage (cycles) by then — frozen,
    they would stay alive to the end of the html build (hundreds of MB at 100 000
    examples from nothing)."""
    app = SimpleNamespace(_rulings_env_left=True)
    gc.enable()
    collector.hold(app, None)
    collector.freeze_loaded(app)
    assert gc.isenabled() and gc.get_freeze_count() == 0
    assert not getattr(app, "_rulings_frozen", False)


@pytest.mark.parametrize("reading,frozen", [(1, True), (24, True), (25, False), (100, False)])
def test_a_build_reading_a_quarter_of_the_documents_again_thaws_before_it_reads(reading, frozen):
    """What reading replaces of the old environment and only the collector frees would
    stay frozen to the end of the build: a full reading at 100 000 examples peaked at
    2.5 GB instead of 1.9 GB.  An edit cycle's document or two leave it frozen."""
    app = SimpleNamespace()
    env = SimpleNamespace(found_docs={f"d{i}" for i in range(100)})
    gc.enable()
    collector.hold(app, None)
    collector.freeze_loaded(app)
    collector.thaw_for_reading(app, env, [f"d{i}" for i in range(reading)])
    assert (gc.get_freeze_count() > 0) == frozen and app._rulings_frozen == frozen
    collector.thaw(app, None)
    assert gc.get_freeze_count() == 0


class _Env:
    def __init__(self, cached: int, docs: int) -> None:
        self._write_doc_doctree_cache = {f"d{i}": object() for i in range(cached)}
        self.found_docs = {f"d{i}" for i in range(docs)}

    def __getstate__(self):
        return {"config": {}, "found_docs": self.found_docs}

    def __setstate__(self, state):
        self.__dict__.update(state)

    def setup(self, app):
        pass


@pytest.mark.parametrize("cached,frozen", [(1, True), (30, False)])
def test_the_environment_the_gherkin_build_left_is_frozen_unless_it_read_much(tmp_path, monkeypatch, cached, frozen):
    """The html build of an edit cycle takes the gherkin build's environment
    (build._Sphinx): frozen from the start, as an unpickled one, unless the gherkin build
    read a quarter of the documents or more (its doctrees, garbage then, would be kept)."""
    pickled = tmp_path / "environment.pickle"
    pickled.write_bytes(b"x")
    env = _Env(cached, 100)
    collector.thaw_for_reading(SimpleNamespace(), env, ["d0"])  # the gherkin build read one document
    monkeypatch.setattr(build_mod, "_LEFT", {"env": (build_mod._pickle_stamp_of(pickled), env)})
    app = SimpleNamespace()
    gc.enable()
    collector.hold(app, None)
    assert build_mod._Sphinx._load_existing_env(app, str(pickled)) is env
    assert gc.isenabled() != frozen  # held to builder-inited only when it will be frozen
    collector.freeze_loaded(app)
    assert (gc.get_freeze_count() > 0) == frozen


def test_the_environment_of_a_gherkin_build_that_read_much_is_not_frozen(tmp_path, monkeypatch):
    """Read in forked processes, the documents leave no doctree in the cache, but the
    environments the readers handed back are garbage: what the build read counts."""
    pickled = tmp_path / "environment.pickle"
    pickled.write_bytes(b"x")
    env = _Env(0, 100)
    collector.thaw_for_reading(SimpleNamespace(), env, [f"d{i}" for i in range(50)])
    monkeypatch.setattr(build_mod, "_LEFT", {"env": (build_mod._pickle_stamp_of(pickled), env)})
    app = SimpleNamespace()
    gc.enable()
    collector.hold(app, None)
    assert build_mod._Sphinx._load_existing_env(app, str(pickled)) is env
    assert gc.isenabled()
    collector.freeze_loaded(app)
    assert gc.get_freeze_count() == 0


def test_an_application_let_go_of_is_collected_before_the_next_build_freezes_what_it_loads():
    """From nothing the extraction is read by forked processes and its environment is not
    handed to the html build (build._LEFT), which loads it from its file: the extraction's
    application (cycles) was still uncollected when the html build froze what it had
    loaded, so its whole records stayed alive to the end of the html build (at 10 000
    examples 83 of the 190 MB traced when writing starts)."""
    gc.disable()  # no automatic collection: only the one asked for
    old = _Application()
    old.env = _Application()
    old.env.app, old.env.records = old, [{"id": i} for i in range(100)]
    gone = weakref.ref(old.env)
    del old
    collector.dropped()
    app = SimpleNamespace()
    collector.hold(app, None)
    assert gone() is None
    assert not collector._DROPPED[0]
    collector.freeze_loaded(app)


def test_nothing_is_collected_when_no_application_was_let_go_of(monkeypatch):
    """An edit cycle's html build takes the extraction's environment (build._Sphinx): a
    full collection then would walk it all (a second at 100 000 examples)."""
    collected = []
    monkeypatch.setattr(collector.gc, "collect", lambda *a: collected.append(a) or 0)
    collector.hold(SimpleNamespace(), None)
    assert collected == []


class _Application:
    pass


class _Built:
    def __init__(self, paths, builder, *, fresh=False, jobs=None):
        self.app = SimpleNamespace(env=SimpleNamespace(found_docs=set(), doc2path=str))
        self.warnings, self.error = io.StringIO(), None
        self.crash = paths.build / f"{builder}-crash.txt"
        self.pickle = paths.environment / "environment.pickle"

    def run(self) -> int:
        if _Built.pickles:
            self.pickle.parent.mkdir(parents=True, exist_ok=True)
            self.pickle.write_bytes(b"x")
        return 0


@pytest.mark.parametrize("builder,keep_env,pickles,dropped", [
    ("gherkin", True, False, True),   # the environment not left (not pickled here, forked readers)
    ("gherkin", True, True, False),   # left to the html build: taken, not garbage
    ("gherkin", False, False, False),  # no html build follows in this process
    ("html", False, False, False)])
def test_the_extraction_whose_environment_is_not_left_says_it_is_garbage(tmp_path, monkeypatch, builder, keep_env,
                                                                            pickles, dropped):
    (tmp_path / "spec").mkdir()
    (tmp_path / "spec" / "conf.py").write_text("", encoding="utf-8")
    (tmp_path / "build").mkdir()
    monkeypatch.delenv("RULINGS_BUILD", raising=False)
    monkeypatch.setattr(build_mod, "Started", _Built)
    monkeypatch.setattr(build_mod, "_LEFT", {})
    monkeypatch.setattr(collector, "_DROPPED", [False])
    _Built.pickles = pickles
    build_mod.build(build_mod.Paths(tmp_path), builder, fresh=True, keep_env=keep_env)
    assert collector._DROPPED[0] == dropped
