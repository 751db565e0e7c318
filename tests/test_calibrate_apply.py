"""A saved calibration carried to a run (Calibration.apply): mapped scores, corrected means computed
again where its labelled samples are in the run, and what provenance["calibration"] records."""

from __future__ import annotations

import json
import warnings

import numpy as np
import pytest

from ragmeter import DatasetError, RagmeterWarning, Result, calibrate
from ragmeter.metrics.base import MetricResult
from ragmeter.user_calibration import Calibration

N = 400


def make_run(scores, ids=None, version="13", dataset_hash="h"):
    ids = ids if ids is not None else [str(i) for i in range(len(scores))]
    samples = [{"id": i, "user_input": f"question {i}", "response": "a"} for i in ids]
    rows = [{"answer_correctness": MetricResult(float(s), "ok", "", {})} for s in scores]
    return Result(samples, rows, ["answer_correctness"], {"judge": {"name": "local", "version": version},
                                                          "dataset_hash": dataset_hash})


@pytest.fixture(scope="module")
def world():
    """A judge that ranks well but scores correct answers anywhere in 0.05-1 (as on EVOUNA), a
    random 150 of 400 samples labelled."""
    rng = np.random.default_rng(7)
    y = (rng.random(N) < 0.85).astype(float)
    high = rng.random(N) < 0.35
    scores = np.where(y == 1, np.where(high, rng.uniform(0.8, 1, N), rng.beta(2, 8, N)), rng.beta(1, 20, N))
    labelled = rng.choice(N, 150, replace=False)
    labels = [{"id": str(i), "answer_correctness": int(y[i])} for i in labelled]
    run = make_run(scores)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        cal = calibrate(run, labels, n_resamples=50)
    return run, cal, scores, labels


def test_the_calibrated_run_gets_its_own_corrected_means_back(world):
    run, cal, _, _ = world
    mapped = cal.apply(run, source="cal.json")
    record = mapped.provenance["calibration"]
    entry = record["corrected"]["answer_correctness"]
    saved = cal["answer_correctness"]
    for key in ("n_labelled", "labels_mean", "labels_ci", "corrected_mean", "corrected_ci", "corrected_method",
                "corrected_plain", "corrected_mapped"):
        assert entry[key] == saved[key], key
    assert entry["computed_on"] == "this run" and entry["corrected_method"] == "mapped"
    assert record["file"] == "cal.json" and record["same_data"] is True and record["labelled_in_run"] == 150
    assert record["maps"]["answer_correctness"]["method"] == "isotonic"
    json.dumps(record, allow_nan=False)  # stored in result.json as it is


def test_scores_are_mapped_once_from_the_judges_own_scores(world):
    run, cal, scores, _ = world
    once = cal.apply(run)
    twice = cal.apply(once)
    assert twice.scores("answer_correctness") == once.scores("answer_correctness")
    first = once.metric_results[0]["answer_correctness"]
    assert first.evidence["judge_score"] == pytest.approx(scores[0])
    assert once.scores("answer_correctness") != run.scores("answer_correctness")
    # calibrating a mapped run reads the judge's scores, not the mapped ones
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        again = calibrate(once, world[3], n_resamples=50)
    assert again["answer_correctness"]["corrected_ci"] == cal["answer_correctness"]["corrected_ci"]
    assert again["answer_correctness"]["judge_mean"] == pytest.approx(float(np.mean(scores)))


def test_another_judge_on_the_same_samples_is_corrected_on_its_own_scores(world):
    _, cal, scores, _ = world
    other = make_run(np.clip(scores * 0.5 + 0.3, 0, 1), version="14", dataset_hash="h")
    with pytest.warns(RagmeterWarning, match="made for judge local version 13, the run used local version 14"):
        mapped = cal.apply(other)
    entry = mapped.provenance["calibration"]["corrected"]["answer_correctness"]
    assert entry["n_labelled"] == 150 and entry["corrected_mean"] != cal["answer_correctness"]["corrected_mean"]
    assert entry["judge_mean"] == pytest.approx(float(np.mean(np.clip(scores * 0.5 + 0.3, 0, 1))))


def test_a_run_of_other_samples_is_mapped_without_a_corrected_mean(world):
    _, cal, scores, _ = world
    other = make_run(scores[:50], ids=[f"new-{i}" for i in range(50)], dataset_hash="other")
    mapped = cal.apply(other)
    record = mapped.provenance["calibration"]
    assert record["corrected"] == {} and record["labelled_in_run"] == 0 and record["same_data"] is False
    assert mapped.metric_results[0]["answer_correctness"].evidence["judge_score"] == pytest.approx(scores[0])


def test_part_of_the_labels_in_a_run_of_other_data_warns_that_they_must_be_random(world):
    _, cal, scores, _ = world
    ids = [str(i) for i in range(200)] + [f"new-{i}" for i in range(200)]
    with pytest.warns(RagmeterWarning) as caught:
        mapped = cal.apply(make_run(scores, ids=ids, dataset_hash="other"))
    text = " ".join(str(w.message) for w in caught)
    assert "match no sample of the run" in text and "random sample of this run" in text
    entry = mapped.provenance["calibration"]["corrected"]["answer_correctness"]
    assert 0 < entry["n_labelled"] < 150


def test_a_calibration_saved_without_its_labels_carries_its_means_to_the_same_data(world, tmp_path):
    run, cal, _, _ = world
    data = cal.to_dict()
    del data["labelled"]
    old = Calibration(data)
    entry = old.apply(run).provenance["calibration"]["corrected"]["answer_correctness"]
    assert entry["computed_on"] == "the calibrated run (saved)"
    assert entry["corrected_ci"] == cal["answer_correctness"]["corrected_ci"]
    assert old.apply(make_run([0.5] * 5, dataset_hash="other")).provenance["calibration"]["corrected"] == {}


def test_saved_file_round_trips_with_its_labels(world, tmp_path):
    run, cal, _, labels = world
    path = cal.save(tmp_path / "cal.json")
    loaded = Calibration.load(path)
    assert loaded.data["labelled"]["key"] == "id"
    assert sorted(k for k, _ in loaded.data["labelled"]["values"]["answer_correctness"]) == sorted(
        r["id"] for r in labels)
    assert loaded.apply(run).provenance["calibration"]["corrected"] == cal.apply(run).provenance["calibration"][
        "corrected"]


def test_nothing_in_common_is_an_error_naming_both_sides(world):
    _, cal, _, _ = world
    samples = [{"id": "0", "user_input": "q"}]
    run = Result(samples, [{"faithfulness": MetricResult(0.5)}], ["faithfulness"], {})
    with pytest.raises(DatasetError, match="cal.json: calibrates answer_correctness; the run scored faithfulness"):
        cal.apply(run, source="cal.json")


def test_text_summary_shows_both_corrected_means(world):
    _, cal, _, _ = world
    text = str(cal)
    assert "PPI++ on raw scores" in text and "PPI++ on mapped scores" in text and "10-fold cross-fitted" in text
