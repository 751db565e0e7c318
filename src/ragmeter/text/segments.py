"""Text segmentation shared by the offline judges: sentences, tokens, numbers, negations."""

from __future__ import annotations

import re
from decimal import Decimal
from functools import lru_cache, wraps
from typing import Any, Callable, Iterable, Sequence

from .framing import is_chatter, without_attribution
from .markup import has_markup, is_label, plain
from .spelled import spelled_as_digits
from .words import CJK as _CJK
from .words import NUMBER_WORDS, STOPWORDS, stem, tokens
from .words import TOKEN as _TOKEN

# "not"/"no"/"nor" are kept out of content tokens but tracked separately as negations.
NEGATIONS = frozenset({"not", "no", "nor", "never", "none", "cannot", "neither", "without", "n't", "nothing", "nobody"})

_NUMBER = re.compile(f"(?<![.])(?<![^\\W{_CJK}])[-+]?\\d[\\d,]*(?:\\.\\d+)?")
_ABBREV = re.compile(
    r"\b(?:Mr|Mrs|Ms|Dr|Prof|Sr|Jr|St|vs|etc|e\.g|i\.e|approx|No|Vol|Fig|Inc|Ltd|Co|Corp|U\.S|U\.K|Jan|Feb|Mar|Apr|Jun|Jul|Aug|Sep|Sept|Oct|Nov|Dec)\.$",
    re.IGNORECASE,
)
_INITIAL = re.compile(r"(?:^|[^\w°º])[A-Z]\.$")  # "J." in "J. Smith", not "260°C." before "The ..."
_CLOCK = re.compile(r"\b[ap]\.m\.$", re.IGNORECASE)
# what goes on after a time of day on the same line: a lower-case word, a time zone or a day
# ("9 a.m. to 5 p.m. Monday to Friday", "1 p.m. Central."; not "6 p.m. Sunscreen is sold ...")
_CLOCK_GOES_ON = re.compile(r"[a-z]|(?:(?:Central|Eastern|Pacific|Mountain|Atlantic)(?:\s+(?:Standard\s+|Daylight\s+)?"
                            r"Time\b|(?=[.,;)]|$))|(?:[ECMP][SD]?T|GMT|UTC|BST|CET|CEST|AEST)\b|(?:Monday|Tuesday|"
                            r"Wednesday|Thursday|Friday|Saturday|Sunday|Mon|Tues?|Wed|Thu(?:rs?)?|Fri|Sat)s?\b)")
# the last alternative splits sentences glued without a space ("...pageant.The Miss..."), as
# generated text often has; two lower-case letters before the stop keep "U.S.A" and "e.g.X" whole;
# Chinese and Japanese full stops end a sentence without a space after them
_SENTENCE_END = re.compile(r"(?<=[.!?。！？])[\"')\]]*\s+|\n{1,}|\\n|(?<=[a-z][a-z][.!?])(?=[A-Z][a-z])|(?<=[。！？])(?=[^\s\"')\]」』）])")


MEMO_CHARS = 4000  # texts up to this long are split once per run; the memo holds at most about 130 MB of English
# texts up to this long (sentences, clauses, claims, questions) have their words, numbers and
# negation read once per run, as each premise sentence is read for every claim beside it; the
# three memos below hold about 160 MB when full (measured with 32,768 texts of 150 and of 400
# characters each)
SHORT_MEMO_CHARS, SHORT_MEMO_SIZE = 400, 32768


def memo_short(function: Callable[[str], Any]) -> Callable[[str], Any]:
    """Memoise a function of one text for texts up to SHORT_MEMO_CHARS long (longer ones are
    read each time, so the memo's size stays bounded); cache_clear empties the memo."""
    cached = lru_cache(maxsize=SHORT_MEMO_SIZE)(function)

    @wraps(function)
    def read(text: str) -> Any:
        return cached(text) if len(text) <= SHORT_MEMO_CHARS else function(text)

    read.cache_clear = cached.cache_clear  # type: ignore[attr-defined]
    return read


