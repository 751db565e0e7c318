"""What kind of thing a question asks for, and whether an answer contains one.

The classic expected-answer-type check of question answering systems, kept to types that
can be seen in text without a model: a quantity ("how many", "what percentage"), a time
("when", "in what year"), a person or organisation ("who", "which company") and a place
("where", "in which city"). A question asking "when and where" wants both. An answer that
restates the question without the date, number or name asked for ("it was caused by a
number of factors", "the event will be held at a venue") misses its type.

Two kinds of answer say what they answer without the question's words: a verdict on a yes/no
question ("No, it is contraindicated." for "Is warfarin safe in pregnancy?") and a definition of
what a "what is X" question asks about ("The boundary around a black hole ..."); read_answer,
takes_up and verdict_at let the answer-relevance features read them so.

Pure functions, no models.
"""

from __future__ import annotations

import re

from .segments import STOPWORDS, answer_body, content_set, coverage, numbers, split_sentences, tokens

_MONTHS = ("january february march april may june july august september october november december "
           "jan feb mar apr jun jul aug sep sept oct nov dec").split()
_TIME_WORDS = frozenset(_MONTHS) | {"century", "centuries", "decade", "decades", "today", "yesterday", "tomorrow",
                                    "ago", "bc", "ad", "bce", "ce", "morning", "evening", "night", "week", "weekend",
                                    "spring", "summer", "autumn", "fall", "winter", "monday", "tuesday", "wednesday",
                                    "thursday", "friday", "saturday", "sunday", "annually", "daily"}
# "what is the <measure> ..." asks for a number: "What is the minimum initial investment?",
# "What is Kestrel Energy's dividend yield?", "What are the melting and boiling points of ethanol?";
# the measure ends its phrase ("the speed skater" is no speed), but for "minimum" and "maximum"
_MEASURES = (r"cost|costs|price|prices|fee|fees|rate|yield|limit|dose|dosage|salary|wage|population|"
             r"height|length|width|depth|weight|temperature|speed|distance|half-life|capacity|budget|deductible|"
             r"duration|altitude|elevation|volume|ratio|(?:boiling|melting|freezing)(?:\s+and\s+\w+)?\s+points?")
_NOT_A_VERB = (r"(?!(?:do|does|did|is|are|was|were|can|could|will|would|should|shall|may|might|must|has|have|had)"
               r"\s)")
_WANTS = (
    ("quantity", re.compile(r"\bhow (?:many|much|long|old|far|big|large|tall|high|often|fast|deep|heavy|wide)\b"
                            r"|\bwhat (?:percentage|percent|proportion|number|amount|size|age|share)\b"
                            r"|\bwhat(?:'s|\s+is|\s+are|\s+was|\s+were)\s+(?:the\s+|an?\s+|its\s+|their\s+)?"
                            rf"(?:[\w'’-]+\s+){{0,3}}?(?:minimum|maximum|(?:{_MEASURES})(?=\s*[?.,;:]|\s*$|\s+(?:of|for|in|"
                            r"on|at|to|per|when|if|with|after|before|during)\b))", re.I)),
    ("time", re.compile(r"\bwhen\b|\b(?:what|which|in which|in what) (?:year|date|day|month|century|decade|time|"
                        r"period|era|season)\b", re.I)),
    # one word may stand between ("which two countries", "which pharmaceutical company"), not a
    # verb ("What do people eat?" asks for no name)
    ("name", re.compile(rf"\bwho(?:m|se)?\b|\b(?:what|which) (?:{_NOT_A_VERB}[\w-]+ )?(?:person|people|company|"
                        r"companies|organi[sz]ations?|teams?|groups?|bands?|authors?|artists?|players?|party|"
                        r"parties)\b", re.I)),
    ("place", re.compile(rf"\bwhere\b|\b(?:what|which|in which|in what) (?:{_NOT_A_VERB}[\w-]+ )?(?:places?|"
                         r"locations?|country|countries|city|cities|towns?|states?|regions?|venues?|provinces?|"
                         r"continents?)\b", re.I)),
)
ANSWER_TYPES = tuple(kind for kind, _ in _WANTS)
_LOCATIVE = re.compile(r"\b(?:at|in|on|near|inside|within|along|across|throughout|beneath|below|under|above|"
                       r"between|around|outside|into|from)\s+(?:the\s+|a\s+|an\s+|its\s+|their\s+)?"
                       r"(?:[\w-]+\s+)?([^\W\d_][\w-]{2,})", re.I)
