"""A claim that copies a premise clause with one slot filled differently.

The commonest unfaithful answer is not a new story but a near copy: "up to a maximum of 3 g in
24 hours" where the passage says 4 g (3 g being the limit for someone else), "The capital of
Australia is Sydney" where it says Canberra (Sydney being named a sentence later), "convert
oxygen and water into glucose" where it says carbon dioxide and water, "it is suitable for
diving" where it says "not suitable". Word overlap calls each of these supported, and the small
verifier, which reads mostly overlap, agrees.

Each clause of the claim is aligned word by word (difflib) to the premise clause or sentence it
copies most of, a copula turned round ("Canberra is the capital" read as "the capital is
Canberra"). The claim is flagged where, between words that agree, it:

- states a different number in the same place (3 for 4, "five days" for "two days");
- puts in a name or word that the passage uses elsewhere, where the premise says something else
  (a wrong entity taken from the same passage, or from the other statement of a sentence that
  joins two: "PostgreSQL stores session data" where it says "Redis stores session data ..., and
  PostgreSQL holds all persistent records"), or exchanges two of the premise's words (a swap of
  cause and effect, input and output);
- puts a name the passage never uses in place of one of the premise clause's names ("its
  principal city was Hamburg" where it says Lübeck), but not another name of the same one (a
  title, a nickname before the same surname, a synonym) nor, after "in", "at", "from" ..., a
  place that may be larger ("born in Canada" for "born in Montreal"; text.places; version 47);
- copies the start of one such statement and the end of the next ("Dr Salt handled the
  analysis" where it says "Dr Salt led the study, while Dr Onuora handled the analysis");
- puts in a day or month the passage does not name, or says a name of the premise clause once
  more and another once less ("West German ... between East and West Berlin");
- drops or adds a "not" / "no" / "never", or an "except" / "unless" ("dangerous at slack water"
  where the passage says "dangerous except at slack water", version 46);
- fills a slot with what cannot be true beside the premise's filler: another unit after the
  same number or in the same rate ("per hour" for "per minute", version 47), another ordinal, a
  bound turned round, "off" for "on" (slot_values.py).

A rewording with words the passage does not use elsewhere is not flagged, nor a pronoun where
the premise has a name ("granted him" for "granted Octavian"), nor a clause that copies too
little of any premise clause to be read as a copy, nor a name the passage says is the
premise's ("Austria's capital" where "Vienna is the capital of Austria"), nor a question. A claim
of two content words is read for a name from elsewhere only ("Sydney is the capital."; version 49).
"""

from __future__ import annotations

import math
import re
from collections import Counter
from collections.abc import Iterable, Sequence
from difflib import SequenceMatcher
from functools import lru_cache

from ....text.segments import STOPWORDS, split_clauses, stem
from ....text.words import TOKEN
from .copies import Copies
from .identities import identities, linked
from .outside_names import foreign_name
from .quantities import rounds_to, split_numbers_of
from .slot_values import incompatible, is_number, rate_unit
from .word_forms import initials, without_moved_tail, word_form, word_tuple, words

MIN_MATCHED = 3  # words a claim clause must share, in order, with a premise clause to be a copy of it
MIN_SHARE = 0.6  # and the share of the claim clause's words those are
MAX_SLOT = 4  # a changed slot is at most this many words on the claim's side (5 on the premise's)
MAX_OTHER_CHANGES = 3  # claim words outside the slot that the premise does not have in that place
RELATIVES = frozenset({"which", "who", "whom", "whose", "where", "that"})
NEGATORS = frozenset({"not", "no", "never"})
EXCEPTIONS = frozenset(stem(w) for w in ("except", "unless"))  # put in or left out alone, they turn what follows round
PRONOUNS = frozenset(["he", "him", "his", "she", "her", "hers", "it", "its", "they", "them", "their", "theirs", "this", "that", "these", "those", "who", "which", "one", "ones", "we", "us", "our", "you", "your"])
COPULA = re.compile(r"^(?P<a>.+?)\s+(?P<v>is|was|are|were|remains|became|becomes)\s+(?P<b>.+?)[.!]?$", re.IGNORECASE)
# days and months are names wherever they stand ("Mondays and Thursdays are ..."); not "may"
CALENDAR = frozenset("monday tuesday wednesday thursday friday saturday sunday january february march april "
                     "june july august september october november december".split())


