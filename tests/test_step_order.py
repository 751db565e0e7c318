"""Steps of a procedure told in another order, in other words (judges/local/checks/step_order.py)."""

import pytest

from ragmeter.judges.local.checks.step_order import in_time_order, steps_reordered
from ragmeter.text.segments import premise_sentences

PRINTER = ("To clear a paper jam, first switch the printer off at the wall. Then open the rear cover and "
           "pull the jammed sheet out slowly. Finally, close the cover and switch the printer back on.")
DESCALE = ("To descale the kettle, fill it with water and white vinegar and let it stand for 30 minutes. "
           "Then empty the kettle and boil fresh water twice to remove any vinegar taste.")
RAINFALL = ("Large-scale deforestation reduces the water vapour that trees release through transpiration. "
            "In tropical regions, this reduction in turn leads to lower local rainfall.")
BLANCHING = ("Broccoli being shocked in cold water. Blanching is a process in which a vegetable is scalded in "
             "boiling water, removed after a brief interval, and finally plunged into iced water.")
CPR = ("For an adult who is not breathing normally, the rescuer should first call emergency services and get an "
       "AED. Next, begin chest compressions at 100 to 120 a minute.")
LEAVE = ("Employees first notify their manager at least 30 days before the leave starts, then submit the leave "
         "request in the HR portal. HR then confirms the leave dates in writing.")
EARBUDS = ("Place both earbuds in the charging case, then press and hold the case button for 3 seconds until the "
           "light flashes white. Finally, select the earbuds in your phone's Bluetooth menu.")
VISA = ("Applicants first book an appointment at the consulate online. They then bring their passport and two "
        "photographs to the appointment, and the consulate next posts the visa within ten days.")


def flags(claim: str, context: str) -> bool:
    return steps_reordered(claim, premise_sentences(context)) == 1.0


@pytest.mark.parametrize("claim,context", [
    ("Open the rear cover and remove the stuck page, then turn the printer off at the wall.", PRINTER),
    ("1) Take your passport and two photos to the consulate; 2) make an online booking for an appointment.", VISA),
    # the first step told without a marker, the next sentence opening with "Then" (version 34)
    ("Boil fresh water twice first, then fill the kettle with water and vinegar and let it stand.", DESCALE),
    # a negated clause of a sentence is no step, its other clauses are
    ("Begin chest compressions at 100 to 120 a minute first, then call emergency services and get an AED.", CPR),
    # a chain of causes told with "in turn"
    ("Lower rainfall in the area causes deforestation, which then means trees give off less water vapour.",
     RAINFALL),
    # version 36: "30 days before" sets off a time, "until" says how long a step lasts; and one step
    # moved in a list of three is flagged though two of its pairs keep the passage's order
    ("1) File the request in the HR portal; 2) tell your manager at least 30 days ahead; 3) HR confirms the dates "
     "in writing.", LEAVE),
    ("Hold the case button for 3 seconds until the light flashes white, then put both earbuds back in the case, "
     "and pick the earbuds in your phone's Bluetooth settings.", EARBUDS),
])
def test_steps_in_another_order_are_flagged(claim, context):
    assert flags(claim, context)


@pytest.mark.parametrize("claim,context", [
    ("Turn the printer off at the wall, then open the rear cover and remove the stuck page.", PRINTER),
    ("1) Make an online booking for an appointment; 2) take your passport and two photos to the consulate.", VISA),
    # "after" tells the order against the words' order: sequence.py reads it
    ("Then pull the jammed sheet out of the rear cover, after you switch off the printer at the wall.", PRINTER),
    ("If the page tears, then open the rear cover again.", PRINTER),  # a condition, not steps
    ("1) Tell your manager at least 30 days ahead; 2) file the request in the HR portal; 3) HR confirms the dates "
     "in writing.", LEAVE),
    ("Put both earbuds back in the case, then hold the case button for 3 seconds until the light flashes white, "
     "and pick the earbuds in your phone's Bluetooth settings.", EARBUDS),
    ("Fill the kettle with water and vinegar and let it stand, then boil fresh water twice.", DESCALE),
    ("Deforestation cuts the water vapour trees give off, which then lowers the rainfall.", RAINFALL),
    # "next month" is no step
    ("Coach Duarte says his players will be fit for next month's cup finals.",
     "Coach Duarte says he is not worried about next month's cup finals. The squad first trains at home, "
     "then the coach names the players."),
])
def test_steps_in_the_passages_order_or_not_told_as_steps_are_not_flagged(claim, context):
    assert not flags(claim, context)


