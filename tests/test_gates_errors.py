"""Gates that count what failed: a pipeline that raised, a judge that failed, too few samples for
a lower bound. Each test gates a run whose scored samples pass, so only the failures can fail it."""

import subprocess
import sys
import warnings

import pytest
from openai_server import FakeOpenAIServer

from ragmeter import RagmeterWarning, evaluate
from ragmeter.demo import bad_rows
from ragmeter.gate import assert_passes, check
from ragmeter.integrations import RAGPipeline, evaluate_pipeline, evaluate_rag_pipeline
from ragmeter.llms import OpenAICompatible

CORE = ("faithfulness", "answer_relevancy", "context_precision", "context_recall")
QUESTIONS = ["where is atp produced in the cell", "what does the reynolds number measure", "what is the pam motif"]
REFERENCES = ["atp is produced in the cell by mitochondria", "the ratio of inertial to viscous forces",
              "a short dna sequence flanking the cas9 target"]
CONTEXT = "in the cell, atp is produced in mitochondria through oxidative phosphorylation"


def retrieve(question):
    if question != QUESTIONS[0]:
        raise ConnectionError("vector store unreachable")
    return [CONTEXT]


def generate(question, contexts):
    return "atp is produced in the cell by mitochondria"


PIPELINE = RAGPipeline(retrieve, generate)


def cli(*args):
    return subprocess.run([sys.executable, "-m", "ragmeter.cli", *args], capture_output=True, text=True, timeout=300)


@pytest.fixture(scope="module")
def failing_run(tmp_path_factory):
    """The pipeline raised on 2 of 3 questions; the one it answered passes the clinical preset."""
    result = evaluate_pipeline(PIPELINE, QUESTIONS, REFERENCES, judge="lexical")
    folder = tmp_path_factory.mktemp("run")
    result.save(folder / "result.json")
    return result, folder


def test_the_answered_question_alone_would_pass(failing_run):
    result, _ = failing_run
    scored = [s for s, row in zip(result.samples, result.metric_results) if row["faithfulness"].status == "ok"]
    assert len(scored) == 1
    assert all(result[m] >= t for m, t in {"faithfulness": 0.9, "answer_relevancy": 0.85, "context_precision": 0.75,
                                           "context_recall": 0.8}.items())


@pytest.mark.slow
def test_check_clinical_fails_on_pipeline_errors_and_says_why(failing_run):
    _, folder = failing_run
    proc = cli("check", str(folder), "--preset", "clinical")
    assert proc.returncode == 1, proc.stdout + proc.stderr
    assert proc.stdout.startswith("FAIL: 0 of 4 metrics")
    assert "FAIL faithfulness: 1.000 (minimum 0.90); 2 of 3 samples not scored: 2 pipeline errors" in proc.stdout
    assert "The pipeline failed (it raised before answering) on 2 question(s)" in proc.stdout
    assert "vector store unreachable" in proc.stdout
    assert "Likely cause" not in proc.stdout  # the scores that exist are fine: no diagnosis of them
    allowed = cli("check", str(folder), "--preset", "clinical", "--max-error-rate", "0.7")
    assert allowed.returncode == 0 and allowed.stdout.startswith("PASS"), allowed.stdout


@pytest.mark.slow
def test_lower_bound_over_one_sample_cannot_judge(failing_run):
    _, folder = failing_run
    proc = cli("check", str(folder), "--preset", "clinical", "--use-lower-bound", "--max-error-rate", "0.7")
    assert proc.returncode == 1
    assert "cannot judge: 1 scored, a lower bound needs at least 10" in proc.stdout
    smaller = cli("check", str(folder), "--preset", "clinical", "--use-lower-bound", "--max-error-rate", "0.7",
                  "--min-n", "1")
    assert smaller.returncode == 0, smaller.stdout


def test_assert_passes_fails_on_pipeline_errors(failing_run):
    result, _ = failing_run
    with pytest.raises(AssertionError, match="2 of 3 samples not scored: 2 pipeline errors"):
        assert_passes(result, "clinical")
    assert assert_passes(result, "clinical", max_error_rate=0.7).passed


