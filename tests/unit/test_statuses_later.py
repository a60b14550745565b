"""Issue 28: the gherkin build of ``rulings build`` does not decide the examples' statuses
(the features show none); the html build of the same process decides every one of them
once the examples ran (``cards.check_examples``).  Every other build decides them — a
stale pass is worse than a slow page."""

from __future__ import annotations

import io
from pathlib import Path
from types import SimpleNamespace

import pytest

from rulings.project import Paths
from rulings.sphinxext import build as build_mod
from rulings.sphinxext import cards


def _env(tmp_path: Path):
    record = {"id": "d/x", "hash": "h1", "declared": None, "game": "ygo", "cards": {}, "phrases": [],
              "source": "spec/d.rst", "line": 3, "parsed": True, "parse_error": None, "extracted": True,
              "error": None, "status": "passed", "reason": None}
    return SimpleNamespace(rulings_cards={}, rulings_examples={"d": [record]}, found_docs={"d"},
                           srcdir=str(tmp_path), config=SimpleNamespace(rulings_cards="cards")), record


def _app(name: str, later: bool):
    app = SimpleNamespace(builder=SimpleNamespace(name=name))
    if later:
        app._rulings_statuses_later = True
    return app


@pytest.mark.parametrize("builder,later,decided", [("gherkin", True, False), ("gherkin", False, True),
                                                    ("html", True, True), ("html", False, True)])
def test_only_the_gherkin_build_followed_by_html_leaves_the_statuses(tmp_path, monkeypatch, builder, later, decided):
    env, record = _env(tmp_path)
    asked = []

    def load_results(env_):
        asked.append("results")
        return {}, None

    monkeypatch.setattr(cards, "load_results", load_results)
    cards.check_examples(_app(builder, later), env)
    # no result for it: decided, it is not run; left, it shows what it showed
    assert record["status"] == ("not-run" if decided else "passed")
    assert bool(asked) == decided


class _Started:
    seen: list = []

    def __init__(self, paths, builder, *, fresh=False, jobs=None):
        self.app = SimpleNamespace(env=None)
        self.warnings, self.error = io.StringIO(), None
        self.crash = paths.build / f"{builder}-crash.txt"

    def run(self) -> int:
        _Started.seen.append(getattr(self.app, "_rulings_statuses_later", False))
        return 0


@pytest.mark.parametrize("builder,keep_env,later", [("gherkin", True, True), ("gherkin", False, False),
                                                     ("html", True, False), ("html", False, False)])
def test_the_build_that_keeps_its_environment_for_html_says_so(tmp_path, monkeypatch, builder, keep_env, later):
    (tmp_path / "spec").mkdir()
    (tmp_path / "spec" / "conf.py").write_text("", encoding="utf-8")
    (tmp_path / "build").mkdir()
    monkeypatch.delenv("RULINGS_BUILD", raising=False)
    monkeypatch.setattr(build_mod, "Started", _Started)
    _Started.seen = []
    build_mod.build(Paths(tmp_path), builder, fresh=True, keep_env=keep_env)
    assert _Started.seen == [later]