def names(text: str, lower: set[str], capital: set[str]) -> set[str]:
    """The words (as words() has them) written with a capital: a clause's first word only when
    the premises write it with a capital (capital) and never in lower case (lower), or when it
    is a day or a month (CALENDAR)."""
    found = TOKEN.findall(text)
    return {word_form(t) for k, t in enumerate(found)
            if t[:1].isupper() and (k or (t in capital and t.lower() not in lower) or _calendar(t))}


def _calendar(token: str) -> bool:
    word = token.lower()
    return word in CALENDAR or (word.endswith("s") and word[:-1] in CALENDAR)


def _same_word(a: str, b: str) -> bool:
    """One word, inflected otherwise ("approval", "approved") as far as a five-letter stem shows."""
    return a == b or (len(a) >= 5 and len(b) >= 5 and a[:5] == b[:5])


_STOP = STOPWORDS | {word_form(w) for w in STOPWORDS}
_PRONOUNS = PRONOUNS | {word_form(w) for w in PRONOUNS}


def _content(span: Sequence[str]) -> set[str]:
    return {w for w in span if w not in _STOP and w not in NEGATORS and not is_number(w) and len(w) > 1}


# where a sentence joins two statements, each about its own subject ("Dr Salt led the study,
# while Dr Onuora handled the analysis"; "Redis stores sessions, and PostgreSQL holds records")
_PART_BREAK = re.compile(r";\s+|,?\s+(?:while|whilst|whereas|but)\s+|,\s+(?:and|or)\s+(?=[A-Z])")


def statements(sentence: str) -> list[str]:
    """The statements a sentence joins at ";", "while", "whereas", "but" or ", and <Name>" (the
    whole sentence where it joins none)."""
    return [part for part in _PART_BREAK.split(sentence) if part.strip()]


@lru_cache(maxsize=8192)
def _sentence_candidates(sentence: str) -> tuple[tuple[tuple[str, ...], frozenset[str], frozenset[str]], ...]:
    """Word lists of the sentence and of its clauses, and of each turned round at its copula;
    each with the words of the sentence and those of the statement it is part of (_PART_BREAK)."""
    whole = frozenset(word_tuple(sentence))
    parts = statements(sentence)
    out: dict[tuple[str, ...], tuple[frozenset[str], frozenset[str]]] = {}
    for text in dict.fromkeys([sentence, *split_clauses(sentence)]):
        part = next((frozenset(word_tuple(p)) for p in parts if text.strip() in p or p.strip() in text), whole)
        out.setdefault(word_tuple(text), (whole, part))
        m = COPULA.match(text.strip())
        if m and len(m.group("b").split()) <= 8:
            out.setdefault(word_tuple(f"{m.group('b')} {m.group('v')} {m.group('a')}"), (whole, part))
    return tuple((c, w, p) for c, (w, p) in out.items() if c)


@lru_cache(maxsize=8192)
def sentence_parts(sentence: str) -> tuple[tuple[str, ...], ...]:
    """The words of each statement of a sentence that joins two or more (_PART_BREAK), else ()."""
    parts = [word_tuple(p) for p in statements(sentence)]
    return tuple(p for p in parts if p) if len(parts) > 1 else ()


def _candidates(sentences: Iterable[str]) -> list[tuple[list[str], frozenset[str], frozenset[str]]]:
    """Each premise sentence's candidates (_sentence_candidates), once each."""
    out: dict[tuple[str, ...], tuple[frozenset[str], frozenset[str]]] = {}
    for sentence in sentences:
        for c, whole, part in _sentence_candidates(sentence):
            out.setdefault(c, (whole, part))
    return [(list(c), whole, part) for c, (whole, part) in out.items()]


def _same_number(x: str, y: str) -> bool:
    return x == y or rounds_to(x, y) or rounds_to(y, x) or (len(x) == 2 and len(y) == 4 and y.endswith(x))


