"""check(..., use_corrected=True): gating on the lower end of the corrected interval a calibration on
your own labels gives, and the errors when there is none."""

from __future__ import annotations

import pytest

from ragmeter import ConfigError, Result
from ragmeter.gate import assert_passes, check
from ragmeter.metrics.base import MetricResult


def run_with(corrected=None, record=True, n=40):
    samples = [{"id": str(i), "user_input": f"q{i}"} for i in range(n)]
    rows = [{"faithfulness": MetricResult(0.9 if i % 2 else 0.7)} for i in range(n)]
    provenance = {"judge": {"name": "lexical", "version": "4"}}
    if record:
        provenance["calibration"] = {"file": "cal.json", "corrected": corrected or {}}
    return Result(samples, rows, ["faithfulness"], provenance)


def entry(low, high, n_labelled=30):
    return {"n_labelled": n_labelled, "corrected_mean": (low + high) / 2, "corrected_ci": [low, high],
            "corrected_method": "plain"}


def test_gates_on_the_corrected_lower_bound_not_the_judges_mean():
    run = run_with({"faithfulness": entry(0.62, 0.74)})
    assert check(run, {"faithfulness": 0.75}).passed              # the judge's mean is 0.80
    report = check(run, {"faithfulness": 0.65}, use_corrected=True)
    assert not report.passed and report.checks[0].value == pytest.approx(0.62)
    assert "lower bound of the corrected interval, from your labels" in str(report)
    assert check(run, {"faithfulness": 0.6}, use_corrected=True).passed
    assert assert_passes(run, {"faithfulness": 0.6}, use_corrected=True).passed


def test_too_few_labels_cannot_be_judged():
    run = run_with({"faithfulness": entry(0.7, 0.9, n_labelled=6)})
    report = check(run, {"faithfulness": 0.5}, use_corrected=True)
    assert not report.passed and report.checks[0].why == "cannot_judge"
    assert "6 labelled samples" in str(report) and "Label more samples" in str(report)
    assert check(run, {"faithfulness": 0.5}, use_corrected=True, min_n=5).passed


@pytest.mark.parametrize("run,expect", [
    (run_with(record=False), "none is given or recorded in the run"),
    (run_with({}), "cal.json gives none: none of its labelled samples for it is in this run"),
    (run_with({"faithfulness": {"n_labelled": 1, "corrected_ci": None}}), "only 1 of its labelled samples"),
])
def test_no_calibration_with_labels_is_a_config_error_saying_how_to_get_one(run, expect):
    with pytest.raises(ConfigError) as info:
        check(run, {"faithfulness": 0.5}, use_corrected=True)
    message = str(info.value)
    assert message.startswith("--use-corrected gates faithfulness on the corrected lower bound")
    assert expect in message and "ragmeter calibrate RUN labels.csv --out cal.json" in message
