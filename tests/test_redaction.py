"""The API key appears in no file ragmeter writes (issue 22, item 3), whatever a server does with
it: echoed in a non-JSON reply with status 200, inside a usable JSON reply (which is cached and
becomes evidence), in an error body, in another letter case. Checked in every file under the
test's folder (result.json, scores.csv, run.sqlite and its WAL, the answer cache) and in what
the command prints, against the real local server (tests/openai_server.py)."""

import json
import os
import subprocess
import sys

import pytest
from openai_server import FakeOpenAIServer

from ragmeter import evaluate
from ragmeter.demo import good_rows
from ragmeter.redaction import register, scrub

CANARY = "sk-CANARY-7f3a9c1e5bQx"
FAULTS = ["echo_key", "echo_key_json", "401_echo", "echo_key", "echo_key_json", "500"]


def assert_no_canary(root, *texts):
    needle = CANARY.lower().encode()
    for path in root.rglob("*"):
        if path.is_file():
            assert needle not in path.read_bytes().lower(), path
    for text in texts:
        assert CANARY.lower() not in text.lower()


@pytest.mark.slow
def test_a_key_echoed_by_the_server_reaches_no_file_via_the_command_line(tmp_path):
    data = tmp_path / "data.jsonl"
    data.write_text("\n".join(json.dumps(r) for r in good_rows()[:4]))
    with FakeOpenAIServer() as server:
        server.always = "echo_key_json"  # every reply: a usable JSON object quoting the key
        server.faults.extend(FAULTS)
        env = {**os.environ, "OPENAI_BASE_URL": server.url, "OPENAI_API_KEY": CANARY,
               "RAGMETER_CACHE_DIR": str(tmp_path / "cache")}
        proc = subprocess.run([sys.executable, "-m", "ragmeter.cli", "evaluate", str(data), "--llm", "openai:judge-model",
                               "--metrics", "faithfulness,context_precision", "--quiet", "--max-error-rate", "1",
                               "--out", str(tmp_path / "run")], capture_output=True, text=True, env=env, timeout=120)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert server.requests[0]["headers"]["Authorization"] == f"Bearer {CANARY}"  # it was really sent
    stored = json.loads((tmp_path / "run" / "result.json").read_text())
    assert "[redacted]" in json.dumps(stored)  # the echoes were there, and were replaced
    assert (tmp_path / "cache" / "cache.sqlite").exists() and (tmp_path / "run" / "scores.csv").exists()
    assert_no_canary(tmp_path, proc.stdout, proc.stderr)


@pytest.mark.slow
def test_a_key_echoed_by_the_server_reaches_no_file_via_the_api(tmp_path, monkeypatch):
    monkeypatch.delenv("OPENAI_API_KEY", raising=False)  # known only as the client's key
    from ragmeter.llms import OpenAICompatible

    with FakeOpenAIServer() as server:
        server.faults.extend(FAULTS * 2)
        model = OpenAICompatible("judge-model", base_url=server.url, api_key=CANARY)
        result = evaluate(good_rows(), metrics=["faithfulness", "context_precision"], llm=model, max_retries=1,
                          cache=tmp_path / "cache.sqlite", out=tmp_path / "run", timeout=5.0)
    reasons = [r[m].reason or "" for r in result.metric_results for m in ("faithfulness", "context_precision")]
    assert any("[redacted]" in reason for reason in reasons)  # the 401 body echoed it
    result.to_jsonl(tmp_path / "rows.jsonl")
    result.to_html(tmp_path / "report.html")
    assert_no_canary(tmp_path, repr(result.to_dict()))


@pytest.mark.parametrize("text", [CANARY, CANARY.upper(), CANARY.lower(), f"Bearer {CANARY.swapcase()}!",
                                  json.dumps({"k": CANARY})])
def test_scrub_replaces_the_key_in_any_case(text):
    register(CANARY)
    clean = scrub(text)
    assert CANARY.lower() not in clean.lower() and "[redacted]" in clean


def test_short_values_are_not_treated_as_secrets():
    register("abc")  # too short to be a key: replacing it would mangle ordinary text
    assert scrub("abc abcdef") == "abc abcdef"


def test_a_key_like_variable_counts_only_when_its_value_looks_like_a_key(monkeypatch):
    monkeypatch.setenv("FEATURE_TOKEN", "enabled")  # a word, not a key: ordinary text keeps it
    monkeypatch.setenv("SERVICE_API_KEY", "svc-0123456789abcdefXYZ")
    assert scrub("answer enabled by svc-0123456789ABCDEFxyz") == "answer enabled by [redacted]"
