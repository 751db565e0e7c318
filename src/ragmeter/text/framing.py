"""What a generated answer says about its sources or to its reader, rather than about the world.

Chat models frame their answers: "According to the documents, ...", "Based on the provided
context, ...", "Great question!", "I hope this helps!". A person checking the answer reads past
the framing: "According to the documents, the target INR is 2.0 to 3.0." claims that the target
INR is 2.0 to 3.0, and "I hope this helps!" claims nothing. Left in, the framing is a claim no
context supports, or words a claim's evidence lacks ("documents").
"""

from __future__ import annotations

import re

# what an answer calls the material it was given
_SOURCE = (r"(?:(?:provided|given|retrieved|available|above|following|supplied|attached|search) )?"
           r"(?:context|contexts|documents?|documentation|passages?|sources?|texts?|information|articles?|"
           r"excerpts?|snippets?|search results|results|data|materials?|references?|records?)"
           r"(?: (?:provided|given|above|available|supplied))?")
_SAYS = (r"(?:states?|says?|mentions?|indicates?|notes?|explains?|suggests?|shows?|reports?|confirms?|"
         r"specif(?:y|ies)|describes?|tells? us)")
_ATTRIBUTION = re.compile(
    rf"^(?:(?:according to|based on|from|in|per|as (?:stated|mentioned|noted|described|shown|indicated|"
    rf"explained) in) (?:the|this|these|those|my|your|our) {_SOURCE}"
    rf"|(?:the|this|these) {_SOURCE} {_SAYS}(?: that)?"
    rf"|(?:it is|it's) (?:stated|mentioned|noted|reported|explained) (?:in the {_SOURCE} )?that"
    rf"|(?:(?:final|short|direct) )?(?:answer|response)\s*:"
    # the answer's yes or no to the question, before the sentence that says what it means
    rf"|(?:yes|no)[,.!;:](?=\s+[^\d\s])"
    # a connective or an aside that opens the sentence: how it follows on, not what it claims
    rf"|(?:it(?:'s|’s| is) (?:also )?(?:worth (?:noting|mentioning)|important to (?:note|remember)|notable)"
    rf"|(?:please )?note|keep in mind|remember|additionally|furthermore|moreover|however|in addition|also|"
    rf"in (?:summary|conclusion|short)|overall|to (?:summarize|summarise|sum up))(?: that\b|(?=\s*[,:]))"
    rf")"
    rf"\s*[,:]?\s*", re.I)
# a sentence addressed to the reader that states nothing about the question
_CHATTER = re.compile(
    r"^\W*(?:(?:i )?hope (?:this|that|it) (?:helps|answers|clarifies)|let me know|please let me know|feel free"
    r"|(?:what a |that's a |that is a )?(?:great|good|excellent|interesting) question"
    r"|thanks?(?: you)? for (?:asking|your question|the question)"
    r"|(?:sure|certainly|of course|absolutely|happy to help|glad to help|good luck)\W*$"
    r"|is there anything else|if you have any (?:other |more |further |additional )?questions"
    r"|i(?:'m| am| would be|'d be) (?:happy|glad) to)", re.I)
# words with which an answer talks about its sources or itself: a clause made only of these
# (and stopwords) says nothing about the question
SOURCE_WORDS = frozenset("context contexts document documents documentation passage passages source sources "
                         "text texts article articles excerpt excerpts snippet snippets material materials "
                         "record records reference references".split())
META_WORDS = SOURCE_WORDS | frozenset("information provided given based according available mention mentioned "
                                      "unfortunately sorry however apologies apologize question answer specific "
                                      "specifically detail details data result results search".split())


def without_attribution(sentence: str) -> str:
    """The sentence without a leading reference to its sources ("According to the documents,",
    "The context states that", "Answer:"), its first letter raised as a sentence's is."""
    match = _ATTRIBUTION.match(sentence)
    if not match or match.end() == len(sentence):
        return sentence if not match else ""
    rest = sentence[match.end():]
    return rest[0].upper() + rest[1:]


def is_chatter(sentence: str) -> bool:
    """"I hope this helps!", "Great question!", "Let me know if ...": said to the reader, not
    about the question."""
    return bool(_CHATTER.match(sentence))
