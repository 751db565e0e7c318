"""A claim that puts a word in place of its opposite ("added" where the evidence says
"removed", "children" where it says "adults") is not supported, though it shares every other
word with its evidence."""

from ragmeter.judges.local.checks.opposites import opposite_flip, said

EVIDENCE = ("Python 3.12 removed the distutils module, which had been deprecated since Python 3.10. "
            "The drug is approved for adults with moderate to severe plaque psoriasis. "
            "Some patients experience mild headaches during the first week of treatment.")
SENTENCES = [s.strip() + "." for s in EVIDENCE.split(". ") if s.strip(". ")]


def test_sides_of_a_pair_are_read_from_words():
    assert said("She won the race.") and said("She won the race.") == said("They win races.")
    assert said("She won the race.") != said("She lost the race.")
    assert not said("The committee met in Geneva.")


def test_an_opposite_in_the_sentence_that_covers_the_claim():
    assert opposite_flip("Python 3.12 added the distutils module.", SENTENCES) == 1.0
    assert opposite_flip("The drug is approved for children with plaque psoriasis.", SENTENCES) == 1.0
    assert opposite_flip("Python 3.12 removed the distutils module.", SENTENCES) == 0.0
    # the claim's other words must be in the sentence: an opposite elsewhere is no flip
    assert opposite_flip("The museum added a new wing in 2019.", SENTENCES) == 0.0
    # a negation is the negation check's to judge; a sentence saying both sides decides nothing
    assert opposite_flip("Python 3.12 did not add the distutils module.", SENTENCES) == 0.0
    assert opposite_flip("She died in Paris.", ["She was born in Paris in 1920 and died in Paris in 1980."]) == 0.0


def test_all_for_some_is_read_one_way():
    assert opposite_flip("All patients experience mild headaches during the first week.", SENTENCES) == 1.0
    premise = ["All patients experience mild headaches during the first week of treatment."]
    assert opposite_flip("Some patients experience mild headaches during the first week.", premise) == 0.0
    survey = ["Of the 30 wells tested, most had nitrate levels above the limit."]
    assert opposite_flip("All 30 wells tested had nitrate levels above the limit.", survey) == 1.0
    assert opposite_flip("Most of the 30 wells tested had nitrate levels above the limit.", survey) == 0.0


def test_converse_pairs_are_not_opposites():
    # "A bought it from B" says what "B sold it to A" says
    assert opposite_flip("Microsoft bought the studio from Vivendi.", ["Vivendi sold the studio to Microsoft."]) == 0.0
    assert opposite_flip("The treaty was signed after the war.", ["Before the treaty was signed, the war ended."]) == 0.0


def test_the_start_for_the_end_of_a_period():
    premise = ["Claims must be filed within 60 days of the end of the course; late claims are refused."]
    assert opposite_flip("Claims must be filed within 60 days of the start of the course.", premise) == 1.0
    assert opposite_flip("Claims must be filed within 60 days of the end of the course.", premise) == 0.0


def test_more_pairs_of_opposites():
    dry = ["The plateau receives most of its rain in winter, while the months from June to September are extremely dry."]
    assert opposite_flip("The months from June to September are extremely wet on the plateau.", dry) == 1.0
    assert opposite_flip("The months from June to September are extremely dry on the plateau.", dry) == 0.0
    store = ["Store the watch in a cool, dry place; high temperatures above 45°C can reduce battery capacity."]
    assert opposite_flip("Store the watch in a warm, dry place.", store) == 1.0
    api = ["The /v2/reports endpoint is asynchronous: it returns a job ID at once."]
    assert opposite_flip("The /v2/reports endpoint is synchronous: it returns a job ID at once.", api) == 1.0


def test_lengthening_for_shortening():
    battery = ["Allow the battery to cool for at least 30 minutes, as charging a hot battery shortens its lifespan."]
    assert opposite_flip("Charging a hot battery extends its lifespan.", battery) == 1.0
    assert opposite_flip("Charging a hot battery shortens its lifespan.", battery) == 0.0


FARES = ["SkyNorth Economy Flex tickets are fully refundable up to 24 hours before departure.",
         "Economy Classic and Economy Light tickets are non-refundable, although airport taxes can be reclaimed "
         "on all fares if you do not fly.",
         "The Max plan includes unlimited mobile data."]


