"""Synthetic near-miss pairs for the claim verifier, made from SQuAD 2.0 paragraphs.

Each pair is (evidence, claim, label): label 1 when the evidence states the claim, 0 when it
does not. The useful negatives are near misses: a sentence of the evidence with one slot
changed (an answer span swapped for another answer span of the same paragraph, a number
moved, a negation added or taken away, a word turned to its opposite, a quantifier widened,
two names or two numbers traded), or a sentence on the same topic from another paragraph. A
share of the sentences is also negated in the evidence itself: the negated claim is then stated
and the sentence as written is not, so that "not" in a claim is no sign of a false one. The positives are
the sentence itself, the sentence with a clause or bracket dropped or its opening phrase moved
to the end (still stated), and a question with its own answer (with PARAPHRASED above 0, also
the sentence in other words, paraphrase.py, and the same reworded sentence with one slot changed
as a negative); the question with another
answer of the paragraph is the matching negative. A swapped-in entity is always in the
evidence too (it comes from another sentence of the paragraph, which the evidence then holds),
and every claim's evidence has the same shape, so the words present cannot give the label away. Pure functions of their inputs and a seeded random generator.
"""

from __future__ import annotations

import random
import re
from typing import Iterable, Iterator

from additions import addition_pairs
from declaratives import declarative
from paraphrase import paraphrase

Pair = tuple[str, str, int, str]  # evidence, claim, label, kind
NEGATED_EVIDENCE = 0.25  # share of the sentences with an auxiliary that are also negated in the evidence
# opt-in (train_verifier.py --traded-spans; not in the shipped model): two phrases of the
# paragraph that one sentence holds traded (trade_spans), roles swapped in common words too
TRADED_SPANS = False
# share of the sentences also given in other words (paraphrase.py), stated and with a slot changed;
# 0 as shipped: 0.7 was measured and not kept (docs/judges.md, "Tried and not kept")
PARAPHRASED = 0.0
# opt-in (train_verifier.py --additions): a sentence with a phrase added that the evidence does not
# state, and two neighbouring sentences joined (additions.py)
ADDITIONS = False
# opt-in (train_verifier.py --declaratives): a question and its answer said as one statement, in
# the question writer's words, and the same with another answer of the paragraph (declaratives.py)
DECLARATIVES = False

_SENTENCE = re.compile(r"(?<=[.!?])\s+(?=[A-Z0-9\"'(])")
_AUX = re.compile(r"\b(is|are|was|were|can|could|will|would|should|has|have|had|does|do|did|must|may)\b(?!\s+not\b)")
_NEGATED = re.compile(r"\b(is|are|was|were|can|could|will|would|should|has|have|had|does|do|did|must|may)\s+not\s+")
_NUMBER = re.compile(r"(?<![\w.])(\d{1,3}(?:,\d{3})+|\d+(?:\.\d+)?)(?![\w.]*\d)")
_NAME = re.compile(r"\b([A-Z][a-z]+(?:\s+[A-Z][a-z]+)*)\b")

# words and their opposites, each read both ways; a swap changes what the sentence states
OPPOSITES = [
    ("increase", "decrease"), ("increased", "decreased"), ("increases", "decreases"), ("rose", "fell"),
    ("larger", "smaller"), ("largest", "smallest"), ("higher", "lower"), ("highest", "lowest"),
    ("more", "less"), ("most", "least"), ("first", "last"), ("before", "after"), ("early", "late"),
    ("earlier", "later"), ("north", "south"), ("east", "west"), ("northern", "southern"),
    ("eastern", "western"), ("won", "lost"), ("win", "lose"), ("accepted", "rejected"),
    ("allowed", "banned"), ("approved", "rejected"), ("added", "removed"), ("opened", "closed"),
    ("began", "ended"), ("start", "end"), ("strong", "weak"), ("stronger", "weaker"), ("old", "young"),
    ("older", "younger"), ("oldest", "youngest"), ("long", "short"), ("longer", "shorter"),
    ("rich", "poor"), ("major", "minor"), ("maximum", "minimum"), ("above", "below"),
    ("inside", "outside"), ("public", "private"), ("legal", "illegal"), ("safe", "unsafe"),
    ("common", "rare"), ("success", "failure"), ("successful", "unsuccessful"), ("positive", "negative"),
    ("male", "female"), ("men", "women"), ("adults", "children"), ("always", "never"), ("entered", "left"),
    ("supported", "opposed"), ("support", "oppose"), ("include", "exclude"), ("included", "excluded"),
    ("upper", "lower"), ("hot", "cold"), ("warm", "cool"), ("faster", "slower"), ("heavy", "light"),
    ("cheaper", "more expensive"), ("required", "optional"), ("permitted", "prohibited"),
]
_OPPOSITE = {a: b for a, b in OPPOSITES} | {b: a for a, b in OPPOSITES}
_OPPOSITE_WORD = re.compile(r"\b(" + "|".join(sorted(map(re.escape, _OPPOSITE), key=len, reverse=True)) + r")\b")
# capitalised words that open a phrase rather than name something
NOT_NAMES = frozenset("The A An In On At By For From To Of It Its This That These Those He She They We I His Her "
                      "Their Our However But And Or If When While After Before During Since As With Although "
                      "There Here Some Many Most All Each Both Such".split())
