"""``python -m rulings.cli …`` and ``python -m sphinx …`` for the sandbox tests, without
a new Python each time (issue 23): one process per pytest worker imports the command line,
Sphinx and the extension once, then *forks* for each command.  The fork is a process of
its own, as a new Python would be (its own memory, the command's folder, environment,
``sys.argv``, ``sys.path[0]`` and ``__main__``; the module run with :mod:`runpy` as ``-m``
runs it; its output in files; its end as a program's — threads joined, ``atexit`` run,
open files flushed — and its exit status as the operating system reports it); only the
imports are shared, done before any command and filling no cache but jieba's dictionary
(which every process reads from the same file, before its word list is added), and they
are not torn down at the command's end (``finish``).

A command whose environment is not the one the server started with (a test that sets
a variable the command reads at import) runs as a new Python, as does everything when
``RULINGS_TESTS_NO_FORK`` is set (to compare the two ways).
"""

from __future__ import annotations

import io
import json
import locale
import os
import subprocess
import sys
import tempfile
import threading

#: what the server imports before any command (what ``rulings build`` and ``check``, and
#: ``sphinx-build`` with the extension, import anyway)
PRELOAD = ("rulings.cli", "rulings.incremental", "rulings.sphinxext", "rulings.sphinxext.build",
           "rulings.sphinxext.builder", "rulings.sphinxext.render", "rulings.sphinxext.search",
           "rulings.coverage", "rulings.ygo.steps", "rulings.mtg.steps", "rulings.dm.steps",
           "sphinx.cmd.build", "sphinx.application", "sphinx.builders.html", "sphinx.environment",
           "sphinx.search", "sphinx.search.ja", "sphinx.ext.mathjax", "docutils.parsers.rst",
           "docutils.languages.en", "docutils.languages.zh_cn", "docutils.languages.ja",
           "docutils.parsers.rst.languages.zh_cn", "docutils.parsers.rst.languages.ja", "jinja2.ext",
           "furo", "sphinx_basic_ng", "jieba", "pytest_bdd.parser", "gherkin.parser",
           # what the run of the examples imports, forked from the command (rulings.runs)
           "pytest", "_pytest.config", "_pytest.main", "_pytest.python", "_pytest.terminal", "_pytest.runner",
           "_pytest.fixtures", "_pytest.junitxml", "_pytest.logging", "pytest_bdd.plugin", "xdist.plugin",
           "rulings.bdd", "rulings.bdd.plugin", "rulings.bdd.memory")

#: modules run in a new Python: pytest rewrites the asserts of the plugins it imports
#: itself (pytest-bdd's), which a process that imported them already cannot give it
NEW_PYTHON = {"pytest"}

