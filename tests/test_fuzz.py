"""Property-based tests: whatever the input, a clear error before the run or a status with a
reason per sample; never a crash, a hang, or a NaN."""

import json
import math
import subprocess
import sys

import pytest
from extras import need_local
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ragmeter import DatasetError, evaluate
from ragmeter.judges import LexicalJudge
from ragmeter.loaders import load_dataset
from ragmeter.metrics import METRICS

pytestmark = pytest.mark.filterwarnings("ignore::ragmeter.RagmeterWarning")
FUZZ = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
LEXICAL = LexicalJudge()
ALL_METRICS = list(METRICS)

text = st.text(max_size=300)
weird = st.one_of(text, st.none(), st.just(float("nan")), st.integers(), st.floats(allow_nan=True),
                  st.booleans(), st.lists(text, max_size=5), st.lists(st.lists(text, max_size=2), max_size=2),
                  st.dictionaries(text, text, max_size=2), st.just("   "), st.just(""))
row = st.fixed_dictionaries({}, optional={"question": weird, "answer": weird, "contexts": weird, "ground_truth": weird,
                                          "user_input": weird, "response": weird, "retrieved_contexts": weird,
                                          "reference": weird, "id": weird})


def check_result(result):
    for scores in result.metric_results:
        for r in scores.values():
            assert r.status in ("ok", "skipped", "error")
            if r.status == "ok":
                assert r.score is not None and 0.0 <= r.score <= 1.0 and not math.isnan(r.score)
            else:
                assert r.score is None and r.reason
    for agg in result.aggregates.values():
        assert agg.mean is None or not math.isnan(agg.mean)


@pytest.mark.slow
@FUZZ
@given(st.lists(row, min_size=1, max_size=6))
def test_any_rows_give_a_result_or_a_dataset_error(rows):
    try:
        result = evaluate(rows, metrics=ALL_METRICS, judge=LEXICAL)
    except DatasetError as exc:
        assert str(exc)  # a message, naming what is wrong
        return
    check_result(result)
    assert len(result) == len(rows)


@pytest.mark.slow
@FUZZ
@given(question=text, answer=text, contexts=st.lists(text, max_size=8), reference=text)
def test_every_metric_on_arbitrary_unicode(question, answer, contexts, reference):
    rows = [{"question": question, "answer": answer, "contexts": contexts, "ground_truth": reference}]
    check_result(evaluate(rows, metrics=ALL_METRICS, judge=LEXICAL))


@pytest.fixture(scope="module")
def local_judge():
    need_local()
    from ragmeter.judges.local.judge import LocalJudge

    return LocalJudge()


@pytest.mark.slow
@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(question=text, answer=text, contexts=st.lists(text, max_size=5), reference=text)
def test_local_judge_on_arbitrary_unicode(local_judge, question, answer, contexts, reference):
    rows = [{"question": question, "answer": answer, "contexts": contexts, "ground_truth": reference}]
    check_result(evaluate(rows, metrics=ALL_METRICS, judge=local_judge))


@FUZZ
@given(st.binary(max_size=2000), st.sampled_from([".jsonl", ".json", ".csv", ".parquet"]))
def test_any_file_content_loads_or_fails_clearly(tmp_path_factory, content, suffix):
    path = tmp_path_factory.mktemp("f") / f"data{suffix}"
    path.write_bytes(content)
    try:
        load_dataset(path)
    except DatasetError as exc:
        assert str(path) in str(exc)


@pytest.mark.slow
def test_hostile_sizes_and_shapes(local_judge):
    big = ("The quick brown fox jumps over the lazy dog. " * 23000)[:1_000_000]  # a 1 MB context
    rows = [
        {"question": "What does the fox do?", "answer": "The fox jumps over the dog.", "contexts": [big], "ground_truth": "It jumps."},
        {"question": "q", "answer": "Many contexts.", "contexts": [f"context number {i}." for i in range(500)], "ground_truth": "r"},
        {"id": "dup", "question": "a?", "answer": "b.", "contexts": ["b."], "ground_truth": "b."},
        {"id": "dup", "question": "a?", "answer": "b.", "contexts": ["b."], "ground_truth": "b."},
        {"question": "\u202e\u0000\ufeff", "answer": "\U0001F600" * 50, "contexts": ["\n\n\t"], "ground_truth": " "},
    ]
    for judge in (LEXICAL, local_judge):
        result = evaluate(rows, metrics=ALL_METRICS, judge=judge)
        check_result(result)
        assert result.metric_results[0]["faithfulness"].status == "ok"
        assert [s["id"] for s in result.samples][2:4] == ["dup", "dup"]


@pytest.mark.slow
@pytest.mark.parametrize("content,suffix", [
    (b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR", ".jsonl"),
    (b"PK\x03\x04 zip file", ".csv"),
    (b'{"a": 1}', ".parquet"),
    (b"", ".json"),
    (b"[1, 2, 3]", ".json"),
])
def test_files_that_are_not_what_their_extension_says(tmp_path, content, suffix):
    path = tmp_path / f"data{suffix}"
    path.write_bytes(content)
    proc = subprocess.run([sys.executable, "-m", "ragmeter.cli", "evaluate", str(path), "--judge", "lexical",
                           "--out", str(tmp_path / "o")], capture_output=True, text=True, timeout=120)
    assert proc.returncode == 2, proc.stderr
    assert proc.stderr.startswith("ragmeter: error: ") and "Traceback" not in proc.stderr


@pytest.mark.slow
@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(row, min_size=0, max_size=4))
def test_cli_never_shows_a_traceback(tmp_path_factory, rows):
    folder = tmp_path_factory.mktemp("cli")
    path = folder / "d.jsonl"
    path.write_text("\n".join(json.dumps(r, default=str) for r in rows))
    proc = subprocess.run([sys.executable, "-m", "ragmeter.cli", "evaluate", str(path), "--judge", "lexical",
                           "--metrics", ",".join(ALL_METRICS), "--out", str(folder / "o")],
                          capture_output=True, text=True, timeout=120)
    assert proc.returncode in (0, 2), proc.stderr
    assert "Traceback" not in proc.stderr
