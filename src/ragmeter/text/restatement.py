"""Does an answer only say the question back?

"To change the email address on your account, you need to change the email address that is
associated with your account." answers nothing: each of its words is the question's own or
an empty word (need, associated, reason, thing, way, process...), and it names no number or
name the question lacks. A careful reader gives such an answer no credit for relevance, however
closely it follows the question's words; models of relevance that read word overlap give it
the most.

Kept narrow on purpose, as a false call costs a real answer its score: an answer with any
word of its own (other than the empty ones), a new number or a new capitalised name is not a
restatement; nor is an answer to a yes/no question that repeats its words as a statement
(that states a verdict: "Warfarin is safe during pregnancy."), only one that holds them in an
embedded question ("Whether warfarin is safe during pregnancy is a common question.",
"Many ask if warfarin is safe during pregnancy.") or asks them back; nor is an answer to a
question that offers choices ("Which is larger, the Sun or the Earth?": naming one is the
answer). Pure functions, no models.
"""

from __future__ import annotations

import re

from .answer_type import is_bare, is_polar, last_sentence, type_miss, wanted_types
from .segments import NEGATIONS, content_set, coverage, numbers, split_sentences, stem
from .words import STOPWORDS, tokens

# Words that carry no answer of their own: general nouns (thing, way, reason, kind, process),
# verbs of having, doing, causing and being called (need, make, happen, provide, lead, known),
# vague qualifiers (certain, various, specific, common, usually) and generic places and parts
# (area, place, middle, side). Written from general English, not from any evaluation set.
_EMPTY = """
thing things something anything everything stuff way ways manner means reason reasons cause kind kinds type types
sort sorts form forms part parts aspect aspects factor factors element elements process processes procedure
method methods approach step steps setting settings option options level levels amount amounts degree extent
result results outcome case cases fact facts matter matters issue issues question questions answer answers
information detail details people person someone somebody anyone everyone individual individuals one ones
place places location area areas region site spot point points middle center centre side sides top bottom
time times moment role purpose function feature features term terms name names situation situations
circumstance circumstances condition conditions basis value values use usage effect effects impact
need needs needed require requires required have has had get gets got make makes made do does done
happen happens happened occur occurs occurred take takes took taken give gives gave given provide provides
provided lead leads led result resulted involve involves involved relate relates related associate associated
know known call called refer refers referred mean meant notice noticed see seen look looks appear appears
appeared seem seems become becomes became use used using allow allows allowed enable enables enabled apply
applies applied depend depends include includes included concern concerns regard regards describe describes
described consider considered go goes went gone come comes came put keep kept want wants say says
said tell tells told find finds found show shows shown experience experienced
certain various different specific particular relevant appropriate corresponding main general generally
usual usually typical typically common commonly normal normally standard overall actual actually real really
simply basically essentially indeed important possible possibly likely able sure several many much lot lots
often sometimes always well good right proper properly correct correctly exact exactly whole entire
because due therefore thus hence whether ask asks asked wonder wonders wondered
""".split()
EMPTY_WORDS = frozenset(_EMPTY)
# a negation or a quantifier the question lacks answers it ("None of the Kings has a moustache.",
# "All 23 titles were won by Americans."), as does a quoted word ("... is "typewriter".")
_VERDICT_WORDS = NEGATIONS | frozenset("all every each both none neither either half few".split())
_QUOTED = re.compile(r"[\"“”«»]|(?<!\w)'|'(?!\w)")

# the question held open inside the answer: "whether ...", "(ask, wonder, question) if ..."
_EMBEDDED_QUESTION = re.compile(
    r"\bwhether\b|\b(?:ask|asks|asked|asking|wonder|wonders|wondered|wondering|question|questions)\s+if\b", re.I)
_CHOICE = re.compile(r"\bor\b|\bwhich\s+(?:one\s+)?of\b|\beither\b|\bversus\b|\bvs\.?\b", re.I)
DERIVATIONAL_ENDINGS = frozenset("al als ment ments er ers or ors ance ence ion ions ness".split())
_NAME = re.compile(r"[^\W\d_][\w'’-]*")


def _new_capitalised(answer: str, question_words: frozenset[str]) -> bool:
    """A capitalised word other than a sentence's first whose stem the question lacks."""
    for sentence in split_sentences(answer):
        for word in _NAME.findall(sentence)[1:]:
            if word[:1].isupper() and stem(word.lower()) not in question_words:
                return True
    return False