SERVER = r"""
import atexit, gc, importlib, io, json, os, runpy, select, signal, sys, threading, traceback

requests, replies = int(sys.argv[1]), int(sys.argv[2])
import sphinx.application as sphinx_app

# and the extensions every Sphinx application loads (sphinx.application's lists)
for name in json.loads(sys.argv[3]) + [*sphinx_app.builtin_extensions,
                                       *getattr(sphinx_app, "_first_party_extensions", ()),
                                       *getattr(sphinx_app, "_first_party_themes", ())]:
    try:
        importlib.import_module(name)
    except Exception:
        pass  # the command imports it (and fails) as a new Python would
try:  # jieba's dictionary, read from its file as each new Python reads it (0.6 s of CPU)
    import jieba
    level = jieba.default_logger.level
    jieba.default_logger.setLevel("WARNING")  # not its chatter in the worker's output
    jieba.initialize()
    jieba.default_logger.setLevel(level)  # as a new Python has it
except Exception:
    pass


def finish(ended):
    # the end of a command, as the interpreter ends a program (Py_RunMain, Py_FinalizeEx)
    # up to what the command could see: the exception that ended it printed, or its
    # SystemExit read as an exit status; its threads joined; its atexit functions run
    # (logging's flush, weakref.finalize, multiprocessing's); its garbage collected (the
    # collector walks only the command's own objects: the server's are frozen); the
    # standard streams and the files it left open flushed.  Then the process exits
    # without tearing down the modules it inherited: freeing every object the server
    # imported wrote to each of their pages, and each write copied a page (75 ms of CPU
    # a command, most of it the system's)
    interrupted = isinstance(ended, KeyboardInterrupt)
    if isinstance(ended, SystemExit):
        code = ended.code
        if code is None:
            code = 0
        elif not isinstance(code, int):
            try:
                print(code, file=sys.stderr)
            except Exception:
                pass
            code = 1
    else:
        sys.excepthook(type(ended), ended, ended.__traceback__)
        code = 1
    ended = None
    threading._shutdown()
    atexit._run_exitfuncs()
    gc.collect()
    for opened in gc.get_objects():  # what tearing down would flush: the command's open files
        if isinstance(opened, io.IOBase) and opened not in (sys.stdout, sys.stderr):
            try:
                opened.flush()
            except Exception:
                pass
    for stream in (sys.stdout, sys.stderr, sys.__stdout__, sys.__stderr__):
        try:
            stream.flush()
        except Exception:
            code = 120  # as the interpreter: output it could not write
    if interrupted:  # as the interpreter: killed by the signal that raised it
        signal.signal(signal.SIGINT, signal.SIG_DFL)
        os.kill(os.getpid(), signal.SIGINT)
    os._exit(code & 0xFF)


# what was imported stays for the life of the server: the collector of each command need
# not walk it again (a collection in a command went through Sphinx's, jieba's and the
# engines' objects, and each page the walk touched was copied: 0.1–0.2 s a command)
gc.freeze()
os.write(replies, b'{"ready": true}\n')
signal.signal(signal.SIGCHLD, signal.SIG_DFL)
running = {}
pending = b""
while True:
    ready, _, _ = select.select([requests], [], [], 0.02 if running else None)
    if ready:
        chunk = os.read(requests, 65536)
        if not chunk:
            break
        pending += chunk
        while b"\n" in pending:
            line, pending = pending.split(b"\n", 1)
            job = json.loads(line)
            pid = os.fork()
            if pid == 0:  # the command
                try:
                    os.close(requests)
                    os.close(replies)
                    os.chdir(job["cwd"])
                    os.environ.clear()
                    os.environ.update(job["env"])
                    for fd, (path, flags) in enumerate(((os.devnull, os.O_RDONLY), (job["stdout"], os.O_WRONLY),
                                                        (job["stderr"], os.O_WRONLY))):
                        opened = os.open(path, flags)
                        os.dup2(opened, fd)
                        os.close(opened)
                    # sys.stdout and sys.stderr stay the objects a module may have kept (a
                    # default argument): empty, the server writes nothing; now on the files
                    sys.path[0] = job["cwd"] if job["module"] else os.path.dirname(os.path.abspath(job["script"]))
                    sys.argv = [job["module"] or job["script"], *job["args"]]
                except BaseException:
                    traceback.print_exc()
                    os._exit(120)
                # as `python -m module` / `python script` runs it: an uncaught exception
                # is printed and exits 1; SystemExit as the interpreter reads it
                try:
                    if job["module"]:
                        # run anew, as `-m` runs a module no one imported yet (a module that
                        # imported it keeps the copy it has, as it would have its own); a
                        # package stays, its __main__ runs
                        name = job["module"]
                        if not hasattr(sys.modules.get(name), "__path__"):
                            sys.modules.pop(name, None)
                        sys.modules.pop(name + ".__main__", None)
                        runpy.run_module(job["module"], run_name="__main__", alter_sys=True)
                    else:
                        runpy.run_path(job["script"], run_name="__main__")
                except BaseException as ended:
                    finish(ended)
                finish(SystemExit(0))
            running[pid] = job["id"]
            os.write(replies, (json.dumps({"id": job["id"], "pid": pid}) + "\n").encode())
    for pid in list(running):
        done, status = os.waitpid(pid, os.WNOHANG)
        if done:
            os.write(replies, (json.dumps({"id": running.pop(pid), "status": os.waitstatus_to_exitcode(status)})
                               + "\n").encode())
"""


