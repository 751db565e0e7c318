"""The run store keeps runs apart (issue 22, item 4): one writer per --out folder (a second
process gets a clear error at once), a resume with other judge settings (another --embeddings)
is refused naming what changed, stored scores are checked when read (never clamped), and a
damaged store is reported as such with the file named."""

import json
import multiprocessing
import os
import sqlite3
import subprocess
import sys
import time

import pytest
from openai_server import FakeOpenAIServer

from ragmeter import ConfigError, Result, evaluate
from ragmeter.demo import bad_rows, good_rows
from ragmeter.embeddings import OpenAIEmbeddings
from ragmeter.llms import OpenAICompatible
from ragmeter.run_lock import RunFolderBusy
from ragmeter.store import RunStore, RunStoreDamaged


def cli(*args, env=None, **kw):
    return subprocess.Popen([sys.executable, "-m", "ragmeter.cli", *args], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, env=env, **kw)


@pytest.mark.slow
def test_two_writers_on_one_out_cannot_both_proceed(tmp_path):
    for name, data in (("a", good_rows()), ("b", bad_rows())):
        (tmp_path / f"{name}.jsonl").write_text("\n".join(json.dumps(r) for r in data))
    with FakeOpenAIServer(latency=0.4) as server:  # each run holds the folder for a few seconds
        env = {**os.environ, "OPENAI_BASE_URL": server.url, "OPENAI_API_KEY": "sk-test"}
        common = ["--llm", "openai:judge-model", "--no-cache", "--metrics", "faithfulness", "--max-concurrency", "1",
                  "--quiet", "--out", str(tmp_path / "out")]
        procs = [cli("evaluate", str(tmp_path / f"{name}.jsonl"), *common, env=env) for name in ("a", "b")]
        outputs = [p.communicate(timeout=120) for p in procs]
    codes = sorted(p.returncode for p in procs)
    assert codes == [0, 2], outputs
    loser = outputs[[p.returncode for p in procs].index(2)]
    assert "ragmeter: error: " in loser[1] and "is in use by another ragmeter run (pid " in loser[1]
    winner = "a" if procs[0].returncode == 0 else "b"
    expected = good_rows() if winner == "a" else bad_rows()
    stored = Result.load(tmp_path / "out")
    assert [s["response"] for s in stored.samples] == [r["answer"] for r in expected]  # one run's data, unmixed


def _hold_the_store(folder, barrier, results):
    barrier.wait()  # every process opens the folder at the same moment
    try:
        store = RunStore(folder)
    except RunFolderBusy:
        results.put("busy")
        return
    store.begin(f"sha256:{os.getpid()}", {"pid": os.getpid()}, 3, ["faithfulness"], resume=False)
    results.put("writer")
    time.sleep(1.0)
    store.close()


@pytest.mark.slow
def test_processes_racing_for_one_folder_get_one_writer(tmp_path):
    ctx = multiprocessing.get_context("spawn")
    barrier, results = ctx.Barrier(3), ctx.Queue()
    procs = [ctx.Process(target=_hold_the_store, args=(tmp_path / "out", barrier, results)) for _ in range(3)]
    for p in procs:
        p.start()
    for p in procs:
        p.join(timeout=60)
    assert sorted(results.get(timeout=5) for _ in procs) == ["busy", "busy", "writer"]
    store = RunStore(tmp_path / "out")  # released by its holder: usable again
    store.close()


def test_the_folder_is_given_up_when_a_run_fails_or_finishes(tmp_path):
    evaluate(good_rows(), metrics=["faithfulness"], judge="lexical", out=tmp_path / "r")
    with pytest.raises(ConfigError, match="the data changed"):
        evaluate(good_rows()[:3], metrics=["faithfulness"], judge="lexical", out=tmp_path / "r", resume=True)
    again = evaluate(good_rows(), metrics=["faithfulness"], judge="lexical", out=tmp_path / "r", resume=True)
    assert again.provenance["run_store"]["resumed_results"] == len(good_rows())
    held = RunStore(tmp_path / "r")
    try:
        with pytest.raises(RunFolderBusy, match="one run writes to a folder at a time"):
            evaluate(good_rows(), metrics=["faithfulness"], judge="lexical", out=tmp_path / "r")
    finally:
        held.close()