def _numbers_differ(said: Sequence[str], given: Sequence[str], claim: Sequence[str], premise: frozenset[str],
                    split: set[str] | frozenset[str] = frozenset()) -> bool:
    """Numbers in the same place that differ: the claim's nowhere in the premise sentence (premise:
    its words), the premise's nowhere in the claim clause ("2018–19" and "2019" agree, as do 4.0
    and 4); split: numbers the premises write in pieces (split_numbers)."""
    if split and any(w in split for w in said):
        return False
    stated = [w.replace(",", "") for w in said if is_number(w)]
    given_numbers = [w.replace(",", "") for w in given if is_number(w)]
    if not stated or not given_numbers:
        return False
    in_claim = [w.replace(",", "") for w in claim if is_number(w)]
    # a premise number the claim says as well, outside this slot, has its place ("6 to 11" is not
    # 10 rounded; "1968 and 1968" leaves 1969 for the second)
    elsewhere = Counter(in_claim) - Counter(stated)
    in_premise = [n for w in premise if is_number(w) and not elsewhere[n := w.replace(",", "")]]
    return (not any(_same_number(x, y) for x in stated for y in in_premise)
            and not any(_same_number(y, x) for y in given_numbers for x in in_claim))


class _Premises:
    """The premises' clauses and sentences as word lists, and what the check asks of them."""

    def __init__(self, sentences: Sequence[str]):
        self.candidates = _candidates(sentences)
        self.copies = Copies(c for c, _, _ in self.candidates)
        self.vocabulary = {w for c, _, _ in self.candidates for w in c}
        raw = [t for s in sentences for t in TOKEN.findall(s)]
        self.lower = {t for t in raw if t.islower()}
        self.capital = {t for t in raw if t[:1].isupper()}
        self.named = {word_form(t) for t in self.capital if t.lower() not in self.lower} - _STOP
        self.split_numbers = split_numbers_of(tuple(sentences))
        self.parts = {word_tuple(s): parts for s in sentences if (parts := sentence_parts(s))}
        # a question and the sentence after it, read as one statement where the claim copies no
        # sentence of the passage: answer correctness reads "What is the API's rate limit? 600
        # requests per minute." against "The API's rate limit is 600 requests per hour." (version 47)
        self.answered = _candidates(f"{q.rstrip()[:-1]} {a}" for q, a in zip(sentences, sentences[1:])
                                    if q.rstrip().endswith("?"))
        self.answered_copies = Copies(c for c, _, _ in self.answered)
        # what the passage says one thing is ("The Hall of Mirrors is the central gallery of the
        # Palace of Versailles"): the two sides of each copula, as content words
        self.identities = identities(sentences, _content)

    def closest(self, said: list[str]) -> tuple[int, list[tuple[list[str], frozenset[str], frozenset[str]]]]:
        """How many words, in order, the clause shares with the premise clauses that share the
        most, if at least enough to be a copy (else 0); and those clauses (the shortest of them),
        each with the words of its sentence and of its statement."""
        floor = max(MIN_MATCHED, math.ceil(MIN_SHARE * len(said)))
        matched, best = self.copies.closest(said, floor)
        if best or not self.answered:
            return matched, [self.candidates[k] for k in best]
        matched, best = self.answered_copies.closest(said, floor)
        return matched, [self.answered[k] for k in best]

    def stated_elsewhere(self, word: str, rest: set[str], aligned: list[str]) -> bool:
        """Whether another premise clause has the word with at least half of the claim clause's
        other content words: the claim may take it from there."""
        inside = set(aligned)  # the aligned clause's own sentence is not another clause
        return any(word in c and not inside <= set(c) and len(rest & set(c)) >= 0.5 * len(rest)
                   for c, _, _ in self.candidates)


