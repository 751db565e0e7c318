"""The changed-slot check (judges/local/checks/substitution.py): a premise clause copied with one slot filled
otherwise is flagged; a rewording, a pronoun for a name, an acronym, a relative clause whose
subject is elsewhere, or a slot the passage states elsewhere with the same words is not."""

import pytest
from extras import need_local

from ragmeter.judges.local.checks.substitution import slot_substitution
from ragmeter.text.segments import premise_sentences

CANBERRA = "Canberra is the capital of Australia. Sydney is its largest city."
PARACETAMOL = ("Adults with a fever can take paracetamol 1 g every four to six hours, up to a maximum of 4 g in "
               "24 hours. Patients weighing under 50 kg or with liver disease should not exceed 3 g a day.")
LAKES = ("Lake Baikal in Siberia is the deepest lake in the world, reaching 1,642 metres. The Caspian Sea is the "
         "largest lake by area.")
PHOTOSYNTHESIS = ("Using light energy, plants convert carbon dioxide and water into glucose, releasing oxygen as a "
                  "by-product.")
WATCH = "The Pulse 3 can be worn while swimming in a pool. It is not suitable for diving or hot saunas."
TARIFFS = ("The European Union announced tariffs last year. The EU is expected to quickly retaliate with promised "
           "tariffs of about $3.3 billion on iconic American products such as bourbon.")

STACK = ("The gateway handles authentication, Redis stores session data and short-lived caches, and PostgreSQL "
         "holds all persistent records such as users and orders.")
RULING = ("In Marsh v. Quill (2018), the court ruled for the tenant. The majority opinion, written by Judge Okafor, "
          "held that the lease was void.")
STUDY = "Dr. Imogen Salt led the study, while Dr. Felix Onuora handled the statistical analysis."
APPEALS = ("Appeals go first to the district court of appeal. Constitutional questions may then be taken to the "
           "regional court.")
OXBOW = ("The abandoned loop is sealed off by sediment and becomes an oxbow lake. Erosion on the outer bank makes each "
         "meander loop wider.")


def flags(claim: str, context: str) -> bool:
    return slot_substitution(claim, premise_sentences(context)) == 1.0


@pytest.mark.parametrize("claim,context", [
    ("The capital of Australia is Sydney.", CANBERRA),  # a name of the passage, copula turned round
    ("Adults can take up to a maximum of 3 g in 24 hours.", PARACETAMOL),  # a number stated for others
    ("The Caspian Sea is the deepest lake in the world, reaching 1,642 metres.", LAKES),
    ("Using light energy, plants convert oxygen and water into glucose, releasing carbon dioxide as a by-product.",
     PHOTOSYNTHESIS),  # input and output exchanged
    ("It is suitable for diving or hot saunas.", WATCH),  # a "not" dropped
    # a name of the same sentence, from the other statement it joins
    ("PostgreSQL stores session data and short-lived caches.", STACK),
    ("Dr. Imogen Salt handled the statistical analysis.", STUDY),  # one statement's start, the next one's end
    ("The majority opinion was written by Judge Marsh.", RULING),  # the clause ends at the name
    # numbers the premise sentence holds, put in each other's places or taken from its other statement
    ("The company opened its first shop in 1968 and its second in 1968.",
     "The company opened its first shop in 1968 and its second in 1969."),
    ("Children aged 6 to 11 take 10 ml twice a day.",
     "Children aged 6 to 11 take 5 ml twice a day, while adults take 10 ml twice a day."),
    ("The card charges no annual fee in the first three years.",  # a number put in
     "The card charges no annual fee in the first year and $95 a year after that."),
    # a sibling: the passage says "district court" and "regional court", the premise the district one
    ("Appeals go first to the regional court of appeal.", APPEALS),
    ("The meander loop is sealed off by sediment and becomes an oxbow lake.", OXBOW),
])
def test_a_copied_clause_with_one_slot_changed_is_flagged(claim, context):
    assert flags(claim, context)


