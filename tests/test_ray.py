"""The Ray engine on a local cluster started here (ray.init(num_cpus=2)): the Result evaluate()
returns, with its provenance; evaluate()'s run folder (lock, store, resume, result.json) that
report, check and compare read; the budget and the deadline held across actors."""

import json
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

ray = pytest.importorskip("ray")
pytestmark = pytest.mark.slow  # a local Ray cluster per module: every test takes seconds

from conftest import numbered_demo_rows  # noqa: E402
from openai_server import FakeOpenAIServer  # noqa: E402

from ragmeter import ConfigError, evaluate  # noqa: E402
from ragmeter.cli import main  # noqa: E402
from ragmeter.demo import bad_rows, good_rows  # noqa: E402
from ragmeter.integrations.ray import evaluate_ray  # noqa: E402
from ragmeter.judges import LexicalJudge  # noqa: E402
from ragmeter.llms import OpenAICompatible  # noqa: E402
from ragmeter.results import Result  # noqa: E402
from ragmeter.run_lock import RunFolderBusy, RunLock  # noqa: E402

METRICS = ["faithfulness", "answer_relevancy", "context_precision", "context_recall"]
TRACED = ("ragmeter_version", "judge", "metrics", "dataset_hash", "n_samples")
PRICE = 10.0  # USD per million tokens, in and out


@pytest.fixture(scope="module", autouse=True)
def cluster():
    here = str(Path(__file__).resolve().parent)  # workers import this module's judges
    path = os.pathsep.join(p for p in (here, os.environ.get("PYTHONPATH", "")) if p)
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False, ignore_reinit_error=True,
             runtime_env={"env_vars": {"PYTHONPATH": path}})
    yield
    ray.shutdown()


def rows(n=40):
    base = good_rows() + bad_rows()
    return [{**base[i % len(base)], "question": f"{base[i % len(base)]['question']} ({i})"} for i in range(n)]


def assert_same_provenance(run, local):
    assert set(run.provenance) == set(local.provenance)
    for key in TRACED:
        assert run.provenance[key] == local.provenance[key], key
    assert set(local.provenance["settings"]) <= set(run.provenance["settings"])
    assert run.provenance["settings"]["engine"] == "ray"


@pytest.mark.parametrize("judge", ["lexical", "local"])
def test_the_result_of_evaluate_sample_by_sample(judge):
    data = rows()
    run = evaluate_ray(ray.data.from_items(data), metrics=METRICS, judge=judge, batch_size=8, num_actors=2)
    local = evaluate(data, metrics=METRICS, judge=judge)
    assert type(run) is Result and len(run) == len(data)
    assert run.samples == local.samples  # in the data's order, as evaluate() holds them
    assert_same_provenance(run, local)
    for ours, theirs in zip(run.metric_results, local.metric_results):
        for m in METRICS:
            assert ours[m].status == theirs[m].status and ours[m].reason == theirs[m].reason
            # up to 1e-4: the actors batch texts differently, and MiniLM's integer products can
            # move a last-bit float difference across a rounding step (onnx_quantize.py)
            assert ours[m].score == pytest.approx(theirs[m].score, abs=1e-4)
    for m in METRICS:
        assert run[m] == pytest.approx(local[m], abs=1e-4)
        assert run.aggregates[m].n_ok == local.aggregates[m].n_ok


def test_the_run_folder_is_evaluates_and_report_check_compare_read_it(tmp_path, capsys):
    data = rows(24)
    run = evaluate_ray(ray.data.from_items(data), metrics=["faithfulness", "context_precision"], judge="lexical",
                       batch_size=8, output=tmp_path / "ray")
    local = evaluate(data, metrics=["faithfulness", "context_precision"], judge="lexical", out=tmp_path / "local")
    assert {p.name for p in (tmp_path / "ray").iterdir()} == {p.name for p in (tmp_path / "local").iterdir()}
    assert_same_provenance(run, local)
    assert run.to_dict()["samples"] == local.to_dict()["samples"]  # inputs, scores, reasons, evidence
    assert run.provenance["run_store"] == {"path": str(tmp_path / "ray" / "run.sqlite"), "resumed_results": 0}
    loaded = Result.load(tmp_path / "ray")
    assert loaded.to_dict() == json.loads(json.dumps(run.to_dict(), default=str))
    capsys.readouterr()
    assert main(["report", str(tmp_path / "ray"), "-o", str(tmp_path / "report.html")]) == 0
    assert (tmp_path / "report.html").stat().st_size > 1000
    assert main(["check", str(tmp_path / "ray"), "--min", "context_precision=0.1", "--min-n", "5"]) == 0
    assert main(["check", str(tmp_path / "ray"), "--min", "context_precision=0.99"]) == 1
    assert main(["compare", str(tmp_path / "ray"), str(tmp_path / "local")]) == 0
    out = capsys.readouterr().out
    assert "PASS" in out and "FAIL" in out
    assert "wins/losses/ties 0/0/24" in out  # the same scores, sample by sample, from either engine


