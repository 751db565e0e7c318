"""A deed the passage gives to someone else (judges/local/checks/deed.py): the claim joins the
name of one statement to the deed of another; a claim that gives each deed to its doer, a
statement that names the doer with a pronoun, or a name written as its acronym is not flagged."""

import pytest

from ragmeter.judges.local.checks.deed import another_doer
from ragmeter.text.segments import premise_sentences

SURVEY = ("Professor Ilse Brandt directed the 2021 coastal survey, while geologist Tomas Reyes mapped the "
          "sediment cores.")
MERGER = "Harlow Capital advised the buyer, while Quint & Rowe reviewed the price for the seller."
PRONOUN = "Ilse Brandt joined the institute in 2015. She later mapped the sediment cores of the northern bay."
UNION = "The EU is expected to retaliate with tariffs on American steel. The European Union met in Brussels."


def flags(claim: str, context: str) -> bool:
    return another_doer(claim, premise_sentences(context)) == 1.0


@pytest.mark.parametrize("claim,context", [
    ("Professor Ilse Brandt mapped the sediment cores.", SURVEY),
    ("Tomas Reyes directed the coastal survey.", SURVEY),
    ("Harlow Capital reviewed the price for the seller.", MERGER),
    # the rest of the deed ("the trial") in the claim's who's own statement: the deed itself is another's
    ("Dr. Helena Voss designed the dosing protocol for the trial.",
     "Dr. Helena Voss led the trial, while pharmacologist Amir Castell designed its dosing protocol."),
    # a third name that revised it takes nothing from the one that designed it
    ("Dr. Helena Voss designed the dosing protocol for the trial.",
     "Dr. Helena Voss designed the survey. Pharmacologist Amir Castell designed the dosing protocol for the "
     "trial. Later, biostatistician Kim Lee revised the dosing protocol for the trial."),
    # the verb after a phrase set off by commas
    ("Dr. Helena Voss, the lead investigator, designed the dosing protocol for the first phase of the trial.",
     "Dr. Helena Voss was the lead investigator. Pharmacologist Amir Castell designed the dosing protocol for "
     "the first phase of the trial."),
])
def test_a_deed_given_to_another_name_is_flagged(claim, context):
    assert flags(claim, context)


@pytest.mark.parametrize("claim,context", [
    ("Tomas Reyes mapped the sediment cores.", SURVEY),
    ("Professor Ilse Brandt directed the coastal survey.", SURVEY),
    ("Quint & Rowe reviewed the price for the seller.", MERGER),
    ("Ilse Brandt mapped the sediment cores.", PRONOUN),  # "she": the deed is hers
    ("The European Union is expected to retaliate with tariffs.", UNION),  # the acronym is the name
    ("Who mapped the sediment cores?", SURVEY),  # a question claims nothing
    ("Ilse Brandt mapped the sediment cores.",  # a source named, not a doer
     "According to Tomas Reyes, the sediment cores were mapped in 2020. Ilse Brandt joined the survey in 2015."),
    # a common noun the passage capitalises only to open a sentence is no name of the claim's
    ("The catalyst goes in after the precursor has been dissolved in ethanol and heated to 60°C.",
     "In the Harlow synthesis, the precursor is first dissolved in ethanol and heated to 60°C. Catalyst is then "
     "added, and the mixture is stirred for two hours."),
    # a claim that joins two statements: its verb ("opened") is the Wall's own, the rest the other's
    ("The Wall was opened on 9 November 1989, almost a year before reunification on 3 October 1990.",
     "The Berlin Wall was opened on 9 November 1989 after East German authorities announced that citizens could "
     "cross the border freely. Formal German reunification followed almost a year later, on 3 October 1990."),
])
def test_the_doer_a_pronoun_or_an_acronym_is_not_flagged(claim, context):
    assert not flags(claim, context)


def test_an_opening_time_or_place_is_no_doer():
    """Version 58: "From July 1," sets the time; "July" does not do what the passage says the
    council's ordinance requires."""
    ordinance = ("The Harwood City Council passed Ordinance 22-117, requiring short-term rental hosts to register with "
                 "the city and display their registration number in all listings. The ordinance takes effect on July 1.")
    assert not flags("From July 1, hosts must register with the city and show their registration number in every "
                     "listing.", ordinance)
    # a name inside a compound adjective is no doer (a check probe that version 58's first form flagged)
    curie = ("Marie Sklodowska Curie was the first woman to win a Nobel Prize. In 1911, the Polish-born physicist won a "
             "second Nobel Prize, this time in chemistry.")
    assert not flags("In 1911, Marie Sklodowska Curie won a second Nobel Prize, this time in chemistry.", curie)
