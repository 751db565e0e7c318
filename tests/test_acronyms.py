"""Acronyms and expansions between a claim and its evidence."""

from ragmeter.text.acronyms import acronyms, find_expansion, resolve_acronyms


def test_claim_acronym_is_written_as_the_evidence_spells_it():
    evidence = "For patients with atrial fibrillation on warfarin, the target INR is 2.0-3.0."
    assert resolve_acronyms("The INR target for AF patients is 2.0-3.0.", evidence) == \
        "The INR target for atrial fibrillation patients is 2.0-3.0."
    assert resolve_acronyms("The FDA approved it.", "The Food and Drug Administration approved the drug.") == \
        "The Food and Drug Administration approved it."


def test_a_name_the_evidence_abbreviates_is_left_alone():
    # measured on the dev sets: the rewrite matched claims to unrelated passages (see the module)
    assert resolve_acronyms("The World Health Organization declared a pandemic.",
                            "The WHO declared a pandemic in March 2020.") == \
        "The World Health Organization declared a pandemic."


def test_chance_matches_are_left_alone():
    assert resolve_acronyms("NASA launched it.", "The agency launched it.") == "NASA launched it."
    # nor may it open or close with a stopword
    assert resolve_acronyms("He fought in World War II.", "He was in Italy, it is said.") == "He fought in World War II."
    # an expansion may not run across punctuation
    assert find_expansion("MB", "During the merger, the black holes") is None
    # a claim that defines its own acronym keeps it
    assert resolve_acronyms("He works on natural language processing (NLP).", "He studies Natural Language "
                            "Processing.") == "He works on natural language processing (NLP)."


def test_words_in_capitals_are_not_acronyms():
    assert acronyms("NEW YORK STATE RIFLE ET AL. v. Bruen was decided.") == set()
    assert acronyms("NASA and the ESA, with WHOs") == {"NASA", "ESA", "WHO"}
