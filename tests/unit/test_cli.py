"""`rulings steps`: every game's vocabulary, from the same registry the examples run with."""

import subprocess
import sys

from engine import vocabulary


def test_steps_lists_every_game_with_its_keywords():
    out = subprocess.run([sys.executable, "-m", "engine.cli", "steps"], capture_output=True, text=True,
                         timeout=60)
    assert out.returncode == 0, out.stderr
    for game, keyword in (("ygo", "假如"), ("mtg", "前提"), ("dm", "前提")):
        v = vocabulary.load(game)
        header = f"# {game} ({v.language}): {len(v.phrases)} phrases"
        assert header in out.stdout
        section = out.stdout.split(header, 1)[1].split("\n# ", 1)[0]
        assert f"  {keyword} " in section
        assert all(p.template in section for p in v.phrases)


def test_steps_of_an_unknown_game_is_an_error():
    out = subprocess.run([sys.executable, "-m", "engine.cli", "steps", "chess"], capture_output=True, text=True,
                         timeout=60)
    assert out.returncode != 0 and "chess" in out.stderr
