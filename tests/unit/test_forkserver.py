"""The sandbox tests' commands forked from one process (tests/forkserver.py) behave as
a new Python: what the command sees (its arguments, folder, environment, ``__main__``,
``sys.path[0]``, its streams), what its end does (its threads joined, its ``atexit``
functions run, output and files it left open written) and what the test gets back
(output, exit status of a return, an exception, ``sys.exit`` with a message, an
interrupt, a kill), compared with ``subprocess.run`` of the same command."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from tests import forkserver
from tests.conftest import Sandbox

PROBE = """\
import json, os, sys
print(json.dumps({"argv": sys.argv[1:], "cwd": os.getcwd(), "path0": sys.path[0], "name": __name__,
                  "env": os.environ.get("PROBE"), "stdin": sys.stdin.read()}))
print("to stderr", file=sys.stderr)
how = sys.argv[1]
# what a program's end does: its threads joined, its atexit functions run, its last
# output (no newline: still in the buffer) written
import atexit, threading, time
atexit.register(lambda: print("atexit after", threading.active_count(), "thread"))
threading.Thread(target=lambda: (time.sleep(0.05), print("thread done"))).start()
sys.stdout.write("unflushed")
kept = open(f"kept-{os.getpid()}", "w")  # never closed: written out as the program ends
kept.write(how)
if how == "interrupt":
    raise KeyboardInterrupt
if how == "raise":
    raise ValueError("a failure")
if how == "message":
    sys.exit("a message")
if how == "status":
    sys.exit(3)
if how == "killed":
    os.kill(os.getpid(), 9)
"""


@pytest.fixture
def server():
    """The fork server the sandbox tests of this process use (started if none runs yet):
    the one under test, and no second server importing Sphinx and the engine again."""
    return forkserver.server()


def _both(server, cmd, cwd, env):
    forked = server.run(cmd, cwd, env, 60)
    new = subprocess.run(cmd, cwd=cwd, env=env, capture_output=True, text=True, timeout=60, stdin=subprocess.DEVNULL)
    return forked, new


def test_a_forked_command_is_a_new_python_to_itself_and_to_the_test(server, tmp_path):
    script = tmp_path / "probe.py"
    script.write_text(PROBE, encoding="utf-8")
    env = dict(os.environ)
    codes = []
    for how in ("fine", "raise", "message", "status", "interrupt", "killed"):
        forked, new = _both(server, [sys.executable, str(script), how, "二"], tmp_path, {**env, "PROBE": how})
        assert (forked.returncode, forked.stdout) == (new.returncode, new.stdout), how
        codes.append(forked.returncode)
        if how in ("raise", "interrupt"):  # the traceback's frames are the runner's, its last line the same
            assert forked.stderr.startswith("to stderr\nTraceback") and new.stderr.startswith("to stderr\nTraceback")
            last = "ValueError: a failure" if how == "raise" else "KeyboardInterrupt"
            assert forked.stderr.splitlines()[-1] == new.stderr.splitlines()[-1] == last
        else:
            assert forked.stderr == new.stderr, how
        if how != "killed":
            assert forked.stdout.endswith("unflushedthread done\natexit after 1 thread\n"), how
        kept = sorted(tmp_path.glob("kept-*"))
        assert [p.read_text(encoding="utf-8") for p in kept] == 2 * ["" if how == "killed" else how]
        for path in kept:
            path.unlink()
    assert codes == [0, 1, 1, 3, -2, -9]
    # as `python -m MODULE`: sys.path[0] is the folder, the module runs as __main__
    package = tmp_path / "pkg"
    package.mkdir()
    (package / "__init__.py").write_text("", encoding="utf-8")
    (package / "probe.py").write_text(PROBE, encoding="utf-8")
    forked, new = _both(server, [sys.executable, "-m", "pkg.probe", "fine"], tmp_path, {**env, "PROBE": "m"})
    assert (forked.returncode, forked.stdout, forked.stderr) == (new.returncode, new.stdout, new.stderr)
    assert '"name": "__main__"' in forked.stdout and f'"path0": "{tmp_path}"' in forked.stdout


def test_a_command_that_runs_too_long_is_killed_and_said_so(server, tmp_path):
    # a forked command prints within about 0.02 s (measured at load 5 on two cores): half
    # a second is its time to say something, then it is killed (it would sleep a minute)
    script = tmp_path / "slow.py"
    script.write_text("import os, sys, time\nprint('started', flush=True)\n"
                      "print(os.getpid(), file=sys.stderr, flush=True)\ntime.sleep(60)\n", encoding="utf-8")
    with pytest.raises(subprocess.TimeoutExpired) as timed_out:
        server.run([sys.executable, str(script)], tmp_path, dict(os.environ), 0.5)
    assert timed_out.value.output == "started\n"
    # and it is gone (killed, its status collected), not left sleeping
    with pytest.raises(ProcessLookupError):
        os.kill(int(timed_out.value.stderr), 0)


def test_sandbox_commands_are_forked_when_they_can_be():
    """What decides between a fork and a new Python (tests/forkserver.py, ``run``)."""
    env = dict(os.environ)
    assert forkserver._same({**env, "PYTEST_CURRENT_TEST": "x", "RULINGS_BUILD": "/b"}, env)
    assert not forkserver._same({**env, "PYTHONPATH": "/elsewhere"}, env)
    assert "pytest" in forkserver.NEW_PYTHON


def test_a_first_command_with_a_variable_of_its_own_leaves_the_others_forked(tmp_path, monkeypatch):
    """The server starts with the session's environment, whichever command comes first: a
    test's command with a variable of its own runs as a new Python, and the plain ones
    after it are still forked (they were all new Pythons once such a command came first)."""
    started: list[dict] = []

    class Server:  # stands for the server: what it is started with, what it is asked to run
        process = type("Process", (), {"poll": staticmethod(lambda: None)})

        def __init__(self, env):
            started.append(env)

        def run(self, cmd, cwd, env, timeout):
            return "forked"

    monkeypatch.setattr(forkserver, "_SERVER", None)
    monkeypatch.setattr(forkserver, "ForkServer", Server)
    script = tmp_path / "ppid.py"
    script.write_text("import os\nprint(os.getppid())\n", encoding="utf-8")
    plain = Sandbox(tmp_path).env()
    own = forkserver.run([sys.executable, str(script)], cwd=tmp_path, env={**plain, "PROBE": "own"}, timeout=60)
    assert own.stdout.strip() == str(os.getpid())  # a new Python, this process's child
    assert forkserver.run([sys.executable, str(script)], cwd=tmp_path, env=plain, timeout=60) == "forked"
    assert started == [forkserver._SESSION_ENV] and "PROBE" not in started[0]
