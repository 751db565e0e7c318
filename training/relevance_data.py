"""The answer-relevance model's training rows: (answer, question, label, source), label 1 when the
answer answers the question.

From the grounding sets marked *train* (../shared/data/grounding/README.md): SelQA (Apache-2.0)
and TrecQA answer-sentence selection, where a sentence that holds the answer is relevant and the
other sentences of the same search are not; and, from their questions, answers a careful reader
would call irrelevant that those sets lack: evasions ("It depends on many factors."), the
question restated as a statement, and the answer to another question. And rows from half the
SQuAD 2.0 articles (relevance_squad.py): the answer sentence, span and phrase against the slot
left vague, the answer to another question on the paragraph, another sentence. For every
question answered in those rows, the question said back as a fluent statement with its slot
filled by nothing ("... was signed at a certain time", relevance_circular.py), and where SQuAD
gives the answer span, the same statement with the span in the slot (``circular_rows``, on by
default since judge version 26; train_relevance.py --no-circular leaves them out). The other half,
and EVOUNA, on which the judge's answer model is fitted and cross-validated
(benchmarks/calibrate.py), are not used. Pure functions of the files and a seeded random generator.
"""

from __future__ import annotations

import random
import re
from collections import defaultdict

from relevance_circular import answered, circular
from relevance_squad import squad_rows, squad_validation
from relevance_tautology import tautology_pairs
from verifier_data import SHARED, read_jsonl

Row = tuple[str, str, int, str]  # answer, question, label, source
SQUAD_QUESTIONS = 2500  # answerable SQuAD questions whose rows (relevance_squad.py) join the training rows

EVASIONS = [
    "It depends on many factors.", "That is a good question.", "There are several possible answers to this.",
    "It is hard to say for certain.", "This is a complex topic with many aspects.", "Opinions differ on this.",
    "Many people have asked this question.", "The answer varies from case to case.",
    "It is a matter of ongoing discussion.", "More research is needed on this subject.",
    "There is a lot to consider here.", "That is an interesting question with a long history.",
]
RESTATEMENTS = [
    "{body} is an important question.", "People often wonder {lower}", "This is about {body}.",
    "The question of {body} has been discussed by many.", "{body} is something that many sources cover.",
    "There are various views on {body}.", "{body}?", "{body}.", "You asked {lower}", "Regarding {lower}",
    "Let me explain {lower}", "{body} is a question worth asking.", "Here is what we know about {lower}",
    "Good question: {lower}", "The answer to {lower} is worth knowing.", "{body} has a well-known answer.",
    "To answer {lower} we need to look at the facts.", "{body}, as many people ask.",
    "{topic} is an interesting subject.", "{topic} is discussed in many sources.", "{topic} matters a great deal.",
    "Many things can be said about {topic_lower}.", "{topic} has been studied for a long time.",
]
TOPICAL_EVASIONS = [
    "{topic} depends on many factors.", "{topic} varies from case to case.", "It is hard to say much about "
    "{topic_lower}.", "{topic} is a complex matter.", "Opinions on {topic_lower} differ.",
    "There is no simple answer about {topic_lower}.",
]
_WH = re.compile(r"^(what|who|whom|whose|which|when|where|why|how(?: many| much| long| often| far| old)?)\s+"
                 r"(?:(?:is|are|was|were|do|does|did|can|could|will|would|should|has|have|had)\s+)?", re.I)
_PTB = [(" -LRB- ", " ("), (" -RRB- ", ") "), ("-LRB-", "("), ("-RRB-", ")"), ("`` ", '"'), (" ''", '"'),
        (" ,", ","), (" .", "."), (" 's", "'s"), (" n't", "n't"), (" ;", ";"), (" :", ":"), (" ?", "?")]


def readable(text: str, rng: random.Random) -> str:
    """TrecQA's Penn-Treebank tokens back to plain text, its '<num>' placeholders to numbers."""
    for old, new in _PTB:
        text = text.replace(old, new)
    text = re.sub(r"<num>", lambda _: str(rng.choice([3, 12, 27, 150, 1987, 1998, 2004, 46, 7])), text)
    return " ".join(text.split())


def topic(question: str) -> str:
    """'What starts a neuron action potential?' -> 'starts a neuron action potential'."""
    body = question.strip().rstrip("?").strip()
    rest = _WH.sub("", body).strip()
    return rest if len(rest.split()) >= 1 else body


def restate(question: str, rng: random.Random, templates=RESTATEMENTS) -> str:
    """The question said back without an answer: verbatim, as a statement, or its topic."""
    body = question.strip().rstrip("?").strip()
    lower = body[0].lower() + body[1:] + "."
    subject = topic(question)
    return rng.choice(templates).format(body=body[0].upper() + body[1:], lower=lower,
                                        topic=subject[0].upper() + subject[1:], topic_lower=subject)


STOP = frozenset("the a an of to in and or is are was were be been it its this that for on with as by at from "
                 "what who whom whose which when where why how do does did can could will would".split())


