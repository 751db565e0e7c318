"""Loader holes, each closed: lone surrogates, JSON nested too deeply, a single JSON object, a
UTF-8 byte-order mark, rows mixing column names of two RAGAS generations, files in another
encoding. Through the command line where a user meets them, and through load_path."""

import csv
import io
import json
import subprocess
import sys

import pytest

from ragmeter import ConfigError, DatasetError, Result
from ragmeter.loaders import load_dataset, load_path

ROW = {"question": "where is atp produced in the cell", "answer": "atp is produced in the cell by mitochondria",
       "contexts": ["in the cell, atp is produced in mitochondria"], "ground_truth": "mitochondria produce atp"}


def run(*args):
    return subprocess.run([sys.executable, "-m", "ragmeter.cli", *args], capture_output=True, text=True, timeout=300)


def evaluate_file(path, tmp_path, *extra):
    return run("evaluate", str(path), "--judge", "lexical", "--metrics", "faithfulness,context_recall",
               "--out", str(tmp_path / "out"), *extra)


def no_crash(proc):
    assert "Traceback" not in proc.stderr and "internal error" not in proc.stderr, proc.stderr


@pytest.mark.slow
def test_lone_surrogates_skip_the_cell_with_a_clear_reason(tmp_path):
    path = tmp_path / "s.jsonl"
    bad_answer = json.dumps({**ROW, "answer": "atp is made \ud800 in mitochondria"}, ensure_ascii=True)
    bad_context = json.dumps({**ROW, "contexts": ["fine", "bro\udc00ken"]}, ensure_ascii=True)
    assert "\\ud800" in bad_answer  # written as JSON writes it: an escape no UTF-8 text can hold
    path.write_text("\n".join([json.dumps(ROW), bad_answer, bad_context]))
    proc = evaluate_file(path, tmp_path)
    no_crash(proc)
    assert proc.returncode == 0, proc.stderr  # skipped cells are not errors
    warnings = [line for line in proc.stderr.splitlines() if line.startswith("ragmeter: warning:")]
    assert any("column 'answer': 'answer' is not valid Unicode text in row(s) 1" in w for w in warnings), warnings
    assert any("'contexts' item 1 is not valid Unicode text in row(s) 2" in w for w in warnings), warnings
    result = Result.load(tmp_path / "out")
    faith = [row["faithfulness"] for row in result.metric_results]
    assert [r.status for r in faith] == ["ok", "skipped", "skipped"]
    assert "lone surrogate '\\ud800' at character 12" in faith[1].reason
    assert result.metric_results[1]["context_recall"].status == "ok"  # the other cells of the row are used


@pytest.mark.parametrize("name,content,where", [
    ("deep.jsonl", json.dumps(ROW) + "\n" + '{"question": ' + "[" * 100_000 + "]" * 100_000 + "}\n", "line 2"),
    ("deep.json", "[" * 100_000 + "]" * 100_000, "the file"),
], ids=["jsonl", "json"])
def test_json_nested_too_deeply_is_a_clear_error(tmp_path, name, content, where):
    path = tmp_path / name
    path.write_text(content)
    proc = evaluate_file(path, tmp_path)
    no_crash(proc)
    assert proc.returncode == 2
    assert proc.stderr.startswith(f"ragmeter: error: {path}: {where} holds JSON nested too deeply to read")


def test_deeply_nested_cell_from_python_is_a_skipped_cell():
    nested: list = ["x"]
    for _ in range(5000):
        nested = [nested]
    data = load_dataset([{**ROW, "contexts": nested}, {**ROW, "id": nested}])
    assert "nested too deeply to show" in data[0].problems["retrieved_contexts"]
    assert data[1].id == "1"


@pytest.mark.slow
def test_a_single_json_object_is_one_sample(tmp_path):
    path = tmp_path / "one.json"
    path.write_text(json.dumps(ROW))
    data = load_path(path)
    assert len(data) == 1 and data[0].user_input == ROW["question"] and data[0].retrieved_contexts == tuple(ROW["contexts"])
    proc = evaluate_file(path, tmp_path)
    assert proc.returncode == 0, proc.stderr
    assert "ragmeter: 1 samples x 2 metrics: 2 of 2 results scored." in proc.stdout
    columns = tmp_path / "columns.json"  # an object of columns is still many rows
    columns.write_text(json.dumps({k: [v, v] for k, v in ROW.items()}))
    assert len(load_path(columns)) == 2


