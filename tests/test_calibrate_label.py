"""ragmeter label: a terminal loop over a seeded random sample of a run, fed here through stdin; the
labels file it writes, resuming it, and the errors a user can cause."""

from __future__ import annotations

import csv
import subprocess
import sys

import pytest

import ragmeter
from ragmeter import Result
from ragmeter.demo import bad_rows, good_rows
from ragmeter.metrics.base import MetricResult
from ragmeter.user_calibration import read_labels
from ragmeter.user_calibration.labeling import choose, parse_answer, shorten


def label(*args, stdin=""):
    return subprocess.run([sys.executable, "-m", "ragmeter.cli", "label", *args], input=stdin, capture_output=True,
                          text=True, timeout=120)


def rows_of(path):
    with open(path, newline="", encoding="utf-8") as fh:
        return list(csv.reader(fh))


@pytest.fixture(scope="module")
def run_folder(tmp_path_factory):
    out = tmp_path_factory.mktemp("label") / "run"
    ragmeter.evaluate(good_rows() + bad_rows(), metrics=["faithfulness", "context_precision"], judge="lexical",
                      out=out)
    return out


@pytest.mark.slow
def test_labels_a_seeded_sample_and_resumes_where_it_stopped(run_folder, tmp_path):
    out = tmp_path / "labels.csv"
    # sample 1: faithfulness 1, context_precision: 'x' is refused and asked again, then 0
    # sample 2: faithfulness 0.5, context_precision skipped; sample 3: quit half-way (not written)
    first = label(str(run_folder), "--n", "4", "--out", str(out), stdin="1\nx\n0\n0.5\ns\n1\nq\n")
    assert first.returncode == 0, first.stderr
    assert "expected 1, 0, a number in [0, 1], s or q" in first.stdout
    assert "question:" in first.stdout and "answer:" in first.stdout and "contexts:" in first.stdout
    assert "reference:" in first.stdout and "saved 2 more labels" in first.stdout and "2 to go" in first.stdout
    run = Result.load(run_folder)
    ids = [run.samples[i]["id"] for i in choose(run, ["faithfulness", "context_precision"], 4, seed=0)]
    assert rows_of(out) == [["id", "faithfulness", "context_precision"], [ids[0], "1", "0"], [ids[1], "0.5", ""]]
    # the same command goes on with the third sample; the end of the input stops it like q
    second = label(str(run_folder), "--n", "4", "--out", str(out), stdin="yes\nno\n")
    assert second.returncode == 0, second.stderr
    assert "2 of 4 samples already labelled" in second.stdout and "saved 1 more labels" in second.stdout
    third = label(str(run_folder), "--n", "4", "--out", str(out), stdin="0\n1\n")
    assert "all 4 samples labelled" in third.stdout and f"ragmeter calibrate {run_folder} {out}" in third.stdout
    assert [r[0] for r in rows_of(out)[1:]] == ids
    assert rows_of(out)[3] == [ids[2], "1", "0"] and rows_of(out)[4] == [ids[3], "0", "1"]
    table = read_labels(out)  # the file calibrate reads
    assert table.key == "id" and [dict(r.values) for r in table.rows][1] == {"faithfulness": 0.5}
    done = label(str(run_folder), "--n", "4", "--out", str(out))
    assert "4 of 4 samples already labelled" in done.stdout and "all 4 samples labelled" in done.stdout


@pytest.mark.slow
def test_another_seed_draws_another_sample_and_says_the_file_has_others(run_folder, tmp_path):
    out = tmp_path / "labels.csv"
    label(str(run_folder), "--n", "3", "--out", str(out), "--metrics", "faithfulness", stdin="1\n1\n1\n")
    other = label(str(run_folder), "--n", "3", "--seed", "5", "--out", str(out), stdin="q\n")
    assert other.returncode == 0
    assert "labelled samples are not in this --seed's sample" in other.stderr


@pytest.mark.parametrize("args,expect", [
    (["--metrics", "answer_correctness"], "--metrics answer_correctness: the run did not score it"),
    (["--metrics", "context_precision"], "labels faithfulness; --metrics asks for context_precision"),
    (["--n", "0"], "expected a whole number of at least 1"),
])
def test_user_errors_exit_2_with_one_line(run_folder, tmp_path, args, expect):
    out = tmp_path / "labels.csv"
    out.write_text("id,faithfulness\n0,1\n")
    proc = label(str(run_folder), "--out", str(out), *args)
    assert proc.returncode == 2 and proc.stderr.startswith("ragmeter: error: ") and expect in proc.stderr
    assert "Traceback" not in proc.stderr


def test_a_file_keyed_otherwise_is_refused(run_folder, tmp_path):
    out = tmp_path / "labels.csv"
    out.write_text("question,faithfulness\nq,1\n")
    proc = label(str(run_folder), "--out", str(out))
    assert proc.returncode == 2 and "keyed by 'id'" in proc.stderr


def test_samples_without_ids_are_keyed_by_question(tmp_path):
    samples = [{"id": None, "user_input": f"question  {i}", "response": "an answer", "retrieved_contexts": ["c " * 400],
                "reference": "ref"} for i in range(3)]
    rows = [{"faithfulness": MetricResult(0.5)} for _ in range(3)]
    Result(samples, rows, ["faithfulness"], {}).save(tmp_path / "run" / "result.json")
    out = tmp_path / "labels.csv"
    proc = label(str(tmp_path / "run"), "--n", "10", "--out", str(out), stdin="1\n0\n1\n")
    assert proc.returncode == 0, proc.stderr
    assert "keyed by question" in proc.stdout and "the run has 3 samples scored" in proc.stdout
    assert "c c c" in proc.stdout and "..." in proc.stdout  # the long context is shortened
    assert rows_of(out)[0] == ["question", "faithfulness"] and len(rows_of(out)) == 4
    assert read_labels(out).key == "question"


def test_answers_and_shortening():
    assert [parse_answer(a) for a in ("1", " Y ", "no", "0.25", "s", "skip", "Q", "2", "", "maybe")] == [
        1.0, 1.0, 0.0, 0.25, None, None, "quit", "again", "again", "again"]
    assert shorten("a  b\n c", 10) == "a b c"
    assert shorten("word " * 20, 12) == "word word..."