# a claim widened beyond what the evidence says
WIDER = {"some": "all", "many": "all", "several": "all", "often": "always", "sometimes": "always",
         "usually": "always", "most": "all", "few": "no", "may": "must", "can": "must", "might": "will"}
_WIDER_WORD = re.compile(r"\b(" + "|".join(WIDER) + r")\b")


def sentences(text: str) -> list[str]:
    return [s.strip() for s in _SENTENCE.split(text) if len(s.split()) >= 4]


def negate(sentence: str) -> str | None:
    """The sentence with its first auxiliary negated, or its negation taken away; None where
    it has no auxiliary ('is', 'can', 'has', ...)."""
    if _NEGATED.search(sentence):
        return _NEGATED.sub(lambda m: m.group(1) + " ", sentence, count=1)
    if _AUX.search(sentence):
        return _AUX.sub(lambda m: m.group(1) + " not", sentence, count=1)
    return None


def change_number(sentence: str, rng: random.Random) -> str | None:
    found = list(_NUMBER.finditer(sentence))
    if not found:
        return None
    match = rng.choice(found)
    raw = match.group(1).replace(",", "")
    value = float(raw)
    if raw.isdigit() and 1000 <= value <= 2100:  # a year
        new = str(int(value) + rng.choice([-30, -11, -5, -2, -1, 1, 2, 3, 7, 12, 25]))
    elif "." in raw:
        new = f"{value * rng.choice([0.5, 0.8, 1.3, 2.0]):.{len(raw.split('.')[1])}f}"
    elif value < 13:
        new = str(int(value) + rng.choice([1, 2, 3]) if value < 4 or rng.random() < 0.5 else int(value) - 2)
    else:
        new = f"{int(round(value * rng.choice([0.5, 0.7, 1.4, 2, 3]))):,}" if "," in match.group(1) else \
            str(int(round(value * rng.choice([0.5, 0.7, 1.4, 2, 3]))))
    if new.replace(",", "") == raw:
        return None
    return sentence[:match.start(1)] + new + sentence[match.end(1):]


def opposite(sentence: str, rng: random.Random) -> str | None:
    found = list(_OPPOSITE_WORD.finditer(sentence))
    if not found:
        return None
    match = rng.choice(found)
    return sentence[:match.start()] + _OPPOSITE[match.group(1)] + sentence[match.end():]


def widen(sentence: str, rng: random.Random) -> str | None:
    found = list(_WIDER_WORD.finditer(sentence))
    if not found:
        return None
    match = rng.choice(found)
    return sentence[:match.start()] + WIDER[match.group(1)] + sentence[match.end():]


def trade_names(sentence: str) -> str | None:
    """Two names of the sentence traded ('A defeated B' -> 'B defeated A'), where words other
    than 'and' / 'or' / a comma stand between them (so the trade changes who did what)."""
    found = [m for m in _NAME.finditer(sentence) if m.start() > 0]
    for a, b in zip(found, found[1:]):
        between = sentence[a.end():b.start()]
        if a.group(1) == b.group(1) or re.search(r",|\band\b|\bor\b|&", between) or len(between.split()) < 2:
            continue
        return sentence[:a.start()] + b.group(1) + between + a.group(1) + sentence[b.end():]
    return None


_FILLER = frozenset("and or to the of a an in at by on".split())


MAX_TRADE_GAP = 8  # words between two traded phrases, at most: one clause


def trade_spans(sentence: str, phrases: Iterable[str]) -> str | None:
    """Two phrases of the paragraph (its answer spans and names) that the sentence holds, traded
    ("... converts carbon dioxide and water into glucose" -> "... converts carbon dioxide and
    glucose into water"), where a word other than "and" / "or" and no comma or semicolon stands
    between them, at most MAX_TRADE_GAP words: the same words, other roles."""
    found: list[tuple[int, int]] = []
    for phrase in sorted(set(phrases), key=lambda p: (-len(p), p)):  # longest first, then a fixed order
        match = re.search(r"(?<!\w)" + re.escape(phrase) + r"(?!\w)", sentence) if phrase.strip() else None
        if match and not any(match.start() < end and start < match.end() for start, end in found):
            found.append(match.span())
    found.sort()
    for (s1, e1), (s2, e2) in zip(found, found[1:]):
        a, b, between = sentence[s1:e1], sentence[s2:e2], sentence[e1:s2]
        if (a.lower() == b.lower() or re.search(r"[,;&]|\band\b|\bor\b", between)
                or not re.search(r"[A-Za-z]{2,}", between) or len(between.split()) > MAX_TRADE_GAP):
            continue
        return sentence[:s1] + b + between + a + sentence[e2:]
    return None


