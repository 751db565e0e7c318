"""Answer-relevance rows made from SQuAD 2.0 paragraphs: what SelQA and TrecQA lack.

Their negatives are other sentences of the same search, so a model learns "on the topic"; a
reader asks more: does the answer fill the slot the question opens? For each answerable
question of a training article:

- relevant: the sentence that holds the answer; the bare answer span ("1889"); the span with
  the rest of its clause ("The boundary around a black hole beyond which ..."), an answer that
  does not repeat the question's words;
- not relevant: the same sentence with the span replaced by a vague phrase (it restates the
  question and says nothing); the sentence that answers another question on the same
  paragraph; another question's bare span; another sentence of the paragraph.

Half the articles (by sorted title) are kept for the judge's answer model, which is fitted and
cross-validated on SQuAD pairs of those articles only (benchmarks/calibrate.py), so that the
fit sees the model's logit on answers it never read. Pure functions of the file and a seeded
random generator.
"""

from __future__ import annotations

import random
import re
from functools import lru_cache

from verifier_data import squad_paragraphs

Row = tuple[str, str, int, str]  # answer, question, label, source

# slot fillers of the "withheld" rows; not the phrases of benchmarks/devsets.VAGUE_PHRASES,
# so that the answer model's withheld pairs are not phrases the model has seen
SLOT_FILLERS = ("something", "a certain thing", "some of them", "a known figure", "one place", "a given year",
                "many things", "a set of causes", "a range of values", "an organisation", "a method",
                "some amount", "a group", "a location")
_WORD = re.compile(r"\w+")
_STOP = frozenset("the a an of to in and or is are was were be been it its this that for on with as by at from "
                  "what who whom whose which when where why how do does did".split())


@lru_cache(maxsize=1)
def calibration_titles() -> frozenset[str]:
    """Every second SQuAD article by sorted title (the 2nd, 4th, ...): never trained on; the
    answer model of benchmarks/calibrate.py is fitted on these articles' pairs."""
    return frozenset(sorted({p["title"] for p in squad_paragraphs()})[1::2])


def _sentences(context: str) -> list[str]:
    from ragmeter.text.segments import split_sentences

    return split_sentences(context)


def _content(text: str) -> set[str]:
    return {w.lower() for w in _WORD.findall(text)} - _STOP


def elliptical(question: str, sentence: str, span: str) -> str | None:
    """The span and the rest of its clause, 5-25 words that take up none of the question's words.
    benchmarks/devsets.elliptical_answer makes the calibration pairs' clause answers the same way,
    with the judge's word sets and bare phrases left out; this one, with plain words, is what the
    shipped weights were trained on (changing it changes what the rebuild reproduces)."""
    start = sentence.find(span)
    if start <= 0:
        return None
    rest = sentence[start + len(span):]
    end = re.search(r"[,;:()\u2013\u2014\"]|\s-\s|\.\s*$", rest)
    phrase = (span + (rest[:end.start()] if end else rest)).strip().rstrip(".")
    if not 5 <= len(phrase.split()) <= 25 or _content(phrase) & _content(question):
        return None
    return phrase[0].upper() + phrase[1:] + "."


def squad_rows(n_questions: int, seed: int, skip: frozenset[str] | None = None) -> list[Row]:
    """Rows (answer, question, label, 'squad:<kind>') from up to n_questions answerable
    questions of the articles not in ``skip`` (by default the calibration articles), a seeded sample."""
    from ragmeter.text.answer_type import is_bare

    rng = random.Random(seed)
    held = calibration_titles() if skip is None else skip
    found: list[tuple[dict, dict, str, list[str]]] = []
    for paragraph in squad_paragraphs():
        if paragraph["title"] in held:
            continue
        sentences = _sentences(paragraph["context"])
        for qa in paragraph["qas"]:
            if qa["is_impossible"] or not qa["answers"]:
                continue
            span = qa["answers"][0]["text"].strip()
            sentence = next((s for s in sentences if span and span in s), None)
            if sentence:
                found.append((paragraph, qa, sentence, sentences))
    rng.shuffle(found)
    rows: list[Row] = []
    for paragraph, qa, sentence, sentences in found[:n_questions]:
        question, span = qa["question"].strip(), qa["answers"][0]["text"].strip()
        rows.append((sentence, question, 1, "squad:sentence"))
        if is_bare(span):
            rows.append((span, question, 1, "squad:bare"))
        phrase = elliptical(question, sentence, span)
        if phrase:
            rows.append((phrase, question, 1, "squad:elliptical"))
        if len(span) < len(sentence) / 2:
            rows.append((sentence.replace(span, rng.choice(SLOT_FILLERS), 1), question, 0, "squad:withheld"))
        siblings = [q for q in paragraph["qas"] if q is not qa and not q["is_impossible"] and q["answers"]]
        rng.shuffle(siblings)
        for sibling in siblings[:1]:
            other_span = sibling["answers"][0]["text"].strip()
            other_sentence = next((s for s in sentences if other_span and other_span in s), None)
            if other_sentence and span not in other_sentence:
                rows.append((other_sentence, question, 0, "squad:another_question"))
            if is_bare(other_span) and other_span.lower() not in span.lower() and span.lower() not in other_span.lower():
                rows.append((other_span, question, 0, "squad:wrong_span"))
        rest = [s for s in sentences if span not in s]
        if rest:
            rows.append((rng.choice(rest), question, 0, "squad:aspect"))
    return rows


def squad_validation(n: int = 800, seed: int = 13) -> list[Row]:
    """The same kinds of rows from the calibration articles: a held-out figure."""
    training = frozenset(p["title"] for p in squad_paragraphs()) - calibration_titles()
    rows = squad_rows(10**6, seed, skip=training)
    return random.Random(seed).sample(rows, min(n, len(rows)))
