"""A name the passage never uses, put in the place of one of a copied clause's names (the
changed-slot check, substitution.py, version 47): "its principal city was Hamburg" where the
passage says Lübeck. Most names a passage lacks are other names of the same thing (a title, a
nickname, a synonym) or, after "in" and the like, a larger place; this reads which are not.
"""

from __future__ import annotations

from difflib import SequenceMatcher

from ....text.places import place_level, place_levels, place_names, same_place
from ....text.wordnet import relation
from .word_forms import TITLES, words

_PLACES, _PLACE_NAMES = place_levels(words), place_names(words)
# a name after these says where: a claim may name a larger place than the passage does
_WHERE = frozenset(words("in at near from to into across through throughout via outside inside around within of"))
# a title names someone the passage may name otherwise ("Dr Okafor" for "Jane Okafor", "President
# Lincoln" for "Abraham Lincoln")
_TITLES = TITLES | frozenset(words("""miss mx president vice general gen justice secretary chancellor king queen
prince princess emperor empress pharaoh sultan pope saint st lord lady senator governor minister premier captain
colonel admiral major sergeant lieutenant bishop reverend rev father chairman chairwoman chair ceo director mayor
commissioner detective officer inspector dean rabbi imam sheikh tsar czar"""))


def foreign_name(said: list[str], given: list[str], claim: list[str], before: list[str], after: list[str],
                 put: set[str], taken: set[str], vocabulary: set[str], premise_names: set[str], named: set[str]) -> bool:
    """A name the passage never uses in place of one of the premise clause's names, after words
    that agree: "its principal city was Hamburg" where the passage says Lübeck (version 47).
    Not a spelling of the same name ("Lubeck"), not a name WordNet gives for the same thing
    ("Peking", "Coumadin"), not the premise's name moved elsewhere in the claim, not a title ("Dr
    Okafor" for "Jane Okafor") or "the" and one word ("the Company" for "Acme Ltd"), not a first
    name before the same surname ("Bill Gates" for "William Gates"; so not "Mary Holloway" for
    Agnes Holloway either). After "in", "at", "near", "from", "through" ..., where a claim may name
    a larger place ("born in Canada" for "born in Montreal, Quebec"; "Cardiff, UK" for "Cardiff,
    Wales"), only a listed place no larger than the passage's, by another name than its
    (text.places: "born in France" for "born in Germany").

    said, given: the claim's slot and the premise's; before: up to four claim words before the
    slot; after: the agreeing words after it; put, taken: the content words of the two slots;
    vocabulary: the passage's words; premise_names: its names; named: the claim clause's names."""
    if not (put and put <= named and not put & vocabulary and taken and taken <= premise_names
            and not taken & set(claim)):
        return False
    if (_TITLES & (set(said) | set(given) | set(before[-1:])) or ("the" in said or before[-1:] == ["the"]) and len(put) == 1
            or SequenceMatcher(None, " ".join(said), " ".join(given)).ratio() >= 0.75
            or relation(" ".join(w for w in said if w in put), " ".join(w for w in given if w in taken)) == "same"):
        return False
    if set(after[:1]) & named:
        return False  # a first name before the same surname: "Bill Gates" for "William Gates"
    if set(before) & _WHERE:  # "born in Cardiff, UK" for "born in Cardiff, Wales": a larger place
        ours, theirs = place_level(said, _PLACES), place_level(given, _PLACES, smallest=True)
        return 0 < ours <= theirs and not same_place(said, given, _PLACE_NAMES)
    return not same_place(said, given, _PLACE_NAMES)
