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


def test_a_librarys_answers_are_asked_again_when_the_library_or_an_input_changes(tmp_path):
    """tests/library_answers.py: the answers kept are the library's for these inputs and
    these files of it; another file content, state or input asks the library again."""
    from tests.library_answers import kept

    library = tmp_path / "library.py"
    library.write_text("version 1", encoding="utf-8")
    asked = []

    def answer(text):
        asked.append(text)
        return [library.read_text(encoding="utf-8"), text]

    name = f"test-kept-{os.getpid()}"
    try:
        assert kept(name, [library], ["a", "b"], answer) == [["version 1", "a"], ["version 1", "b"]]
        assert kept(name, [library], ["a", "b"], answer) == [["version 1", "a"], ["version 1", "b"]]
        assert asked == ["a", "b"]
        library.write_text("version 2", encoding="utf-8")
        assert kept(name, [library], ["a", "b"], answer) == [["version 2", "a"], ["version 2", "b"]]
        assert kept(name, [library], ["a", "c"], answer)[1] == ["version 2", "c"]
        assert kept(name, [library], ["a", "c"], answer, state=1)
        assert asked == ["a", "b", "a", "b", "a", "c", "a", "c"]
    finally:
        from rulings.project import Paths
        from tests.conftest import ROOT

        for path in (Paths(ROOT).build / "test-cache").glob(f"{name}-*"):
            path.unlink()