def restates_question(question: str, answer: str) -> bool:
    """Does the answer say nothing beyond the question: every content word the question's own
    (by stem) or an empty word (EMPTY_WORDS), no number, capitalised name, negation, quantifier
    or quoted word the question lacks, and at least two content words taken from the question?
    Or does it take up most of the question and hold the place of its answer with a vague
    filler (fills_slot_vaguely), or give the question back as its own reason
    (gives_itself_as_reason)? False for a question offering a choice, for a yes/no question
    unless the answer holds its words in an embedded question or asks it back (asks_it_back),
    and for a bare answer ("Frozen fries.": answer_type.is_bare), which the relevance model
    reads."""
    added = _added_words(question, answer)
    if added is None:
        return False
    if not added and len(content_set(answer) & content_set(question)) >= 2:
        return True
    return fills_slot_vaguely(question, answer, added) or gives_itself_as_reason(question, answer)


# A vague filler holds the place of the answer: "within a set amount of time", "certain
# conditions", "its own particular risk" ("set" only after "a" or "the": "to set time limits" is
# a verb; not "relevant", "appropriate" or "required", which a real answer uses: "fill in the
# relevant form at a post office"), "the penalty that applies", "in the way that is
# recommended". Such an answer may add a few words of its own ("satisfy", "employee"), but no
# more than VAGUE_ADDED, and takes up at least VAGUE_COVERAGE of the question's content words.
# Measured with benchmarks/restatement_check.py (SelQA, TrecQA, SQuAD answer sentences and spans,
# EVOUNA answers: about 17,000 real answers, none flagged; with 6 words and 0.5, 5 were).
VAGUE_ADDED, VAGUE_COVERAGE = 4, 0.6
_VAGUE_DETERMINER = re.compile(
    r"\b(?:(?P<word>certain|particular|specific|various|applicable)|(?<=\ba\s)(?P<set>set)|(?<=\bthe\s)(?P<set2>set))"
    r"\s+(?P<noun>[^\W\d_][\w'’-]*)", re.I)
# "in certain cases", "under certain conditions", "at certain times": a hedge beside the answer
_HEDGE_BEFORE = re.compile(r"\b(?:under|in|at|for|on|with|except|during)\s*$", re.I)
# "the penalty that applies", "the dose that is recommended": a noun of the question or an empty
# one, defined only by a rule that is not given
_UNSTATED_RULE = re.compile(r"\bthe\s+([^\W\d_][\w'’-]*)\s+(?:that|which)\s+(?:is\s+|are\s+|was\s+|were\s+)?"
                            r"(applies|apply|recommended|required|specified|prescribed|stated|advised)\b", re.I)
# a question that asks of some, many or certain things may get "certain" back as its own word
_QUESTION_QUANTIFIERS = frozenset("some many several any certain".split())
# the vague words are then filled in: "certain antibiotics such as ciprofloxacin", "certain
# documents: a passport, ..."
_EXAMPLES = re.compile(r"\bsuch\s+as\b|\bincluding\b|\bnamely\b|\be\.g\.|\blike\s+\w|[:(]", re.I)


def fills_slot_vaguely(question: str, answer: str, added: set[str] | None = None) -> bool:
    """Does the answer take up the question (VAGUE_COVERAGE of its content words), add at most
    VAGUE_ADDED words of its own that are not empty, and put a vague filler where the answer
    should be: a vague word ("certain", "a set", "particular", "various") before an empty
    word or one of the question's ("a set amount of time", "certain things", "its own particular
    risk"), or a noun defined by an unstated rule ("the penalty that applies", "the way that is
    recommended")? Not for a hedge ("under certain conditions", "in certain cases"), nor where the
    question itself asks of some or certain things. added: _added_words(question, answer), if known."""
    added = _added_words(question, answer) if added is None else added
    if added is None or len(added) > VAGUE_ADDED:
        return False
    question_words, asked_words = content_set(question), set(tokens(question))
    if (asked_words & _QUESTION_QUANTIFIERS or _EXAMPLES.search(answer)
            or coverage(question_words, content_set(answer)) < VAGUE_COVERAGE):
        return False

    def taken_up(word: str) -> bool:
        word = word.lower()
        return is_empty_word(word) or (word not in STOPWORDS and _asked(stem(word), question_words))

    for match in _VAGUE_DETERMINER.finditer(answer):
        vague = (match.group("word") or match.group("set") or match.group("set2")).lower()
        hedge = _HEDGE_BEFORE.search(answer[:match.start()])
        if vague not in asked_words and not hedge and taken_up(match.group("noun")):
            return True
    return any(taken_up(match.group(1)) for match in _UNSTATED_RULE.finditer(answer))


