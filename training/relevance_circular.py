"""Answers that say the question back as a statement and fill its open slot with nothing.

"Who commanded the Union army at Gettysburg?" -> "A certain person commanded the Union army
at Gettysburg." The answer-relevance model's synthetic restatements
(relevance_data.RESTATEMENTS) keep the question's own form ("You asked ...", "... is an
important question"), and SQuAD's vague-slot rows keep the answer sentence's: neither shows a
fluent declarative answer that is all question and no answer, and the model read such answers
as relevant (hand-written restatement pairs: 9 of 55 won by the model alone, version 16). Here
the question is turned into a statement (the auxiliary moved behind the subject, the wh-word
replaced) and its slot filled with a circular or empty phrase of the kind asked for: a person
for "who", a time for "when", a reason for "why". Pure functions of the question and a seeded
random generator; a question whose form is not read gives None.
"""

from __future__ import annotations

import random
import re
from typing import NamedTuple

FILLERS = {  # by the kind of thing asked for: phrases that name the kind and nothing else
    "who": ("the person responsible", "the one in charge", "a certain person", "whoever it was",
            "the person in question", "the individual who did so", "someone in that role"),
    "what": ("something", "the thing in question", "a particular thing", "whatever it is", "the relevant one",
             "what it usually is", "the one that applies"),
    "when": ("at a certain time", "when the time came", "at the time it happened", "at some point",
             "at the appropriate moment", "on the relevant date", "when it was due"),
    "where": ("in a certain place", "where it happened", "at the relevant location", "somewhere",
              "in the place in question", "at that particular site"),
    "why": ("for a reason", "for the reasons that led to it", "because of the factors involved",
            "because that is why", "for its own reasons", "because of the circumstances",
            "for reasons that explain it"),
    "how": ("in a certain way", "in the way it is done", "by the usual method", "through the proper process",
            "in the manner required", "the way it normally works"),
    "how many": ("a certain number", "the usual number", "as many as needed", "a specific number"),
    "how much": ("a certain amount", "the required amount", "as much as needed", "a specific amount"),
    "how long": ("as long as it takes", "for a certain time", "for the required period", "as long as needed"),
    "how often": ("as often as needed", "at regular intervals", "from time to time", "as often as required"),
    "how far": ("a certain distance", "as far as it goes", "some distance"),
    "how old": ("a certain age", "the age it was", "old enough"),
}
TAILS = ("", "", "", " This is well established.", " That is the answer in short.",
         " Details vary by case.", " This is covered in the documentation.", " It is a common question.")
_AUX = ("is", "are", "was", "were", "do", "does", "did", "can", "could", "will", "would", "should", "has",
        "have", "had", "may", "might", "must")
_BE = frozenset(("is", "are", "was", "were"))
_Q = re.compile(r"^(?P<wh>how (?:many|much|long|often|far|old)|who|whom|what|which|when|where|why|how)\b\s*"
                r"(?P<rest>.*?)\s*[?.]*\s*$", re.I)
# common verbs in their base form: where a do-support or modal question's subject ends
VERBS = frozenset("""
accept affect allow apply border flow orbit ask become begin believe break bring build buy call cause change choose claim come
compare connect contain control cost create cross cut decide describe destroy determine develop die do draw
drive eat end enter establish explain fall feel fight find finish follow form found gain get give go grow
happen have hear help hold include increase indicate introduce invent involve join keep kill know last lead
learn leave let lie like live lose make mean measure meet move need offer open own pay perform place plan play
produce protect prove provide publish raise reach read receive reduce refer release remain replace report
represent require return rise run say see seem sell send serve set show sign sing sit speak spend stand start
stay stop study suggest support take talk teach tell tend think travel treat try turn use vary visit wait want
watch wear win work write""".split())
# a participle ends the subject of "When was the treaty signed (in ...)?", not "the idealized value"
_AFTER_PARTICIPLE = frozenset("by in on at to for from into as with after before during under of".split())
_CLAUSE = frozenset(_AUX) | {"that", "which", "who", "whom", "whose"}
_PRONOUNS = {"i": "you", "my": "your", "me": "you", "we": "you", "our": "your", "you": "I", "your": "my"}


def _kind(wh: str) -> str:
    wh = wh.lower()
    return "who" if wh == "whom" else "what" if wh == "which" else wh