@pytest.mark.parametrize("claim,context", [
    ("The capital of Australia is Canberra.", CANBERRA),
    ("Canberra is Australia's capital.", CANBERRA),
    ("Adults can take up to a maximum of four grams in 24 hours.", PARACETAMOL),  # the number in words
    ("Lake Baikal in Siberia is the deepest lake in the world.", LAKES),
    ("Photosynthesis turns CO2 and water into sugar using sunlight and gives off oxygen.", PHOTOSYNTHESIS),
    ("It is not suitable for diving.", WATCH),
    ("Redis stores session data and short-lived caches.", STACK),
    ("Dr. Felix Onuora handled the statistical analysis.", STUDY),
    ("Dr. Imogen Salt led the study.", STUDY),
    ("Appeals go first to the district court of appeal.", APPEALS),
    ("Warren Sapp, 42, was charged in February.",  # a number the passage gives elsewhere
     "Warren Sapp was charged in February. The 42-year-old former player denied it."),
    ("Children aged 6 to 11 take 5 ml twice a day.",
     "Children aged 6 to 11 take 5 ml twice a day, while adults take 10 ml twice a day."),
    ("The abandoned loop is cut off by sediment and becomes an oxbow lake.", OXBOW),
    # a verb the passage uses after the same subject elsewhere: the same statement in other words
    ("The light passes through the lens into the camera body.",
     "The light travels through the lens into the camera body. In a mirrorless camera the light passes straight "
     "to the sensor."),
    ("The majority opinion was written by Judge Okafor.", RULING),
    ("The European Union is expected to quickly retaliate with promised tariffs of about $3.3 billion on iconic "
     "American products such as bourbon.", TARIFFS),  # the name the acronym stands for
    ("In 27 BC the Senate gave Octavian the title Augustus.",
     "Octavian was left without a rival. In 27 BC the Senate granted him the title Augustus."),  # him: Octavian
])
def test_a_faithful_wording_is_not_flagged(claim, context):
    assert not flags(claim, context)


def test_a_slot_stated_with_the_same_words_elsewhere_is_not_flagged():
    context = ("The role earned her a 2011 Primetime Emmy Award for Outstanding Lead Actress in a Miniseries. "
               "In 2015 she received a Primetime Emmy Award nomination for Outstanding Guest Actress in a Comedy "
               "Series.")
    assert not flags("She received a Primetime Emmy Award for Outstanding Guest Actress in a Comedy Series "
                     "nomination.", context)


WAREHOUSE = ("The Leeds warehouse holds up to 8,000 pallets. The new site, opening in 2027, will hold 12,000 "
             "pallets.")
FLAG = ("The `strict` flag, added in 1.8, is now on by default. Version 2.1 removes the `loose` flag. "
        "Deliveries to the store arrive twice a week. Tuesdays and Fridays are delivery days.")


@pytest.mark.parametrize("claim,context", [
    ("The Leeds warehouse holds up to 12,000 pallets.", WAREHOUSE),  # "12,000" read as one number
    ("The `strict` flag, added in 2.1, is now on by default.", FLAG),  # clauses too short: the whole claim
    ("Wednesdays and Fridays are delivery days.", FLAG),  # a day the passage does not name, opening the claim
    ("In 1961 West German troops closed the crossings between East and West Berlin.",
     "In 1961 East German troops closed the crossings between East and West Berlin."),  # a name said once more
])
def test_numbers_days_and_short_clauses_are_read(claim, context):
    assert flags(claim, context)


@pytest.mark.parametrize("claim,context", [
    ("The Leeds warehouse holds up to 8000 pallets.", WAREHOUSE),
    ("About 40,000 people attended.", "About 40 , 000 people attended the march."),  # tokenised text
    ("The `strict` flag, added in 1.8, is now the default.", FLAG),
    ("The Rijksmuseum is a national museum in Europe.",
     "The Rijksmuseum is a national museum in Amsterdam."),  # a wider place is still true
    ("Roughly 40% of Norway's exports are oil and gas.",
     "Norway has a population of 5.5 million. Roughly 40% of the country's exports are oil and gas."),
    ("The Thames's mouth is on the North Sea east of London.",
     "The Thames rises in the Cotswolds. The river empties into the North Sea east of London."),
    ("The city has about 2.4 million residents.", "The city has about 2,400,000 residents."),  # scaled
    ("In week 12, 500 new cases were reported in the region.",
     "500 new cases were reported in the region in week 12."),  # two numbers, not 12,500
    ("Bottles come in sizes 330 ml, 500 ml and 750 ml.", "Bottles come in sizes 330, 500 and 750 ml."),
    ("Up to 99.5% of the load is carried by the frame.", "Up to 99,5% of the load is carried by the frame."),
])
def test_wider_names_and_numbers_written_otherwise_are_not_flagged(claim, context):
    assert not flags(claim, context)