def _slot_changed(claim: list[str], premise: list[str], sentence: frozenset[str], part: frozenset[str],
                  premises: _Premises, named: set[str], rest_of_claim: set[str]) -> bool:
    """Whether the alignment of one claim clause to one premise clause shows a changed slot;
    sentence: the words of the premise clause's sentence, part: of its statement; named: the claim clause's names
    (names()); rest_of_claim: the words of the claim's other clauses."""
    ops = SequenceMatcher(None, claim, premise, autojunk=False).get_opcodes()
    changed = sum(i2 - i1 for tag, i1, i2, _, _ in ops if tag in ("replace", "delete"))
    # a claim of two content words ("Sydney is the capital.") is read for a name put in only
    short = len(_content(claim)) + sum(map(is_number, claim)) < 3
    for k, (tag, i1, i2, j1, j2) in enumerate(ops):
        inside = 0 < k < len(ops) - 1  # agreeing words on both sides
        if (tag == "replace" and k and k == len(ops) - 1 and j2 - j1 > i2 - i1
                and _content(claim[i1:i2]) and _content(claim[i1:i2]) <= named):
            # a clause that ends with a name copies no more of the premise than the name's place:
            # "written by Judge Harlow" for "written by Judge Alvarez, argued the trip was ..."
            j2 = j1 + i2 - i1
        if tag in ("insert", "delete") and inside:
            span = premise[j1:j2] if tag == "insert" else claim[i1:i2]
            # a "not" put in or left out; not where the claim says it of another name ("Sydney is
            # not the capital" where "Canberra is the capital")
            if set(span) <= NEGATORS and not _another_name(ops, claim, premise, named):
                return True
            # "dangerous at slack water" for "dangerous except at slack water"; not an "except" moved
            # ("closed during all phases except start-up" for "closed except during start-up")
            other = claim if tag == "insert" else premise
            if set(span) <= EXCEPTIONS and not EXCEPTIONS & set(other):
                return True
            # a number put in, between words that agree, that the passage nowhere says ("in the
            # first two years" for "in the first year"; not an age the article gives elsewhere)
            if (tag == "delete" and len(span) == 1 and is_number(span[0]) and span[0] not in premises.split_numbers
                    and not any(_same_number(span[0], w) for w in premises.vocabulary if is_number(w))):
                return True
        # a slot: a few words, in a clause that otherwise says what the premise says, word for word
        if (tag != "replace" or i2 - i1 > MAX_SLOT or j2 - j1 > MAX_SLOT + 1
                or changed - (i2 - i1) > MAX_OTHER_CHANGES):
            continue
        said, given = claim[i1:i2], premise[j1:j2]
        if linked(premises.identities, _content(said) - set(given), _content(given) - set(said)):
            continue  # another name for the same thing, as the passage says
        if short:
            if _name_from_elsewhere(said, given, claim, premise, j1, part, premises, named):
                return True
            continue
        # a number of the sentence's other statement is no number of this one ("Children aged 6 to 11
        # take 10 ml" where "... take 5 ml, while children over 12 take 10 ml")
        scope = part if set(premise) <= part else sentence
        if _numbers_differ(said, given, claim, scope, premises.split_numbers):
            return True
        before = claim[max(ops[k - 1][1], i1 - 2):i1] if k and ops[k - 1][0] == "equal" else []
        after = claim[i2:min(ops[k + 1][2], i2 + 2)] if k < len(ops) - 1 and ops[k + 1][0] == "equal" else []
        # the claim's other changes put none of the premise clause's words in other places (a
        # converse: "version 1 ... before version 2" for "version 2 ... after version 1")
        moved = any(w in premise and w not in _STOP for n, (t, a1, a2, _, _) in enumerate(ops)
                    if t != "equal" and n != k for w in claim[a1:a2])
        # another unit, ordinal, bound or value; "off" for "on"; a unit in a rate not one another
        # premise clause says with the claim's other words ("Paid users can make 100 requests per
        # minute" where "Free users can make 100 requests per hour. Paid users get 100 per minute.")
        numbers_kept = not any(is_number(w) for t, a1, a2, _, _ in ops if t != "equal" for w in claim[a1:a2])
        if incompatible(said, given, before, after, moved, numbers_kept) and not (
                rate_unit(said, given, before)
                and premises.stated_elsewhere(said[0], _content(claim) - _content(said), premise)):
            return True
        if inside and _names_trade_places(said, given, claim, premise, premises, named):
            return True
        if changed == len(said) and _sibling(said, given, premise, j1, j2, sentence, premises):
            return True
        if _PRONOUNS & set(given) or _PRONOUNS & set(said) or not _content(given) - set(claim) or initials(said, given):
            continue
        if _the_one_named(given, premise, j1, premises):
            continue
        # a name the passage uses elsewhere but not in this statement ...
        if _name_from_elsewhere(said, given, claim, premise, j1, part, premises, named):
            return True
        if _another_day(said, given, premises, named):
            return True
        if k and foreign_name(said, given, claim, claim[max(0, i1 - 4):i1], after, _content(said), _content(given),
                              premises.vocabulary, premises.named, named):
            return True
        # ... or two words of one premise sentence exchanged, the claim saying the one here and
        # the other in another clause (input and output swapped)
        if (inside and len(said) <= 2 and len(given) <= 3 and _content(given) & rest_of_claim
                and any(w in sentence and w not in premise for w in _content(said))):
            return True
    return False


