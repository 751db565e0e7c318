"""Hand-written claims for the claim verifier: true claims in other words, false ones in the
evidence's own words.

The synthetic rows of contrasts.py take their stated claims from the evidence's own sentences,
so a verifier trained on them reads shared words as support. The rows here were written for
ragmeter (training/written/*.jsonl, by helper sessions that saw neither the code nor the
benchmarks): per invented passage of one of twelve domains, eight one-sentence claims: two true
ones in other words and one a careful reader takes it to state (stated), one near copy
(stated), two that copy its words and change one fact, one in other words with one fact wrong,
and one that adds a detail it does not give (not stated). Every fifth passage, by a hash of its
text, is held out for validation and never trained on. Pure functions of the files.
"""

from __future__ import annotations

import hashlib
import json
import re
from pathlib import Path

Row = tuple[str, str, int, str]  # evidence, claim, label, source

FOLDER = Path(__file__).parent / "written"
KINDS = {"paraphrase_true": 1, "inference_true": 1, "copy_true": 1,
         "copy_false": 0, "paraphrase_false": 0, "addition_false": 0}
HELD_OUT_EVERY = 5  # one passage in five, by hash, for validation
REPEAT = 3  # each training row is seen this many times in the one epoch
# The brief gives two false near copies per passage and one true one, so a model trained on the
# rows alone reads "copies the passage" as "not stated". Each false copy gets a true twin: the
# passage's own sentence it was made from (the one sharing most of its words), so copying is no
# cue either way and only the changed fact is.
_SENTENCE = re.compile(r"(?<=[.!?])\s+(?=[A-Z0-9\"'(])")
_WORD = re.compile(r"[a-z0-9]+")


class WrittenRowError(ValueError):
    pass


def read_rows(folder: Path = FOLDER) -> list[dict]:
    """Every row of every claims_*.jsonl, checked: a bad row is an error naming file, line and field."""
    rows = []
    for path in sorted(folder.glob("claims_*.jsonl")):
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if not line.strip():
                continue
            try:
                row = json.loads(line)
            except json.JSONDecodeError as exc:
                raise WrittenRowError(f"{path.name} line {n}: not JSON ({exc.msg})") from None
            for field in ("evidence", "claim"):
                if not isinstance(row.get(field), str) or not row[field].strip():
                    raise WrittenRowError(f"{path.name} line {n}: '{field}' must be a non-empty string")
            if row.get("kind") not in KINDS or row.get("label") != KINDS[row["kind"]]:
                raise WrittenRowError(f"{path.name} line {n}: kind {row.get('kind')!r} with label "
                                      f"{row.get('label')!r}; expected one of {KINDS} with its label")
            rows.append(row)
    return rows


def held_out(evidence: str) -> bool:
    digest = hashlib.sha256(" ".join(evidence.split()).encode("utf-8")).digest()
    return digest[0] % HELD_OUT_EVERY == 0


def source_sentence(evidence: str, claim: str) -> str:
    """The sentence of the evidence that shares the largest share of the claim's words."""
    words = set(_WORD.findall(claim.lower()))

    def share(sentence: str) -> float:
        theirs = set(_WORD.findall(sentence.lower()))
        return len(words & theirs) / (1 + len(theirs))

    return max(_SENTENCE.split(evidence.strip()), key=share)


def training_rows(folder: Path = FOLDER, repeat: int = REPEAT, balance_copies: bool = True) -> list[Row]:
    rows: list[Row] = []
    for r in read_rows(folder):
        if held_out(r["evidence"]):
            continue
        rows.append((r["evidence"], r["claim"], r["label"], f"written:{r['kind']}"))
        if balance_copies and r["kind"] == "copy_false":
            rows.append((r["evidence"], source_sentence(r["evidence"], r["claim"]), 1, "written:copy_source"))
    return rows * repeat


def validation_rows(folder: Path = FOLDER) -> list[Row]:
    return [(r["evidence"], r["claim"], r["label"], f"written:{r['kind']}")
            for r in read_rows(folder) if held_out(r["evidence"])]