def trade_numbers(sentence: str) -> str | None:
    """Two different numbers of the sentence traded ("melts at -114 and boils at 78" -> "melts
    at 78 and boils at -114"), where a word of three letters or more other than "and" / "to" /
    "or" stands between them (a range "from 1990 to 2000" is left alone, as is "between")."""
    found = list(_NUMBER.finditer(sentence))
    for a, b in zip(found, found[1:]):
        between = sentence[a.end(1):b.start(1)]
        words = [w for w in re.findall(r"[A-Za-z]{3,}", between) if w.lower() not in _FILLER]
        ordinal = any(sentence[m.end(1):m.end(1) + 1].isalpha() for m in (a, b))  # "2nd", "1990s"
        if a.group(1) == b.group(1) or not words or ordinal or re.search(r"\bbetween\s*$", sentence[:a.start(1)]):
            continue
        return sentence[:a.start(1)] + b.group(1) + between + a.group(1) + sentence[b.end(1):]
    return None


def shorten(sentence: str) -> str | None:
    """The sentence with a bracket, or a trailing or opening clause, left out (still stated)."""
    cut = re.sub(r"\s*\([^)]*\)", "", sentence)
    if cut != sentence and len(cut.split()) >= 5:
        return cut
    head, sep, tail = sentence.partition(", ")
    if sep and len(head.split()) >= 6 and not re.search(r"\b(not|no|never|only|if|unless)\b", tail):
        return head.rstrip(".") + "."
    if sep and len(tail.split()) >= 6 and len(head.split()) <= 5 and not re.search(r"\b(if|unless|although)\b", head,
                                                                                  re.I):
        return tail[0].upper() + tail[1:]
    return None


def _kind_of(span: str) -> str:
    if re.search(r"\d", span):
        return "number"
    return "name" if span[:1].isupper() else "phrase"


def window(sents: list[str], i: int, rng: random.Random, also: int | None = None) -> str:
    """Sentence i, alone or with a neighbour, and sentence `also` (in the paragraph's order) when
    given: an entity swapped in from sentence `also` is then in the evidence too, so that the
    words alone cannot tell a near miss from a stated claim."""
    picked = {i, also} if also is not None else {i}
    if rng.random() < 0.5:
        picked.add(min(len(sents) - 1, max(0, i + rng.choice([-1, 1]))))
    return " ".join(sents[k] for k in sorted(picked))


def front_to_back(sentence: str) -> str | None:
    """'In 1066, the Normans conquered England.' -> 'The Normans conquered England in 1066.'
    (the same claim in another order)."""
    m = re.match(r"^((?:In|On|At|By|During|After|Before|From|Since|Under)\s[^,]{2,40}),\s+(.+?)([.!?])?$", sentence)
    if not m or len(m.group(2).split()) < 4:
        return None
    rest = m.group(2)
    lead = m.group(1)
    return rest[0].upper() + rest[1:] + " " + lead[0].lower() + lead[1:] + (m.group(3) or ".")


def _rivals(span: str, sents: list[str], candidates: Iterable[str], own: str) -> list[tuple[str, int]]:
    """Other spans of the same kind, each with the index of a sentence that holds it."""
    out = []
    for other in candidates:
        if other == span or other in own or span in other or other in span or _kind_of(other) != _kind_of(span):
            continue
        where = next((j for j, s in enumerate(sents) if other in s), None)
        if where is not None:
            out.append((other, where))
    return out


# the kinds whose evidence is the paragraph with one sentence negated, not the paragraph itself
FLIPPED_EVIDENCE = frozenset({"stated_negated", "negation_removed"})