def test_evaluate_rag_pipeline_surfaces_errors():
    with pytest.warns(RagmeterWarning, match="the pipeline failed on 2 of 3 questions") as caught:
        scores = evaluate_rag_pipeline(PIPELINE, QUESTIONS, REFERENCES, judge="lexical")
    assert "vector store unreachable" in str(caught[0].message)
    assert set(scores) == {*CORE, "mean_score"}  # seed 003's dict is unchanged
    assert scores.errors == dict.fromkeys(CORE, 2)
    assert len(scores.result) == 3
    with pytest.raises(AssertionError, match="pipeline errors"):
        assert_passes(scores, "clinical")


def test_evaluate_rag_pipeline_is_quiet_when_nothing_failed():
    pipeline = RAGPipeline(lambda q: [CONTEXT], generate)
    with warnings.catch_warnings():
        warnings.simplefilter("error", RagmeterWarning)
        scores = evaluate_rag_pipeline(pipeline, QUESTIONS[:1], REFERENCES[:1], judge="lexical")
    assert scores.errors == dict.fromkeys(CORE, 0)
    assert_passes(scores, "clinical")


def test_skips_count_too():
    rows = [{"question": QUESTIONS[0], "answer": generate(None, None), "contexts": [CONTEXT], "ground_truth": REFERENCES[0]},
            {"question": QUESTIONS[0], "answer": generate(None, None), "contexts": [CONTEXT]}]
    result = evaluate(rows, metrics=["faithfulness", "context_recall"], judge="lexical")
    report = check(result, {"faithfulness": 0.9, "context_recall": 0.8})
    assert not report.passed
    assert "ok   faithfulness" in str(report) and "1 of 2 samples not scored: 1 skipped" in str(report)
    assert check(result, {"faithfulness": 0.9, "context_recall": 0.8}, max_error_rate=0.5).passed


@pytest.mark.slow
def test_a_failed_judge_is_not_diagnosed_as_a_bad_pipeline():
    """bad_rows retrieve the wrong chunks: context precision is low. When the judge also failed on
    a sample, the gate says so and gives no diagnosis of the pipeline; without the failure it does."""
    with FakeOpenAIServer() as server:
        model = OpenAICompatible("judge-model", base_url=server.url, api_key="sk-test")
        server.faults.append("500")
        failed = evaluate(bad_rows(), metrics=["context_precision"], llm=model, cache=False, max_retries=0,
                          max_concurrency=1, timeout=5.0)
        clean = evaluate(bad_rows(), metrics=["context_precision"], llm=model, cache=False, timeout=5.0)
    assert sum(r["context_precision"].status == "error" for r in failed.metric_results) == 1
    text = str(check(failed, {"context_precision": 0.75}))
    assert "1 of 8 samples not scored: 1 judge error" in text
    assert "The judge failed on 1 sample(s): this is no verdict on the pipeline" in text
    assert "Likely cause" not in text
    tolerant = str(check(failed, {"context_precision": 0.75}, max_error_rate=0.2))
    assert "FAIL context_precision" in tolerant and "no diagnosis of the pipeline" in tolerant
    assert "Likely cause" not in tolerant
    plain = str(check(clean, {"context_precision": 0.75}))
    assert "FAIL context_precision" in plain and "Likely cause: Retrieved chunks contain irrelevant content" in plain


@pytest.mark.parametrize("kwargs,message", [
    (dict(max_error_rate=1.5), "max_error_rate must be a share"),
    (dict(max_error_rate=float("nan")), "max_error_rate must be a share"),
    (dict(min_n=0), "min_n must be a whole number"),
])
def test_gate_limits_are_checked(failing_run, kwargs, message):
    from ragmeter import ConfigError

    with pytest.raises(ConfigError, match=message):
        check(failing_run[0], {"faithfulness": 0.9}, **kwargs)
