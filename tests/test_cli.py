"""The command line, run as users run it: a real subprocess."""

import json
import subprocess
import sys

import pytest

from ragmeter.demo import good_rows


def run(*args, cwd=None):
    return subprocess.run([sys.executable, "-m", "ragmeter.cli", *args], capture_output=True, text=True,
                          cwd=cwd, timeout=300)


@pytest.mark.slow
def test_evaluate_writes_result_and_prints_table(tmp_path):
    data = tmp_path / "data.jsonl"
    data.write_text("\n".join(json.dumps(r) for r in good_rows()))
    out = tmp_path / "out"
    proc = run("evaluate", str(data), "--judge", "lexical", "--metrics", "faithfulness,context_recall", "--out", str(out))
    assert proc.returncode == 0, proc.stderr
    assert "faithfulness" in proc.stdout and "context_recall" in proc.stdout
    saved = json.loads((out / "result.json").read_text())
    assert saved["metrics"] == ["faithfulness", "context_recall"]
    assert (out / "scores.csv").exists()


@pytest.mark.slow
@pytest.mark.parametrize("content,name,expect", [
    ("not json at all\n", "bad.jsonl", "line 1 is not valid JSON"),
    ('{"question": "q", "answer": "a"}\n', "nocontexts.jsonl", "needs the column 'retrieved_contexts'"),
    ("", "empty.jsonl", "no rows"),
    ("a,b\n1,2,3\n", "ragged.csv", "more cells than the header"),
    ("x", "data.xlsx", "unknown file type"),
    ('[{"q": 1}]', "cols.json", "none of the columns"),
])
def test_malformed_files_get_a_clear_error_and_no_traceback(tmp_path, content, name, expect):
    path = tmp_path / name
    path.write_text(content)
    proc = run("evaluate", str(path), "--judge", "lexical", "--out", str(tmp_path / "o"))
    assert proc.returncode == 2
    assert "Traceback" not in proc.stderr
    assert expect in proc.stderr
    assert proc.stderr.startswith("ragmeter: error: ")


@pytest.mark.slow
def test_usage_errors_exit_2(tmp_path):
    for args in (["evaluate", str(tmp_path / "missing.jsonl")], ["evaluate", "x.jsonl", "--metrics", "nope"],
                 ["frobnicate"], []):
        proc = run(*args)
        assert proc.returncode == 2, args
        assert "Traceback" not in proc.stderr


@pytest.mark.slow
def test_warnings_are_one_line_each(tmp_path):
    rows = [{**r, "contexts": r["contexts"][0]} for r in good_rows()]
    path = tmp_path / "d.jsonl"
    path.write_text("\n".join(json.dumps(r) for r in rows))
    proc = run("evaluate", str(path), "--judge", "lexical", "--out", str(tmp_path / "o"))
    assert proc.returncode == 0
    warnings = [line for line in proc.stderr.splitlines() if line.startswith("ragmeter: warning:")]
    assert len(warnings) == 1 and "row(s) 0, 1, 2, 3, 4 and 3 more" in warnings[0]


@pytest.mark.slow
def test_demo_prints_both_pipelines_and_writes_the_report(tmp_path):
    proc = run("demo", "--judge", "lexical", "--out", str(tmp_path / "demo"))
    assert proc.returncode == 0, proc.stderr
    assert "good pipeline" in proc.stdout and "bad pipeline" in proc.stdout
    report = tmp_path / "demo" / "report.html"
    assert f"report: {report.resolve()}" in proc.stdout
    assert report.read_text().startswith("<!doctype html>")


@pytest.mark.slow
def test_report_command(tmp_path):
    run("demo", "--judge", "lexical", "--out", str(tmp_path / "d"))
    proc = run("report", str(tmp_path / "d" / "good"), "-o", str(tmp_path / "one.html"))
    assert proc.returncode == 0, proc.stderr
    assert "Samples: good" in (tmp_path / "one.html").read_text()
    too_many = run("report", str(tmp_path / "d" / "good"), str(tmp_path / "d" / "bad"), str(tmp_path / "d" / "bad"))
    assert too_many.returncode == 2 and "two runs" in too_many.stderr
