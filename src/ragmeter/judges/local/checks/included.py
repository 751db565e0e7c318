"""A claim that includes what the passage leaves out.

"Meals are reimbursed up to $75 a day, including alcoholic beverages." where the passage says
"Alcoholic beverages are not reimbursable under any circumstances"; "It removes every cached
package, including ones pinned with the --keep flag." where pinned packages "are excluded". The
claim copies the rule and adds the exception as a case of it: every word is in the passage,
and the small verifier reads the words, not which side of the rule they stand on.

Read where the claim says "including X" or ", X included" and has no negation or exception of
its own: what it includes runs to the next comma, semicolon or the end. Its
content words (those the rest of the claim lacks) are looked for in the premise statements (a
sentence, or one of the statements it joins, substitution.statements); the claim is
flagged where a statement holds at least half of them (all of one or two) and says they are
left out: a negation, or "except", "exception", "excluded", "excluding", "skipped", "ignored",
"abstained", "other than", "apart from".
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from ....text.segments import content_set, negated
from .substitution import statements

_INCLUDING = re.compile(r"\bincluding\s+(?P<what>[^,;.]+)|,\s+(?P<before>[^,;.]+?)\s+included\b", re.I)
_LEFT_OUT = re.compile(r"\b(?:except|exceptions?|excluded|excludes|excluding|exempt|skipped|ignored|abstained|"
                       r"other\s+than|apart\s+from)\b", re.I)


def included_exception(claim: str, sentences: Sequence[str]) -> float:
    """1.0 when what the claim says it includes is what a premise statement leaves out (module
    docstring), else 0.0."""
    found = _INCLUDING.search(claim)
    if not found or negated(claim) or _LEFT_OUT.search(claim):
        return 0.0
    rest = content_set(claim[:found.start()] + " " + claim[found.end():])
    what = content_set(found.group("what") or found.group("before")) - rest
    if not what:
        return 0.0
    need = len(what) if len(what) <= 2 else (len(what) + 1) // 2
    for sentence in sentences:
        for statement in statements(sentence):
            if len(what & content_set(statement)) >= need and (negated(statement) or _LEFT_OUT.search(statement)):
                return 1.0
    return 0.0
