"""Issue 23: a new game is a row of ``rulings.project`` (GAMES, GAME_LABELS, GAME_NAMES)
and its package engine/<game>/ (rules, vocabulary, card format, tables, trace words),
with a three-line module in tests/examples that binds it: no other module of the engine
names a game."""

from __future__ import annotations

import ast
from pathlib import Path

from rulings.project import GAME_LABELS, GAME_NAMES, GAMES
from tests import sources

ENGINE = Path(__file__).resolve().parents[2] / "engine"


@sources.READS_THE_CODE
def test_no_module_outside_the_games_own_names_a_game():
    games = set(GAMES)
    found = []
    for path in ENGINE.rglob("*.py"):
        rel = path.relative_to(ENGINE)
        if rel.parts[0] in games or rel.as_posix() == "project.py":
            continue
        for node in sources.nodes(path):
            if isinstance(node, ast.Constant) and node.value in games:
                found.append(f"{rel}:{node.lineno}: {node.value!r}")
    assert not found, found


def test_every_game_has_its_rows_its_package_and_its_test_module():
    root = ENGINE.parent
    for game, (_language, package) in GAMES.items():
        assert game in GAME_LABELS and game in GAME_NAMES, game
        assert (ENGINE / package.split(".", 1)[1]).is_dir(), package
        assert f'bind("{game}")' in (root / "tests" / "examples" / f"test_{game}.py").read_text(encoding="utf-8")