def _the_one_named(given: list[str], premise: list[str], j1: int, premises: _Premises) -> bool:
    """Is the premise's filler what it calls "the country" or "the river" (a name there says which one)?"""
    return ("the" in given or (j1 > 0 and premise[j1 - 1] == "the")) and not _content(given) & premises.named


def _name_from_elsewhere(said: list[str], given: list[str], claim: list[str], premise: list[str], j1: int,
                         part: frozenset[str], premises: _Premises, named: set[str]) -> bool:
    """A name the passage uses elsewhere but not in this statement, put in the slot, and not
    stated with the clause's other words in another statement either ("Sydney is the capital"
    where "Canberra is the capital ..., Sydney its largest city")."""
    if (_PRONOUNS & set(given) or _PRONOUNS & set(said) or not _content(given) - set(claim) or initials(said, given)
            or _the_one_named(given, premise, j1, premises)):
        return False
    if NEGATORS & set(claim) and not NEGATORS & set(premise):  # "Sydney is not the capital": said of another
        return False
    rest = _content(claim) - _content(said)
    return any(w in named and w in premises.vocabulary and not any(_same_word(w, p) for p in part)
               and not premises.stated_elsewhere(w, rest, premise) for w in _content(said))


def _another_name(ops: list, claim: list[str], premise: list[str], named: set[str]) -> bool:
    """Does the alignment put another name of the claim in a place where the premise has a name?"""
    return any(tag == "replace" and _content(claim[i1:i2]) & named and _content(premise[j1:j2]) - set(claim)
               for tag, i1, i2, j1, j2 in ops)


def _names_trade_places(said: list[str], given: list[str], claim: list[str], premise: list[str],
                        premises: _Premises, named: set[str]) -> bool:
    """Two names of the premise clause trading places in one slot: the claim says one of them
    more often than the premise does and the other less often, but still says it ("West German
    authorities sealed the border between East and West Berlin")."""
    ours, theirs = Counter(claim), Counter(premise)
    put, taken = _content(said), _content(given) & premises.named
    return (len(said) <= 2 and len(given) <= 2 and bool(put) and put <= named
            and any(ours[w] > theirs[w] and w in premises.vocabulary for w in put)
            and any(0 < ours[g] < theirs[g] for g in taken))


def _sibling(said: list[str], given: list[str], premise: list[str], j1: int, j2: int, sentence: frozenset[str],
             premises: _Premises) -> bool:
    """One word of the premise put in the place of its sibling: a word the passage says
    elsewhere before the same word as the premise's ("the Supreme Court will hear it" where the
    premise says "the Circuit Court" and the passage names the Supreme Court too; "the side dial"
    for "the top dial"). Only before a shared word: a verb after the same subject ("light passes"
    for "light travels") is often the same statement in other words."""
    if len(said) != 1 or len(given) != 1 or not _content(said) or not _content(given):
        return False
    put = said[0]
    if (not j1 or put in sentence or put not in premises.vocabulary
            or SequenceMatcher(None, put, given[0]).ratio() >= 0.75):  # a spelling: "aspargusic"
        return False
    right = premise[j2] if j2 < len(premise) else ""
    return right not in _STOP and any(c[i] == put and i + 1 < len(c) and c[i + 1] == right
                                      for c, _, _ in premises.candidates for i in range(len(c)))