_GENERIC_PLACES = frozenset("place places location locations area areas site sites region regions venue venues "
                            "spot somewhere point part parts side way time".split())
# capitalised only because they open a sentence: not names
_SENTENCE_OPENERS = frozenset("yes no however although because since while according in on at for".split())


def wanted_types(question: str) -> list[str]:
    """The answer types the question asks for, in a fixed order; [] when it asks for none of them."""
    return [kind for kind, pattern in _WANTS if pattern.search(question)]


def _new_numbers(answer: str, question: str) -> bool:
    return bool(numbers(answer) - numbers(question))


def _new_names(answer: str, question: str) -> bool:
    """A capitalised word the question does not already contain (sentence starts count unless a
    stopword: "Seven people..." is not a name, "Gigi Lee Chang is..." is), other than a month or
    a day."""
    asked = set(tokens(question))
    for sentence in split_sentences(answer):
        for i, word in enumerate(re.findall(r"[^\W\d_][\w'’-]*", sentence)):
            lowered = word.lower()
            if (word[:1].isupper() and lowered not in STOPWORDS and lowered not in asked
                    and lowered not in _TIME_WORDS):  # "March", "Monday": no one's name, no place
                if i > 0 or lowered not in _SENTENCE_OPENERS:
                    return True
    return False


def _new_words(answer: str, question: str) -> bool:
    asked = set(tokens(question))
    return any(t not in STOPWORDS and t not in asked and not t.isdigit() for t in tokens(answer))


def _new_location(answer: str, question: str) -> bool:
    """A place phrase ("at mid-ocean ridges", "inside the nucleus") whose noun the question
    does not have and that is not a generic place word ("at a venue")."""
    asked = set(tokens(question))
    found = (m.group(1).lower() for m in _LOCATIVE.finditer(answer))
    return any(w not in asked and w not in _GENERIC_PLACES and w not in _TIME_WORDS  # "on 15 June"
               and w not in STOPWORDS for w in found)  # "in 1648 and ended ...": no place


def has_type(kind: str, answer: str, question: str) -> bool:
    """Does the answer contain something new of this type (not merely echoed from the question)?

    In an answer written without capitals, names cannot be told from other words: any new
    content word counts for a name or a place there."""
    if kind == "quantity":
        return _new_numbers(answer, question)
    if kind == "time":  # a time word the question has is no answer ("When does the spring term start?")
        asked = set(tokens(question))
        return _new_numbers(answer, question) or any(t in _TIME_WORDS and t not in asked for t in tokens(answer))
    if answer == answer.lower():
        return _new_words(answer, question)
    if kind == "place" and _new_location(answer, question):
        return True
    return _new_names(answer, question)


def type_miss(question: str, answer: str) -> float:
    """Share of the question's wanted answer types that the answer lacks (0 when none is wanted)."""
    kinds = wanted_types(question)
    if not kinds:
        return 0.0
    return sum(not has_type(kind, answer, question) for kind in kinds) / len(kinds)


BARE_WORDS = 4  # an answer of at most this many words, without a verb: "1889", "Guo Shoujing"
# a short answer with one of these is a sentence ("Hamlet is a tragedy"), not a bare answer
_AUXILIARIES = frozenset("is are was were be been being am has have had does do did will would can could may "
                         "might must shall should it's that's he's she's there's what's".split())


# a short answer opening with one of these and saying more is a sentence ("I like cheese
# sandwiches", "We sell shoes"), not the completion of the question
# (followed by a lower-case word: "I. M. Pei" and "He Jiankui" are names)
_SUBJECT_PRONOUN = re.compile(r"^\W*(?:I|[Ww]e|[Yy]ou|[Hh]e|[Ss]he|[Tt]hey)\s+[a-z]")


def is_bare(answer: str) -> bool:
    """A bare answer ("1889", "Guo Shoujing"): a few words without a verb of being or an
    auxiliary or a pronoun for its subject, that only make sense as the completion of the question."""
    words = tokens(answer)
    return (0 < len(words) <= BARE_WORDS and not any(w in _AUXILIARIES for w in words)
            and not _SUBJECT_PRONOUN.match(answer))


# a question opening with one of these asks whether (yes or no), after an optional "so," / "and"
_POLAR_OPENERS = frozenset("is are was were am do does did can could will would should shall may might must has "
                           "have had isn't aren't wasn't weren't don't doesn't didn't can't couldn't won't wouldn't "
                           "shouldn't hasn't haven't".split())