def test_a_word_for_its_form_with_a_negating_prefix():
    # "non-refundable", "nonrefundable" and "unlimited" say the word's opposite
    assert opposite_flip("Economy Classic tickets are refundable.", FARES) == 1.0
    assert opposite_flip("Economy Classic tickets are refundable.",
                         ["Economy Classic tickets are nonrefundable."]) == 1.0
    assert opposite_flip("The Max plan includes limited mobile data.", FARES) == 1.0
    assert opposite_flip("Economy Flex tickets are non-refundable.", FARES) == 1.0
    # read in the clause that says it, against the sentence that says what that clause says
    assert opposite_flip("The Classic fare is refundable, and you can also claim back the airport taxes.", FARES) == 1.0


def test_a_prefix_said_the_same_way_or_setting_two_things_apart_is_no_flip():
    assert opposite_flip("Economy Classic tickets are non-refundable.", FARES) == 0.0
    assert opposite_flip("Economy Flex tickets are refundable.", FARES) == 0.0
    assert opposite_flip("The Max plan includes unlimited mobile data.", FARES) == 0.0
    assert opposite_flip("The Classic fare isn't refundable, but airport taxes can be reclaimed.", FARES) == 0.0
    # a sentence or a claim that says the word both ways sets two things apart
    assert opposite_flip("A trained heart pumps more blood per beat.",
                         ["A trained heart pumps more blood per beat than an untrained heart."]) == 0.0
    assert opposite_flip("The lower units were deformed and the upper units were undeformed.",
                         ["The lower units were deformed."]) == 0.0
    # "non-English": a class named by what it is not; "unless" is no negated "less"
    assert opposite_flip("Most of its literature is English.",
                         ["Most of its literature is in English, with some non-English works."]) == 0.0
    assert opposite_flip("You pay less.", ["You pay nothing unless you upgrade."]) == 0.0
    # a verb in the passive is no adjective: "unused days" against "they must be used"
    assert opposite_flip("Staff can carry over five days, and they must be used in the first quarter.",
                         ["Up to 5 unused days may be carried over into the first quarter."]) == 0.0


def test_a_side_the_claim_takes_from_another_sentence_it_joins():
    """Version 58: the claim's "children" is the second sentence's, not a flip of the first's "adult"."""
    trial = ["Dr. Amara Okonkwo led the pediatric arm of the study at St. Brennan's Hospital, while Dr. Lucas Feld "
             "oversaw adult enrollment at Merrow General.", "The pediatric arm enrolled 142 children with moderate asthma."]
    assert opposite_flip("Dr. Amara Okonkwo ran the pediatric arm at St. Brennan's Hospital, which enrolled 142 "
                         "children.", trial) == 0.0
    # the sentence it copies says the other side, and no other sentence says its side
    assert opposite_flip("Dr. Lucas Feld oversaw child enrollment at Merrow General.", trial[:1]) == 1.0


def test_an_adjective_after_be():
    """Version 58: "are inhabited reserves" is an adjective before its noun, no passive; "are used
    automatically" still is one. Converse pairs stay out of the table (a review of version 58:
    "Small caps trailed large caps" says what "Large caps outperformed small caps" says, and
    "continued until 2020" what "was discontinued in 2020" says)."""
    islands = ["The other six islands are uninhabited nature reserves that visitors may enter only with a permit."]
    assert opposite_flip("The six smaller islands are inhabited reserves.", islands) == 1.0
    assert opposite_flip("The six smaller islands are uninhabited reserves.", islands) == 0.0
    assert opposite_flip("Credits are used automatically and expire 12 months after purchase.",
                         ["Unused credits expire 12 months after purchase."]) == 0.0
    assert opposite_flip("Small caps trailed large caps in 2023.", ["Large caps outperformed small caps in 2023."]) == 0.0
    assert opposite_flip("The model was discontinued in 2020.", ["Production of the model continued until 2020."]) == 0.0


def test_a_claim_that_joins_clauses_is_read_clause_by_clause():
    act = ["Under Section 12 of the Ashford Tenancy Act, a security deposit must be returned within 21 days.",
           "Deductions for normal wear and tear are prohibited; only damage beyond ordinary use may be charged."]
    claim = ("The Act permits deductions for normal wear and tear as well as for damage beyond ordinary use, "
             "provided the landlord supplies an itemized statement.")
    assert opposite_flip(claim, act) == 1.0
    assert opposite_flip(claim.replace("permits", "prohibits"), act) == 0.0
    # a part whose side the passage says anywhere decides nothing; "of all" is a share, not "all"
    assert opposite_flip("Most cases were mild, and the alliance accounts for 30% of all therapeutic change.",
                         ["The alliance accounts for 30% of therapeutic change in some studies."]) == 0.0