def elide(answer: str, question: str) -> str | None:
    """The answer without the question's own words ('Km is the substrate concentration at ...'
    for 'What is Km?' -> 'is the substrate concentration at ...'): an answer still answers when
    it does not repeat the question, so word overlap alone must not decide."""
    asked = {w.lower() for w in re.findall(r"\w+", question)} - STOP
    kept = [w for w in answer.split() if re.sub(r"\W", "", w.lower()) not in asked]
    if len(kept) == len(answer.split()) or len(kept) < 4:
        return None
    return " ".join(kept)


def labelled(rng: random.Random) -> list[tuple[str, str, int, str, str]]:
    """(question, answer, label, source, group) of SelQA and TrecQA; the group is the article
    (SelQA) or the question (TrecQA), for answers to another question of the same topic."""
    out = []
    for file in ("dev.jsonl", "test.jsonl"):
        for r in read_jsonl(SHARED / "grounding" / "selqa" / file):
            out.append((r["question"], r["answer"], int(r["label"] == "relevant"), "selqa", r.get("article", "")))
    for file in ("train.jsonl", "dev.jsonl", "test.jsonl"):
        for r in read_jsonl(SHARED / "grounding" / "trecqa" / file):
            q = readable(r["question"], rng)
            out.append((q, readable(r["answer"], rng), int(r["label"] == "relevant"), "trecqa", q))
    return [r for r in out if r[0].strip() and r[1].strip()]


def held_out(rows) -> set[str]:
    """Every seventh SelQA article (by name): validation, never trained on."""
    return set(sorted({g for _, _, _, src, g in rows if src == "selqa"})[::7])


def training_rows(seed: int = 13, negatives_per_positive: float = 2.0, circular_rows: bool = True,
                  tautologies: bool = False) -> list[Row]:
    rng = random.Random(seed)
    found = labelled(rng)
    held = held_out(found)
    found = [r for r in found if not (r[3] == "selqa" and r[4] in held)]
    positives = [r for r in found if r[2] == 1]
    negatives = [r for r in found if r[2] == 0]
    rng.shuffle(negatives)
    negatives = negatives[:int(len(positives) * negatives_per_positive)]
    rows: list[Row] = [(a, q, y, src) for q, a, y, src, _ in positives + negatives]
    answers_by_group: dict[str, list[tuple[str, str]]] = defaultdict(list)
    for q, a, _, _, group in positives:
        answers_by_group[group].append((q, a))
    all_answers = [(q, a) for q, a, *_ in positives]
    questions = list(dict.fromkeys(q for q, *_ in positives))
    rows.extend(squad_rows(SQUAD_QUESTIONS, seed))
    for a, q, y, src in list(rows):
        if rng.random() < 0.3:  # twins of both labels, so that leaving the question's words out is no cue
            short = elide(a, q)
            if short:
                rows.append((short, q, y, src + ":elided"))
    for q in questions:
        rows.append((rng.choice(EVASIONS) if rng.random() < 0.5 else restate(q, rng, TOPICAL_EVASIONS), q, 0,
                     "synthetic:evasion"))
        rows.append((restate(q, rng), q, 0, "synthetic:restatement"))
        group = next((g for qq, _, _, _, g in positives if qq == q), "")
        others = [a for qq, a in answers_by_group.get(group, []) if qq != q] or [a for qq, a in
                                                                                 rng.sample(all_answers, 3) if qq != q]
        if others:
            rows.append((rng.choice(others), q, 0, "synthetic:another_question"))
    if circular_rows:
        rows.extend(circular_pairs(rows, rng))
    if tautologies:  # an experiment (train_relevance.py --tautologies), not in the shipped model
        rows.extend(tautology_pairs(rows, random.Random(seed + 7)))
    rng.shuffle(rows)
    return rows


def circular_pairs(rows: list[Row], rng: random.Random) -> list[Row]:
    """For each question answered in ``rows``, the question said back with its slot filled by
    nothing (not relevant) and, where a SQuAD bare span answers it, the same statement with the
    span in the slot (relevant): the form alone decides nothing."""
    spans = {q: a for a, q, _, src in rows if src == "squad:bare"}
    out: list[Row] = []
    for q in dict.fromkeys(q for _, q, y, src in rows if y == 1 and not src.endswith(":elided")):
        said = circular(q, rng)
        if said:
            out.append((said, q, 0, "synthetic:circular"))
        twin = answered(q, spans[q], rng) if said and q in spans else None
        if twin:
            out.append((twin, q, 1, "squad:statement"))
    return out


def validation_rows(n: int = 800, seed: int = 13) -> dict[str, list[Row]]:
    """The held-out SelQA articles' rows (a seeded sample of n, AUROC of relevant vs not)."""
    found = labelled(random.Random(seed))
    held = held_out(found)
    rows = [(a, q, y, src) for q, a, y, src, g in found if src == "selqa" and g in held]
    rng = random.Random(seed + 2)
    answered = [(a, q, 1, src) for a, q, y, src in rows if y == 1]
    said_back = [(said, q, 0, "circular") for q in dict.fromkeys(q for _, q, *_ in answered)
                 if (said := circular(q, rng))]
    return {"selqa_held_out_articles": random.Random(seed + 1).sample(rows, min(n, len(rows))),
            "selqa_held_out_answers_vs_circular": answered + said_back,
            "squad_calibration_articles": squad_validation(n, seed)}
