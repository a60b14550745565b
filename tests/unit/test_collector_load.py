"""Issue 28: Python's cyclic collector is off while Sphinx loads the environment and what
is alive then is frozen until the build ends (engine/sphinxext/collector.py); the
features are written with the environment frozen, as pages are.  At 100 000 examples the
collector's walks of the environment being unpickled were 1.1 s of a one-step edit."""

from __future__ import annotations

import gc
from types import SimpleNamespace

import pytest

from rulings.sphinxext import build as build_mod
from rulings.sphinxext import collector


@pytest.fixture(autouse=True)
def _collector_as_it_was():
    was = gc.isenabled()
    yield
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
    started = build_mod.Started(build_mod.Paths(tmp_path), "gherkin")
    assert started.error is not None
    assert gc.isenabled()


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
