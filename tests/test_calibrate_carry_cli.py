"""--calibration FILE on ragmeter evaluate, check and report, and check --use-corrected, run as users
run them (a subprocess), on the demo's sixteen samples scored by the offline lexical judge."""

from __future__ import annotations

import json
import subprocess
import sys
import types

import pytest

import ragmeter
from ragmeter.cli import main
from ragmeter.demo import bad_rows, good_rows


def run(*args, cwd=None):
    return subprocess.run([sys.executable, "-m", "ragmeter.cli", *args], capture_output=True, text=True, timeout=300,
                          cwd=cwd)


@pytest.fixture(scope="module")
def setup(tmp_path_factory):
    """A data file, its run, a labels file for 12 of its 16 samples and the calibration made from them."""
    root = tmp_path_factory.mktemp("carry")
    rows = [{"id": f"s{i}", **row} for i, row in enumerate(good_rows() + bad_rows())]
    data = root / "data.jsonl"
    data.write_text("\n".join(json.dumps(r) for r in rows) + "\n")
    assert run("evaluate", str(data), "--judge", "lexical", "--metrics", "faithfulness", "--out",
               str(root / "run"), "--quiet").returncode == 0
    labels = root / "labels.csv"
    # the bad pipeline (s8-s15) adds a hallucinated claim; label a spread of both
    chosen = (0, 1, 2, 3, 5, 6, 8, 9, 10, 12, 13, 15)
    labels.write_text("id,faithfulness\n" + "".join(f"s{i},{int(i < 8)}\n" for i in chosen))
    cal = root / "cal.json"
    proc = run("calibrate", str(root / "run"), str(labels), "--out", str(cal), "--resamples", "50")
    assert proc.returncode == 0, proc.stderr
    return root, data, cal


@pytest.mark.slow
def test_evaluate_with_a_calibration_writes_mapped_scores_and_corrected_means(setup):
    root, data, cal = setup
    out = root / "run-calibrated"
    proc = run("evaluate", str(data), "--judge", "lexical", "--metrics", "faithfulness", "--out", str(out),
               "--quiet", "--calibration", str(cal))
    assert proc.returncode == 0, proc.stderr
    assert f"calibration {cal}: scores mapped" in proc.stdout and "faithfulness: corrected mean" in proc.stdout
    assert "12 of its labelled samples are in this run" in proc.stdout
    result = ragmeter.Result.load(out)
    record = result.provenance["calibration"]
    assert record["file"] == str(cal) and record["maps"]["faithfulness"]["method"] == "isotonic"
    entry = record["corrected"]["faithfulness"]
    assert entry["n_labelled"] == 12 and entry["n_unlabelled"] == 4 and entry["computed_on"] == "this run"
    saved = json.loads(cal.read_text())["metrics"]["faithfulness"]
    assert entry["corrected_ci"] == pytest.approx(saved["corrected_ci"])   # same samples, same judge
    raw = ragmeter.Result.load(root / "run")
    assert [r["faithfulness"].evidence["judge_score"] for r in result.metric_results] == raw.scores("faithfulness")
    assert "faithfulness" in (out / "scores.csv").read_text().splitlines()[0]


@pytest.mark.slow
def test_evaluate_refuses_a_missing_calibration_before_scoring(setup, tmp_path):
    root, data, _ = setup
    proc = run("evaluate", str(data), "--judge", "lexical", "--out", str(tmp_path / "r"), "--calibration",
               str(tmp_path / "nope.json"))
    assert proc.returncode == 2 and proc.stderr.startswith("ragmeter: error: ")
    assert "nope.json: no such calibration file" in proc.stderr
    assert not (tmp_path / "r").exists()
    proc = run("evaluate", str(data), "--judge", "lexical", "--metrics", "context_recall", "--out",
               str(tmp_path / "r"), "--calibration", str(setup[2]))
    assert proc.returncode == 2 and "calibrates faithfulness, and this run scores context_recall" in proc.stderr
    assert not (tmp_path / "r").exists()


@pytest.mark.slow
def test_check_use_corrected_gates_on_the_corrected_lower_bound(setup):
    root, _, cal = setup
    entry = json.loads(cal.read_text())["metrics"]["faithfulness"]
    low = entry["corrected_ci"][0]
    ok = run("check", str(root / "run"), "--calibration", str(cal), "--use-corrected",
             "--min", f"faithfulness={max(low - 0.01, 0):.3f}")
    assert ok.returncode == 0, ok.stdout + ok.stderr
    assert "lower bound of the corrected interval, from your labels" in ok.stdout
    fail = run("check", str(root / "run"), "--calibration", str(cal), "--use-corrected",
               "--min", f"faithfulness={min(low + 0.01, 1):.3f}")
    assert fail.returncode == 1 and f"{low:.3f}" in fail.stdout


@pytest.mark.slow
def test_check_use_corrected_reads_the_calibration_evaluate_recorded(setup):
    root, data, cal = setup
    out = root / "run-calibrated-2"
    assert run("evaluate", str(data), "--judge", "lexical", "--metrics", "faithfulness", "--out", str(out),
               "--quiet", "--calibration", str(cal)).returncode == 0
    assert run("check", str(out), "--use-corrected", "--min", "faithfulness=0").returncode == 0


@pytest.mark.slow
def test_check_use_corrected_without_labels_exits_2_with_one_error_line(setup, tmp_path):
    root, _, cal = setup
    proc = run("check", str(root / "run"), "--use-corrected", "--min", "faithfulness=0.5")
    assert proc.returncode == 2 and "Traceback" not in proc.stderr
    assert proc.stderr.startswith("ragmeter: error: --use-corrected gates faithfulness on the corrected lower bound")
    assert len(proc.stderr.strip().splitlines()) == 1
    # a calibration whose labelled samples are not in the run: mapped scores, but no corrected bound
    other = tmp_path / "other.jsonl"
    other.write_text(json.dumps({"id": "elsewhere", **good_rows()[0]}) + "\n")
    assert run("evaluate", str(other), "--judge", "lexical", "--metrics", "faithfulness", "--out",
               str(tmp_path / "other"), "--quiet").returncode == 0
    proc = run("check", str(tmp_path / "other"), "--calibration", str(cal), "--use-corrected", "--min",
               "faithfulness=0.5")
    assert proc.returncode == 2 and "none of its labelled samples for it is in this run" in proc.stderr


def test_report_records_the_calibration_in_each_runs_provenance(setup, monkeypatch, tmp_path, capsys):
    root, _, cal = setup
    seen = {}

    def write_report(path, a, b, names, title, **options):
        seen.update(a=a, b=b, names=names)
        return path

    fake = types.ModuleType("ragmeter.report.html")
    fake.write_report = write_report
    monkeypatch.setitem(sys.modules, "ragmeter.report.html", fake)
    code = main(["report", f"A={root / 'run'}", f"B={root / 'run'}", "--calibration", str(cal),
                 "-o", str(tmp_path / "r.html")])
    assert code == 0
    for side in ("a", "b"):
        record = seen[side].provenance["calibration"]
        assert record["file"] == str(cal) and record["corrected"]["faithfulness"]["n_labelled"] == 12
    assert "faithfulness: corrected mean" in capsys.readouterr().out
