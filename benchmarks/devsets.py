"""Readers for the human-labelled sets in ../shared/data/metaeval (never copied into the package).

Set RAGMETER_METAEVAL to read them from elsewhere.
"""

from __future__ import annotations

import json
import os
import random
import re
from pathlib import Path
from typing import Any, Iterator

REPO = Path(__file__).resolve().parents[1]
METAEVAL = Path(os.environ.get("RAGMETER_METAEVAL", REPO.parent / "shared" / "data" / "metaeval"))


def read_jsonl(relative: str) -> Iterator[dict[str, Any]]:
    path = METAEVAL / relative
    if not path.exists():
        raise SystemExit(f"{path} not found: set RAGMETER_METAEVAL to the metaeval folder.")
    with path.open(encoding="utf-8") as fh:
        for line in fh:
            if line.strip():
                yield json.loads(line)


GROUNDING = METAEVAL.parent / "grounding"
# the grounding sets marked "validate only" (../shared/data/grounding/README.md): measured, never fitted on
VALIDATION_SETS = {"anli_dev": "dev.jsonl", "attributionbench": "test_ood.jsonl", "averitec": "dev.jsonl",
                   "climate_fever": "train.jsonl", "healthver": "test.jsonl", "lfqa_verification": "train.jsonl",
                   "qags": "train.jsonl"}


def grounding_validation(name: str, n: int = 300, seed: int = 0) -> list[tuple[str, list[str], int]]:
    """(claim, [evidence], 1 supported / 0 not) of a validate-only grounding set: a seeded sample
    of n rows whose evidence is at most 600 words ("partial" counts as not supported)."""
    path = GROUNDING / name / VALIDATION_SETS[name]
    if not path.exists():
        raise SystemExit(f"{path} not found: set RAGMETER_METAEVAL to the metaeval folder beside grounding/.")
    rows = []
    with path.open(encoding="utf-8") as fh:
        for line in fh:
            r = json.loads(line)
            evidence = " ".join(r["evidence"]) if isinstance(r["evidence"], list) else str(r["evidence"])
            if r.get("claim") and evidence.strip() and len(evidence.split()) <= 600:
                rows.append((r["claim"], [evidence], int(r["label"] == "supported")))
    return random.Random(seed).sample(rows, min(n, len(rows)))


def wikieval() -> list[dict[str, Any]]:
    """TEST ONLY. One row per question with answers and contexts of each kind."""
    return list(read_jsonl("wikieval/wikieval_reconstructed.jsonl"))


def wikieval_pairs(kind: str) -> list[dict[str, Any]]:
    """TEST ONLY. kind: faithfulness, answer_relevance or context_relevance."""
    return list(read_jsonl(f"wikieval/wikieval_pairs_{kind}.jsonl"))


def wice(include_partial: bool = False) -> list[tuple[str, list[str], int]]:
    """(claim, evidence sentences, 1 supported / 0 not supported)."""
    out = []
    for r in read_jsonl("wice/dev.jsonl"):
        if r["label"] == "partially_supported" and not include_partial:
            continue
        out.append((r["claim"], list(r["evidence"]), int(r["label"] == "supported")))
    return out


def factcheck_stance() -> list[tuple[str, str, int]]:
    """(claim, evidence passage, 1 completely supports / 0 otherwise)."""
    return [(r["claim"], r["evidence"], int(r["stance"] == "completely-support"))
            for r in read_jsonl("factcheck_gpt/claim_evidence_stance.jsonl")]


def evouna() -> list[dict[str, Any]]:
    """TriviaQA answers of five systems with the human correct/incorrect label."""
    return [r for r in read_jsonl("evouna/triviaqa.jsonl") if not r.get("improper")]


def sas(name: str = "SQuAD") -> list[tuple[str, str, float]]:
    return [(str(r["answer1"]), str(r["answer2"]), float(r["label"])) for r in read_jsonl(f"sas/{name}_SAS.jsonl")
            if r.get("label") is not None and r.get("answer1") and r.get("answer2")]


def squad_sentence_relevance(n_questions: int = 1500, seed: int = 0) -> list[tuple[str, str, int]]:
    """(question, sentence, 1 if it holds the answer): the answer's sentence, the others of its
    paragraph, and sentences of an unrelated article, for calibrating sentence relevance."""
    from ragmeter.text.segments import split_sentences

    rng = random.Random(seed)
    paragraphs = list(read_jsonl("squad_v2/dev_by_paragraph.jsonl"))
    out: list[tuple[str, str, int]] = []
    questions = [(p, q) for p in paragraphs for q in p["qas"] if not q["is_impossible"] and q["answers"]]
    rng.shuffle(questions)
    for paragraph, qa in questions[:n_questions]:
        answer = qa["answers"][0]
        sentences = split_sentences(paragraph["context"])
        start = 0
        for sentence in sentences:
            begin = paragraph["context"].find(sentence, start)
            end = begin + len(sentence)
            holds = begin <= answer["answer_start"] < end
            out.append((qa["question"], sentence, int(holds)))
            start = max(start, end)
        other = rng.choice([p for p in paragraphs[:400] if p["title"] != paragraph["title"]] or paragraphs)
        for sentence in split_sentences(other["context"])[:2]:
            out.append((qa["question"], sentence, 0))
    return out


