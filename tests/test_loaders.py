"""Every input format and every generation of column names, and what bad input gets."""

import json
import warnings

import pandas as pd
import pytest

from ragmeter import DatasetError, EvaluationDataset, RagmeterWarning, Sample, evaluate
from ragmeter.loaders import load_dataset

ROW_V02 = {"user_input": "q?", "response": "Paris is the capital.", "retrieved_contexts": ["Paris is the capital of France."],
           "reference": "Paris."}
ROW_V01 = {"question": "q?", "answer": "Paris is the capital.", "contexts": ["Paris is the capital of France."],
           "ground_truth": "Paris."}
ROW_V00 = {"question": "q?", "answer": "Paris is the capital.", "contexts": ["Paris is the capital of France."],
           "ground_truths": ["Paris."]}


@pytest.mark.parametrize("row", [ROW_V02, ROW_V01, ROW_V00], ids=["ragas0.2", "ragas0.1", "ragas0.0"])
def test_alias_generations_give_the_same_sample(row):
    ds = load_dataset([row])
    s = ds[0]
    assert s.user_input == "q?"
    assert s.response == "Paris is the capital."
    assert s.retrieved_contexts == ("Paris is the capital of France.",)
    assert s.reference == "Paris."
    assert {"user_input", "response", "retrieved_contexts", "reference"} <= ds.fields


def test_every_container_format(tmp_path):
    pytest.importorskip("datasets")
    pytest.importorskip("pyarrow")  # parquet
    rows = [ROW_V01, {**ROW_V01, "question": "second?"}]
    frames = {
        "list": rows,
        "dict of columns": {k: [r[k] for r in rows] for k in rows[0]},
        "pandas": pd.DataFrame(rows),
        "EvaluationDataset": EvaluationDataset([Sample(user_input=r["question"], response=r["answer"],
                                                       retrieved_contexts=tuple(r["contexts"]),
                                                       reference=r["ground_truth"]) for r in rows]),
    }
    from datasets import Dataset

    frames["datasets"] = Dataset.from_list(rows)
    (tmp_path / "d.jsonl").write_text("\n".join(json.dumps(r) for r in rows) + "\n")
    (tmp_path / "d.json").write_text(json.dumps(rows))
    pd.DataFrame(rows).assign(contexts=[json.dumps(r["contexts"]) for r in rows]).to_csv(tmp_path / "d.csv", index=False)
    pd.DataFrame(rows).to_parquet(tmp_path / "d.parquet")
    for name in ("d.jsonl", "d.json", "d.csv", "d.parquet"):
        frames[name] = tmp_path / name
    frames["path as str"] = str(tmp_path / "d.jsonl")
    for name, data in frames.items():
        ds = load_dataset(data)
        assert len(ds) == 2, name
        assert ds[1].user_input == "second?", name
        assert ds[0].retrieved_contexts == ("Paris is the capital of France.",), name
        assert ds[0].reference == "Paris.", name


def test_missing_column_is_one_clear_error_before_judging():
    rows = [{"question": "q", "answer": "a"}]
    with pytest.raises(DatasetError) as err:
        evaluate(rows, metrics=["faithfulness"], judge="lexical")
    msg = str(err.value)
    assert "faithfulness" in msg and "retrieved_contexts" in msg and "contexts" in msg


def test_context_precision_accepts_response_when_no_reference():
    rows = [{"question": "capital of France?", "answer": "Paris is the capital of France.",
             "contexts": ["Paris is the capital of France.", "Bananas are yellow."]}]
    result = evaluate(rows, metrics=["context_precision"], judge="lexical")
    r = result.metric_results[0]["context_precision"]
    assert r.status == "ok" and "response" in r.evidence["judged_against"]


def test_contexts_as_one_string_are_repaired_with_a_warning():
    rows = [{**ROW_V01, "contexts": "Paris is the capital of France."}]
    with pytest.warns(RagmeterWarning, match="contexts"):
        result = evaluate(rows, metrics=["faithfulness"], judge="lexical")
    assert result.metric_results[0]["faithfulness"].status == "ok"


def test_json_encoded_context_list_in_a_cell_is_parsed():
    ds = load_dataset([{**ROW_V01, "contexts": '["a b c", "d e f"]'}])
    assert ds[0].retrieved_contexts == ("a b c", "d e f")


@pytest.mark.parametrize("bad", [None, float("nan"), 42, {"x": 1}, [["nested"]]])
def test_bad_cells_skip_only_that_sample(bad):
    rows = [{**ROW_V01, "contexts": bad}, ROW_V01]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", RagmeterWarning)
        result = evaluate(rows, metrics=["faithfulness", "answer_relevancy"], judge="lexical")
    first, second = result.metric_results
    assert first["faithfulness"].status == "skipped"
    assert "contexts" in first["faithfulness"].reason
    assert first["answer_relevancy"].status == "ok"  # does not need contexts
    assert second["faithfulness"].status == "ok"


def test_number_in_text_field_is_coerced_with_warning():
    rows = [{**ROW_V01, "answer": 1969}]
    with pytest.warns(RagmeterWarning, match="number"):
        ds = evaluate(rows, metrics=["answer_relevancy"], judge="lexical")
    assert ds.samples[0]["response"] == "1969"


def test_empty_answer_is_skipped_with_reason():
    result = evaluate([{**ROW_V01, "answer": "   "}], metrics=["faithfulness"], judge="lexical")
    r = result.metric_results[0]["faithfulness"]
    assert r.status == "skipped" and "empty" in r.reason


@pytest.mark.parametrize("content,suffix,expect", [
    ('{"question": "q"}\nnot json\n', ".jsonl", "line 2"),
    ("[1, 2", ".json", "not valid JSON"),
    ("whatever", ".txt", "unknown file type"),
    ('{"foo": 1, "bar": 2}\n', ".jsonl", "none of the columns"),
    ("\xff\xfe\x00garbage", ".csv", None),
])
def test_unreadable_files_raise_dataset_errors(tmp_path, content, suffix, expect):
    path = tmp_path / f"data{suffix}"
    if expect is None:
        path.write_bytes(b"\xff\xfe\x00\x81garbage")
        expect = "UTF-8"
    else:
        path.write_text(content)
    with pytest.raises(DatasetError, match=expect):
        load_dataset(path)


def test_missing_file_and_empty_dataset(tmp_path):
    with pytest.raises(DatasetError, match="no such file"):
        load_dataset(tmp_path / "nope.jsonl")
    with pytest.raises(DatasetError, match="no rows"):
        evaluate([], judge="lexical")
