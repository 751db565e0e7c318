"""Labels files for ragmeter calibrate: what is read, and the errors and warnings a user can cause,
each naming the row, the field, what was expected and what to do."""

from __future__ import annotations

import json

import numpy as np
import pytest

from ragmeter import DatasetError, RagmeterWarning, Result, calibrate
from ragmeter.metrics.base import MetricResult
from ragmeter.user_calibration import read_labels


def make_run(scores, metric="faithfulness", questions=None):
    """A Result with the given judge scores (None: skipped), ids "0", "1", ..., no judge called."""
    samples = [{"id": str(i), "user_input": (questions[i] if questions else f"question {i}"), "response": "a"}
               for i in range(len(scores))]
    rows = [{metric: MetricResult(s) if s is not None else MetricResult.skipped("'reference' is missing")}
            for s in scores]
    return Result(samples, rows, [metric], {"judge": {"name": "lexical", "version": "4"}, "dataset_hash": "h"})


def write(tmp_path, name, text):
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def test_csv_and_jsonl_read_the_same(tmp_path):
    csv_path = write(tmp_path, "l.csv", "id,faithfulness,notes\n0,1,ok\n1,0,\n2,,skip me\n3,0.5,\n4,true,\n")
    jsonl_path = write(tmp_path, "l.jsonl", "\n".join(json.dumps(r) for r in [
        {"id": 0, "faithfulness": 1}, {"id": 1, "faithfulness": 0}, {"id": 2, "faithfulness": None},
        {"id": 3, "faithfulness": 0.5}, {"id": 4, "faithfulness": True}]) + "\n\n")
    for path in (csv_path, jsonl_path):
        table = read_labels(path)
        assert table.key == "id" and table.metrics == ("faithfulness",)
        assert [(r.key, dict(r.values)) for r in table.rows] == [
            ("0", {"faithfulness": 1.0}), ("1", {"faithfulness": 0.0}), ("2", {}), ("3", {"faithfulness": 0.5}),
            ("4", {"faithfulness": 1.0})]


@pytest.mark.parametrize("text,expect", [
    ("id,faithfulness\n0,1\n1,1.5\n", "line 3, column 'faithfulness': '1.5' is not a label; expected 0, 1"),
    ("id,faithfulness\n0,maybe\n", "line 2, column 'faithfulness': 'maybe' is not a label"),
    ("id,faithfulness\n0,-1\n", "leave the cell empty if the sample has no label"),
    ("id,faithfulness\n0,nan\n", "'nan' is not a label"),
    ("sample,faithfulness\n0,1\n", "no column says which sample a label belongs to (columns: sample, faithfulness)"),
    ("id,correct\n0,1\n", "no column is named after a metric (columns: id, correct)"),
    ("id,faithfulness\n0,1\n0,0\n", "line 3 labels id '0' again (first at line 2)"),
    ("id,faithfulness\n,1\n", "line 2, column 'id' is empty"),
    ("id,faithfulness\n0,1,1\n", "line 2 has more cells than the header"),
    ("id,faithfulness\n", "holds no labels"),
])
def test_bad_csv_labels_name_the_line_column_and_fix(tmp_path, text, expect):
    with pytest.raises(DatasetError) as err:
        read_labels(write(tmp_path, "labels.csv", text))
    assert expect in str(err.value)
    assert str(err.value).startswith(str(tmp_path / "labels.csv"))


@pytest.mark.parametrize("name,text,expect", [
    ("l.jsonl", '{"id": 0, "faithfulness": 1}\n{"id": 1, "faithfulness": 2}\n', "line 2, column 'faithfulness': 2 "),
    ("l.jsonl", '{"id": 0, "faithfulness": 1}\nnot json\n', "line 2 is not valid JSON"),
    ("l.jsonl", '[1, 2]\n', "line 1 is a JSON list, expected an object"),
    ("l.jsonl", '{"id": 0, "faithfulness": "yes please"}\n', "'yes please' is not a label"),
    ("l.xlsx", "x", "unknown labels file type '.xlsx'; use .csv or .jsonl"),
])
def test_bad_jsonl_labels_and_file_types(tmp_path, name, text, expect):
    with pytest.raises(DatasetError, match=None) as err:
        read_labels(write(tmp_path, name, text))
    assert expect in str(err.value)