def test_a_sentence_that_neither_tells_nor_opens_a_sequence_gives_no_step():
    """A heading before the procedure ("Broccoli being shocked in cold water.") is no step of it:
    the claim's last step matches it better than the procedure's, and would read as told first."""
    claim = "Vegetables are scalded in boiling water and then plunged into iced water, known as shocking."
    context = BLANCHING.replace("Broccoli being shocked in cold water.", "Broccoli being shocked in cold water. "
                                "Blanched vegetables keep their colour.")
    assert not flags(claim, context)


def test_a_passage_that_says_its_sentences_come_in_sequence_gives_their_order():
    passage = ["During mitosis, the cell passes through several phases in sequence.",
               "In prophase, chromosomes condense and become visible.",
               "In metaphase, they line up along the center of the cell.",
               "In anaphase, sister chromatids are pulled to opposite poles, and in telophase, new nuclear "
               "membranes form around each set of chromosomes."]
    assert steps_reordered("The phases run prophase, anaphase, metaphase, then telophase.", passage) == 1.0
    assert steps_reordered("Prophase comes first, followed by metaphase, then anaphase, and finally telophase.",
                           passage) == 0.0
    # without the sentence that announces a sequence, the passage's order is no order told
    assert steps_reordered("The phases run prophase, anaphase, metaphase, then telophase.", passage[1:]) == 0.0


BILL = ("In Edrith, a bill becomes law after it passes the Assembly, is reviewed by the Council of Elders, and is "
        "then signed by the Regent. The Council may return a bill to the Assembly once with amendments.")
CLUSTER = ("To upgrade a Loomcast cluster, first back up the metadata store with loomctl backup. Next, upgrade the "
           "controller nodes one at a time. Only after all controllers report healthy should you upgrade the "
           "worker nodes.")


@pytest.mark.parametrize("claim,context,expected", [
    ("A bill is first reviewed by the Council of Elders, then passes the Assembly, and is then signed by the Regent.",
     BILL, True),
    ("A bill passes the Assembly, then goes to the Council of Elders for review, and is finally signed by the Regent.",
     BILL, False),
    ("First upgrade the worker nodes, then back up the metadata store, and finally upgrade the controller nodes.",
     CLUSTER, True),
    ("Back up the metadata store, then upgrade the controller nodes one at a time, and finally the worker nodes.",
     CLUSTER, False),
])
def test_a_sentence_that_tells_its_order_with_after_gives_its_steps_in_that_order(claim, context, expected):
    """Version 44: "Y after X" and "Only after X should you Y" tell X first; before, such a sentence
    gave no step at all, and a claim that told its steps the other way round went unread."""
    assert flags(claim, context) is expected


def test_events_in_time_order():
    assert in_time_order("Once the identity check is approved, they link a bank account.") == [
        "the identity check is approved", "they link a bank account."]
    assert in_time_order("Press start when the light turns green.") == ["the light turns green.", "Press start"]
    assert in_time_order("Fill the tank before the first brew.") == ["Fill the tank", "the first brew."]
    # a time that is no event, or "once" meaning one time, tells no order against the words
    assert in_time_order("Scald it, remove it after a brief, timed interval, then chill it.") == [
        "Scald it, remove it after a brief, timed interval, then chill it."]
    assert in_time_order("The Council may return a bill once with amendments.") == [
        "The Council may return a bill once with amendments."]
    # two such words in one clause: the order is not read
    assert in_time_order("Only after the link is confirmed and before noon can they deposit.") is None
    # two clauses joined by "and", each read in the order of its events (version 60)
    assert in_time_order("They link a bank account once identity is verified, and trading opens once the deposit "
                         "settles.") == ["identity is verified", "They link a bank account", "the deposit settles.",
                                         "trading opens"]
    assert in_time_order("Once identity is verified, they link a bank account.") == [
        "identity is verified", "they link a bank account."]
    # a first clause that opens with its own time may cover the next: not read
    assert in_time_order("Before you paint the wall, fill the cracks, and sand the filler once it has dried.") is None
    assert in_time_order("A tablet taken once daily is enough for most adults.") == [
        "A tablet taken once daily is enough for most adults."]