def _persons(words: list[str]) -> list[str]:
    """The asker's pronouns turned to the answerer's ("my router" -> "your router")."""
    return [_PRONOUNS.get(w.lower(), w) for w in words]


def capital(text: str) -> str:
    return text[:1].upper() + text[1:]


class Parts(NamedTuple):
    """A question turned into a statement: subject, auxiliary (may be empty), predicate; the
    slot is the subject where ``slot_first`` ("Who commanded the army?"), else after the predicate."""
    kind: str
    subject: str
    aux: str
    predicate: str
    slot_first: bool


def parts(question: str) -> Parts | None:
    """The question's statement form; None where the form is not one of: wh-subject ("Who
    wrote X?"), wh + be ("What is X?", "When was X signed?"), wh + do / modal / have and a known
    verb ("How long does X take to heat up?"), how many / much + noun + auxiliary."""
    found = _Q.match(question.strip())
    if not found or not found["rest"]:
        return None
    wh, words = found["wh"].lower(), found["rest"].split()
    kind, head = _kind(wh), words[0].lower()
    if head not in _AUX:
        if wh in ("who", "what", "which") and verb_like(head):  # the subject: "Who commanded the army?"
            return Parts(kind, "", "", " ".join(words), True)
        aux = next((k for k, w in enumerate(words) if k and w.lower() in _AUX), None)
        if wh in ("how many", "how much") and aux:  # "How many cases were reported?"
            return Parts(kind, "of " + " ".join(words[:aux]), words[aux], " ".join(words[aux + 1:]), True)
        return None
    rest = _persons(words[1:])
    if not rest:
        return None
    if head in _BE and verb_like(rest[0]) and rest[0].lower().endswith("ed"):  # "What is added to ...?"
        return Parts(kind, "", head, " ".join(rest), True)
    if head in _BE:  # "When was the treaty signed?" / "What is the default port for Q?"
        last = rest[-1].lower()
        part = next((k for k, w in enumerate(rest) if k and w.islower() and "-" not in w and (
            w.endswith("ed") or (k == len(rest) - 1 and re.search(r"(en|wn|lt|ght|ung|ade|one)$", last)))
            and (k == len(rest) - 1 or rest[k + 1].lower() in _AFTER_PARTICIPLE)
            and not any(x.lower() in _CLAUSE for x in rest[:k])), None)
        if part is not None:  # the auxiliary goes before the participle: "The treaty was signed ..."
            return Parts(kind, " ".join(rest[:part]), head, " ".join(rest[part:]), False)
        return Parts(kind, " ".join(rest), head, "", False)
    if rest[0].lower() in VERBS:  # "What would need to remain constant?": the wh-word is the subject
        return Parts(kind, "", head, " ".join(rest), True)
    verb = next((k for k, w in enumerate(rest) if k and w.lower() in VERBS), None)
    if verb is None:
        return None
    return Parts(kind, " ".join(rest[:verb]), head, " ".join(rest[verb:]), False)


def lower_determiner(text: str) -> str:
    """The first letter lowered where the text opens with a determiner ("The treaty"), not a name."""
    first = text.split(" ", 1)[0]
    return text[:1].lower() + text[1:] if first in ("The", "A", "An", "Its", "Their", "Your", "This") else text


def join_words(*pieces: str) -> str:
    return " ".join(p for p in pieces if p)


def statement(question: str, filler: str) -> str | None:
    """The question as a statement with its slot filled by ``filler`` (see parts)."""
    found = parts(question)
    if found is None:
        return None
    if found.slot_first:
        if found.subject.startswith("of "):  # "A certain number of cases were ...", not "As many as needed of"
            filler = {"as many as needed": "a certain number", "as much as needed": "a certain amount"}.get(filler, filler)
        return capital(join_words(filler, found.subject, found.aux, found.predicate) + ".")
    return capital(join_words(found.subject, found.aux, found.predicate, filler) + ".")


ECHOES = {  # a slot filled with the statement itself: "... signed at the time when it was signed"
    "when": ("at the time when {s}", "on the date on which {s}", "at the point when {s}"),
    "where": ("in the place where {s}", "at the location where {s}"),
    "why": ("because of the reasons why {s}", "because that is the reason {s}", "for the reasons that explain why {s}"),
    "how": ("in the way that {s}", "by doing what is needed so that {s}"),
    "how long": ("for the length of time that {s}", "for as long as it takes"),
    "how often": ("as often as {s}", "at the frequency at which {s}"),
}
_PREPOSITION = re.compile(r"\s(?:of|for|in|on|at|to|from|with|under|between)\s")


