"""A deed done "by" one party that the passage says was done by another (checks/agent.py)."""

from ragmeter.judges.local.checks.agent import agent_swapped
from ragmeter.text.segments import premise_sentences

FREIGHT = ("In its Q3 report, Calloway Freight said revenue grew 8% year over year, driven mainly by its cold-chain "
           "logistics unit. The parcel division's revenue was flat.")
TRIBUNAL = ("A landlord must return the deposit within 21 days. Disputes over deposits are heard by the Regional "
            "Housing Tribunal rather than the district court.")


def flags(claim: str, context: str) -> bool:
    return agent_swapped(claim, premise_sentences(context)) == 1.0


def test_a_deed_given_by_the_passage_to_another_doer_is_flagged():
    assert flags("Revenue growth of 8% was driven mainly by the parcel division.", FREIGHT)
    assert flags("Such disputes are heard by the district court.", TRIBUNAL)


def test_the_passage_s_own_doer_or_a_doer_it_never_names_is_not_flagged():
    assert not flags("Revenue growth of 8% was driven mainly by the cold-chain logistics unit.", FREIGHT)
    assert not flags("They are heard by the Regional Housing Tribunal, not the district court.", TRIBUNAL)
    # a doer the passage does not name is the claim model's to read
    assert not flags("Such disputes are heard by the county ombudsman.", TRIBUNAL)
    # a deed many may do at once, a possibility, a question
    used = "The word is used by Arabic speakers to refer to God. Jews of the region spoke Aramaic."
    assert not flags("The word is used by Jews to refer to God.", used)
    assert not flags("Could such disputes be heard by the district court?", TRIBUNAL)
    assert not flags("Such disputes are never heard by the district court.", TRIBUNAL)
    # every doer the passage names, wherever it says the verb; a time or an amount is no doer
    assert not flags("The album was produced by Brendan O'Brien.",
                     "The album was produced by Rick Rubin and Brendan O'Brien at Sound City.")
    assert not flags("The annex was designed by Zaha Hadid.",
                     "The museum was designed by Frank Gehry and the annex was designed by Zaha Hadid.")
    assert not flags("The poem was written by Emily Dickinson.", "The poem was written by the poet Emily Dickinson in 1862.")
    assert not flags("The project was completed by 2020.", "The project was completed by the Harlow team in 2019.")


ABBEY = ("In 1712 the architect Mara Quennell designed the new abbey library, while the abbot, Oswin Tarrant, "
         "raised the money from the wool merchants. The library opened in 1716.")


def test_a_deed_the_passage_says_in_the_active_voice_of_another_name_is_flagged():
    assert flags("The library was designed by Oswin Tarrant, the abbot at the time.", ABBEY)


def test_the_active_voice_s_own_doer_or_co_doer_is_not_flagged():
    assert not flags("The library was designed by Mara Quennell.", ABBEY)
    assert not flags("The bridge was designed by Ines Smith.", "Ines Smith and Paul Jones designed the bridge in 1903.")
    # the doer read past a title's stop
    assert not flags("The songs were produced by Dr. Dre.",
                     "Dr. Dre mentored Eminem. Dre produced three songs, and Eminem produced the rest.")
    # a co-doer named after "with"
    assert not flags("The hall was designed by Marc Duran in collaboration with Ferrandis.",
                     "Ferrandis designed the hall in collaboration with Marc Duran.")
    # a participle with no object after it is no active verb ("The Civil Rights Act passed in 1964 ...")
    assert not flags("The law was passed by Congress in 1964.",
                     "Congress approved the law in 1964. The Civil Rights Act passed in 1964 banned segregation.")
    # a name before a word that is no past form ("Official opening of ...") gives no doer
    assert not flags("The steps were opened by Brian Wilkins.",
                     "Official opening of Castle Cove steps. Cutting the ribbon will be Brian Wilkins.")