class ForkServer:
    """One server process, for this pytest process's threads."""

    def __init__(self, env: dict[str, str]) -> None:
        requests_r, self._requests = os.pipe()
        self._replies, replies_w = os.pipe()
        self.process = subprocess.Popen([sys.executable, "-c", SERVER, str(requests_r), str(replies_w),
                                         json.dumps(PRELOAD)], env=dict(env), pass_fds=(requests_r, replies_w),
                                        stdin=subprocess.DEVNULL)
        os.close(requests_r)
        os.close(replies_w)
        self._lock = threading.Lock()
        self._waiting: dict[int, dict] = {}
        self._next = 0
        self._reader = os.fdopen(self._replies, "rb")
        if json.loads(self._reader.readline() or b"{}").get("ready") is not True:
            raise RuntimeError("the fork server did not start")
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        for line in self._reader:
            reply = json.loads(line)
            with self._lock:
                slot = self._waiting.get(reply["id"])
            if slot is not None:
                slot.update(reply)
                if "status" in reply:
                    slot["done"].set()
                else:
                    slot["started"].set()
        with self._lock:  # the server is gone: nobody waits for ever
            for slot in self._waiting.values():
                slot.setdefault("status", None)
                slot["started"].set()
                slot["done"].set()

    def run(self, cmd: list[str], cwd, env: dict[str, str], timeout: float) -> subprocess.CompletedProcess:
        """``subprocess.run(cmd, cwd=cwd, env=env, capture_output=True, text=True,
        timeout=timeout)`` for ``cmd`` = ``[sys.executable, "-m", module, …]`` or
        ``[sys.executable, script, …]``."""
        module = cmd[2] if cmd[1] == "-m" else None
        script = None if module else os.path.abspath(os.path.join(cwd, cmd[1]))
        args = cmd[3:] if module else cmd[2:]
        with tempfile.TemporaryDirectory(prefix="forked-") as folder:
            out, err = os.path.join(folder, "stdout"), os.path.join(folder, "stderr")
            for path in (out, err):
                open(path, "wb").close()
            with self._lock:
                self._next += 1
                ident = self._next
                slot = self._waiting[ident] = {"started": threading.Event(), "done": threading.Event()}
                os.write(self._requests, (json.dumps({"id": ident, "cwd": str(cwd), "env": env, "module": module,
                                                      "script": script, "args": args, "stdout": out,
                                                      "stderr": err}) + "\n").encode())
            try:
                if not slot["done"].wait(timeout):
                    slot["started"].wait(10)
                    if slot.get("pid"):
                        os.kill(slot["pid"], 9)
                    slot["done"].wait(30)
                    raise subprocess.TimeoutExpired(cmd, timeout, _text(out), _text(err))
            finally:
                with self._lock:
                    self._waiting.pop(ident, None)
            if slot.get("status") is None:
                raise RuntimeError(f"the fork server died while running {cmd}")
            return subprocess.CompletedProcess(cmd, slot["status"], _text(out), _text(err))

    def close(self) -> None:
        try:
            os.close(self._requests)
        except OSError:
            pass
        try:
            self.process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()


#: variables no module reads when it is imported (pytest's name of the test; the build
#: folder, read by ``Paths.build`` when called; pytest's added options, read as a run
#: parses its arguments): they may differ from the server's
_PER_TEST = {"PYTEST_CURRENT_TEST", "RULINGS_BUILD", "PYTEST_ADDOPTS"}


#: the environment the server starts with: this process's as the session began, before a
#: test set a variable of its own (it started with the first command's: when that was a
#: test's with a variable of its own, every other command of the worker ran as a new Python)
_SESSION_ENV = {k: v for k, v in os.environ.items() if k not in _PER_TEST}


def _same(env: dict[str, str], other: dict[str, str]) -> bool:
    return {k: v for k, v in env.items() if k not in _PER_TEST} == \
        {k: v for k, v in other.items() if k not in _PER_TEST}


def shutdown() -> None:
    """End the server, waiting for it (and so for every command it forked: their CPU
    time is counted as this process's children's)."""
    global _SERVER
    with _SERVER_LOCK:
        if _SERVER is not None:
            _SERVER.close()
            _SERVER = None


def _text(path: str) -> str:
    """What ``subprocess.run(text=True)`` reads: the locale's encoding, universal newlines."""
    with open(path, "rb") as f:
        data = f.read()
    return io.TextIOWrapper(io.BytesIO(data), encoding=locale.getpreferredencoding(False)).read()


_SERVER: ForkServer | None = None
_SERVER_LOCK = threading.Lock()


def server() -> ForkServer:
    """This process's server, started when none runs yet."""
    global _SERVER
    with _SERVER_LOCK:
        if _SERVER is None or _SERVER.process.poll() is not None:
            _SERVER = ForkServer(_SESSION_ENV)
        return _SERVER


def run(cmd: list[str], *, cwd, env: dict[str, str], timeout: float) -> subprocess.CompletedProcess:
    """A Python command of a sandbox test, forked from the server when it can be."""
    forkable = (not os.environ.get("RULINGS_TESTS_NO_FORK") and len(cmd) >= 2 and cmd[0] == sys.executable
                and (cmd[1] == "-m" and len(cmd) >= 3 and cmd[2] not in NEW_PYTHON or not cmd[1].startswith("-")))
    if forkable and _same(env, _SESSION_ENV):
        return server().run(cmd, cwd, env, timeout)
    return subprocess.run(cmd, cwd=cwd, env=env, capture_output=True, text=True, timeout=timeout)