def split_sentences(text: str) -> list[str]:
    """Split text into sentences, keeping abbreviations (Dr., e.g., U.S.) and initials intact;
    Markdown is read as plain text first (markup.plain: each list item and heading a sentence)."""
    return list(_sentences(text) if len(text) <= MEMO_CHARS else _split(text))


@lru_cache(maxsize=16384)  # the metrics of one sample split the same contexts several times
def _sentences(text: str) -> tuple[str, ...]:
    return _split(text)


def _split(text: str) -> tuple[str, ...]:
    pieces: list[str] = []
    buffer = ""
    read = plain(text)
    # each part with whether a line ends after it (a time of day goes on on its own line only)
    new_line = [bool(re.search(r"\n|\\n", m.group())) for m in _SENTENCE_END.finditer(read)]
    parts, line_ends = [], []
    for k, part in enumerate(_SENTENCE_END.split(read)):
        if part and part.strip():
            parts.append(part.strip())
            line_ends.append(k < len(new_line) and new_line[k])
    listed = _list_numbers(read)
    for k, part in enumerate(parts):
        candidate = f"{buffer} {part}".strip() if buffer else part
        item = _ITEM_AT_END.search(candidate) if listed else None
        if item and item.group(2) in listed and k + 1 < len(parts) and (item.start() == 0 or item.group("colon")):
            # "... earbuds: 1." then "Place both earbuds ...": the number opens the next item
            head = candidate[:item.start(2)].strip()
            if _TOKEN.search(head):
                pieces.append(head)
            buffer = item.group(2) + "."
            continue
        # both marks end the text and hold no space: its last word is enough to read
        last = candidate.rsplit(None, 1)[-1]
        if last.endswith(".") and (_ABBREV.search(last) or _INITIAL.search(last)) and not _verdict_said(candidate, parts, k):
            buffer = candidate
            continue
        if _CLOCK.search(last) and k + 1 < len(parts) and not line_ends[k] and _CLOCK_GOES_ON.match(parts[k + 1]):
            buffer = candidate  # "between 9 a.m. and 1 p.m. Central", not "at 9 a.m. Staff arrive ..."
            continue
        pieces.append(candidate)
        buffer = ""
    if buffer:
        pieces.append(buffer)
    return tuple(p for p in pieces if _TOKEN.search(p))


# an item number at the end of a part: the whole part ("2.") or after a colon ("... earbuds: 1.")
_ITEM_AT_END = re.compile(r"(?:^|(?P<colon>:\s*))(\d{1,2})\.$")
_ITEM = re.compile(r"(?:^|(?<=[\s:]))(\d{1,2})\.\s+(?=[A-Z\"'“‘(])")


def _list_numbers(text: str) -> frozenset[str]:
    """The numbers of a numbered list written inline ("1. Place ... 2. Press ... 3. On your
    phone ..."): a run 1, 2, ... of numbers that each open an item with a capital."""
    found = {int(m.group(1)) for m in _ITEM.finditer(text)}
    run = 0
    while run + 1 in found:
        run += 1
    return frozenset(str(n) for n in range(1, run + 1)) if run >= 2 else frozenset()


def _verdict_said(candidate: str, parts: list[str], k: int) -> bool:
    """Does the sentence so far end in a verdict "No." ("No. It was never found there.", "The
    answer is no."), not in the number's abbreviation: that is written "No." after other words
    ("Invoice No. INV-2033") or has a number or code after it ("No. 10 Downing Street", "no. #5",
    "invoice no. INV-2033")?"""
    words = candidate.split()
    if words[-1].lower().lstrip("(") != "no.":
        return False
    following = (parts[k + 1] if k + 1 < len(parts) else "").split(maxsplit=1)
    if following and (following[0].startswith("#") or any(c.isdigit() for c in following[0])):
        return False
    return len(words) == 1 or words[-1].startswith("no")


