"""Exit codes as a contract (README, "Exit codes"), run as users run the command line: 0 all scored,
1 a gate failed (tests/test_gates_errors.py), 2 a user error, 3 judge or pipeline errors above
--max-error-rate, 4 stopped by the budget; and one summary line always."""

import json
import os
import subprocess
import sys

import pytest
from openai_server import FakeOpenAIServer

from ragmeter.demo import good_rows


def run(*args, env=None):
    return subprocess.run([sys.executable, "-m", "ragmeter.cli", *args], capture_output=True, text=True, timeout=300,
                          env=env)


@pytest.fixture
def data(tmp_path):
    path = tmp_path / "data.jsonl"
    path.write_text("\n".join(json.dumps(r) for r in good_rows()[:4]))
    return path


@pytest.fixture
def server():
    with FakeOpenAIServer() as srv:
        yield srv


def llm_env(server, tmp_path, **extra):
    return {**os.environ, "OPENAI_BASE_URL": server.url, "OPENAI_API_KEY": "sk-test",
            "RAGMETER_CACHE_DIR": str(tmp_path / "cache"), **extra}


def summary(proc) -> str:
    lines = [line for line in proc.stdout.splitlines() if line.startswith("ragmeter: ")]
    assert len(lines) == 1, proc.stdout
    return lines[0]


@pytest.mark.slow
def test_all_scored_exits_0_with_a_summary_line(data, tmp_path):
    proc = run("evaluate", str(data), "--judge", "lexical", "--out", str(tmp_path / "o"))
    assert proc.returncode == 0, proc.stderr
    assert summary(proc) == "ragmeter: 4 samples x 4 metrics: 16 of 16 results scored."


@pytest.mark.slow
def test_every_call_failing_exits_3_with_one_line(data, tmp_path, server):
    server.faults.append("always_malformed")
    args = ("evaluate", str(data), "--llm", "openai:judge-model", "--metrics", "faithfulness,context_precision",
            "--quiet", "--timeout", "5")
    proc = run(*args, "--out", str(tmp_path / "o"), env=llm_env(server, tmp_path))
    assert proc.returncode == 3, proc.stdout + proc.stderr
    line = summary(proc)
    assert line.startswith("ragmeter: 4 samples x 2 metrics: 0 of 8 results scored; 8 errors (judge 8), 0 skipped; "
                           "errors are 100% of results, above --max-error-rate 0")
    assert "first error: the judge's reply could not be used" in line and line.endswith("(exit 3)")
    tolerated = run(*args, "--out", str(tmp_path / "o2"), "--max-error-rate", "1", env=llm_env(server, tmp_path))
    assert tolerated.returncode == 0 and "(exit 0)" in summary(tolerated)


def test_the_outcome_of_a_run_with_some_pipeline_errors():
    from ragmeter.failures import RunOutcome
    from ragmeter.integrations import RAGPipeline, evaluate_pipeline

    def retrieve(question):
        if "reynolds" in question or "pam" in question:
            raise ConnectionError("vector store unreachable")
        return [row["contexts"][0] for row in good_rows() if row["question"] == question]

    rows = good_rows()[:4]
    result = evaluate_pipeline(RAGPipeline(retrieve, lambda q, c: c[0]), [r["question"] for r in rows],
                               [r["ground_truth"] for r in rows], judge="lexical")
    strict = RunOutcome.of(result)
    assert strict.exit_code == 3
    assert strict.line().startswith("ragmeter: 4 samples x 4 metrics: 8 of 16 results scored; 8 errors (pipeline 8), "
                                    "0 skipped; errors are 50% of results, above --max-error-rate 0; first error: "
                                    "pipeline failed: ConnectionError: vector store unreachable")
    assert RunOutcome.of(result, max_error_rate=0.5).exit_code == 0
    assert RunOutcome.of(result, max_error_rate=0.49).exit_code == 3


@pytest.mark.slow
def test_stopped_by_the_budget_exits_4(data, tmp_path, server):
    prices = tmp_path / "prices.json"
    prices.write_text(json.dumps({"openai:judge-model": [1000.0, 1000.0]}))
    proc = run("evaluate", str(data), "--llm", "openai:judge-model", "--metrics", "context_precision", "--quiet",
               "--budget", "0.4", "--max-concurrency", "1", "--no-cache", "--out", str(tmp_path / "o"),
               env=llm_env(server, tmp_path, RAGMETER_PRICES=str(prices)))
    assert proc.returncode == 4, proc.stdout + proc.stderr
    line = summary(proc)
    assert "(budget" in line and "stopped by the budget (continue with --resume and a larger --budget)" in line


@pytest.mark.slow
@pytest.mark.parametrize("make_args,expect", [
    (lambda d, t: ["evaluate", str(t / "missing.jsonl")], "no such file"),
    (lambda d, t: ["evaluate", str(d), "--metrics", "nope"], "unknown metric"),
    (lambda d, t: ["frobnicate"], "invalid choice"),
    (lambda d, t: [], "give a command"),
    (lambda d, t: ["evaluate", str(d), "--encoding", "klingon"], "unknown text encoding 'klingon'"),
    (lambda d, t: ["evaluate", str(d), "--max-error-rate", "nan"], "expected a share in [0, 1]"),
    (lambda d, t: ["evaluate", str(d), "--judge", "lexical", "--out", str(d)], "is a file"),
    (lambda d, t: ["check", str(t / "nowhere"), "--preset", "clinical"], "no such result file"),
    (lambda d, t: ["check", str(d), "--preset", "clinical", "--min-n", "0"], "expected a whole number"),
    (lambda d, t: ["cache", "info", "--cache", str(d)], "cannot be used as ragmeter's answer cache"),
])
def test_user_errors_exit_2_with_one_message(data, tmp_path, make_args, expect):
    proc = run(*make_args(data, tmp_path))
    assert proc.returncode == 2, proc.stdout + proc.stderr
    assert "Traceback" not in proc.stderr and "internal error" not in proc.stderr
    assert "ragmeter: error: " in proc.stderr and expect in proc.stderr, proc.stderr
    errors = [line for line in proc.stderr.splitlines() if line.startswith("ragmeter: error: ")]
    assert len(errors) == 1


def test_a_bug_exits_70_not_1(monkeypatch, capsys):
    """1 means a gate failed; a crash must never be read as that verdict."""
    import warnings

    from ragmeter import cli

    def broken(args):
        raise RuntimeError("boom")

    monkeypatch.setattr(warnings, "showwarning", warnings.showwarning)  # main() sets its own; restore it after
    monkeypatch.setitem(cli.COMMANDS, "check", broken)
    monkeypatch.delenv("RAGMETER_DEBUG", raising=False)
    assert cli.main(["check", "run", "--preset", "clinical"]) == 70
    assert "ragmeter: internal error: RuntimeError: boom" in capsys.readouterr().err