def _another_day(said: list[str], given: list[str], premises: _Premises, named: set[str]) -> bool:
    """A day or month the passage never names, in place of one it names ("Mondays and Thursdays"
    where it says Tuesdays); not any name the passage lacks: "in Europe" for "in Lisburn" is true."""
    put, taken = _content(said), _content(given)
    return (bool(put) and put <= named and all(w in CALENDAR for w in put | taken)
            and not put & premises.vocabulary and taken <= premises.named)


premises_of = lru_cache(maxsize=256)(_Premises)  # a context is read for each of its claims


def slot_substitution(claim: str, sentences: Sequence[str]) -> float:
    """1.0 when a clause of the claim copies a premise clause with one slot changed (see the
    module's docstring), else 0.0. sentences: the premises' sentences."""
    return _slot_substitution(claim, tuple(sentences))


@lru_cache(maxsize=32768)  # a claim is read against the same premises by several metrics and runs
def _slot_substitution(claim: str, sentences: tuple[str, ...]) -> float:
    premises = premises_of(sentences)
    if not premises.candidates:
        return 0.0
    texts = split_clauses(claim)
    clauses = [words(text) for text in texts]
    parts = len(texts)
    if parts > 1:  # and the whole claim, where its clauses are too short to be read as copies
        texts, clauses = [*texts, claim], [*clauses, words(claim)]
    # and a clause without a closing phrase that the sentence it copies has elsewhere ("... seated in
    # Harlow under the arbitration clause" where "The arbitration clause ... requires disputes ... to
    # be resolved by ..."; not "... $180 per night in the high season", a condition of another sentence)
    moved = [cut for text in texts if (cut := without_moved_tail(text))]
    tails: list[frozenset[str]] = [frozenset()] * len(texts) + [tail for _, tail in moved]
    texts, clauses = [*texts, *(head for head, _ in moved)], [*clauses, *(words(head) for head, _ in moved)]
    for k, (text, said) in enumerate(zip(texts, clauses)):
        if len(_content(said)) < 2 or said[0] in RELATIVES or text.rstrip().endswith("?"):
            continue  # "which accounts for 30%": of what?; a question states nothing
        matched, closest = premises.closest(said)
        if (matched < MIN_MATCHED or matched < MIN_SHARE * len(said)
                or not all(tails[k] <= sentence for _, sentence, _ in closest)):
            continue
        rest_of_claim = {w for j, other in enumerate(clauses[:parts]) if j != k for w in other} if k < parts else set()
        named = names(text, premises.lower, premises.capital)
        if all(_slot_changed(said, premise, sentence, part, premises, named, rest_of_claim)
               for premise, sentence, part in closest):
            return 1.0
        if any(_spliced(said, premise, sentence, premises, named, rest_of_claim) for premise, sentence, _ in closest):
            return 1.0
    return 0.0


def _spliced(said: list[str], premise: list[str], sentence: frozenset[str], premises: _Premises, named: set[str],
             rest_of_claim: set[str]) -> bool:
    """A clause that copies the start of one statement of a premise sentence and the end of
    the next, skipping what lies between: "Dr Salt handled the analysis" where the sentence says
    "Dr Salt led the study, while Dr Onuora handled the analysis". Read against the statement whose
    end it copies, it shows a changed slot."""
    ops = SequenceMatcher(None, said, premise, autojunk=False).get_opcodes()
    if not any(tag == "insert" and 0 < k < len(ops) - 1 for k, (tag, *_) in enumerate(ops)):
        return False
    for part in premises.parts.get(tuple(premise), ()):
        shared = sum(b.size for b in SequenceMatcher(None, said, part, autojunk=False).get_matching_blocks())
        if (shared >= MIN_MATCHED and shared >= MIN_SHARE * len(said) and part[-1] == premise[-1]
                and _slot_changed(said, list(part), sentence, frozenset(part), premises, named, rest_of_claim)):
            return True
    return False