def echo(question: str, rng: random.Random) -> str | None:
    """The question said back with its slot filled by the question again, in other words where
    the form allows: "The default port for Q is the default port that Q has." """
    found = parts(question)
    if found is None:
        return None
    said = join_words(found.subject, found.aux, found.predicate)
    if found.kind in ECHOES and not found.slot_first:
        pronoun = join_words("it" if found.aux not in ("are", "were", "do", "have") else "they", found.aux, found.predicate)
        filler = rng.choice(ECHOES[found.kind]).format(s=rng.choice((pronoun, lower_determiner(said))))
        return capital(join_words(said, filler) + ".")
    if found.kind in ("who", "what") and found.slot_first and found.predicate:
        person, ends = (("The person who", ("the one who did so", "whoever it is", "the one the question means"))
                        if found.kind == "who" else ("The thing that", ("what it is", "the thing that does it")))
        return f"{person} {join_words(found.aux, found.predicate)} is {rng.choice(ends)}."
    if found.kind in ("who", "what") and not found.predicate and found.subject:
        split = _PREPOSITION.split(found.subject, maxsplit=1)
        head = split[0] if split[0].lower().startswith(("the ", "a ", "an ", "its ", "their ")) else "the " + split[0]
        tail = f" that {split[1]} has" if len(split) > 1 else " that it is"
        if found.kind == "who":
            head, tail = "the person", f" who {found.aux} {lower_determiner(found.subject)}"
        return capital(f"{found.subject} {found.aux} {lower_determiner(head)}{tail}.")
    return None


def verb_like(word: str) -> bool:
    """A verb of VERBS in any plain form ("flows", "caused", "happens"), or any word in -ed."""
    word = word.lower()
    return word not in _AUX and "-" not in word and (word in VERBS or word.endswith("ed") or any(
        word.endswith(end) and word[:-len(end)] in VERBS for end in ("s", "es", "d")))


def which_noun(question: str, rng: random.Random) -> str | None:
    """"Which river flows through Budapest?" -> "A particular river flows through Budapest.":
    the wh-word taken for a vague determiner, where a verb follows the noun (up to 3 words)."""
    found = _Q.match(question.strip())
    if not found or found["wh"].lower() not in ("which", "what"):
        return None
    words = found["rest"].split()
    if not words or words[0].lower() in _AUX or verb_like(words[0]):
        return None
    verb = next((k for k, w in enumerate(words[:4]) if k and (w.lower() in _AUX or verb_like(w))), None)
    if verb is None or words[verb].lower() in _AUX:
        return None
    determiner = rng.choice(("A particular", "A certain", "The", "One"))
    return f"{determiner} {' '.join(words)}."


SLOT_WORDS = {"when": "in", "where": "in", "why": "because of", "how long": "for"}
_OPENS_PHRASE = re.compile(r"^(?:in|on|at|during|by|from|since|after|before|around|about|near|for|to|because|due|as)\b",
                           re.I)


def answered(question: str, span: str, rng: random.Random) -> str | None:
    """The circular answer's twin that does answer: the same statement with the answer span in
    the slot ("The Peace of Westphalia was signed in 1648."), and a tail of the same kind, so that
    neither the statement's form nor its tail tells the two apart; None where the form is not read."""
    found = parts(question)
    if found is None or not span.strip():
        return None
    span = span.strip().rstrip(".")
    if found.slot_first and found.subject.startswith("of "):  # "How many cases were reported?"
        said = capital(join_words(span, found.subject[3:], found.aux, found.predicate) + ".")
    elif found.slot_first:
        said = statement(question, span)
    else:
        word = SLOT_WORDS.get(found.kind, "")
        said = statement(question, span if not word or _OPENS_PHRASE.match(span) else f"{word} {span}")
    return said + rng.choice(TAILS) if said else None


def circular(question: str, rng: random.Random) -> str | None:
    """One circular answer to the question (a statement, its slot filled with nothing), or None."""
    found = _Q.match(question.strip())
    if not found:
        return None
    said = which_noun(question, rng) or (rng.random() < 0.5 and echo(question, rng)) or statement(
        question, rng.choice(FILLERS[_kind(found["wh"])]))
    return said + rng.choice(TAILS) if said else None
