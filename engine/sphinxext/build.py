"""Running Sphinx from Python (the CLI and the pytest session use this).

Every builder shares one environment and one doctree folder (``Paths.environment``):
a document is read once per change, by whichever build comes first (the gherkin build
of ``rulings build``); html writes the pages read since it last wrote them
(``state.to_write``).

Warnings are captured, written next to the output, and the documents they came from
are re-read by the next build so that an unchanged broken document keeps failing
instead of going quiet after its first build.

Sphinx is not started at all when nothing it reads changed since its last build: the
sources, the code of the engine (extension, vocabularies, card formats), the results
(for html), the versions of Python and Sphinx and the settings, compared by content.
Starting Sphinx and loading its environment is most of an incremental build; the
warnings of the last build are reported again from the file they were kept in.
"""

from __future__ import annotations

import io
import json
import pickle
import re
import shutil
import traceback
from contextlib import ExitStack
from pathlib import Path

from sphinx.application import Sphinx
from sphinx.util.console import nocolor
from sphinx.util.docutils import docutils_namespace, patch_docutils

from rulings import extraction
from rulings.extraction import BuildOutcome, settings  # noqa: F401 - re-exported
from rulings.project import Paths, find_root  # noqa: F401 - re-exported
from rulings.results import write_atomic

from . import collector, reading, state

_ANSI = re.compile(r"\x1b\[[0-9;]*m")


def inputs_digest(paths: Paths, builder: str, overrides: dict) -> str:
    """A digest of everything a build reads, by content (``rulings.extraction``: the
    pytest binding computes the same without Sphinx to tell stale features)."""
    return extraction.inputs_digest(paths, builder, overrides, code_version=reading.format_version())


def _drop_old_environments(paths: Paths) -> None:
    """Each builder had its own doctrees before they shared one environment: gone."""
    for old in ("gherkin", "html"):
        if (paths.doctrees / old / "environment.pickle").exists():
            shutil.rmtree(paths.doctrees / old, ignore_errors=True)


#: the environment a gherkin build of this process left, with the stamp of the file it
#: pickled it to (``keep_env``): the html build of the same cycle takes it instead of
#: unpickling that file again (a second of CPU per 10 000 examples)
_LEFT: dict[str, tuple[tuple, object]] = {}


def _pickle_stamp(paths: Paths) -> tuple | None:
    try:
        st = (paths.environment / "environment.pickle").stat()
    except OSError:
        return None
    return st.st_mtime_ns, st.st_size, st.st_ino


class _Sphinx(Sphinx):
    """Sphinx, whose environment is the one the gherkin build of this process left when
    the file it would load is still the one that build pickled it to: the object as it
    was pickled (the gherkin builder writes features from it without changing it), made
    as unpickling makes it (no application, domains or doctree caches)."""

    def _load_existing_env(self, filename):
        left = _LEFT.pop("env", None)
        if left is not None and left[0] == _pickle_stamp_of(filename):
            env = left[1]
            cache = getattr(env, "_write_doc_doctree_cache", None)
            if collector.read_much(env) or not isinstance(cache, dict) or \
                    len(cache) * 4 >= max(len(env.found_docs), 1):
                # the doctrees the gherkin build read and kept for writing become garbage
                # below (cycles), and so do the environments its forked readers handed
                # back: the collector on again now, nothing frozen
                # (collector.freeze_loaded), so that they are collected as ever; an edit
                # cycle's few are frozen with the environment until the build ends
                self._rulings_env_left = True
                collector.release()
            kept = env.__getstate__()
            # the one part kept in another form than it is pickled in (Config.__getstate__
            # keeps values, not the functions that compute them): as the file has it
            kept["config"] = pickle.loads(pickle.dumps(kept["config"], pickle.HIGHEST_PROTOCOL))
            env.__dict__.clear()
            env.__setstate__(kept)
            try:
                env.setup(self)
                self._fresh_env_used = False
                state.forget_env(env)
                return env
            except Exception:  # as a pickle that does not fit: Sphinx's own handling
                pass
        return super()._load_existing_env(filename)


def _pickle_stamp_of(filename) -> tuple | None:
    try:
        st = Path(filename).stat()
    except OSError:
        return None
    return st.st_mtime_ns, st.st_size, st.st_ino


