"""Word lists and tokens shared by the embedders (models/) and the offline judges (judges/)."""

from __future__ import annotations

import re
from functools import lru_cache

STOPWORDS = frozenset(
    """a an the is are was were be been being am do does did doing have has had having
    in on at of to for with by from as into onto upon about over under between through
    during before after above below up down out off again further then once here there
    this that these those it its itself they them their theirs he him his she her hers
    we us our ours you your yours i me my mine which who whom whose what when where why how
    and or but if so than too very can could would should will shall may might must
    also just only such own same other some any each both all most more few many much
    via per within without among across along around toward towards onto than
    s t don not no nor""".split()
)

TOKEN = re.compile(r"[^\W_]+(?:['’][^\W_]+)*", re.UNICODE)
# Chinese and Japanese are written without spaces: each ideograph or kana is a token of its own
# (as in MiniLM's own tokenizer), or a whole sentence would be one token
CJK = "\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff"
HAS_CJK = re.compile(f"[{CJK}]")
TOKEN_CJK = re.compile(f"[{CJK}]|[^\\W_{CJK}]+(?:['’][^\\W_{CJK}]+)*", re.UNICODE)

NUMBER_WORDS = {w: str(i) for i, w in enumerate(
    "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen "
    "sixteen seventeen eighteen nineteen twenty".split())}
NUMBER_WORDS.update({"thirty": "30", "forty": "40", "fifty": "50", "sixty": "60", "seventy": "70",
                      "eighty": "80", "ninety": "90", "hundred": "100", "thousand": "1000",
                      "once": "1", "twice": "2"})


def tokens(text: str) -> list[str]:
    """Lower-cased word tokens (letters and digits, any script)."""
    if text.isascii():  # most text: no curly apostrophe to straighten, no ideographs
        return TOKEN.findall(text.lower())
    pattern = TOKEN_CJK if HAS_CJK.search(text) else TOKEN
    return [t.replace("’", "'") for t in pattern.findall(text.lower())]


@lru_cache(maxsize=65536)
def stem(token: str) -> str:
    """A light suffix stripper: enough to match 'produce'/'produces'/'produced'."""
    if len(token) <= 3 or token.isdigit():
        return token
    for suffix in ("ational", "ations", "ation", "ities", "ingly", "ness", "ment", "ings", "ing", "ied", "ies", "ed", "es", "ly", "s", "e"):
        if token.endswith(suffix) and len(token) - len(suffix) >= 3:
            if suffix == "s" and token.endswith("ss"):  # "bypass" is the stem of "bypasses", not "bypas"
                return token
            return token[: -len(suffix)]
    return token