FLINT = ("To migrate a Flintbase database to version 5, first run `flint backup --all` to create a full snapshot. "
         "Then stop the server with `flint stop`, install the new binaries, and run `flint migrate`.")


def test_after_that_is_a_later_step_and_a_last_steps_own_time_is_left_aside():
    assert flags("Shut the server down with flint stop first, and only after that take a full snapshot with "
                 "flint backup --all.", FLINT)
    assert not flags("Take a full snapshot with flint backup --all first, and only after that shut the server down "
                     "with flint stop.", FLINT)
    # the steps told before "once": opening the cover, then switching off, where the passage has them the
    # other way round
    assert flags("Open the rear cover, then switch the printer off at the wall, and close the cover once the "
                 "sheet is out.", PRINTER)
    assert not flags("Switch the printer off at the wall, then open the rear cover, and close the cover once the "
                     "sheet is out.", PRINTER)
    # "after this update is installed" names the update: no later step
    update = "First install the update, then restart the device."
    assert not flags("Back up your files, then restart the device after this update is installed.", update)


SONET = ("To pair the Sonet B5 headphones with a new device, first hold the power button for 2 seconds to switch them "
         "on. Then press and hold both volume buttons together for 5 seconds until the LED flashes blue and white. "
         "Finally, select 'Sonet B5' in your device's Bluetooth menu.")
PAYVIA = ("To turn on two-factor authentication, sign in to Payvia and open Settings > Security. Select 'Enable 2FA' and "
          "scan the QR code with an authenticator app. Enter the 6-digit code from the app to confirm, then save the "
          "backup codes shown on the final screen in a safe place.")


def test_numbers_tell_steps_apart_and_a_step_may_tell_two():
    """Version 58: "a 2-second press of the power button" is the 2-second step; a claim step that
    shares as many words with two premise steps is both ("scan the QR code ... and type in the
    6-digit code")."""
    assert flags("Hold both volume buttons for 5 seconds until the light flashes blue and white, then turn them on "
                 "with a 2-second press of the power button.", SONET)
    assert not flags("Turn them on with a 2-second press of the power button, then hold both volume buttons for 5 "
                     "seconds until the light flashes blue and white.", SONET)
    assert flags("Save the backup codes somewhere safe, then scan the QR code with an authenticator app and type in "
                 "the 6-digit code to confirm.", PAYVIA)
    assert not flags("Scan the QR code with an authenticator app and type in the 6-digit code to confirm, then save "
                     "the backup codes somewhere safe.", PAYVIA)


def test_a_distance_or_time_gone_by_tells_no_order():
    assert in_time_order("The road passes Marrick after 35 km and then reaches Saltby.") == [
        "The road passes Marrick after 35 km and then reaches Saltby."]


KETTLE = ("To descale the Brio kettle, first fill it with the descaling solution. Next, boil the solution once and "
          "leave it for an hour. Then empty the kettle and rinse it twice with clean water.")


def test_a_list_of_orders_tells_its_steps_without_then():
    flags = lambda claim: steps_reordered(claim, premise_sentences(KETTLE)) == 1.0  # noqa: E731
    assert flags("Empty the kettle and rinse it twice, fill it with the descaling solution, and boil the solution once.")
    assert not flags("Fill it with the descaling solution, boil the solution once, and empty the kettle and rinse it twice.")
    # a list of things, not of orders, tells no steps; nor a statement whose subject opens it
    assert not flags("The kettle, the solution and the clean water are all you need.")
    council = ("Each spring the council first sets the tax rates and hires the auditors. It then approves the budget, "
               "and finally publishes the accounts.")
    assert steps_reordered("The council publishes the accounts, approves the budget, hires the auditors and sets the "
                           "tax rates.", premise_sentences(council)) == 0.0
    # a checklist numbered, with no order told in words
    assert steps_reordered("Switch on your lights, wear a helmet and check the brakes.", premise_sentences(
        "Safety checklist: 1. Wear a helmet. 2. Check the brakes. 3. Switch on your lights.")) == 0.0


def test_once_that_counts_a_press_tells_no_step_s_time():
    inhaler = ("First shake the inhaler for five seconds. Next, breathe out fully. Then seal your lips around the "
               "mouthpiece and press the canister once while breathing in.")
    assert steps_reordered("Breathe out fully, seal your lips around the mouthpiece and press once while breathing "
                           "in, and then shake the inhaler for five seconds.", premise_sentences(inhaler)) == 1.0