def paragraph_pairs(paragraph: dict, others: list[str], rng: random.Random,
                    whole_paragraph: bool = False) -> Iterator[Pair]:
    """Pairs from one SQuAD paragraph; `others` holds sentences of other paragraphs of its article.
    With whole_paragraph, the evidence of the FLIPPED_EVIDENCE kinds is the whole paragraph with
    that sentence negated (squad_pairs gives every other pair the paragraph as it is)."""
    sents = sentences(paragraph["context"])
    if len(sents) < 2:
        return
    spans = {}
    for qa in paragraph["qas"]:
        if not qa["is_impossible"] and qa["answers"]:
            spans.setdefault(qa["answers"][0]["text"].strip(), qa["question"].strip())
    names = list(dict.fromkeys(m.group(1) for s in sents for m in _NAME.finditer(s)
                               if m.start() > 0 and m.group(1).split()[0] not in NOT_NAMES))
    for i, sentence in enumerate(sents):
        also = rng.choice([j for j in range(len(sents)) if j != i])
        yield window(sents, i, rng, also), sentence, 1, "stated"
        for kind, same in (("stated_part", shorten(sentence)), ("stated_reordered", front_to_back(sentence))):
            if same:
                yield window(sents, i, rng, also), same, 1, kind
        negated = negate(sentence)
        edits = [("negation", negated), ("number", change_number(sentence, rng)),
                 ("opposite", opposite(sentence, rng)), ("wider", widen(sentence, rng)),
                 ("traded", trade_names(sentence)), ("numbers_traded", trade_numbers(sentence)),
                 ("spans_traded", trade_spans(sentence, list(spans) + names) if TRADED_SPANS else None)]
        for kind, edited in edits:
            if edited and edited != sentence:
                yield window(sents, i, rng, also), edited, 0, kind
        if negated and " not " in negated and rng.random() < NEGATED_EVIDENCE:
            flipped = [*sents[:i], negated, *sents[i + 1:]]
            evidence = window(flipped, i, rng, also)
            if whole_paragraph:  # the paragraph as written, or its sentences if the split changed their text
                context = paragraph["context"]
                evidence = context.replace(sentence, negated, 1) if sentence in context else " ".join(flipped)
            yield evidence, negated, 1, "stated_negated"
            yield evidence, sentence, 0, "negation_removed"
        inside = [s for s in spans if s in sentence and len(s) > 1][:2]
        inside += [n for n in names if n in sentence and n not in inside][:1]
        swaps = []
        for span in inside:
            rivals = _rivals(span, sents, list(spans) + names, sentence)
            if rivals:
                rival, where = rng.choice(rivals)
                swaps.append((span, rival, where))
                yield window(sents, i, rng, where), sentence.replace(span, rival, 1), 0, "swap"
        reworded = paraphrase(sentence, rng) if PARAPHRASED and rng.random() < PARAPHRASED else None
        if reworded:
            yield window(sents, i, rng, also), reworded, 1, "stated_paraphrase"
            yield from _reworded_miss(reworded, sents, i, also, swaps, rng)
        if others and rng.random() < 0.5:
            yield window(sents, i, rng, also), rng.choice(others), 0, "other_paragraph"
        if ADDITIONS:
            for where, claim, label, kind in addition_pairs(sents, i, others, rng):
                yield window(sents, i, rng, also if where is None else where), claim, label, kind
    for answer, question in spans.items():
        hits = [i for i, s in enumerate(sents) if answer in s]
        if not hits:
            continue
        rivals = _rivals(answer, sents, spans, "")
        rival, where = rng.choice(rivals) if rivals else (None, rng.choice([j for j in range(len(sents))
                                                                             if j != hits[0]]))
        evidence = window(sents, hits[0], rng, where)
        yield evidence, f"{question} {answer}.", 1, "question_answer"
        if rival:
            yield evidence, f"{question} {rival}.", 0, "question_other_answer"
        said = declarative(question, answer) if DECLARATIVES else None
        if said:
            yield evidence, said, 1, "declarative"
            other = declarative(question, rival) if rival else None
            if other:
                yield evidence, other, 0, "declarative_other_answer"


def _reworded_miss(reworded: str, sents: list[str], i: int, also: int, swaps: list[tuple[str, str, int]],
                   rng: random.Random) -> Iterator[Pair]:
    """The reworded sentence with one slot changed (an entity swapped, a number changed, a
    negation, an opposite), not stated: other words are no more a sign of a stated claim than
    the same words are."""
    misses = [(reworded.replace(span, rival, 1), where) for span, rival, where in swaps if span in reworded]
    misses += [(edited, also) for edited in (negate(reworded), change_number(reworded, rng), opposite(reworded, rng))
               if edited and edited != reworded]
    if misses:
        edited, where = rng.choice(misses)
        yield window(sents, i, rng, where), edited, 0, "paraphrase_edited"


def squad_pairs(paragraphs: Iterable[dict], seed: int, whole_paragraph: bool = False) -> list[Pair]:
    """The pairs of every paragraph; with whole_paragraph, each pair's evidence is its whole
    paragraph (as a retrieved chunk) rather than the window around the sentence."""
    rng = random.Random(seed)
    paragraphs = list(paragraphs)
    by_title: dict[str, list[str]] = {}
    for p in paragraphs:
        by_title.setdefault(p["title"], []).extend(sentences(p["context"]))
    out: list[Pair] = []
    for p in paragraphs:
        own = set(sentences(p["context"]))
        others = [s for s in by_title[p["title"]] if s not in own]
        out.extend((p["context"] if whole_paragraph and k not in FLIPPED_EVIDENCE else e, c, y, k)
                   for e, c, y, k in paragraph_pairs(p, others, rng, whole_paragraph))
    return out