class DyingJudge(LexicalJudge):
    """Kills its own worker process the first time it is asked anything (marker file)."""

    def __init__(self, marker: str):
        super().__init__()
        self.marker = marker

    async def split_claims(self, items):
        if not os.path.exists(self.marker):
            Path(self.marker).write_text("died once")
            os._exit(1)
        return await super().split_claims(items)


def test_a_killed_worker_loses_and_duplicates_nothing(tmp_path):
    data = rows(32)
    run = evaluate_ray(ray.data.from_items(data), metrics=["faithfulness"], judge=DyingJudge(str(tmp_path / "marker")),
                       batch_size=8, num_actors=2, output=tmp_path / "run")
    assert (tmp_path / "marker").exists()  # a worker really died
    assert [s["user_input"] for s in run.samples] == [r["question"] for r in data]
    assert {r["faithfulness"].status for r in run.metric_results} == {"ok"}
    assert len(Result.load(tmp_path / "run")) == 32


class FlakyJudge(LexicalJudge):
    """Fails to split claims until a marker file exists (per metric: an error result)."""

    def __init__(self, fixed: str):
        super().__init__()
        self.fixed = fixed

    async def split_claims(self, items):
        if not os.path.exists(self.fixed):
            raise RuntimeError("the claim splitter is down")
        return await super().split_claims(items)


def test_resume_redoes_errors_only_and_refuses_other_data(tmp_path):
    data, metrics = rows(16), ["faithfulness", "context_precision"]
    judge = FlakyJudge(str(tmp_path / "fixed"))
    first = evaluate_ray(ray.data.from_items(data), metrics=metrics, judge=judge, batch_size=8, output=tmp_path / "run")
    assert {r["faithfulness"].status for r in first.metric_results} == {"error"}
    assert {r["context_precision"].status for r in first.metric_results} == {"ok"}
    with pytest.raises(ConfigError, match="the data changed"):
        evaluate_ray(ray.data.from_items(data[:8]), metrics=metrics, judge=judge, output=tmp_path / "run", resume=True)
    Path(judge.fixed).write_text("fixed")
    second = evaluate_ray(ray.data.from_items(data), metrics=metrics, judge=judge, batch_size=8,
                          output=tmp_path / "run", resume=True)
    assert second.provenance["run_store"]["resumed_results"] == 16  # context precision, kept from the first run
    whole = evaluate(data, metrics=metrics, judge="lexical")
    assert [r["faithfulness"].score for r in second.metric_results] == whole.scores("faithfulness")
    assert Result.load(tmp_path / "run").scores("faithfulness") == whole.scores("faithfulness")


class BrokenJudge(LexicalJudge):
    """Fails a whole batch (its clients cannot be closed) until a marker file exists."""

    def __init__(self, fixed: str):
        super().__init__()
        self.fixed = fixed

    async def aclose(self):
        if not os.path.exists(self.fixed):
            raise RuntimeError("the batch failed")


def test_an_unfinished_run_is_continued_with_resume_only(tmp_path):
    data = rows(8)
    judge = BrokenJudge(str(tmp_path / "fixed"))
    with pytest.raises(Exception, match="the batch failed"):
        evaluate_ray(ray.data.from_items(data), metrics=["faithfulness"], judge=judge, batch_size=4,
                     output=tmp_path / "run")
    Path(judge.fixed).write_text("fixed")
    with pytest.raises(ConfigError, match="holds an unfinished run"):
        evaluate_ray(ray.data.from_items(data), metrics=["faithfulness"], judge=judge, output=tmp_path / "run")
    done = evaluate_ray(ray.data.from_items(data), metrics=["faithfulness"], judge=judge, batch_size=4,
                        output=tmp_path / "run", resume=True)
    assert done["faithfulness"] == pytest.approx(evaluate(data, metrics=["faithfulness"], judge="lexical")["faithfulness"])


