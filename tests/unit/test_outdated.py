"""``env-get-outdated`` (``state.outdated``): a document is read again when its source
is not the one it was read from, or when it was checked against another vocabulary or
card format than the current one — each game's fingerprint is taken once per build, and
each source's digest comes from the kept digests while the file is as it was."""

from __future__ import annotations

from types import SimpleNamespace

from rulings.sphinxext import state


def test_documents_changed_or_checked_against_another_vocabulary_are_read_again(tmp_path, monkeypatch):
    monkeypatch.setattr(state, "problem_documents", lambda app, env: set())
    sources = {d: tmp_path / f"{d}.rst" for d in ("a", "b", "c", "d")}
    for d, path in sources.items():
        path.write_text(f"{d}\n==\n", encoding="utf-8")
    env = SimpleNamespace(found_docs=set(sources), doc2path=lambda d: sources[d],
                          config=SimpleNamespace(rulings_kept_digests=str(tmp_path / ".file-digests")))
    state.init_env(None, env, ())
    now = state.vocabulary_stamps({"ygo", "cards:ygo"})
    assert all(now.values())
    for d in sources:
        env.rulings_examples[d] = [{"id": d}]
        env.rulings_sources[d] = state.source_digest(env, d, save=True)
    env.rulings_vocabularies.update(a=now, b={**now, "ygo": "another"}, c={**now, "cards:ygo": "another"}, d=now)
    assert state.outdated(None, env, [], [], []) == ["b", "c"]
    sources["d"].write_text("d\n== \n", encoding="utf-8")  # edited: its source is not the one read
    assert state.outdated(None, env, [], [], []) == ["b", "c", "d"]
    # a document Sphinx already calls changed is not listed again
    assert state.outdated(None, env, [], ["b"], []) == ["c", "d"]