def normalise_answer(text: str) -> str:
    text = re.sub(r"\b(a|an|the)\b", " ", text.lower())
    return " ".join(re.sub(r"[^\w\s]", " ", text).split())


VAGUE_PHRASES = ("a number of factors", "a particular time", "various reasons", "several things", "a certain place",
                 "some people", "a specific amount", "different ways", "a notable figure", "an important event")


def answer_sentence(paragraph: dict[str, Any], qa: dict[str, Any]) -> str | None:
    """The sentence of a SQuAD paragraph that holds the question's first answer span."""
    from ragmeter.text.segments import split_sentences

    start, pos = qa["answers"][0]["answer_start"], 0
    for sentence in split_sentences(paragraph["context"]):
        begin = paragraph["context"].find(sentence, pos)
        if begin <= start < begin + len(sentence):
            return sentence
        pos = max(pos, begin + len(sentence))
    return None


def squad_answer_relevance_pairs(n: int = 600, seed: int = 0,
                                 titles: frozenset[str] | None = None) -> list[tuple[str, str, str, str, str]]:
    """(kind, question, better answer, worse answer, paragraph) built from SQuAD 2.0 dev (the
    articles named in ``titles``, all by default), for choosing an answer-relevance formula
    without WikiEval:
    - "incomplete": two questions on one paragraph asked as one; both answer sentences vs one
    - "off_topic": the answer sentence vs a sentence of another article
    - "partial_span": the answer sentence vs a sentence of the same paragraph without the answer
    - "redundant": the answer sentence vs the same padded with two sentences of another article
    - "withheld": the answer sentence vs the same with the answer span replaced by a vague
      phrase ("... caused by a number of factors"): an answer that restates the question
    - "withheld_elaborated": both followed by the same other sentence of the paragraph, so that
      elaboration on the topic counts neither for nor against an answer
    - "terse_vs_vague": the bare answer span ("1889"; bare as answer_type.is_bare has it) vs
      the vague restatement above: a short answer of the kind asked for answers the question,
      a restatement does not
    - "terse_vs_aspect": the bare span vs another sentence of the paragraph (on the subject,
      not on what was asked)
    - "terse_wrong_aspect": the bare span vs the bare span that answers another question on
      the same paragraph, so that being short earns nothing by itself
    - "sentence_vs_wrong_terse": the answer sentence vs that other bare span"""
    from ragmeter.text.answer_type import is_bare
    from ragmeter.text.segments import split_sentences

    rng = random.Random(seed)
    out: list[tuple[str, str, str, str, str]] = []
    paragraphs = [p for p in read_jsonl("squad_v2/dev_by_paragraph.jsonl") if titles is None or p["title"] in titles]
    rng.shuffle(paragraphs)

    for paragraph in paragraphs:
        qas = [q for q in paragraph["qas"] if not q["is_impossible"] and q["answers"]]
        found = [(q, answer_sentence(paragraph, q)) for q in qas]
        found = [(q, s) for q, s in found if s]
        if len(found) < 2:
            continue
        (q1, s1), (q2, s2) = found[0], next(((q, s) for q, s in found[1:] if s != found[0][1]), (None, None))
        other = rng.choice(paragraphs)
        if other["title"] == paragraph["title"]:
            continue
        if q2 is not None:
            compound = f"{q1['question'].rstrip('?. ')} and {q2['question'][0].lower()}{q2['question'][1:]}"
            out.append(("incomplete", compound, f"{s1} {s2}", s1, paragraph["context"]))
        out.append(("off_topic", q1["question"], s1, rng.choice(split_sentences(other["context"])), paragraph["context"]))
        padding = split_sentences(other["context"])[:2]
        out.append(("redundant", q1["question"], s1, " ".join([s1, *padding]), paragraph["context"]))
        rest = [s for s in split_sentences(paragraph["context"]) if s != s1]
        if rest:
            out.append(("partial_span", q1["question"], s1, rng.choice(rest), paragraph["context"]))
        span = q1["answers"][0]["text"]
        if span and span in s1 and len(span) < len(s1) / 2:
            withheld = s1.replace(span, rng.choice(VAGUE_PHRASES), 1)
            out.append(("withheld", q1["question"], s1, withheld, paragraph["context"]))
            if rest:
                more = rng.choice(rest)
                out.append(("withheld_elaborated", q1["question"], f"{s1} {more}", f"{withheld} {more}", paragraph["context"]))
            if is_bare(span):
                out.append(("terse_vs_vague", q1["question"], span, withheld, paragraph["context"]))
        if span and is_bare(span):
            if rest:
                out.append(("terse_vs_aspect", q1["question"], span, rng.choice(rest), paragraph["context"]))
            other_span = q2["answers"][0]["text"] if q2 is not None else ""
            if is_bare(other_span) and normalise_answer(other_span) != normalise_answer(span):
                out.append(("terse_wrong_aspect", q1["question"], span, other_span, paragraph["context"]))
                out.append(("sentence_vs_wrong_terse", q1["question"], s1, other_span, paragraph["context"]))
        if len(out) >= n:
            break
    return out


