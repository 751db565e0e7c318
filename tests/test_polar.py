"""A yes/no question said as the statement its "yes" or "no" makes (text/polar.py)."""

import pytest

from ragmeter.text.polar import statement

CASES = [  # question, its "yes" statement, its "no" statement
    ("Can tardigrades survive exposure to the vacuum of space?",
     "Tardigrades can survive exposure to the vacuum of space.",
     "Tardigrades cannot survive exposure to the vacuum of space."),
    ("Is Mount Orvel the highest peak in the Selvane Range?",
     "Mount Orvel is the highest peak in the Selvane Range.",
     "Mount Orvel is not the highest peak in the Selvane Range."),
    ("Does Grisby's free tier include CI minutes?",
     "Grisby's free tier includes CI minutes.", "Grisby's free tier does not include CI minutes."),
    ("Does Bolivia currently have a coastline?",
     "Bolivia currently has a coastline.", "Bolivia does not currently have a coastline."),
    ("Did the Berlin Wall fall before German reunification?",
     "The Berlin Wall did fall before German reunification.",
     "The Berlin Wall did not fall before German reunification."),
    ("Are employees in Northland entitled to paid bereavement leave?",
     "Employees in Northland are entitled to paid bereavement leave.",
     "Employees in Northland are not entitled to paid bereavement leave."),
    ("Can a $9,000 claim be brought in Westbury County small claims court?",
     "A $9,000 claim can be brought in Westbury County small claims court.",
     "A $9,000 claim cannot be brought in Westbury County small claims court."),
    ("Can Ardent Media employees cash out their unused sick leave when they leave the company?",
     "Ardent Media employees can cash out their unused sick leave when they leave the company.",
     "Ardent Media employees cannot cash out their unused sick leave when they leave the company."),
    ("Does the Free plan include single sign-on?",
     "The Free plan includes single sign-on.", "The Free plan does not include single sign-on."),
    ("Is the Mora blender jar dishwasher-safe?",
     "The Mora blender jar is dishwasher-safe.", "The Mora blender jar is not dishwasher-safe."),
    ("Is there a fee to change my Nimbus Mobile plan?",
     "There is a fee to change my Nimbus Mobile plan.", "There is not a fee to change my Nimbus Mobile plan."),
    ("If I take money out of my Flex CD two weeks after funding it, will I be penalized?",
     "If I take money out of my Flex CD two weeks after funding it, I will be penalized.",
     "If I take money out of my Flex CD two weeks after funding it, I will not be penalized."),
    ("I'm a part-time employee working 25 hours a week. Can I join the pension scheme?",
     "I can join the pension scheme.", "I cannot join the pension scheme."),
]


@pytest.mark.parametrize("question,yes,no", CASES, ids=[c[0][:40] for c in CASES])
def test_a_yes_no_question_is_said_as_the_statement_of_each_answer(question, yes, no):
    assert statement(question, True) == yes
    assert statement(question, False) == no


@pytest.mark.parametrize("question", ["What is the capital of Australia?", "How long is the warranty?",
                                      "Is?", ""])
def test_a_question_that_is_not_yes_no_gives_no_statement(question):
    assert statement(question, True) is None and statement(question, False) is None


@pytest.mark.parametrize("question", ["Is the museum not open on Mondays?", "Doesn't the plan cover dental?",
                                      "Is Sydney the capital of Australia, or is it Canberra?", "IS SYDNEY THE CAPITAL?",
                                      "Is Sydney, Australia's largest city, the capital of Australia?",
                                      "Is express shipping faster or slower than standard?"])
def test_a_question_whose_yes_is_not_its_words_said_gives_no_statement(question):
    # a denial asked, a choice, shouting, an apposition: each gave a wrong or garbled statement once
    assert statement(question, True) is None


def test_a_no_to_must_says_need_not():
    assert statement("Must employees wear badges in the lab?", False) == "Employees need not wear badges in the lab."