class LockProbeJudge(LexicalJudge):
    """Tries, from inside a worker while the run scores, to take the run folder as a second writer."""

    def __init__(self, folder: str, note: str):
        super().__init__()
        self.folder, self.note = folder, note

    async def split_claims(self, items):
        try:
            RunLock(self.folder).acquire().release()
            Path(self.note).write_text("taken")
        except RunFolderBusy as exc:
            Path(self.note).write_text(str(exc))
        return await super().split_claims(items)


def test_one_writer_per_run_folder(tmp_path):
    folder, note = tmp_path / "run", tmp_path / "note"
    folder.mkdir()
    held = RunLock(folder).acquire()  # another run holds the folder
    try:
        with pytest.raises(RunFolderBusy, match="in use by another ragmeter run"):
            evaluate_ray(ray.data.from_items(rows(4)), metrics=["faithfulness"], judge="lexical", output=folder)
    finally:
        held.release()
    run = evaluate_ray(ray.data.from_items(rows(4)), metrics=["faithfulness"],
                       judge=LockProbeJudge(str(folder), str(note)), output=folder)
    assert "in use by another ragmeter run" in note.read_text()  # refused while the Ray run wrote there
    assert len(run) == 4
    RunLock(folder).acquire().release()  # given up when the run ended


def test_paths_parquet_and_jsonl(tmp_path):
    import pandas as pd

    data = rows(16)
    (tmp_path / "d.jsonl").write_text("\n".join(json.dumps(r) for r in data))
    pd.DataFrame(data).to_parquet(tmp_path / "d.parquet")
    for path in (tmp_path / "d.jsonl", tmp_path / "d.parquet"):
        run = evaluate_ray(str(path), metrics=["faithfulness"], judge="lexical", batch_size=8)
        assert run.aggregates["faithfulness"].n == 16
        assert [s["user_input"] for s in run.samples] == [r["question"] for r in data]


def test_a_one_row_group_file_is_split_so_every_actor_gets_work(tmp_path):
    """A Parquet file of one row group reads as one block, which one actor would score alone."""
    import pandas as pd

    from ragmeter.integrations.ray import _spread

    pd.DataFrame(rows(64)).to_parquet(tmp_path / "d.parquet")
    read = ray.data.read_parquet(str(tmp_path / "d.parquet")).materialize()
    assert read.num_blocks() == 1
    spread = _spread(read, 8).materialize()
    sizes = [len(block) for block in ray.get(list(spread.to_pandas_refs()))]
    assert sum(sizes) == 64 and len(sizes) >= 8 and max(sizes) <= 8


def test_rate_limit_holds_across_actors():
    with FakeOpenAIServer() as server:
        data = rows(16)
        model = OpenAICompatible("judge-model", base_url=server.url, api_key="sk-test")
        start = time.time()
        run = evaluate_ray(ray.data.from_items(data), metrics=["context_precision"], llm=model, batch_size=4,
                           num_actors=2, rpm=4, rate_window_s=1.0, cache=False)
        times = sorted(r["t"] for r in server.chat_requests())
        assert len(times) == 16
        # 4 requests a second across both actors: the limiter grants the (i+8)th request at least
        # 2 s after the ith. These are the times the server saw the requests, which lag the grants
        # by a transit time that varies on a loaded machine (a 50 ms allowance, then 250 ms between
        # the ith and (i+4)th, each failed once with another job on the cores), hence the 0.5 s
        # allowance (the first four arrive late: a new connection; the next four about 0.75 s later).
        # A limiter per actor instead of one for both, with both actors running at once, would let
        # 8 requests a second through, the (i+8)th about 1 s after the ith, which this fails; but
        # on a 2-core machine (2026-12-03) the server saw the same times with the shared limiter
        # taken out (each actor's judge keeping its rpm): there this shows the rate, not the sharing.
        assert all(b - a >= 2.0 - 0.5 for a, b in zip(times, times[8:])), [round(t - times[0], 2) for t in times]
        assert time.time() - start >= 3.0
        assert run.aggregates["context_precision"].n_ok == 16
        usage = run.provenance["judge"]["usage"]
        assert usage["calls"] == 16  # the actors' calls, summed
        assert usage["by_prompt"]["usefulness"]["calls"] == 16  # per prompt, as evaluate() records it
        assert usage["by_metric"]["context_precision"]["calls"] == 16