def answer_body(text: str) -> str:
    """An answer as read for its relevance: Markdown read as plain text (one sentence or list
    item a line), headings and introductions ("Summary:") and words to the reader ("I hope
    this helps!") left out, and framing ("According to the documents, ...") taken off; prose
    with none of these is returned as it is."""
    sentences = split_sentences(text)
    kept = [without_attribution(s) for s in sentences if not is_label(s) and not is_chatter(s)]
    if not has_markup(text) and kept == sentences:
        return text
    return "\n".join(s for s in kept if s) or text


def premise_sentences(premise: str) -> list[str]:
    """A premise's sentences; a premise with no sentence mark is one sentence, a blank one none."""
    return split_sentences(premise) or ([premise] if premise.strip() else [])


def premise_windows(premises: Sequence[str]) -> list[str]:
    """Sentences of each premise, and each pair of neighbouring sentences."""
    out: list[str] = []
    for premise in premises:
        sentences = premise_sentences(premise)
        out.extend(sentences)
        out.extend(f"{a} {b}" for a, b in zip(sentences, sentences[1:]))
    return list(dict.fromkeys(out))


_CLAUSE_BREAK = re.compile(r"[;,:]\s+|\s+(?:but|although|though|while|whereas|however|yet)\s+|\s+\(|\)\s*", re.I)


def split_clauses(text: str) -> list[str]:
    """Sentences cut further at commas, semicolons, colons, brackets and contrast words
    ("but", "although", "while", ...), so that a negation stays with the clause it is in."""
    return [c for s in (split_sentences(text) or [text]) for c in _CLAUSE_BREAK.split(s) if c and c.strip()]


def content_tokens(text: str) -> list[str]:
    """Stemmed tokens without stopwords or one-letter tokens, in order."""
    return _content(tokens(text))


def _content(words: list[str]) -> list[str]:
    return [stem(t) for t in words if t not in STOPWORDS and t not in NEGATIONS and (len(t) > 1 or t >= "\u3040")]


@memo_short
def content_set(text: str) -> frozenset[str]:
    return frozenset(content_tokens(text))


def without_words(text: str, words: frozenset[str]) -> str:
    """The text with its words whose stem is one of ``words`` left out, the rest (stopwords
    and punctuation too) in order: what an answer says beyond the question's words."""
    return _TOKEN.sub(lambda m: "" if stem(m.group().lower()) in words else m.group(), text)


def coverage(part: frozenset[str], whole: frozenset[str]) -> float:
    """Share of ``part``'s tokens found in ``whole`` (0 for an empty part)."""
    return len(part & whole) / len(part) if part else 0.0


def best_covering(words: frozenset[str], sentences: Iterable[str],
                  read: Callable[[str], frozenset[str]]) -> tuple[str | None, float]:
    """The first of the sentences whose words (as ``read`` gives them) cover the most of
    ``words``, and that coverage; (None, 0.0) if none covers any."""
    best, best_cov = None, 0.0
    for sentence in sentences:
        cov = coverage(words, read(sentence))
        if cov > best_cov:
            best, best_cov = sentence, cov
    return best, best_cov


_SCALES = {"thousand": 10**3, "million": 10**6, "billion": 10**9, "trillion": 10**12}
_SCALED = re.compile(r"(?<![\w.])(\d[\d,]*(?:\.\d+)?|" + "|".join(NUMBER_WORDS) + r")\s+(thousand|million|billion|"
                     r"trillion)\b", re.I)


NUMBER_WORD = re.compile(r"\b(?:" + "|".join(NUMBER_WORDS) + r")\b", re.I)


def _normalised(value: str) -> str:
    value = value.replace(",", "").lstrip("+")
    return value.rstrip("0").rstrip(".") if "." in value else value


# a span of years written short: "2018–19", "1904-05"
_YEAR_SPAN = re.compile(r"(?<![\w.])(1[5-9]|20)(\d\d)\s?[–-]\s?(\d\d)(?![\w.])")


