"""`rulings steps`: every game's vocabulary, from the same registry the examples run with."""

import os
import subprocess
import sys

import pytest

from rulings import vocabulary
from tests import forkserver


def test_steps_lists_every_game_with_its_keywords():
    out = _rulings("steps")
    assert out.returncode == 0, out.stderr
    for game, keyword in (("ygo", "假如"), ("mtg", "前提"), ("dm", "前提")):
        v = vocabulary.load(game)
        header = f"# {game} ({v.language}): {len(v.phrases)} phrases"
        assert header in out.stdout
        section = out.stdout.split(header, 1)[1].split("\n# ", 1)[0]
        assert f"  {keyword} " in section
        assert all(p.template in section for p in v.phrases)


def test_steps_of_an_unknown_game_is_an_error():
    out = _rulings("steps", "chess")
    assert out.returncode != 0 and "chess" in out.stderr


def _rulings(*args, cwd=None):
    """``python -m rulings.cli ARGS``, forked from the worker's preloaded server as a
    sandbox's commands are (tests/forkserver.py: the same output and status as a new
    Python, without its start)."""
    return forkserver.run([sys.executable, "-m", "rulings.cli", *args], cwd=cwd or os.getcwd(),
                          env=dict(os.environ), timeout=120)


def test_version():
    from importlib.metadata import version

    out = _rulings("--version")
    assert out.returncode == 0 and out.stdout.strip() == f"rulings {version('rulings')}"


def _in_process(*args, cwd):
    """``rulings ARGS`` as ``main`` runs them, in this process (the command line's own
    handling of what it refuses, without a process of its own): (status, stdout, stderr)."""
    import contextlib
    import io

    from rulings import cli

    out, err = io.StringIO(), io.StringIO()
    here = os.getcwd()
    os.chdir(cwd)
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            try:
                status = cli.main(list(args))
            except SystemExit as stop:
                status = stop.code
    finally:
        os.chdir(here)
    return subprocess.CompletedProcess(["rulings", *args], status, out.getvalue(), err.getvalue())


def test_outside_a_project_a_one_line_error_not_a_traceback(tmp_path):
    # steps and blocks show a project's vocabulary and cards; bench copies its examples;
    # the first as a process of its own (what a user runs), the others as main runs them
    commands = (["check"], ["build"], ["cards"], ["steps"], ["steps", "ygo"], ["blocks"],
                ["bench", "--examples", "1", "--repeat", "1"], ["coverage"], ["serve"])
    for i, command in enumerate(commands):
        out = _rulings(*command, cwd=tmp_path) if i == 0 else _in_process(*command, cwd=tmp_path)
        assert out.returncode == 2, out
        assert "Traceback" not in out.stderr and out.stdout == ""
        assert out.stderr.strip().splitlines() == ["rulings: no spec/conf.py here or above: run rulings inside the project"]


def test_help_texts_have_no_rest_markup():
    import re

    texts = [_in_process("--help", cwd=os.getcwd()).stdout]
    texts += [_in_process(c, "--help", cwd=os.getcwd()).stdout for c in ("build", "check", "steps", "blocks", "cards")]
    texts += [_rulings("steps").stdout, _rulings("blocks").stdout]
    for text in texts:
        assert text.strip()
        assert not re.search(r"``|:\w+:`|`_", text), re.findall(r".*(?:``|:\w+:`|`_).*", text)[:3]


def test_a_closed_pipe_is_not_a_traceback():
    out = subprocess.run(f"'{sys.executable}' -m rulings.cli steps | head -1", shell=True, capture_output=True,
                         text=True, timeout=60)
    assert out.stdout.startswith("# ygo") and "Traceback" not in out.stderr, out.stderr


@pytest.mark.parametrize("args, words", [
    (["check", "-j", "0"], "argument -j/--jobs: 0: give 1 or more"),
    (["check", "-j", "-2"], "argument -j/--jobs: -2: give 1 or more"),
    (["build", "-j", "two"], "argument -j/--jobs: 'two' is not a whole number"),
    (["build", "--sphinx-jobs", "0"], "argument --sphinx-jobs: 0: give 1 or more"),
    (["check", "--sphinx-jobs", "-1"], "argument --sphinx-jobs: -1: give 1 or more"),
    (["steps", "chess"], "argument game: invalid choice: 'chess'"),
    (["blocks", "chess"], "argument game: invalid choice: 'chess'"),
    (["coverage", "--game", "chess"], "argument --game: invalid choice: 'chess'"),
    (["coverage", "-j", "0"], "argument -j/--jobs: 0: give 1 or more"),
    (["bench", "--examples", "0"], "argument --examples: 0: give 1 or more"),
    (["bench", "--repeat", "-1"], "argument --repeat: -1: give 1 or more"),
    (["serve", "--port", "70000"], "argument --port: 70000 is not a port number (1 to 65535)"),
    (["check", "--no-such-option"], "unrecognized arguments: --no-such-option"),
    (["check", "-k", " "], "argument -k: give some words of an id or title"),
    ([], "the following arguments are required: command"),
])
def test_bad_arguments_are_refused_in_one_line(tmp_path, args, words):
    # outside a project: a refusal must come from the argument, before anything is looked for
    out = _in_process(*args, cwd=tmp_path)
    assert out.returncode == 2, out
    assert out.stdout == "" and "Traceback" not in out.stderr, out
    [line] = out.stderr.strip().splitlines()
    assert line.startswith("rulings") and words in line, line


def test_a_bad_argument_is_refused_in_one_line_by_the_command(tmp_path):
    """The refusals above, as a process of its own says them: status 2, one line."""
    out = _rulings("check", "-j", "0", cwd=tmp_path)
    assert out.returncode == 2 and out.stdout == "", out
    assert out.stderr.strip().splitlines() == [
        "rulings check: argument -j/--jobs: 0: give 1 or more (see rulings check --help)"], out


def test_bench_does_not_replace_a_folder_it_did_not_make(tmp_path):
    from tests.conftest import ROOT

    mine = tmp_path / "mine"
    mine.mkdir()
    (mine / "notes.txt").write_text("keep me", encoding="utf-8")
    out = _rulings("bench", "--examples", "1", "--repeat", "1", "--keep", str(mine), cwd=ROOT)
    assert out.returncode == 2, out
    [line] = out.stderr.strip().splitlines()
    assert line.startswith("rulings bench: --keep ") and "holds something other than a benchmark" in line, line
    assert (mine / "notes.txt").read_text(encoding="utf-8") == "keep me"