def csv_text(rows) -> str:
    buffer = io.StringIO()
    writer = csv.writer(buffer)
    writer.writerow(["question", "answer", "contexts", "ground_truth"])
    for r in rows:
        writer.writerow([r["question"], r["answer"], json.dumps(r["contexts"]), r["ground_truth"]])
    return buffer.getvalue()


@pytest.mark.slow
@pytest.mark.parametrize("name,text", [
    ("excel.csv", csv_text([ROW])),
    ("bom.jsonl", json.dumps(ROW) + "\n"),
    ("bom.json", json.dumps([ROW])),
], ids=["csv", "jsonl", "json"])
def test_a_utf8_byte_order_mark_is_skipped(tmp_path, name, text):
    path = tmp_path / name
    path.write_bytes(b"\xef\xbb\xbf" + text.encode("utf-8"))  # as Excel's "CSV UTF-8" writes it
    data = load_path(path)
    assert data.fields >= {"user_input", "response", "retrieved_contexts", "reference"}
    assert data[0].user_input == ROW["question"] and data[0].retrieved_contexts == tuple(ROW["contexts"])
    proc = evaluate_file(path, tmp_path)
    assert proc.returncode == 0, proc.stderr


@pytest.mark.slow
def test_rows_mixing_column_generations_keep_every_field(tmp_path):
    old = ROW
    new = {"user_input": "what absorbs light in plants", "response": "chlorophyll absorbs light in plants",
           "retrieved_contexts": ["chlorophyll absorbs red and blue light"], "reference": "chlorophyll"}
    half = {"question": "what is km", "response": "km is a substrate concentration",
            "retrieved_contexts": ["km is the substrate concentration at half vmax"], "ground_truth": "km"}
    path = tmp_path / "mixed.jsonl"
    path.write_text("\n".join(json.dumps(r) for r in (old, new, half)))
    data = load_path(path)
    for sample in data:
        assert None not in (sample.user_input, sample.response, sample.retrieved_contexts, sample.reference), sample
    assert [s.user_input for s in data] == [old["question"], new["user_input"], half["question"]]
    proc = evaluate_file(path, tmp_path)
    assert proc.returncode == 0 and "6 of 6 results scored" in proc.stdout, proc.stdout + proc.stderr


@pytest.mark.slow
def test_another_encoding_needs_encoding_and_is_read_with_it(tmp_path):
    path = tmp_path / "cp1252.csv"
    raw = ("question,answer,contexts\nwhat is a caf\u00e9,a caf\u00e9 sells coffee,a caf\u00e9 sells "
           "coffee \u2013 and tea\n").encode("cp1252")
    path.write_bytes(raw)
    proc = evaluate_file(path, tmp_path)
    no_crash(proc)
    assert proc.returncode == 2
    assert raw.index(b"\xe9") == 38
    assert "is not UTF-8 text: decoding fails at byte 38 (line 2) with 0xe9" in proc.stderr
    assert "--encoding cp1252" in proc.stderr
    ok = run("evaluate", str(path), "--judge", "lexical", "--metrics", "faithfulness", "--encoding", "cp1252",
             "--out", str(tmp_path / "out"))
    assert ok.returncode == 0, ok.stderr
    saved = Result.load(tmp_path / "out")
    assert saved.samples[0]["user_input"] == "what is a caf\u00e9"
    assert saved.samples[0]["retrieved_contexts"] == ["a caf\u00e9 sells coffee \u2013 and tea"]
    assert load_path(path, encoding="cp1252")[0].response == "a caf\u00e9 sells coffee"
    with pytest.raises(ConfigError, match="unknown text encoding"):
        load_path(path, encoding="klingon")


def test_utf16_file_gets_the_encoding_it_needs(tmp_path):
    path = tmp_path / "u16.jsonl"
    path.write_bytes(json.dumps(ROW).encode("utf-16"))
    with pytest.raises(DatasetError, match="--encoding utf-16"):
        load_path(path)
    assert load_path(path, encoding="utf-16")[0].user_input == ROW["question"]


def test_json_error_names_the_column_once(tmp_path):
    path = tmp_path / "ctl.jsonl"
    path.write_text('{"question": "a\u0001b"}\n')
    with pytest.raises(DatasetError) as err:
        load_path(path)
    assert "line 1 is not valid JSON (Invalid control character at column 16)" in str(err.value)
    assert "at at" not in str(err.value)
