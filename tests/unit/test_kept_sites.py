"""The real site kept between test sessions (tests/conftest.py, ``kept_between_sessions``)
is the checkout's documents as they are now: the copy it is built from follows every
edit, addition and removal, and leaves the files that did not change as they were (their
times too, so that the next build reads only what changed)."""

from __future__ import annotations

import os

from tests.conftest import _mirror


def test_the_copy_follows_the_checkout_and_leaves_unchanged_files_alone(tmp_path):
    source, target = tmp_path / "spec", tmp_path / "kept" / "spec"
    for rel, text in {"a.rst": "A", "ygo/b.rst": "B", "ygo/c.rst": "C", "__pycache__/x.pyc": "X"}.items():
        (source / rel).parent.mkdir(parents=True, exist_ok=True)
        (source / rel).write_text(text, encoding="utf-8")
    _mirror(source, target, {"ygo/extra.rst": "E"})
    assert sorted(p.relative_to(target).as_posix() for p in target.rglob("*") if p.is_file()) == \
        ["a.rst", "ygo/b.rst", "ygo/c.rst", "ygo/extra.rst"]
    for path in target.rglob("*.rst"):
        os.utime(path, (1, 1))
    (source / "a.rst").write_text("A, edited", encoding="utf-8")
    (source / "ygo" / "c.rst").unlink()
    (source / "mtg").mkdir()
    (source / "mtg" / "d.rst").write_text("D", encoding="utf-8")
    (target / "ygo" / "stale.rst").write_text("written by a test", encoding="utf-8")
    (target / "old").mkdir()
    (target / "old" / "e.rst").write_text("a folder the checkout lost", encoding="utf-8")
    _mirror(source, target, {"ygo/extra.rst": "E"})
    files = {p.relative_to(target).as_posix(): p for p in target.rglob("*") if p.is_file()}
    assert sorted(files) == ["a.rst", "mtg/d.rst", "ygo/b.rst", "ygo/extra.rst"]
    assert not (target / "old").exists()
    assert files["a.rst"].read_text(encoding="utf-8") == "A, edited" and files["a.rst"].stat().st_mtime > 1
    assert files["ygo/b.rst"].stat().st_mtime == 1 and files["ygo/extra.rst"].stat().st_mtime == 1