@memo_short
def numbers(text: str) -> frozenset[str]:
    """Numbers in the text, digits or words, normalised (commas and trailing .0 dropped; "2.5
    million", "five thousand", "six hundred" and "twenty-five" written out in full, as 2500000,
    5000, 600 and 25; "2018–19" as 2018 and 2019)."""
    text = spelled_as_digits(_YEAR_SPAN.sub(r"\1\2–\1\3", text))
    scaled = list(_SCALED.finditer(text))
    for m in reversed(scaled):  # replace from the end so that earlier offsets stay valid
        base = NUMBER_WORDS.get(m.group(1).lower(), m.group(1))
        value = Decimal(_normalised(base)) * _SCALES[m.group(2).lower()]
        text = f"{text[:m.start()]}{value:f} {text[m.end():]}"
    out = {NUMBER_WORDS[t] for t in tokens(text) if t in NUMBER_WORDS}
    out.update(_normalised(match) for match in _NUMBER.findall(text))
    return frozenset(out)


SHORT_ANSWER = 8  # content words: up to this, a text is a short answer whose numbers carry it


def number_agreement(a: str, b: str) -> float:
    """Share of the numbers of the text with fewer numbers that the other text states too; 1.0
    when either states none, or when both are longer than a short answer (there one number
    among many words is not the whole meaning; claim checks catch it). "TLS 1.3" and
    "TLS 1.1" are different answers however alike their words (on the SAS dev sets, scaling
    similarity by this raises Spearman on SQuAD 0.762 -> 0.778 and NQ-open 0.430 -> 0.444)."""
    na, nb = numbers(a), numbers(b)
    if not na or not nb or min(len(content_tokens(a)), len(content_tokens(b))) > SHORT_ANSWER:
        return 1.0
    fewer, more = (na, nb) if len(na) <= len(nb) else (nb, na)
    return len(fewer & more) / len(fewer)


_WITHOUT_SKIPS = frozenset("any a an the its their his her your our my having being".split())


@memo_short
def content_and_negation(text: str) -> tuple[frozenset[str], bool, frozenset[str]]:
    """content_set(text), whether a verb of the text is denied, and the stems of what it says
    is done "without" (the next two words after each "without" but "a", "any", "the" ...:
    "without a valid excuse" -> valid, excus).
    A "without" denies only its object: "You can make up to 25,000 map loads each month without
    paying." says "allows 25,000 map loads per month", and "a cruise that doesn't have a port of
    call" says "without any ports of call" (the negation check reads clauses with this)."""
    words = tokens(text)
    objects = []
    for k, word in enumerate(words):
        if word == "without":
            objects.extend(_content([w for w in words[k + 1:k + 5] if w not in _WITHOUT_SKIPS][:2]))
    return frozenset(_content(words)), _has_negation([w for w in words if w != "without"], text), frozenset(objects)


def negated(text: str) -> bool:
    return _has_negation(tokens(text), text)


# "no later than", "not more than": a bound, not a negation ("Cancel no later than 7 days ahead")
_BOUND_COMPARATIVES = frozenset("later earlier sooner more less fewer longer shorter greater higher lower "
                                "older younger".split())


def _has_negation(words: list[str], text: str) -> bool:
    lowered = text.lower()
    if "n't" in lowered or "n’t" in lowered:  # "hasn’t", written with a curly apostrophe, too
        return True
    return any(t in NEGATIONS and not (t in ("no", "not") and k + 2 < len(words) and words[k + 1] in _BOUND_COMPARATIVES
                                       and words[k + 2] == "than")
               for k, t in enumerate(words))


def capitalised(text: str) -> frozenset[str]:
    """Lower-cased words written with a capital inside a sentence: a cheap proxy for names."""
    found = set()
    for sentence in split_sentences(text):
        words = _TOKEN.findall(sentence)
        for word in words[1:]:
            if word[:1].isupper() and word.lower() not in STOPWORDS:
                found.add(word.lower())
    return frozenset(found)