HANSA = ("The Hanseatic League was an alliance of merchant guilds in Northern Europe, and its principal city was "
         "Lübeck.")
BRIDGE = "The Corran Bridge was designed by Agnes Holloway and opened in 1889."
WARD = "Peter Ward (born July 26, 1937 in Montreal, Quebec) is a retired baseball player."


@pytest.mark.parametrize("claim,context", [
    ("The Hanseatic League was an alliance of merchant guilds in Northern Europe, and its principal city was "
     "Hamburg.", HANSA),  # a name the passage never uses, at the end of the copy
    ("The Corran Bridge was designed by Thomas Carver and opened in 1889.", BRIDGE),  # inside it
    ("The singer was born in Perth, Wales, in 1940.", "The singer was born in Perth, Scotland, in 1940."),
    ("Peter Ward was born in France.", "Peter Ward was born in Canada."),  # another of the same size
])
def test_a_name_the_passage_never_uses_in_place_of_its_own_is_flagged(claim, context):
    assert flags(claim, context)


@pytest.mark.parametrize("claim,context", [
    ("The Hanseatic League was an alliance of merchant guilds in Northern Europe, and its principal city was "
     "Lubeck.", HANSA),  # the same name spelt otherwise
    ("Peter Ward was born in Canada.", WARD),  # a larger place
    ("Peter Ward was born in North America.", WARD),
    ("The Corran Bridge was designed by Holloway and opened in 1889.", BRIDGE),  # less of the same name
    ("The Corran Bridge was designed by Mary Holloway and opened in 1889.", BRIDGE),  # a first name: "Bill Gates"
    ("The Corran Bridge was designed by Dr Holloway and opened in 1889.", BRIDGE),  # a title
    ("Peter Ward was born in Toronto.", WARD),  # an unlisted place after "in": maybe a larger one
    ("The singer was born in Cardiff, UK, in 1940.", "The singer was born in Cardiff, Wales, in 1940."),
    ("He was born in Atlanta, USA, in 1929.", "He was born in Atlanta, Georgia, in 1929."),  # Georgia, a state
    ("The singer was born in Belfast, United Kingdom.", "The singer was born in Belfast, Northern Ireland."),
    ("The film was shot in America.", "The film was shot in the United States."),  # one place, two names
    ("The Corran Bridge, designed by Agnes Holloway, opened in 1889 in Scotland.", BRIDGE),  # a name added
])
def test_a_spelling_a_larger_place_or_a_name_added_is_not_flagged(claim, context):
    assert not flags(claim, context)


def test_a_question_and_its_answer_are_read_as_one_statement():
    # answer correctness reads a response against the question and a reference that answers it
    context = "What is the Orbitline API rate limit? 600 requests per minute per API key."
    assert flags("The Orbitline API enforces a rate limit of 600 requests per hour per API key.", context)
    assert not flags("The Orbitline API enforces a rate limit of 600 requests per minute per API key.", context)


def test_place_levels_read_names_as_the_check_has_them():
    from ragmeter.judges.local.checks.substitution import words
    from ragmeter.text.places import CONTINENT, COUNTRY, REGION, place_level, place_levels

    levels = place_levels(words)
    assert place_level(words("in the United States"), levels) == COUNTRY
    assert place_level(words("Quebec"), levels) == REGION
    assert place_level(words("South America"), levels) == CONTINENT
    assert place_level(words("Toronto"), levels) == 0


@pytest.mark.slow
def test_the_judge_holds_a_flagged_claim_low():
    need_local()
    from ragmeter import evaluate

    rows = [{"question": "What is the most paracetamol an adult can take?", "answer": answer,
             "contexts": [PARACETAMOL]}
            for answer in ("Adults can take 1 g every four to six hours, up to a maximum of 4 g in 24 hours.",
                           "Adults can take 1 g every four to six hours, up to a maximum of 3 g in 24 hours.")]
    right, wrong = (r["faithfulness"].score for r in evaluate(rows, metrics=["faithfulness"],
                                                              judge="local-fast").metric_results)
    assert right > 0.6 and wrong <= 0.3, (right, wrong)
