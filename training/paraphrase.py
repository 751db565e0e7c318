"""Meaning-keeping rewrites of a sentence, for positive claims that do not repeat the evidence.

The near misses of contrasts.py keep the evidence's words and change one slot; their positives
were the evidence's own sentence, shortened or reordered. A verifier trained on them alone reads
word overlap as support: "You can work from home two days a week if your manager approves."
against "Employees may work remotely up to two days per week with their manager's approval."
got a logit of -1.2 (version 18's verifier), the verbatim sentence +2.6. These rewrites give
the same claim in other words: a word or phrase swapped for one that means the same (a
hand-written table, each entry meant to be safe in any sentence it matches), a small number
written as a word or back, a percentage spelled out. The same rewritten sentence with one slot
changed is a negative (contrasts.paragraph_pairs), so that other words are no sign of a stated
claim either. Pure functions of their inputs and a seeded random generator.
"""

from __future__ import annotations

import random
import re

# (words, same meaning); read left to right only. Each is meant to be safe wherever it matches as
# whole words in its own case (a capitalised form only opens the sentence): words with a second
# sense that the swap would break ("used to", "grew up", "in charge of", "a permit", "May") are left out.
SAME_MEANING = [
    ("approximately", "about"), ("roughly", "about"), ("nearly", "almost"), ("however", "but"),
    ("although", "even though"), ("because of", "due to"), ("due to", "because of"), ("in order to", "to"),
    ("additionally", "also"), ("prior to", "before"), ("subsequently", "later"), ("afterwards", "later"),
    ("at the same time", "simultaneously"), ("currently", "now"),
    ("began", "started"), ("begin", "start"), ("begins", "starts"), ("commenced", "began"), ("ended", "finished"),
    ("completed", "finished"), ("terminated", "ended"),
    ("large", "big"), ("big", "large"), ("small", "little"), ("huge", "very large"), ("tiny", "very small"),
    ("largest", "biggest"), ("biggest", "largest"), ("smallest", "tiniest"),
    ("purchased", "bought"), ("bought", "purchased"), ("obtained", "got"), ("obtain", "get"), ("received", "got"),
    ("receive", "get"), ("required", "needed"), ("requires", "needs"), ("require", "need"), ("needed", "required"),
    ("needs", "requires"), ("assist", "help"), ("assisted", "helped"), ("assistance", "help"), ("helped", "assisted"),
    ("permitted", "allowed"), ("allowed", "permitted"), ("prohibited", "banned"), ("forbidden", "not allowed"),
    ("banned", "prohibited"), ("individuals", "people"), ("persons", "people"), ("people", "persons"),
    ("children", "kids"), ("numerous", "many"), ("several", "a number of"), ("various", "different"),
    ("sufficient", "enough"), ("additional", "extra"), ("extra", "additional"),
    ("founded", "established"), ("created", "made"), ("constructed", "built"), ("built", "constructed"),
    ("located", "situated"), ("situated", "located"), ("resides", "lives"), ("reside", "live"),
    ("resided", "lived"), ("lived", "resided"), ("died", "passed away"), ("known as", "called"),
    ("referred to as", "called"), ("remained", "stayed"), ("stayed", "remained"), ("continued", "went on"),
    ("attempted", "tried"), ("attempt", "try"), ("tried", "attempted"), ("demonstrated", "showed"),
    ("showed", "demonstrated"), ("indicates", "shows"), ("indicated", "showed"), ("revealed", "showed"),
    ("stated", "said"), ("said", "stated"), ("announced", "declared"), ("declared", "announced"),
    ("chose", "picked"), ("produced", "made"), ("produces", "makes"), ("manufactured", "made"),
    ("utilizes", "uses"), ("utilized", "used"), ("uses", "makes use of"), ("expanded", "grew"),
    ("significant", "considerable"), ("important", "key"), ("main", "principal"), ("major", "important"),
    ("essential", "vital"), ("vital", "essential"),
    ("typically", "usually"), ("usually", "normally"), ("generally", "in general"), ("often", "frequently"),
    ("frequently", "often"), ("rarely", "seldom"), ("seldom", "rarely"), ("sometimes", "at times"),
    ("quickly", "fast"), ("rapidly", "quickly"), ("immediately", "at once"), ("slowly", "gradually"),
    ("entire", "whole"), ("whole", "entire"), ("total", "overall"), ("only", "just"),
    ("mostly", "mainly"), ("mainly", "largely"), ("largely", "mostly"), ("particularly", "especially"),
    ("especially", "particularly"), ("instead of", "rather than"), ("rather than", "instead of"),
    ("similar to", "like"), ("such as", "like"),
    ("contains", "holds"), ("contain", "hold"), ("consists of", "is made up of"), ("comprises", "consists of"),
    ("area", "region"), ("region", "area"), ("nation", "country"), ("country", "nation"),
    ("towards", "toward"), ("amongst", "among"), ("whilst", "while"), ("upon", "on"),
    ("physician", "doctor"), ("medication", "medicine"),
    ("employees", "staff"), ("staff", "employees"), ("employer", "company"), ("salary", "pay"),
    ("customer", "client"), ("customers", "clients"), ("client", "customer"), ("clients", "customers"),
    ("fee", "charge"), ("fees", "charges"), ("price", "cost"), ("money", "funds"), ("funds", "money"),
    ("approval", "consent"), ("approve", "agree to"), ("consent", "permission"), ("permission", "consent"),
    ("notify", "tell"), ("inform", "tell"),
    ("at least", "no less than"), ("at most", "no more than"), ("more than", "over"), ("fewer than", "under"),
    ("less than", "below"), ("a maximum of", "at most"), ("a minimum of", "at least"),
    ("per year", "a year"), ("per week", "a week"), ("per day", "a day"), ("per month", "a month"),
    ("annually", "every year"), ("in the vicinity of", "near"), ("close to", "near"), ("near", "close to"),
    ("commonly", "often"), ("widely", "broadly"), ("highly", "very"), ("ancient", "very old"),
    ("former", "previous"), ("previous", "earlier"), ("initial", "first"), ("initially", "at first"),
    ("finally", "in the end"), ("eventually", "in the end"), ("soon", "shortly"),
    ("difficult", "hard"), ("easy", "simple"), ("correct", "right"), ("incorrect", "wrong"),
    ("unable to", "not able to"), ("cannot", "can not"), ("can't", "cannot"), ("don't", "do not"),
    ("doesn't", "does not"), ("won't", "will not"), ("isn't", "is not"), ("aren't", "are not"),
    ("wasn't", "was not"), ("do not", "don't"), ("does not", "doesn't"), ("is not", "isn't"),
    ("are not", "aren't"), ("will not", "won't"), ("have to", "must"), ("should", "ought to"),
    ("may", "might"), ("might", "may"),
    ("the United States", "the US"), ("United States", "US"), ("the United Kingdom", "the UK"),
]
_AS_WRITTEN = dict(SAME_MEANING)
_TABLE = _AS_WRITTEN | {a[0].upper() + a[1:]: b[0].upper() + b[1:] for a, b in SAME_MEANING}
_PHRASE = re.compile(r"\b(" + "|".join(sorted(map(re.escape, _TABLE), key=len, reverse=True)) + r")\b")
_ARTICLE = re.compile(r"\b([Aa])(n?) $")

