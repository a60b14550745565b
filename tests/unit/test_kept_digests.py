"""The digests of files kept between processes (issue 28): the same digest as reading
every file, a file not changed since taken without reading it, and any change — even in
place, with the same size and its modification time set back — read again."""

from __future__ import annotations

import os
import time
from pathlib import Path

from rulings import digests


def _reads(monkeypatch) -> list[str]:
    """The files a :class:`digests.KeptDigests` reads (opens) from now on."""
    read: list[str] = []
    real = open

    def counting(file, *args, **kwargs):
        read.append(str(file))
        return real(file, *args, **kwargs)

    monkeypatch.setattr(digests, "open", counting, raising=False)
    return read


def _quiet() -> None:
    time.sleep(digests.KeptDigests.QUIET_NS / 1e9 + 0.05)


def _fresh(kept) -> digests.KeptDigests:
    """The kept digests as a new process reads them."""
    digests.KeptDigests._OPEN.clear()
    assert not kept.exists() or kept.stat().st_size > 0
    return digests.KeptDigests.at(kept)


def test_a_kept_digest_is_the_digest_of_the_bytes(tmp_path, monkeypatch):
    docs, kept = tmp_path / "docs", tmp_path / "build" / ".file-digests"
    docs.mkdir()
    for i in range(3):
        (docs / f"{i}.rst").write_text(f"document {i}\n")
    plain = digests.folder(docs)
    _quiet()
    assert digests.folder(docs, kept=kept) == plain
    _fresh(kept)
    read = _reads(monkeypatch)
    assert digests.folder(docs, kept=kept) == plain
    assert read == []  # nothing changed: taken as kept, in a new process too
    (docs / "1.rst").write_text("document one\n")
    assert digests.folder(docs, kept=kept) != plain
    assert read == [str(docs / "1.rst")]
    assert digests.folder(docs, kept=kept) == digests.folder(docs)
    (docs / "2.rst").unlink()
    assert digests.folder(docs, kept=kept) == digests.folder(docs)


def test_a_file_written_in_place_with_its_time_set_back_is_read_again(tmp_path):
    path, kept = tmp_path / "results.json", tmp_path / ".file-digests"
    path.write_bytes(b'{"status":"failed"}')
    _quiet()
    before = digests.of_files([path], kept=kept)
    st = path.stat()
    with open(path, "r+b") as f:
        f.write(b'{"status":"passed"}')
    os.utime(path, ns=(st.st_atime_ns, st.st_mtime_ns))
    assert (path.stat().st_size, path.stat().st_mtime_ns, path.stat().st_ino) == \
        (st.st_size, st.st_mtime_ns, st.st_ino)
    after = _fresh(kept) and digests.of_files([path], kept=kept)
    assert after != before and after == digests.of_files([path])


def test_a_file_digested_as_soon_as_written_is_not_kept_as_is(tmp_path, monkeypatch):
    """Written and digested within the file system's clock tick, a second write in that
    tick would not move its times: such a digest is taken again, not trusted."""
    path, kept = tmp_path / "results.json", tmp_path / ".file-digests"
    path.write_bytes(b"one")
    digests.of_files([path], kept=kept)
    read = _reads(monkeypatch)
    digests.of_files([path], kept=kept)
    assert read == [str(path)]


def test_the_store_forgets_the_files_that_are_gone(tmp_path, monkeypatch):
    """A file deleted leaves no entry behind once the store is written again (or the
    store grows for ever: ``KeptDigests.save``); a file still there keeps its entry."""
    kept, kept_files = tmp_path / ".file-digests", [tmp_path / f"{i}.rst" for i in range(3)]
    for path in kept_files:
        path.write_text(f"document {path.name}\n")
    _quiet()
    digests.of_files(kept_files, kept=kept)
    kept_files[0].unlink()
    _fresh(kept)
    fresh = tmp_path / "new.rst"
    fresh.write_text("a new document\n")
    digests.of_files([fresh], kept=kept)  # a change: the store is written again
    store = _fresh(kept)
    assert set(store.known) == {str(kept_files[1]), str(kept_files[2]), str(fresh)}
    plain = digests.of_files(kept_files[1:])
    read = _reads(monkeypatch)
    assert digests.of_files(kept_files[1:], kept=kept) == plain
    assert read == []  # those still there taken as kept, not read


def test_a_damaged_store_is_no_store(tmp_path):
    path, kept = tmp_path / "a.txt", tmp_path / ".file-digests"
    path.write_bytes(b"a")
    kept.write_bytes(b"not marshal")
    assert _fresh(kept) is not None
    assert digests.of_files([path], kept=kept) == digests.of_files([path])