def billed_usd(server):
    return sum(p + c for p, c in server.billed) * PRICE / 1e6


def test_one_budget_for_all_actors_and_across_resume(tmp_path):
    """Two actors and four batches share one budget: a cap per actor, or per batch, would spend
    several times the budget. What the run spent is stored, so a resume counts it."""
    options = {"cache": False, "prices": {"openai:judge-model": (PRICE, PRICE)}}
    with FakeOpenAIServer() as server:
        server.completion_tokens = 2048  # about $0.025 a call
        model = OpenAICompatible("judge-model", base_url=server.url, api_key="sk-test")
        ds = ray.data.from_items(numbered_demo_rows(16))
        first = evaluate_ray(ds, metrics=["context_precision"], llm=model, batch_size=4, num_actors=2,
                             output=tmp_path / "run", budget=0.1, **options)
        assert 0 < billed_usd(server) <= 0.1
        stopped = [r["context_precision"] for r in first.metric_results if r["context_precision"].status == "error"]
        assert stopped and {r.evidence.get("stopped_by") for r in stopped} == {"budget"}
        calls = len(server.chat_requests())

        more = evaluate_ray(ds, metrics=["context_precision"], llm=model, batch_size=4, num_actors=2,
                            output=tmp_path / "run", resume=True, budget=1.0, **options)
        assert {r["context_precision"].status for r in more.metric_results} == {"ok"}
        assert len(server.chat_requests()) - calls == len(stopped)  # the scored rows were not asked again
        budget = more.provenance["judge"]["runner"]["budget"]
        assert budget["spent_before_usd"] == pytest.approx(first.provenance["judge"]["runner"]["budget"]
                                                          ["spent_total_usd"])
        assert budget["spent_total_usd"] == pytest.approx(billed_usd(server), rel=1e-6) and billed_usd(server) <= 1.0


def test_the_deadline_holds_in_every_actor():
    with FakeOpenAIServer() as server:
        server.always, server.hang_seconds = "hang", 10.0
        model = OpenAICompatible("judge-model", base_url=server.url, api_key="sk-test")
        run = evaluate_ray(ray.data.from_items(rows(4)), metrics=["context_precision"], llm=model, batch_size=2,
                           cache=False, timeout=30.0, deadline=3.0)
        for row in run.metric_results:
            r = row["context_precision"]
            assert r.evidence["stopped_by"] == "deadline" and "the run's deadline of 3 s" in r.reason
        assert run.provenance["settings"]["deadline_s"] == 3.0


def test_cli_engine_ray_writes_a_run_folder(tmp_path, capsys):
    data = tmp_path / "d.jsonl"
    data.write_text("\n".join(json.dumps(r) for r in rows(16)))
    proc = subprocess.run([sys.executable, "-m", "ragmeter.cli", "evaluate", str(data), "--engine", "ray", "--judge",
                           "lexical", "--metrics", "faithfulness", "--batch-size", "8", "--out", str(tmp_path / "o")],
                          capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr[-2000:]
    assert "engine: ray" in proc.stdout and "16 of 16 results scored" in proc.stdout
    result = Result.load(tmp_path / "o")
    assert len(result) == 16 and result.provenance["settings"]["engine"] == "ray"
    assert main(["check", str(tmp_path / "o"), "--min", "faithfulness=0.1"]) == 0
    assert main(["report", str(tmp_path / "o"), "-o", str(tmp_path / "r.html")]) == 0
    assert main(["evaluate", str(data), "--engine", "ray", "--llm", "openai:judge-model", "--dry-run",
                 "--out", str(tmp_path / "dry")]) == 2
    assert "--dry-run works with the local engine only" in capsys.readouterr().err