def test_missing_file_says_what_a_labels_file_holds(tmp_path):
    with pytest.raises(DatasetError, match="no such labels file.*'id' \\(or 'question'\\) column"):
        read_labels(tmp_path / "nope.csv")


def test_keys_matching_nothing_show_both_sides(tmp_path):
    run = make_run([0.5, 0.6, 0.7])
    labels = write(tmp_path, "l.csv", "id,faithfulness\nq-17,1\nq-18,0\n")
    with pytest.raises(DatasetError) as err:
        calibrate(run, labels)
    message = str(err.value)
    assert "none of its 2 ids matches a sample of the run" in message
    assert "'q-17', 'q-18'" in message and "'0', '1', '2'" in message
    assert "the 'id' column of its scores.csv" in message


def test_some_keys_unmatched_is_a_warning_naming_the_first(tmp_path):
    run = make_run([0.2, 0.4, 0.6, 0.8, 0.9])
    labels = write(tmp_path, "l.csv", "id,faithfulness\n0,0\n1,0\n2,1\n3,1\n99,1\n")
    with pytest.warns(RagmeterWarning, match="1 of 5 labelled rows match no sample.*line 6, id '99'"):
        cal = calibrate(run, labels, n_resamples=50)
    assert cal["faithfulness"]["n_labelled"] == 4


def test_labels_keyed_by_question_ignore_whitespace_and_refuse_ambiguity():
    run = make_run([0.1, 0.9, 0.5], questions=["What is  PAM?", "Where is ATP made?", "Who?"])
    cal = calibrate(run, [{"question": " What is PAM? ", "faithfulness": 0},
                          {"question": "Where is ATP made?", "faithfulness": 1}], n_resamples=50)
    assert cal["faithfulness"]["n_labelled"] == 2
    twice = make_run([0.1, 0.9], questions=["Who?", "Who?"])
    with pytest.raises(DatasetError, match="question 'Who\\?' belongs to 2 samples of the run.*key the labels by an 'id'"):
        calibrate(twice, [{"question": "Who?", "faithfulness": 1}])


def test_metric_the_run_did_not_score(tmp_path):
    run = make_run([0.2, 0.8, 0.6])
    rows = [{"id": str(i), "faithfulness": i % 2, "context_recall": 1} for i in range(3)]
    with pytest.warns(RagmeterWarning, match="has labels for context_recall, which the run did not score"):
        calibrate(run, rows, n_resamples=50)
    with pytest.raises(DatasetError, match="no metric in common"):
        calibrate(run, [{"id": "0", "context_recall": 1}])


def test_labelled_but_unscored_samples_are_counted_and_left_out():
    run = make_run([0.2, None, 0.8, 0.6, 0.3])
    with pytest.warns(RagmeterWarning, match="1 labelled samples were not scored by the judge"):
        cal = calibrate(run, [{"id": str(i), "faithfulness": i % 2} for i in range(4)], n_resamples=50)
    assert cal["faithfulness"]["n_labelled"] == 3 and cal["faithfulness"]["n_labelled_unscored"] == 1


def test_labels_only_on_failures_warn_that_the_subset_is_not_random():
    rng = np.random.default_rng(0)
    scores = list(np.clip(rng.normal(0.7, 0.15, 400), 0, 1))
    failures = [i for i, s in enumerate(scores) if s < 0.55]
    labels = [{"id": str(i), "faithfulness": 0} for i in failures]
    with pytest.warns(RagmeterWarning, match="do not look like a random subset of the run"):
        cal = calibrate(make_run(scores), labels, n_resamples=50)
    assert cal["faithfulness"]["selection"]["looks_random"] is False


def test_a_random_subset_raises_no_selection_warning(recwarn):
    rng = np.random.default_rng(1)
    scores = np.clip(rng.normal(0.7, 0.15, 400), 0, 1)
    labelled = rng.choice(400, 100, replace=False)
    labels = [{"id": str(i), "faithfulness": float(rng.random() < scores[i])} for i in labelled]
    cal = calibrate(make_run(list(scores)), labels, n_resamples=50)
    assert cal["faithfulness"]["selection"]["looks_random"] is True
    assert not [w for w in recwarn if "random subset" in str(w.message)]
