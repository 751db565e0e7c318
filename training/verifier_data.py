"""The claim verifier's training and validation rows, read from the shared human-labelled data.

Training rows (licences that allow shipped weights, per ../shared/data/grounding/README.md):
the grounding sets marked *train*, and synthetic near-miss pairs from SQuAD 2.0 paragraphs
(contrasts.py). Validation rows (never trained on): the grounding sets marked *validate only*,
the contrast pairs of the held-out SQuAD articles, and the support dev sets WiCE dev and Factcheck-GPT, which the judge's stacked logistic model is
fitted on by cross-validation (so the verifier must not have seen them).

Long evidence is cut to the window of up to three sentences that shares most words with the
claim, as the judge hands the verifier its best premise windows.
"""

from __future__ import annotations

import json
import os
import random
import re
from functools import lru_cache
from pathlib import Path
from typing import Iterator

import contrasts
import written
from contrasts import squad_pairs

Row = tuple[str, str, int, str]  # evidence, claim, label, source

SHARED = Path(os.environ.get("RAGMETER_SHARED_DATA", Path(__file__).resolve().parents[2] / "shared" / "data"))
TRAIN_SETS = {  # name: (files, at most rows taken)
    "expertqa": (["train.jsonl"], 1700),
    "xsumfaith": (["train.jsonl"], 2400),
    "dialfact": (["testsmall.jsonl"], 300),
    "q2_wow": (["train.jsonl"], 600),
    "begin_v1_wow": (["dev.jsonl", "test.jsonl"], 2000),
    "begin": (["dev.jsonl", "test.jsonl"], 1000),
    "faithdial_audit": (["train.jsonl"], 1000),
}
SYNTHETIC_ROWS = 34_000  # near misses from SQuAD (contrasts.py), about 86% of them: with the rows above, about 50 minutes on 2 cores
VALIDATION_SETS = {
    "anli_dev": ["dev.jsonl"], "attributionbench": ["dev.jsonl", "test_ood.jsonl"],
    "climate_fever": ["train.jsonl"], "healthver": ["dev.jsonl", "test.jsonl"], "qags": ["train.jsonl"],
    "lfqa_verification": ["train.jsonl"], "averitec": ["dev.jsonl"],
}
_WORD = re.compile(r"\w+")
_SPLIT = re.compile(r"(?<=[.!?])\s+|\n+")
STOP = frozenset("the a an of to in and or is are was were be been it its this that for on with as by at from "
                 "i you he she we they his her their our my your not no".split())


def read_jsonl(path: Path) -> Iterator[dict]:
    with path.open(encoding="utf-8") as fh:
        for line in fh:
            if line.strip():
                yield json.loads(line)


def best_window(evidence: str | list, claim: str, max_words: int = 90) -> str:
    """The run of up to three sentences of the evidence sharing most content words with the claim."""
    text = " ".join(evidence) if isinstance(evidence, list) else str(evidence)
    sents = [s.strip() for s in _SPLIT.split(text) if s and s.strip()]
    if not sents:
        return ""
    wanted = {w for w in _WORD.findall(claim.lower()) if w not in STOP}
    best, best_score = sents[0], -1.0
    for size in (1, 2, 3):
        for i in range(len(sents) - size + 1):
            span = " ".join(sents[i:i + size])
            words = span.split()
            if len(words) > max_words and size > 1:
                continue
            shared = len(wanted & set(_WORD.findall(span.lower())))
            score = shared - 0.01 * len(words)
            if score > best_score:
                best, best_score = span, score
    return " ".join(best.split()[:max_words])


def _labelled(name: str, files: list[str]) -> Iterator[Row]:
    for file in files:
        for r in read_jsonl(SHARED / "grounding" / name / file):
            if r.get("in_begin_v2") == "True" or not r.get("claim") or not r.get("evidence"):
                continue
            label = 1 if r["label"] == "supported" else 0  # partial and not stated are not supported
            yield best_window(r["evidence"], r["claim"]), r["claim"], label, name


def training_rows(seed: int = 13, with_written: bool = False) -> list[Row]:
    """with_written: also the hand-written claims of written.py (their training passages, repeated)."""
    rng = random.Random(seed)
    rows: list[Row] = []
    for name, (files, cap) in TRAIN_SETS.items():
        found = list(_labelled(name, files))
        rng.shuffle(found)
        rows.extend(found[:cap])
    paragraphs = [p for p in squad_paragraphs() if p["title"] not in held_out_titles()]
    synthetic = squad_pairs(paragraphs, seed)
    rng.shuffle(synthetic)
    rows.extend((e, c, y, f"squad:{kind}") for e, c, y, kind in synthetic[:SYNTHETIC_ROWS])
    if with_written:
        rows.extend(written.training_rows())
    rng.shuffle(rows)
    return [r for r in rows if r[0].strip() and r[1].strip()]


@lru_cache(maxsize=1)
def squad_paragraphs() -> tuple[dict, ...]:
    return tuple(read_jsonl(SHARED / "metaeval" / "squad_v2" / "dev_by_paragraph.jsonl"))


@lru_cache(maxsize=1)
def held_out_titles() -> frozenset[str]:
    """Every sixth SQuAD article (by title): its contrast pairs are never trained on, so the judge's
    stacked model (benchmarks/calibrate.py) can learn from them how far to trust the verifier."""
    return frozenset(sorted({p["title"] for p in squad_paragraphs()})[::6])


def out_of_domain_rows(per_set: int = 400, seed: int = 13) -> dict[str, list[Row]]:
    """A fixed sample of each validate-only set (VALIDATION_SETS): never trained on, never fitted on."""
    rng = random.Random(seed)
    out = {}
    for name, files in VALIDATION_SETS.items():
        found = list(_labelled(name, files))
        rng.shuffle(found)
        out[name] = found[:per_set]
    return out


def validation_rows(per_set: int = 400, seed: int = 13) -> dict[str, list[Row]]:
    out = out_of_domain_rows(per_set, seed)
    out["wice_dev"] = [(best_window(ev, c), c, y, "wice_dev") for c, ev, y in _wice()]
    out["factcheck_gpt"] = [(best_window(ev, c), c, y, "factcheck_gpt") for c, ev, y in _factcheck()][:1200]
    held = [p for p in squad_paragraphs() if p["title"] in held_out_titles()]
    out["squad_contrasts_held_out"] = [(e, c, y, kind) for e, c, y, kind in squad_pairs(held, seed)][:1500]
    was, contrasts.ADDITIONS = contrasts.ADDITIONS, True  # claims that add to the evidence (additions.py)
    try:
        added = [r for r in squad_pairs(held, seed) if r[3] in ("stated", "stated_joined", "extended_inside",
                                                                 "extended_outside")]
    finally:
        contrasts.ADDITIONS = was
    out["squad_additions_held_out"] = added[:1200]
    held = written.validation_rows()
    if held:
        out["written_held_out"] = held
    return out


def _wice() -> Iterator[tuple[str, list[str], int]]:
    for r in read_jsonl(SHARED / "metaeval" / "wice" / "dev.jsonl"):
        if r["label"] in ("supported", "not_supported"):
            yield r["claim"], r["evidence"], int(r["label"] == "supported")


def _factcheck() -> Iterator[tuple[str, str, int]]:
    for r in read_jsonl(SHARED / "metaeval" / "factcheck_gpt" / "claim_evidence_stance.jsonl"):
        yield r["claim"], r["evidence"], int(r["stance"] == "completely-support")