def last_sentence(question: str) -> str:
    """A question's last sentence, which is what it asks ("I have a Roth IRA. Are contributions
    deductible?"); "" for an empty question."""
    sentences = split_sentences(question.strip())
    return sentences[-1] if sentences else ""


# a clause that sets the case before the question proper (version 44)
_CASE_FIRST = re.compile(r"^\W*(?:if|when|whenever|once|after|before|while|as|since|during|for|in|on|at|with|without|"
                         r"under|given|assuming|now\s+that)\b[^?]*?,\s*(?P<asked>[^,?]+\?)\s*$", re.I)


def is_polar(question: str) -> bool:
    """A yes/no question ("Is warfarin safe in pregnancy?", "Does Switzerland use the euro?"):
    it states neither answer, so a claim that repeats its words with either polarity is an
    answer, not a restatement. Only the question's last sentence is read ("I have a Roth IRA.
    Are contributions deductible?")."""
    asked = last_sentence(question)
    # after a clause that sets the case: "If I opt out of the pension, does my employer still pay?"
    case = _CASE_FIRST.match(asked)
    words = tokens(case["asked"] if case else asked)
    while words and words[0] in ("so", "and", "but", "then", "also", "ok", "okay"):
        words = words[1:]
    return bool(words) and words[0] in _POLAR_OPENERS


# a sentence opening with one of these gives a yes/no question its answer ("No, it is not.", "Never
# during pregnancy.")
_VERDICT_OPENERS = frozenset("yes no yeah yep nope correct incorrect right wrong true false absolutely definitely "
                             "certainly indeed not never".split())
# a statement of a yes/no question's proposition answers it if it takes up this share of the
# question's content words and adds at most VERDICT_EXTRA_WORDS others ("Warfarin is not safe
# during pregnancy."); one that adds more says something of its own, and is read as such
VERDICT_COVERAGE = 0.75
VERDICT_EXTRA_WORDS = 2


def asked_proposition(question: str) -> frozenset[str]:
    """The content words of a question's last sentence: what a yes/no question asks about."""
    return content_set(last_sentence(question))


def opens_with_verdict(sentence: str) -> bool:
    """"Yes, ...", "No.", "Not during pregnancy.": the verdict first, the question implied."""
    words = tokens(sentence)
    return bool(words) and words[0] in _VERDICT_OPENERS


_NEGATIVE_VERDICT = frozenset("no nope incorrect wrong false not never".split())
# words that are a verdict only standing alone ("Correct.", "True, ..."), not before a word of the
# sentence ("True warfarin embryopathy is rare.", "Right after delivery ...")
_JUDGEMENTS = frozenset("correct incorrect right wrong true false".split())
_EMPHATIC = frozenset("absolutely definitely certainly indeed".split())  # "Absolutely not."
# openings that give no verdict, or not the one their first word says
_NO_VERDICT = frozenset({("no", "doubt"), ("not", "only"), ("not", "sure"), ("not", "necessarily"),
                         ("yes", "and"), ("no", "and")})


# a verdict said with the question's subject and verb and nothing else ("It can't;", "You will -",
# "Unfortunately not;", "I'm afraid not."): the subject, an auxiliary, "not", a word of regret or
# emphasis
_ELLIPTIC_SUBJECTS = frozenset("it they you he she we i that this there it's they're you're that's there's we're "
                                "he's she's".split())
# not "may", "might", "could": "It may, depending on your income." is no yes
_ELLIPTIC_AUXILIARIES = frozenset("can will would shall should must do does did is are was were has have had "
                                  "need".split())
_ELLIPTIC_ASIDES = frozenset("unfortunately sadly afraid sorry i'm i am of course certainly definitely absolutely "
                             "surely indeed really actually well".split())
_ELLIPTIC_WORDS = _ELLIPTIC_SUBJECTS | _ELLIPTIC_AUXILIARIES | _ELLIPTIC_ASIDES | {"not", "no", "never"}
_CONTRACTED = {"won't": "will", "can't": "can", "shan't": "shall"}
_FIRST_CLAUSE = re.compile(r"^\W*([^,;:.!?—–]+?)\s*(?:(?P<stop>[;:—–]|\s-\s)|[,.!?]|$)")