def test_resuming_with_other_embeddings_is_refused_naming_them(tmp_path):
    with FakeOpenAIServer() as server:
        def run(embedder, **kw):
            return evaluate(good_rows()[:3], metrics=["answer_relevancy"], cache=False, out=tmp_path / "r",
                            llm=OpenAICompatible("judge-model", base_url=server.url, api_key="sk-test"),
                            embeddings=OpenAIEmbeddings(embedder, base_url=server.url, api_key="sk-test"), **kw)

        run("embedder-a")
        with pytest.raises(ConfigError) as refused:
            run("embedder-b", resume=True)
        message = str(refused.value)
        assert "metrics, judge or settings changed" in message
        assert 'judge.embeddings.embedder: "openai-embeddings:embedder-a" -> "openai-embeddings:embedder-b"' in message
        resumed = run("embedder-a", resume=True, timeout=3.0, max_concurrency=2)  # volatile settings may change
        assert resumed.provenance["run_store"]["resumed_results"] == 3


def _stored_run(tmp_path):
    evaluate(good_rows(), metrics=["faithfulness"], judge="lexical", out=tmp_path / "r")
    return tmp_path / "r" / "run.sqlite"


@pytest.mark.parametrize("value,problem", [
    ({"score": 5.0, "status": "ok", "reason": "x"}, "score 5.0 is not a number in [0, 1]"),
    ({"score": "NaN", "status": "ok", "reason": "x"}, 'score "NaN" is not a number in [0, 1]'),
    ({"score": None, "status": "great", "reason": "x"}, 'unknown status "great"'),
    ({"score": None, "status": "skipped"}, "a skipped result without a reason"),
], ids=["out-of-range", "text", "status", "no-reason"])
def test_an_invalid_stored_score_is_refused_naming_the_row(tmp_path, value, problem):
    path = _stored_run(tmp_path)
    db = sqlite3.connect(path)
    db.execute("UPDATE results SET value = ? WHERE sample = 2", (json.dumps(value),))
    db.commit()
    db.close()
    with pytest.raises(RunStoreDamaged) as refused:
        evaluate(good_rows(), metrics=["faithfulness"], judge="lexical", out=tmp_path / "r", resume=True)
    assert str(refused.value).startswith(f"{path}: the stored result of row 2, metric faithfulness: {problem}")


def run_cli_resume(tmp_path):
    data = tmp_path / "data.jsonl"
    data.write_text("\n".join(json.dumps(r) for r in good_rows()))
    return subprocess.run([sys.executable, "-m", "ragmeter.cli", "evaluate", str(data), "--judge", "lexical",
                           "--metrics", "faithfulness", "--quiet", "--out", str(tmp_path / "r"), "--resume"],
                          capture_output=True, text=True, timeout=120)


@pytest.mark.slow
def test_a_garbage_store_is_reported_as_damaged_with_its_name(tmp_path):
    path = _stored_run(tmp_path)
    path.write_bytes(b"this is not a database, it was overwritten" * 100)
    proc = run_cli_resume(tmp_path)
    assert proc.returncode == 2 and "internal error" not in proc.stderr
    assert f"ragmeter: error: {path}: the run store is damaged (file is not a database)" in proc.stderr


@pytest.mark.slow
def test_a_garbage_write_ahead_log_is_reported_not_ignored(tmp_path):
    path = _stored_run(tmp_path)
    wal = path.with_name("run.sqlite-wal")
    wal.write_bytes(os.urandom(4096))  # SQLite would silently ignore it, and the run would start over
    proc = run_cli_resume(tmp_path)
    assert proc.returncode == 2, proc.stdout + proc.stderr
    assert f"ragmeter: error: {wal}: not a SQLite write-ahead log (damaged)" in proc.stderr


def test_a_real_write_ahead_log_passes_the_check(tmp_path):
    store = RunStore(tmp_path / "r")
    store.begin("sha256:x", {"judge": "x"}, 2, ["faithfulness"], resume=False)
    assert (tmp_path / "r" / "run.sqlite-wal").stat().st_size >= 32  # a live WAL, written by SQLite
    from ragmeter.store import check_wal

    check_wal(store.path)
    store.close()