class Started:
    """A Sphinx application made, its build not run yet: Sphinx imported, every
    extension set up, the environment loaded.  ``rulings build`` makes the html build's
    while the examples run (in another process), and runs the build once they are done:
    nothing of that start reads what the run writes (the results are read by the build)."""

    def __init__(self, paths: Paths, builder: str, *, fresh: bool = False, jobs: int | None = None) -> None:
        self.paths, self.builder = paths, builder
        self.outdir = paths.features if builder == "gherkin" else paths.site
        self.warnings = io.StringIO()
        self.crash = paths.build / f"{builder}-crash.txt"
        self.error: Exception | None = None
        self.app: Sphinx | None = None
        self._contexts = ExitStack()
        nocolor()
        _drop_old_environments(paths)
        try:
            self._contexts.enter_context(patch_docutils(paths.spec))
            self._contexts.enter_context(docutils_namespace())
            # (Sphinx itself when no environment was left: what tests replace)
            self.app = (_Sphinx if _LEFT else Sphinx)(str(paths.spec), str(paths.spec), str(self.outdir), str(paths.environment), builder,
                              confoverrides=settings(paths, builder), status=None, warning=self.warnings,
                              freshenv=fresh, warningiserror=False, keep_going=True, verbosity=0,
                              parallel=jobs or 0)
        except Exception as err:  # reported as the build's crash (run)
            # (an application that failed while it was made: the collector back on, and
            # docutils' settings as they were — its configuration file named in this
            # process's environment made every later command of a test worker a new Python)
            collector.release()
            self._contexts.close()
            self.error = err
            self._traceback = _traceback()

    def run(self) -> int:
        """Build; the status, 2 when Sphinx stopped (the traceback in the crash file)."""
        try:
            if self.error is None:
                try:
                    # its only build: what is let go of while pages are written (writing_memory)
                    self.app._rulings_only_build = True
                    self.app.build()
                    return self.app.statuscode
                except Exception as err:
                    self.error, self._traceback = err, _traceback()
            write_atomic(self.crash, self._traceback)
            self.warnings.write(f"{self.paths.spec}: ERROR: the {self.builder} build stopped: "
                                f"{type(self.error).__name__}: {self.error} (traceback in {self.crash})\n")
            return 2
        finally:
            self._contexts.close()


def _traceback() -> str:
    return traceback.format_exc()


def build(paths: Paths, builder: str, *, fresh: bool = False, strict: bool = False,
          jobs: int | None = None, started: Started | None = None, keep_env: bool = False) -> BuildOutcome:
    """Build with ``builder`` unless nothing it reads changed since its last build;
    ``started``: the application made for this build beforehand, which builds whatever
    changed (it was made because its inputs were about to change); ``keep_env``: keep
    the environment a gherkin build pickled for the html build of this process."""
    outdir = paths.features if builder == "gherkin" else paths.site
    problems = paths.problems(builder)
    stamp = extraction.stamp_file(paths, builder)
    digest = inputs_digest(paths, builder, settings(paths, builder))
    if not fresh and started is None:
        outcome = extraction.unchanged_build(paths, builder, digest)
        if outcome is not None:
            if strict and outcome.warnings:
                outcome.status = outcome.status or 1
            return outcome
    stamp.unlink(missing_ok=True)
    _LEFT.clear()
    before = _pickle_stamp(paths)
    started = started or Started(paths, builder, fresh=fresh, jobs=jobs)
    if keep_env and builder == "gherkin" and started.app is not None:
        # the html build of this process follows and decides every example's status
        # (cards.check_examples): this one leaves them as they were
        started.app._rulings_statuses_later = True
    status = started.run()
    app, warnings, crashed = started.app, started.warnings, started.error is not None
    after = _pickle_stamp(paths)
    if keep_env and builder == "gherkin" and not crashed and status <= 1 and after is not None and after != before \
            and getattr(app, "env", None) is not None and not getattr(app, "parallel", 0) > 1:
        # pickled by this build (Sphinx pickles once reading is done; writing features
        # changes nothing of it)
        _LEFT["env"] = (after, app.env)
    if not crashed:
        started.crash.unlink(missing_ok=True)
    found: dict[str, str] = {}
    if app is not None and getattr(app, "env", None) is not None:
        found = {str(Path(app.env.doc2path(d))): d for d in app.env.found_docs}
    lines = [_ANSI.sub("", line) for line in warnings.getvalue().splitlines() if line.strip()]
    documents = set()
    for line in lines:
        m = re.match(r"^(.*?\.rst)(?::\d+)?:", line)
        if m and m.group(1) in found:
            documents.add(found[m.group(1)])
    if crashed:
        # every document is suspect: read them all again next time
        documents |= set(found.values())
    if strict and lines:
        status = status or 1
    # what the build found, for the processes that use its output without building again
    record = {"documents": sorted(documents), "warnings": lines, "status": status}
    if builder == "html" and not crashed:
        # the pages it wrote or kept: one deleted since is written by the next build
        record["pages"] = sorted(found.values())
    write_atomic(problems, json.dumps(record, ensure_ascii=False, indent=1))
    if not crashed:
        write_atomic(stamp, digest)
    if keep_env and "env" not in _LEFT:
        # the html build of this process follows and loads its environment from the file:
        # this application is garbage once that build's starts (collector.dropped)
        collector.dropped()
    return BuildOutcome(status, lines)