def elliptic_verdict(sentence: str) -> bool | None:
    """The yes (True) or no (False) of an opening clause that is only a verdict made of the
    question's subject and auxiliary ("It can't; the canal only takes ...", "You will -",
    "Unfortunately not;", "I'm afraid not."); None for any other clause, or for a bare "Yes." or
    "No." (opens_with_verdict reads those)."""
    first = _FIRST_CLAUSE.match(sentence)
    if not first:
        return None
    words = tokens(first.group(1))
    if not words or words[0] in ("yes", "no"):
        return None
    negative = False
    for word in words:
        bare = _CONTRACTED.get(word, word[:-3] if word.endswith("n't") else word)
        negative = negative or word in ("not", "no", "never") or word.endswith("n't")
        if bare not in _ELLIPTIC_WORDS:
            return None
    if not negative and not set(words) & _ELLIPTIC_AUXILIARIES:
        return None  # "It, ...", "It's." or "Really?": no verdict
    return not negative


def without_elliptic_verdict(claim: str) -> str:
    """The claim without an opening verdict that elliptic_verdict reads, where a colon or dash
    sets it apart ("Unfortunately not - Saver fares can only be changed ..." -> "Saver fares can
    only be changed ..."; the claim splitter has already cut at a semicolon): the verdict says
    nothing a passage could state, as "No." does not. "" when the claim is only the verdict;
    unchanged where a comma follows it, or the rest opens as a dependent clause or an aside ("It
    isn't - unless you pay the supplement", "They did not - as some reports claim - abandon it")."""
    first = _FIRST_CLAUSE.match(claim)
    if not first or elliptic_verdict(claim) is None:
        return claim
    rest = claim[first.end():].strip()
    if not rest:
        return ""
    opener = tokens(rest)[:1]
    if not first.group("stop") or (opener and opener[0] in _DEPENDENT_OPENERS):
        return claim
    return rest[:1].upper() + rest[1:]


_DEPENDENT_OPENERS = frozenset("unless if as because since when while although though except provided depending "
                               "until once whereas".split())


def verdict_given(question: str, answer: str) -> bool | None:
    """The yes (True) or no (False) an answer opens with, for a yes/no question, read from its
    first word, or the first two ("Absolutely not", "Definitely not"): "No.", "Yes, but only in
    the first trimester." None when the question is not yes/no, the answer opens with no verdict,
    or with words that give none ("No doubt, ...", "Not only ...", "Not sure ...", "Yes and no"),
    or with "True" or "Right" that begin the sentence's own words ("Right after delivery ...")."""
    said = split_sentences(answer.strip())
    if not said or not is_polar(question):
        return None
    if not opens_with_verdict(said[0]):
        return elliptic_verdict(said[0])
    words = tokens(said[0])
    first, second = words[0], (words[1] if len(words) > 1 else "")
    if (first, second) in _NO_VERDICT:
        return None
    if first in _JUDGEMENTS and not re.match(r"\W*\w+\s*(?:[,;:.!—–-]|$)", said[0]):
        return None
    if first in _EMPHATIC and re.match(r"\W*\w+\s+(?:not|no)\b", said[0], re.IGNORECASE):
        return False
    return first not in _NEGATIVE_VERDICT


def verdict_in_full(question: str, answer: str) -> str:
    """A verdict alone ("Yes.", "No, not at all.") with the yes/no question it answers said after
    it ("Yes, is Canberra the capital of Australia"): what the bare word means to a reader; any
    other answer as answer_body reads it."""
    if says_more_than_yes_or_no(answer):
        return answer_body(answer)
    asked = last_sentence(question).rstrip(" ?")
    return f"{answer.strip().rstrip('.!')}, {asked[:1].lower()}{asked[1:]}" if asked else answer


# "What is an event horizon?", "What are PAM motifs?", "Who was Guo Shoujing?": the question asks what X is
_DEFINITION_QUESTION = re.compile(r"^\W*(?:so,?\s+)?(?:what|who)\s+(?:is|are|was|were)\s+(?P<subject>[^?]+?)\W*$", re.I)
_DEFINING_COPULA = re.compile(r"^\W*(?P<subject>.+?)\s+(?:is|are|was|were|means|refers to)\s+\S", re.I)
_DETERMINERS = frozenset(("the", "a", "an"))
_PREPOSITION = re.compile(r"\b(?:of|in|for|on|at|by|with|from|to|under|during|between|about)\b", re.I)