# a question asking why, and the words that give a reason
_WHY = re.compile(r"^\W*why\b|\bwhat\s+(?:causes|caused|makes|made)\b|\bwhat\s+is\s+the\s+reason\b", re.I)
_BECAUSE = re.compile(r"\b(?:because(?:\s+of)?|due\s+to|as\s+a\s+result\s+of|owing\s+to|thanks\s+to)\b", re.I)
# the reason may add this many words that are neither the question's nor empty ("fall season")
REASON_ADDED = 2
# the general nouns a reason given back hides behind: "because of the way they act", "as a result
# of the circumstances that caused it"; a reason of the answer's own names something
# ("because ice is less dense than water", "because the empire became too large")
_VAGUE_REASONS = frozenset("""way ways reason reasons cause causes circumstance circumstances factor factors thing
things something kind sort type situation""".split())  # not "the fact that", "in the process of photosynthesis"


def gives_itself_as_reason(question: str, answer: str) -> bool:
    """Does the answer to a why-question say the question back (VAGUE_COVERAGE of its content
    words before "because") and give as the reason the question's own words again, with at most
    REASON_ADDED words of its own that are not empty and a general noun in place of a cause
    ("because of the way they act to reduce that risk", "as a result of the circumstances that
    caused it to fail that year"; not "the fact that", "the process of photosynthesis"), or no
    word of its own at all? A reason in words of its own
    ("because chlorophyll breaks down", "because ice is less dense than water") is an answer.
    Measured with benchmarks/restatement_check.py: of its 70 or so real answers to a why question
    that give a reason with "because", none is flagged."""
    match = _BECAUSE.search(answer)
    if not match or not _WHY.search(last_sentence(question) or ""):
        return False
    question_words = content_set(question)
    if coverage(question_words, content_set(answer[:match.start()])) < VAGUE_COVERAGE:
        return False
    reason = answer[match.end():]
    added = _added_words(question, reason)
    if added is None or len(added) > REASON_ADDED:
        return False
    said_again = any(w not in STOPWORDS and _asked(stem(w), question_words) for w in tokens(reason))
    return said_again and (not added or bool(_VAGUE_REASONS & set(tokens(reason))))


def _added_words(question: str, answer: str) -> set[str] | None:
    """The stems of the answer's words that are neither the question's nor empty; None where the
    answer cannot be a restatement: a question offering a choice, a yes/no question the answer
    does not ask back, a bare or quoted answer, or an answer with a number, a capitalised name,
    a negation or a quantifier that the question lacks."""
    asked = last_sentence(question)
    if not asked or _CHOICE.search(asked) or is_bare(answer) or _QUOTED.search(answer):
        return None
    if is_polar(question) and not asks_it_back(answer):
        return None
    question_words = content_set(question)
    if numbers(answer) - numbers(question) or _new_capitalised(answer, question_words):
        return None
    asked_words = set(tokens(question))
    added = set()
    for word in tokens(answer):
        if word in _VERDICT_WORDS and word not in asked_words:
            return None
        if word not in STOPWORDS and not is_empty_word(word) and not _asked(stem(word), question_words):
            added.add(stem(word))
    return added


def asks_it_back(answer: str) -> bool:
    """Does the answer hold a question open rather than state anything: an embedded question
    ("Whether warfarin is safe ...", "People often ask if ...") or a question of its own?"""
    return bool(_EMBEDDED_QUESTION.search(answer)) or answer.rstrip().endswith("?")


def _asked(word: str, question_words: frozenset[str]) -> bool:
    """The question has this stem, or one of its stems with a derivational ending added or taken
    off ("renewal" for "renew", "approval" for "approve"; not "atomic" for "atom", nor
    "cellulose" for "cell")."""
    if word in question_words:
        return True
    return any(min(len(word), len(q)) >= 4 and (_derived(word, q) or _derived(q, word)) for q in question_words)


def _derived(longer: str, base: str) -> bool:
    return longer.startswith(base) and longer[len(base):] in DERIVATIONAL_ENDINGS


def is_empty_word(word: str) -> bool:
    """One of EMPTY_WORDS, or its -ing form ("taking", "making", "getting")."""
    if word in EMPTY_WORDS:
        return True
    base = word[:-3] if word.endswith("ing") else ""
    return len(base) > 1 and (base in EMPTY_WORDS or base + "e" in EMPTY_WORDS or base[:-1] in EMPTY_WORDS)


def withholds_answer(question: str, answer: str) -> bool:
    """Does the answer take up every content word of a question that asks for a number, a time,
    a name or a place (answer_type.wanted_types), and give none of them: "The annual fee for the
    card is the fee the bank charges every year." for "What is the annual fee for the card?"?
    A restatement in words of its own, which restates_question cannot tell from an answer. Not
    for a bare answer."""
    if not wanted_types(question) or is_bare(answer):
        return False
    return type_miss(question, answer) >= 1.0 and coverage(content_set(question), content_set(answer)) >= 1.0
