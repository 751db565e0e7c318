"""A claim that says the other way than its evidence ("fell" where the evidence says "up") is
not supported, though it shares every other word."""

from ragmeter.judges.local.checks.direction import direction, direction_flip, moved_otherwise, moves


def test_direction_of_a_statement():
    assert direction("Revenue rose by 3%.") == 1 and direction("Revenue declined.") == -1
    assert direction("Sales rose while profits fell.") == 0  # both ways: no direction
    assert direction("The city is up north.") == 0  # "up" counts only before an amount
    assert direction("Shares were down 4% on Monday.") == -1


def test_flip_is_read_in_the_sentence_that_covers_the_claim():
    sentences = ["The drug lowers blood pressure.", "It increases the heart rate slightly."]
    assert direction_flip("The drug increases blood pressure.", sentences) == 1.0
    assert direction_flip("The drug lowers blood pressure.", sentences) == 0.0
    assert direction_flip("The heart rate increases slightly.", sentences) == 0.0
    # a negation on either side is the negation check's to judge
    assert direction_flip("The drug does not increase blood pressure.", sentences) == 0.0
    # a sentence that says both ways decides nothing
    assert direction_flip("Profits fell.", ["Sales rose while profits fell."]) == 0.0
    # the claim's words must be in the sentence: a direction elsewhere is no flip
    assert direction_flip("Rainfall increased in Spain.", ["Unemployment fell in Portugal."]) == 0.0


def test_each_thing_moves_its_own_way():
    # the sentence says both ways, so direction() decides nothing; which thing moved does
    bonds = ["When market interest rates rise, the prices of existing bonds fall, because new bonds pay higher coupons."]
    assert moved_otherwise("When interest rates rise, the prices of existing bonds rise as well.", bonds) == 1.0
    assert moved_otherwise("When interest rates rise, the prices of existing bonds fall.", bonds) == 0.0
    assert moved_otherwise("Existing bond prices fall when market interest rates rise.", bonds) == 0.0
    wages = ["With far fewer workers available, labour became scarce and peasants could demand higher wages."]
    assert moved_otherwise("With far fewer workers available, peasants had to accept lower wages.", wages) == 1.0
    assert moved_otherwise("With fewer workers available, peasants could demand higher wages.", wages) == 0.0
    assert ("wag", -1) in moves("They accepted lower wages.") and ("water", 1) in moves("The boiling point of water rises.")
    # a comparison with "than" is the comparison check's: "A costs more than B" is "B costs less than A"
    assert moved_otherwise("Plan B has lower fees than plan A.", ["Plan A has higher fees than plan B."]) == 0.0
    # a pronoun moved, not the word before it; a verb moves its object
    assert moves("When you overpressure the fault, you reduce the stress.") == {("stress", -1)}
    # where the sentence moves a pronoun the claim's way ("to lower it"), it may be the claim's thing
    dial = ["To raise the set temperature, turn the dial clockwise; to lower it, turn the dial counterclockwise."]
    assert moved_otherwise("Turn the dial counterclockwise to lower the set temperature.", dial) == 0.0
    # "go up" and "go down" are directions
    renewal = ["At each renewal the price may increase by up to 5%, and we will email you 30 days before any change."]
    assert direction_flip("At renewal the price may go down by as much as 5%.", renewal) == 1.0
    assert direction_flip("At renewal the price may go up by no more than 5%.", renewal) == 0.0
    cache = ["Compression reduces on-disk cache size by about 40% but increases CPU load during writes."]
    assert moved_otherwise("It lowers CPU load during writes and shrinks the on-disk cache by about 40%.", cache) == 1.0
    assert moved_otherwise("It raises CPU load during writes and shrinks the on-disk cache by about 40%.", cache) == 0.0
    # a negation is the negation check's
    assert moved_otherwise("The prices of existing bonds do not rise.", bonds) == 0.0


def test_new_direction_words():
    assert direction("Operating margin narrowed to 6.1%.") == -1 and direction("Operating margin widened.") == 1
    assert direction("Food slowed its absorption.") == -1 and direction("Food sped up its absorption.") == 1


def test_a_comparison_with_its_sides_turned_round_is_left_to_the_comparison_checks():
    """ "Carbon-12 is more stable than carbon-14" where "carbon-14 is far less stable than
    carbon-12" says the same (version 36): the direction words differ because the sides are
    turned round; the comparison checks read which side is which."""
    premise = ["Of the two isotopes used in the experiment, carbon-14 is far less stable than carbon-12."]
    assert direction_flip("Carbon-12 is more stable than carbon-14.", premise) == 0.0
    # without "than" the direction check still reads a flip
    assert direction_flip("Revenue fell 15% in 2023.", ["In 2023 revenue was $4 million, up 15% from 2022."]) == 1.0


def test_a_claim_that_joins_clauses_is_read_clause_by_clause():
    premise = ["Following the central bank's rate decision, Kellan Mutual lowered its variable mortgage rate "
               "from 6.10% to 5.85%, effective June 1.", "Fixed-rate mortgages were unchanged."]
    assert direction_flip("It raised the variable rate as of June 1, while fixed rates stayed the same.", premise) == 1.0
    assert direction_flip("It cut the variable rate as of June 1, while fixed rates stayed the same.", premise) == 0.0
    # a claim that goes both ways is not read by its parts, nor a part whose words the sentence lacks
    premise = ["Lean methods aim to raise customer satisfaction by cutting waste."]
    assert direction_flip("It focuses on increasing process efficiency, reducing costs and cycle times.", premise) == 0.0


def test_speed_it_up_and_slow_it_down():
    premise = ["Beta blockers such as metoprolol reduce heart rate by blocking the effects of adrenaline on "
               "beta-adrenergic receptors."]
    assert direction("They speed it up.") == 1 and direction("They slow it down.") == -1
    assert direction_flip("They speed it up by blocking adrenaline's action on beta receptors.", premise) == 1.0
    assert direction_flip("They slow it down by blocking adrenaline's action on beta receptors.", premise) == 0.0


def test_a_part_is_read_without_its_adverbs_of_manner_and_things_moved_part_by_part():
    lake = ["Its water level has been declining since the 1970s because of upstream irrigation withdrawals."]
    claim = "Lake Torvenn is fairly shallow, but its level has been climbing steadily since the 1970s because of upstream irrigation."
    assert direction_flip(claim, lake) == 1.0
    assert direction_flip(claim.replace("climbing", "falling"), lake) == 0.0
    heart = ["Metoprolol is a beta-blocker that slows the heart rate and reduces the force of cardiac contraction."]
    assert moved_otherwise("Metoprolol speeds up the heart rate while reducing how forcefully the heart contracts.", heart) == 1.0
    assert moved_otherwise("Metoprolol slows the heart rate while reducing how forcefully the heart contracts.", heart) == 0.0
    # a word the sentence lacks ("counter-clockwise" where it says "clockwise") keeps a part from being read
    knob = ["To lower the water temperature on the Brisa 40 instant water heater, turn the temperature knob clockwise.",
            "Turning it counter-clockwise raises the temperature up to a maximum of 60 °C."]
    assert direction_flip("Turn the temperature knob counter-clockwise to raise the temperature, up to a maximum of "
                          "60 °C.", knob) == 0.0