# where a clause ends: the words after an answer span up to here continue the span's phrase
_CLAUSE_END = re.compile(r"[,;:()\u2013\u2014\"]|\s-\s|\.\s*$")


def elliptical_answer(question: str, sentence: str, span: str) -> str | None:
    """The answer span with the rest of its clause ("Via the ballast tanks of ships." from
    "... was introduced via the ballast tanks of ships, ..."): an answer of 5 to 25 words that
    takes up none of the question's content words, as a person answers without restating the
    question; None where the span opens the sentence or the phrase is bare, long or repeats
    the question."""
    from ragmeter.text.answer_type import is_bare
    from ragmeter.text.segments import content_set

    start = sentence.find(span)
    if start <= 0:
        return None
    rest = sentence[start + len(span):]
    end = _CLAUSE_END.search(rest)
    phrase = (span + (rest[:end.start()] if end else rest)).strip().rstrip(".")
    if is_bare(phrase) or not 5 <= len(phrase.split()) <= 25 or content_set(phrase) & content_set(question):
        return None
    return phrase[0].upper() + phrase[1:] + "."


def squad_elliptical_pairs(seed: int = 0, titles: frozenset[str] | None = None) -> list[tuple[str, str, str, str, str]]:
    """(kind, question, better, worse, paragraph) for answers that do not restate the question, from every
    answerable SQuAD 2.0 dev question (of the articles in ``titles``, all by default) whose span gives an
    elliptical_answer; a diagnostic of a
    known weakness (calibrate.elliptical_diagnostic), not fitted on:
    - "phrase_vs_vague": that answer vs the answer sentence with its span made vague (it takes
      up the question's words and says nothing specific)
    - "phrase_vs_aspect": that answer vs another sentence of the paragraph (on the subject, not
      on what was asked)
    - "phrase_vs_wrong_clause": that answer vs another clause of the same sentence that takes
      up none of the question's words either (as well grounded in the paragraph, but not what
      was asked)"""
    from ragmeter.text.segments import content_set, split_clauses, split_sentences

    rng = random.Random(seed)
    out: list[tuple[str, str, str, str, str]] = []
    for paragraph in read_jsonl("squad_v2/dev_by_paragraph.jsonl"):
        if titles is not None and paragraph["title"] not in titles:
            continue
        sentences = split_sentences(paragraph["context"])
        for qa in paragraph["qas"]:
            if qa["is_impossible"] or not qa["answers"]:
                continue
            span = qa["answers"][0]["text"]
            sentence = next((s for s in sentences if span in s), None)
            phrase = elliptical_answer(qa["question"], sentence, span) if sentence else None
            if phrase is None:
                continue
            out.append(("phrase_vs_vague", qa["question"], phrase,
                        sentence.replace(span, rng.choice(VAGUE_PHRASES), 1), paragraph["context"]))
            rest = [s for s in sentences if s != sentence and span not in s]
            if rest:
                out.append(("phrase_vs_aspect", qa["question"], phrase, rng.choice(rest), paragraph["context"]))
            asked = content_set(qa["question"])
            clauses = [c.strip().rstrip(".") for c in split_clauses(sentence)
                       if span not in c and len(content_set(c)) >= 3 and not content_set(c) & asked]
            if clauses:
                clause = rng.choice(clauses)
                out.append(("phrase_vs_wrong_clause", qa["question"], phrase, clause[0].upper() + clause[1:] + ".",
                            paragraph["context"]))
    return out


# The hand-written contrast suites (benchmarks/contrast/) whose answer-relevancy pairs the answer
# models may be fitted on in an experiment (calibrate.py --written-weight; the shipped fit uses
# none). Named one by one: a suite not named here, the ten blind sets fresh_mixed_10 ... 19 and
# any written later, is never fitted on, and measures the judge on pairs it has not seen.
FITTED_SUITES = ("pairs.jsonl", "fresh_relevance.jsonl", "fresh_relevance_2.jsonl", "fresh_relevance_3.jsonl",
                 "fresh_mixed_4.jsonl", "fresh_mixed_6.jsonl", "fresh_mixed_7.jsonl", "fresh_mixed_8.jsonl",
                 "fresh_mixed_9.jsonl")


def written_pairs(metric: str) -> list[dict]:
    """The pairs of FITTED_SUITES for one metric, each {"id", "category", "better", "worse", ...}
    as contrast.load_pairs reads and checks them."""
    from contrast import load_pairs

    return [pair for name in FITTED_SUITES for pair in load_pairs(REPO / "benchmarks" / "contrast" / name)
            if pair["metric"] == metric]