def test_the_tags_of_a_feature_are_read_again_once_it_changed(tmp_path):
    """The reconciliation's tags of each feature (rulings.runs.FeatureTags) are kept the
    same way: a feature rewritten in place, its time set back, is read again."""
    from rulings.runs import FeatureTags

    feature, kept = tmp_path / "a.feature", tmp_path / ".feature-tags"
    feature.write_text("  @rulings-id:one @rulings-hash:aaaa\n  Scenario: x\n", encoding="utf-8")
    _quiet()
    assert FeatureTags.at(kept).of(feature) == [("one", "aaaa")]
    FeatureTags.at(kept).save()
    st = feature.stat()
    feature.write_text("  @rulings-id:one @rulings-hash:bbbb\n  Scenario: x\n", encoding="utf-8")
    os.utime(feature, ns=(st.st_atime_ns, st.st_mtime_ns))
    FeatureTags._OPEN.clear()
    assert FeatureTags.at(kept).of(feature) == [("one", "bbbb")]


def test_a_documents_digest_is_the_same_kept_or_read(tmp_path):
    """``digests.of_source``: the extension's digest of a source (``rulings_sources``, the
    gherkin builder's ``sources.json``, ``rulings build``'s count of changed documents)
    is one value whether it comes from the kept digests or from reading the file."""
    from rulings import digests

    source, kept = tmp_path / "a.rst", tmp_path / ".file-digests"
    source.write_text("假如 「台风」\n", encoding="utf-8")
    first = digests.of_source(source, kept, save=True)
    assert first == digests.of_source(source) and len(first) == 32
    source.write_text("假如 「台风」在手卡\n", encoding="utf-8")
    assert digests.of_source(source, kept) == digests.of_source(source) != first
    assert digests.of_source(tmp_path / "gone.rst", kept) == digests.of_source(tmp_path / "gone.rst") == ""


def test_the_engine_input_is_the_same_with_the_vocabularies_kept_or_read_and_a_new_process_parses_none(
        tmp_path, monkeypatch):
    """``engine`` and the phrase functions of every game (the vocabulary modules read apart,
    ``digests.KeptVocabularyCode``, kept in the user's cache) are what reading the modules
    again gives; a new process takes them as kept, parsing no module; a module edited
    since, its time set back, is read apart again."""
    from rulings.project import GAMES

    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    digests.KeptDigests._OPEN.clear()
    read = {g: digests._engine_and_phrases(g) for g in GAMES}
    monkeypatch.setattr(digests, "_kept_vocabulary_code", lambda: None)
    assert {g: digests._engine_and_phrases(g) for g in GAMES} == read
    assert all(phrases for _, phrases in read.values())
    monkeypatch.undo()
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    [kept] = (tmp_path / "cache" / "rulings").glob("vocabulary-code-*")
    assert kept.name == f"vocabulary-code-{digests.digest([Path(digests.__file__).read_bytes()])}"
    digests.KeptDigests._OPEN.clear()  # as a new process
    parsed: list[str] = []
    real = digests._split_vocabulary
    monkeypatch.setattr(digests, "_split_vocabulary", lambda source: parsed.append(source) or real(source))
    assert {g: digests._engine_and_phrases(g) for g in GAMES} == read
    assert parsed == []


def test_a_vocabulary_module_edited_is_read_apart_again(tmp_path):
    """The module's rest and its phrase functions as kept follow the module's text: an edit
    in place with the same size and its time set back is read again."""
    module, kept = tmp_path / "steps.py", tmp_path / "vocabulary-code"
    before = '@V.given("a")\ndef a(w):\n    return 1\n\n\nX = 1\n'
    after = '@V.given("a")\ndef a(w):\n    return 2\n\n\nX = 1\n'
    module.write_text(before, encoding="utf-8")
    _quiet()
    first = digests.KeptVocabularyCode.at(kept).of(module)
    digests.KeptVocabularyCode.at(kept).save()
    assert tuple(first) == digests.KeptVocabularyCode.derive(before.encode())
    st = module.stat()
    module.write_text(after, encoding="utf-8")
    os.utime(module, ns=(st.st_atime_ns, st.st_mtime_ns))
    digests.KeptDigests._OPEN.clear()
    second = digests.KeptVocabularyCode.at(kept).of(module)
    assert tuple(second) == digests.KeptVocabularyCode.derive(after.encode())
    assert second[0] == first[0] and second[1] != first[1]  # the rest the same, the function not
