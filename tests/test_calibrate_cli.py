"""ragmeter calibrate on a real run folder: the demo's good and bad pipelines scored by the offline
lexical judge, a labels file, and the command run as users run it (a subprocess)."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

import ragmeter
from ragmeter.demo import bad_rows, good_rows

KEYS = {"n_labelled", "judge_mean", "labels_mean", "labels_ci", "corrected_mean", "corrected_ci", "agreement"}


def run(*args):
    return subprocess.run([sys.executable, "-m", "ragmeter.cli", *args], capture_output=True, text=True, timeout=300)


@pytest.fixture(scope="module")
def run_folder(tmp_path_factory):
    out = tmp_path_factory.mktemp("calibrate") / "run"
    ragmeter.evaluate(good_rows() + bad_rows(), metrics=["faithfulness", "context_precision"], judge="lexical",
                      out=out)
    return out


@pytest.fixture
def labels_file(tmp_path):
    # the bad pipeline (ids 8-15) adds a hallucinated claim and ranks an unrelated passage first
    path = tmp_path / "labels.csv"
    lines = ["id,faithfulness,context_precision,comment"]
    lines += [f"{i},{int(i < 8)},{1 if i < 8 else 0.5},checked by hand" for i in (0, 1, 2, 4, 5, 8, 9, 11, 12, 14)]
    path.write_text("\n".join(lines) + "\n")
    return path


@pytest.mark.slow
def test_json_output_has_every_promised_field_per_metric(run_folder, labels_file, tmp_path):
    saved = tmp_path / "cal.json"
    proc = run("calibrate", str(run_folder), str(labels_file), "--json", "--out", str(saved), "--resamples", "200")
    assert proc.returncode == 0, proc.stderr
    out = json.loads(proc.stdout)
    assert out["schema"] == "ragmeter.calibration/1"
    assert set(out["metrics"]) == {"faithfulness", "context_precision"}
    for name, m in out["metrics"].items():
        assert KEYS <= set(m), name
        assert m["n_labelled"] == 10 and m["n_unlabelled"] == 6
        assert m["labels_ci"][0] <= m["labels_mean"] <= m["labels_ci"][1]
        assert m["corrected_ci"][0] <= m["corrected_mean"] <= m["corrected_ci"][1]
        assert m["corrected_ci"][1] - m["corrected_ci"][0] <= m["labels_ci"][1] - m["labels_ci"][0] + 1e-12
        assert {"accuracy", "kappa_at_0.5", "kappa_best", "best_threshold", "auroc", "spearman", "ece"} <= set(
            m["agreement"])
    assert out["metrics"]["faithfulness"]["labels_mean"] == pytest.approx(0.5)
    assert out["metrics"]["faithfulness"]["agreement"]["auroc"]["value"] > 0.8  # the judge sees the hallucination
    assert json.loads(saved.read_text()) == out
    assert "only 10 labelled samples" in proc.stderr and proc.stderr.startswith("ragmeter: warning: ")


@pytest.mark.slow
def test_text_output_and_python_api_agree(run_folder, labels_file):
    proc = run("calibrate", str(run_folder), str(labels_file), "--resamples", "200", "--metrics", "faithfulness")
    assert proc.returncode == 0, proc.stderr
    assert "corrected mean" in proc.stdout and "labels mean" in proc.stdout and "kappa_best" in proc.stdout
    assert "context_precision" not in proc.stdout
    with pytest.warns(ragmeter.RagmeterWarning):
        cal = ragmeter.calibrate(run_folder, labels_file, n_resamples=200)
    assert f"{cal['faithfulness']['corrected_mean']:.3f}" in proc.stdout


@pytest.mark.slow
def test_saved_calibration_maps_another_run_for_check_and_report(run_folder, labels_file, tmp_path):
    saved = tmp_path / "cal.json"
    assert run("calibrate", str(run_folder), str(labels_file), "--out", str(saved), "--resamples", "50",
               "--method", "platt").returncode == 0
    mapped = tmp_path / "mapped"
    proc = run("calibrate", str(run_folder), "--calibration", str(saved), "--mapped-out", str(mapped))
    assert proc.returncode == 0, proc.stderr
    result = ragmeter.Result.load(mapped)
    calibration = result.provenance["calibration"]
    assert calibration["maps"]["faithfulness"]["method"] == "platt" and calibration["same_data"] is True
    assert "corrected_ci" in calibration["corrected"]["faithfulness"]
    original = ragmeter.Result.load(run_folder)
    first = result.metric_results[0]["faithfulness"]
    assert first.evidence["judge_score"] == original.metric_results[0]["faithfulness"].score
    assert run("check", str(mapped), "--min", "faithfulness=0.0").returncode == 0


@pytest.mark.slow
def test_reliability_plot(run_folder, labels_file, tmp_path):
    pytest.importorskip("matplotlib")
    figure = tmp_path / "reliability.png"
    proc = run("calibrate", str(run_folder), str(labels_file), "--plot", str(figure), "--resamples", "20")
    assert proc.returncode == 0, proc.stderr
    assert figure.stat().st_size > 5000


@pytest.mark.parametrize("extra,expect", [
    ([], "labels.csv: line 3, column 'faithfulness': '2' is not a label; expected 0, 1"),
    (["--calibration", "x.json"], "give either a labels file"),
])
def test_user_errors_exit_2_with_one_line(run_folder, tmp_path, extra, expect):
    bad = tmp_path / "labels.csv"
    bad.write_text("id,faithfulness\n0,1\n1,2\n")
    proc = run("calibrate", str(run_folder), str(bad), *extra)
    assert proc.returncode == 2
    assert "Traceback" not in proc.stderr
    assert proc.stderr.startswith("ragmeter: error: ") and expect in proc.stderr


@pytest.mark.slow
def test_missing_run_labels_or_calibration_file(run_folder, tmp_path):
    for args, expect in ((["calibrate", str(tmp_path / "none"), str(tmp_path / "l.csv")], "no such result file"),
                         (["calibrate", str(run_folder), str(tmp_path / "l.csv")], "no such labels file"),
                         (["calibrate", str(run_folder)], "needs a labels file"),
                         (["calibrate", str(run_folder), "--calibration", str(tmp_path / "c.json")],
                          "no such calibration file")):
        proc = run(*args)
        assert proc.returncode == 2 and expect in proc.stderr, proc.stderr
