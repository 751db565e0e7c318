"""Huge cells (issue 22, item 5): a text field over ``max_cell_chars`` is cut for the judge, at a
sentence end or a space, with a warning on the sample and one summary per run; the sample is
still scored, and the result keeps the text as given. Time and memory: benchmarks/huge_cells.py."""

from __future__ import annotations

import json
import subprocess
import sys
import warnings

import pytest
from extras import need_local

from ragmeter import ConfigError, RagmeterWarning, evaluate
from ragmeter.cells import DEFAULT_MAX_CELL_CHARS, cut

SENTENCE = "The harbour of Tromso freezes in January and ships wait for the ice to clear in spring."


def long_text(chars: int) -> str:
    return " ".join([SENTENCE] * (chars // (len(SENTENCE) + 1) + 1))[:chars]


def rows(n: int = 3) -> list[dict]:
    return [{"question": f"When does the harbour of Tromso freeze (case {i})?",
             "answer": "The harbour of Tromso freezes in January.",
             "contexts": ["The harbour of Tromso freezes in January.", "Ships wait for the ice to clear."],
             "ground_truth": "It freezes in January."} for i in range(n)]


def cut_warnings(caught) -> list[str]:
    return [str(w.message) for w in caught if issubclass(w.category, RagmeterWarning)
            and "max_cell_chars" in str(w.message)]


def test_cut_ends_at_a_sentence_end_then_a_space_then_the_cap():
    text = "First sentence here. Second one is longer than the first. " * 10
    assert cut(text, len(text)) == text
    out = cut(text, 120)  # a sentence ends within the last fifth before the cap
    assert len(out) == 115 and out.endswith("the first.") and text.startswith(out)
    assert cut(text, 100).endswith("Second one is longer")  # none does: the last space
    words = "word " * 100  # no sentence end: the last space before the cap
    assert cut(words, 52) == "word " * 9 + "word"
    blob = "x" * 1000  # no space at all: the cap itself
    assert cut(blob, 300) == "x" * 300


def test_a_one_megabyte_answer_and_context_are_cut_warned_about_and_scored():
    data = rows()
    answer, context = long_text(1_000_000), long_text(1_200_000)
    data[1]["answer"] = answer
    data[1]["contexts"] = ["The harbour of Tromso freezes in January.", context]
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        result = evaluate(data, judge="lexical")
    summary = cut_warnings(caught)
    assert len(summary) == 1  # one line for the run, not one per cell
    assert summary[0].startswith("2 cell(s) longer than max_cell_chars=20,000 characters in row(s) 1 were cut")
    assert "--max-cell-chars N" in summary[0] and summary[0] in result.warnings

    sample = result.samples[1]
    assert sample["response"] == answer and sample["retrieved_contexts"][1] == context  # kept as given
    said = sample["warnings"]
    assert said[0].startswith("row 1: 'response' has 1,000,000 characters, over the cap of 20,000; it was scored "
                              "on its first ")
    assert said[1].startswith("row 1: 'retrieved_contexts' item 1 has 1,200,000 characters, over the cap of 20,000")
    assert all("max_cell_chars=N" in s and "--max-cell-chars N" in s for s in said)
    assert "warnings" not in result.samples[0] and "warnings" not in result.samples[2]
    for name in result.metrics:
        r = result.metric_results[1][name]
        assert r.status == "ok" and 0.0 <= r.score <= 1.0, (name, r)
    assert result.provenance["settings"]["max_cell_chars"] == DEFAULT_MAX_CELL_CHARS == 20_000
    frame = result.to_pandas()
    assert frame["sample_warnings"][1].startswith("row 1: 'response' has 1,000,000 characters")


def test_every_text_field_is_capped_and_the_summary_stays_one_line():
    data = rows(8)
    for row in data:
        row["question"] = long_text(3_000) + "?"
        row["ground_truth"] = long_text(4_000)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        result = evaluate(data, judge="lexical", max_cell_chars=2_000)
    summary = cut_warnings(caught)
    assert len(summary) == 1
    assert summary[0].startswith("16 cell(s) longer than max_cell_chars=2,000 characters in row(s) 0, 1, 2, 3, 4 "
                                 "and 3 more were cut")
    assert [s.split(" has ")[0] for s in result.samples[7]["warnings"]] == ["row 7: 'user_input'", "row 7: 'reference'"]
    assert all(r.status == "ok" for row in result.metric_results for r in row.values())


@pytest.mark.slow
def test_the_offline_model_judge_reads_the_cut_text():
    need_local()
    data = rows(2)
    data[0]["answer"] = long_text(1_000_000)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        result = evaluate(data, judge="local", metrics=["faithfulness", "answer_relevancy"], max_cell_chars=2_000)
    assert len(cut_warnings(caught)) == 1
    assert result.samples[0]["warnings"][0].startswith("row 0: 'response' has 1,000,000 characters, over the cap "
                                                       "of 2,000")
    for name in result.metrics:
        r = result.metric_results[0][name]
        assert r.status == "ok" and 0.0 <= r.score <= 1.0, (name, r)


def test_no_cap_reads_whole_cells_and_a_bad_cap_is_refused():
    data = rows(2)
    data[0]["answer"] = long_text(30_000)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        whole = evaluate(data, judge="lexical", metrics=["faithfulness"], max_cell_chars=None)
        wide = evaluate(data, judge="lexical", metrics=["faithfulness"], max_cell_chars=50_000)
    assert cut_warnings(caught) == []
    assert whole.provenance["settings"]["max_cell_chars"] is None and "warnings" not in whole.samples[0]
    assert whole.metric_results[0]["faithfulness"].score == wide.metric_results[0]["faithfulness"].score
    for bad in (-1, 1.5, "20000", True):
        with pytest.raises(ConfigError, match="max_cell_chars must be a whole number"):
            evaluate(data, judge="lexical", max_cell_chars=bad)


def test_resuming_with_another_cap_is_refused(tmp_path):
    data = rows(2)
    data[0]["answer"] = long_text(30_000)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        evaluate(data, judge="lexical", metrics=["faithfulness"], out=tmp_path / "run")
        again = evaluate(data, judge="lexical", metrics=["faithfulness"], out=tmp_path / "run", resume=True)
        assert again.samples[0]["warnings"]
        with pytest.raises(ConfigError, match=r"settings.max_cell_chars: 20000 -> 5000"):
            evaluate(data, judge="lexical", metrics=["faithfulness"], out=tmp_path / "run", resume=True,
                     max_cell_chars=5_000)


@pytest.mark.slow
def test_cli_max_cell_chars_one_warning_line(tmp_path):
    data = rows(3)
    for row in data:
        row["answer"] = long_text(200_000)
    path = tmp_path / "d.jsonl"
    path.write_text("\n".join(json.dumps(r) for r in data))
    out = tmp_path / "o"
    proc = subprocess.run([sys.executable, "-m", "ragmeter.cli", "evaluate", str(path), "--judge", "lexical",
                           "--metrics", "faithfulness", "--max-cell-chars", "5000", "--out", str(out), "--quiet"],
                          capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr
    lines = [line for line in proc.stderr.splitlines() if line.startswith("ragmeter: warning:")]
    assert lines == [line for line in lines if "max_cell_chars=5,000" in line] and len(lines) == 1
    assert "3 cell(s) longer than max_cell_chars=5,000 characters in row(s) 0, 1, 2" in lines[0]
    saved = json.loads((out / "result.json").read_text())
    assert saved["provenance"]["settings"]["max_cell_chars"] == 5000
    assert len(saved["samples"][2]["response"]) == 200_000 and saved["samples"][2]["warnings"]
    bad = subprocess.run([sys.executable, "-m", "ragmeter.cli", "evaluate", str(path), "--max-cell-chars", "-5"],
                         capture_output=True, text=True, timeout=300)
    assert bad.returncode == 2 and "expected a whole number of at least 0" in bad.stderr
