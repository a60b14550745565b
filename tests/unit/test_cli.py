"""`rulings steps`: every game's vocabulary, from the same registry the examples run with."""

import subprocess
import sys

from rulings import vocabulary


def test_steps_lists_every_game_with_its_keywords():
    out = subprocess.run([sys.executable, "-m", "rulings.cli", "steps"], capture_output=True, text=True,
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
    out = subprocess.run([sys.executable, "-m", "rulings.cli", "steps", "chess"], capture_output=True, text=True,
                         timeout=60)
    assert out.returncode != 0 and "chess" in out.stderr


def _rulings(*args, cwd=None):
    return subprocess.run([sys.executable, "-m", "rulings.cli", *args], capture_output=True, text=True,
                          timeout=120, cwd=cwd)


def test_version():
    from importlib.metadata import version

    out = _rulings("--version")
    assert out.returncode == 0 and out.stdout.strip() == f"rulings {version('rulings')}"


def test_outside_a_project_a_one_line_error_not_a_traceback(tmp_path):
    for command in ("check", "build", "cards"):
        out = _rulings(command, cwd=tmp_path)
        assert out.returncode == 2, out
        assert "Traceback" not in out.stderr and out.stdout == ""
        assert out.stderr.strip().splitlines() == ["rulings: no spec/conf.py here or above: run rulings inside the project"]


def test_help_texts_have_no_rest_markup():
    import re

    texts = [_rulings("--help").stdout] + [_rulings(c, "--help").stdout for c in ("build", "check", "steps", "blocks", "cards")]
    texts += [_rulings("steps").stdout, _rulings("blocks").stdout]
    for text in texts:
        assert text.strip()
        assert not re.search(r"``|:\w+:`|`_", text), re.findall(r".*(?:``|:\w+:`|`_).*", text)[:3]


def test_a_closed_pipe_is_not_a_traceback():
    out = subprocess.run(f"'{sys.executable}' -m rulings.cli steps | head -1", shell=True, capture_output=True,
                         text=True, timeout=60)
    assert out.stdout.startswith("# ygo") and "Traceback" not in out.stderr, out.stderr