def defines(question: str, answer: str) -> bool:
    """Does the answer define what a "what is X" question asks about, as a reader completes it:
    a phrase with no verb of being or auxiliary ("The boundary around a black hole beyond which
    nothing escapes." for "What is an event horizon?"), or a sentence whose subject is X or a
    part of it ("PAM is a short DNA sequence ..." for "What is the PAM motif?")?"""
    asked = _DEFINITION_QUESTION.match(last_sentence(question))
    said = split_sentences(answer.strip())
    if asked is None or not said:
        return False
    subject, words = content_set(asked["subject"]), tokens(said[0])
    if not subject or not words:
        return False
    if words[0] in _DETERMINERS and not any(w in _AUXILIARIES for w in words):
        return True
    copula = _DEFINING_COPULA.match(said[0])
    named = content_set(copula["subject"]) if copula else frozenset()
    # the head of X, before a preposition: "Metformin is a medication." does not define "the
    # side effects of metformin"
    head = content_set(_PREPOSITION.split(asked["subject"], maxsplit=1)[0])
    return bool(named) and named <= subject and bool(named & head)


def read_answer(question: str, answer: str) -> tuple[str, bool]:
    """An answer as its relevance is read (answer_body, or a bare verdict said in full:
    verdict_in_full), and whether it opens with a verdict on a yes/no question ("No, it is
    contraindicated.": answer_body takes the "No" off, and the verdict implies the question)."""
    verdict = is_polar(question) and opens_with_verdict(answer)
    return (verdict_in_full(question, answer) if verdict else answer_body(answer)), verdict


def takes_up(question: str, answer: str, verdict_first: bool) -> str:
    """The answer with the question's words added where it implies them, a verdict opening it or
    a definition of what a "what is X" question asks about (defines): the text whose words count
    as the question's words it takes up."""
    if verdict_first or defines(question, answer):
        return f"{answer} {last_sentence(question)}"
    return answer


def verdict_at(question: str, sentences: list[str], verdict_first: bool) -> int | None:
    """Which answer sentence gives a yes/no question its verdict (the first if the answer opens
    with one; see states_verdict), None if none does."""
    return next((k for k, s in enumerate(sentences) if verdict_first or states_verdict(question, s)), None)


def states_verdict(question: str, sentence: str) -> bool:
    """Does this answer sentence give the yes/no question its verdict: it opens with one ("Yes,
    ...", "No.", "Not during pregnancy."), or it states or denies the question's proposition
    ("Warfarin is safe during pregnancy." for "Is warfarin safe during pregnancy?")? The
    question said back as a question ("Is warfarin safe ...?", "Whether warfarin is safe ...")
    gives none. False for a question that is not yes/no."""
    if not is_polar(question):
        return False
    words = tokens(sentence)
    if not words or sentence.rstrip().endswith("?") or words[0] in _POLAR_OPENERS or words[0] == "whether":
        return False
    if opens_with_verdict(sentence):
        return True
    asked = asked_proposition(question)
    said = content_set(sentence)
    return (bool(asked) and coverage(asked, said) >= VERDICT_COVERAGE
            and len(said - asked - _VERDICT_OPENERS) <= VERDICT_EXTRA_WORDS)


_BARE_VERDICT = frozenset("yes no nope yeah yep correct right true false wrong that's it's indeed absolutely "
                          "definitely certainly sure not".split())


def says_more_than_yes_or_no(answer: str) -> bool:
    """Does the answer state something besides "yes" or "no" ("No." does not; "No, it is
    contraindicated." does)?"""
    return any(t not in STOPWORDS and t not in _BARE_VERDICT for t in tokens(answer))


# words that qualify a verdict without saying what it is of ("Partly.", "Not always.", "Very
# little.", "Probably not."): what such a sentence claims is in the question, not in it
_QUALIFIER_STEMS = content_set("partly partially possibly maybe perhaps generally always never yet little mostly "
                               "usually sometimes necessarily really probably likely unlikely rarely seldom "
                               "quite hardly ever largely extent entirely somewhat mainly typically often "
                               "occasionally normally")
BARE_QUALIFIER_WORDS = 4


def is_bare_qualifier(sentence: str) -> bool:
    """A sentence of a few words that only qualifies an answer the question implies ("Partly.",
    "Not yet.", "Generally not.", "Very little."): no claim a passage could state by itself,
    so it is not checked, as "No." is not (a bare "Yes." stays a claim: see docs/metrics.md)."""
    said = content_set(sentence)
    return bool(said) and said <= _QUALIFIER_STEMS and len(tokens(sentence)) <= BARE_QUALIFIER_WORDS