NUMBER_WORDS = ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven",
                "twelve"]
_SMALL_NUMBER = re.compile(r"(?<![\w.,$£€-])([2-9]|1[0-2])(?![\w.,%]|\s*[%°])")
_NUMBER_WORD = re.compile(r"\b(" + "|".join(NUMBER_WORDS[2:]) + r")\b")  # lower case: "Seven Years' War" is a name
_PERCENT = re.compile(r"(\d+(?:\.\d+)?)\s?%")
_THOUSANDS = re.compile(r"\b(\d{1,3}),(\d{3})\b(?!,\d)")


def swap_words(sentence: str, rng: random.Random, at_most: int = 2) -> str | None:
    """Up to ``at_most`` words or phrases of the sentence swapped for their SAME_MEANING entry."""
    found = [m for m in _PHRASE.finditer(sentence)
             if m.group(1) in _AS_WRITTEN or m.start() == 0]  # a capitalised form opens the sentence
    if not found:
        return None
    chosen = sorted(rng.sample(found, min(at_most, len(found))), key=lambda m: m.start(), reverse=True)
    out = sentence
    for m in chosen:  # from the end, so earlier offsets stay valid
        new = _TABLE[m.group(1)]
        article = "n " if new[0] in "aeiou" else " "
        out = _ARTICLE.sub(lambda a, rest=article: a.group(1) + rest, out[:m.start()]) + new + out[m.end():]
    return out


def respell_numbers(sentence: str, rng: random.Random) -> str | None:
    """A small number written as a word or back, a percentage spelled out, or the comma taken
    out of a thousands figure: the same number written another way."""
    options = []
    if _SMALL_NUMBER.search(sentence):
        options.append(lambda s: _SMALL_NUMBER.sub(lambda m: NUMBER_WORDS[int(m.group(1))], s, count=1))
    if _NUMBER_WORD.search(sentence):
        options.append(lambda s: _NUMBER_WORD.sub(lambda m: str(NUMBER_WORDS.index(m.group(1))), s, count=1))
    if _PERCENT.search(sentence):
        options.append(lambda s: _PERCENT.sub(lambda m: f"{m.group(1)} percent", s, count=1))
    if _THOUSANDS.search(sentence):
        options.append(lambda s: _THOUSANDS.sub(lambda m: m.group(1) + m.group(2), s, count=1))
    return rng.choice(options)(sentence) if options else None


def paraphrase(sentence: str, rng: random.Random) -> str | None:
    """The sentence in other words (a number respelled, up to two words or phrases swapped), or
    None where no rewrite applies."""
    out = respell_numbers(sentence, rng) or sentence
    out = swap_words(out, rng) or out
    return out if out != sentence else None
