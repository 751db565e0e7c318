"""Answers that say the question back and add a tail made of its own words, and answers that
name the question's subject with a pronoun.

relevance_circular.py fills a question's slot with an empty phrase from short lists ("for a
reason", "at a certain time"); the model learned those phrases, not the idea: "Leaves change
color in autumn because of the changes they go through during the fall season." read as an
answer (logit +3.5), "As days shorten ..., trees stop making green chlorophyll" as none (-2.9).
Here the tail is built from the question's own content words set in a generic frame ("because
of the way the leaves change", "by taking the steps the renewal needs"), so that a tail that
only repeats the question is no answer whatever its words; and a relevant answer whose opening
repeats the question's subject is given a twin that names it "It" or "They", so that an answer
that does not repeat the question's words still answers. Pure functions of the question, the
answer and a seeded random generator.

An experiment (train_relevance.py --tautologies), not the shipped model, kept as it was
measured (docs/judges.md, "Tried and not kept"), with its known flaws: 750 of its 920 pronoun
twins are made from relevance_circular's templated statements ("It is loess. That is the answer
in short."), a person is named "It", and some tautologies are not English ("haves", "The war did
end at the war time.", an irregular past read as a noun: "There are rules about the wrote.").
"""

from __future__ import annotations

import random
import re

from relevance_circular import capital, join_words, parts, verb_like

_STOP = frozenset("""the a an of to in and or is are was were be been it its this that for on with as by at from
what who whom whose which when where why how do does did can could will would should may might must has have had
my your our their i you we they he she his her there if than then so not no any some all each every about into
after before during under over between long much many often far old""".split())

# frames of a tail that names the question's words and nothing else, by the kind of thing asked
# ({w}: one of the question's content words; {v}: one of its words read as a verb)
FRAMES = {
    "why": ("because of the way the {w} {v}", "because of how the {w} works", "because that is what the {w} does",
            "as a result of the {w} involved", "due to the nature of the {w}", "because of changes in the {w}",
            "for reasons to do with the {w}", "because of what happens to the {w}", "because the {w} is like that",
            "because of the conditions that affect the {w}", "because of the {w} itself"),
    "how": ("by following the steps for the {w}", "through the usual {w} process", "by doing what the {w} needs",
            "in the way the {w} requires", "by using the {w} as intended", "by taking the appropriate {w} steps"),
    "when": ("when the {w} is due", "at the {w} time", "once the {w} period ends", "within the set {w} window",
             "at the point the {w} requires", "when the {w} applies"),
    "where": ("in the {w} area", "at the {w} location", "where the {w} is", "in the place for the {w}"),
    "who": ("the {w} responsible", "the person in charge of the {w}", "whoever handles the {w}"),
    "what": ("the {w} that applies", "the one set for the {w}", "what the {w} provides", "the usual {w}"),
}
FRAMES["how long"] = ("for the {w} period that applies", "for as long as the {w} lasts", "within the {w} time limit")
FRAMES["how much"] = ("the {w} amount that applies", "the set {w} amount", "whatever the {w} costs")
FRAMES["how many"] = ("the {w} number that applies", "as many as the {w} allows")
FRAMES["how often"] = ("as often as the {w} requires", "at the {w} interval that applies")
# a whole answer in the question's words: "There are consequences for missing the deadline."
STANDALONE = ("There are rules about the {w}.", "There are consequences when it comes to the {w}.",
              "You will need to take the appropriate steps for the {w}.", "The {w} has its own requirements.",
              "It depends on the {w} in question.", "That is determined by the {w}.")


def content_words(question: str) -> list[str]:
    """The question's content words, in order, once each."""
    words = [w for w in re.findall(r"[A-Za-z][A-Za-z'-]+", question) if w.lower() not in _STOP and len(w) > 2]
    return list(dict.fromkeys(w if w[:1].isupper() and not question.startswith(w) else w.lower() for w in words))


def tautology(question: str, rng: random.Random) -> str | None:
    """The question said back with a tail of its own words (FRAMES), or a sentence in its words
    alone (STANDALONE); None where the question has fewer than two content words."""
    words = content_words(question)
    if len(words) < 2:
        return None
    found = parts(question)
    nouns = [x for x in words if x.islower() and not verb_like(x) and not x.endswith(("ing", "ly"))] or words
    verbs = [x for x in words if verb_like(x)] or ["works"]
    w, v = rng.choice(nouns), rng.choice(verbs)
    if found is None or found.slot_first or rng.random() < 0.2:
        return rng.choice(STANDALONE).format(w=w)
    said = join_words(found.subject, _plain(found.aux, found.predicate))
    frame = rng.choice(FRAMES.get(found.kind, FRAMES["what"]))
    return capital(said) + " " + frame.format(w=w, v=v) + "."


def _plain(aux: str, predicate: str) -> str:
    """"do change color" -> "change color", "does last" -> "lasts": no emphatic do."""
    if aux not in ("do", "does") or not predicate:
        return join_words(aux, predicate)
    verb, _, rest = predicate.partition(" ")
    if aux == "does":
        verb = verb + ("es" if verb.endswith(("s", "sh", "ch", "x", "o")) else "s")
    return join_words(verb, rest)


def pronoun_twin(answer: str, question: str) -> str | None:
    """The answer with its opening words that repeat the question's subject named "It" or "They"
    ("The Treaty of Versailles was signed in 1919." -> "It was signed in 1919."); None where the
    answer does not open with the subject."""
    found = parts(question)
    if found is None or found.slot_first or not found.subject.strip():
        return None
    subject = found.subject.strip()
    if not answer.lower().startswith(subject.lower() + " "):
        return None
    rest = answer[len(subject):].lstrip()
    if not rest:
        return None
    plural = found.aux in ("are", "were", "do", "have") or rest.split(" ", 1)[0] in ("are", "were", "have")
    return ("They " if plural else "It ") + rest


def tautology_pairs(rows: list[tuple[str, str, int, str]], rng: random.Random) -> list[tuple[str, str, int, str]]:
    """For each question answered in ``rows``, one tautology (not relevant); for each relevant
    answer that opens with its question's subject, its pronoun twin (relevant)."""
    out = []
    # questions of rows read from the data, not of their elided or other derived twins ("squad:elided")
    for question in dict.fromkeys(q for _, q, y, src in rows if y == 1 and ":" not in src.replace("squad:", "")):
        said = tautology(question, rng)
        if said:
            out.append((said, question, 0, "synthetic:tautology"))
    for answer, question, label, src in rows:
        twin = pronoun_twin(answer, question) if label == 1 and not src.startswith("synthetic") else None
        if twin:
            out.append((twin, question, 1, src + ":pronoun"))
    return out
