"""training/written.py: the hand-written verifier rows are read and checked, a bad row is named by
file, line and field, and no passage is both trained on and held out."""

import json
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "training"))

import written  # noqa: E402


def _write(folder: Path, rows: list[dict], name: str = "claims_1.jsonl") -> None:
    (folder / name).write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")


def _passage(i: int) -> list[dict]:
    evidence = f"Branch {i} opens at 9 am on weekdays. It is closed on public holidays."
    return [{"evidence": evidence, "claim": f"On weekdays branch {i} opens its doors at nine.", "label": 1,
             "kind": "paraphrase_true"},
            {"evidence": evidence, "claim": f"Branch {i} opens at 10 am on weekdays.", "label": 0,
             "kind": "copy_false"}]


def test_rows_split_by_passage_and_training_rows_are_repeated(tmp_path):
    _write(tmp_path, [r for i in range(40) for r in _passage(i)])
    train = written.training_rows(tmp_path, repeat=2, balance_copies=False)
    valid = written.validation_rows(tmp_path)
    assert valid and train
    assert len(train) == 2 * (80 - len(valid))
    assert not {e for e, _, _, _ in train} & {e for e, _, _, _ in valid}
    assert {src for _, _, _, src in train} == {"written:paraphrase_true", "written:copy_false"}


def test_each_false_copy_gets_its_source_sentence_as_a_true_twin(tmp_path):
    _write(tmp_path, [r for i in range(40) for r in _passage(i)])
    plain = written.training_rows(tmp_path, repeat=1, balance_copies=False)
    rows = written.training_rows(tmp_path, repeat=1)
    twins = [r for r in rows if r[3] == "written:copy_source"]
    assert len(twins) == sum(r[3] == "written:copy_false" for r in plain) == len(rows) - len(plain)
    assert all(y == 1 and claim.startswith("Branch ") and claim.endswith("opens at 9 am on weekdays.")
               for _, claim, y, _ in twins)


def test_the_source_sentence_is_the_one_the_claim_was_made_from():
    evidence = ("Refunds are issued within 14 days. Items bought on sale can be exchanged but not refunded. "
                "Gift cards never expire.")
    assert written.source_sentence(evidence, "Items bought on sale can be refunded but not exchanged.") == \
        "Items bought on sale can be exchanged but not refunded."
    assert written.source_sentence(evidence, "Refunds are issued within 30 days.") == \
        "Refunds are issued within 14 days."


@pytest.mark.parametrize("row, said", [
    ({"evidence": "", "claim": "x", "label": 1, "kind": "copy_true"}, "line 2: 'evidence'"),
    ({"evidence": "e", "claim": "x", "label": 0, "kind": "copy_true"}, "line 2: kind 'copy_true' with label 0"),
    ({"evidence": "e", "claim": "x", "label": 1, "kind": "guess"}, "line 2: kind 'guess'"),
])
def test_a_bad_row_names_file_line_and_field(tmp_path, row, said):
    _write(tmp_path, [_passage(0)[0], row], "claims_7.jsonl")
    with pytest.raises(written.WrittenRowError, match=f"claims_7.jsonl {said}"):
        written.read_rows(tmp_path)


def test_the_committed_rows_are_valid_and_both_labels_are_held_out():
    rows = written.read_rows()
    assert len(rows) >= 400
    labels = {y for _, _, y, _ in written.validation_rows()}
    assert labels == {0, 1}
