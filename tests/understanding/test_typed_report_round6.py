"""Issue 28, round 6: what a container held, and what a smell only describes, as the material."""
from stormwater.understanding.material_reading import read_material
from stormwater.understanding.material_vessels import described_only, held, with_vessel


def test_a_container_names_what_it_held():
    assert held("he rinsed out the bleach bottle by the curb") == ("bleach", None)
    assert held("she emptied the weed killer sprayer in the gutter") == ("weed killer", None)
    # what the container is like, or whose it is, names no contents
    assert held("i dumped the big bucket in the drain") == (None, None)
    assert held("they keep dumping their buckets in the drain") == (None, None)
    assert held("washed the mixing tub out") == (None, None)
    # "a jug of ..." says its contents after the container, read elsewhere
    assert held("poured a jug of vinegar in the drain") == (None, None)


def test_a_hose_only_says_which_kind_of_a_material_named_elsewhere():
    assert held("the brake line on the truck snapped") == (None, "brake")
    assert with_vessel("the brake line snapped and fluid leaked out", ["fluid"], (), ("water",)) == ["brake fluid"]
    # a garden hose does not make plain water "garden water"
    assert with_vessel("water from the garden hose ran in", ["water"], (), ("water",)) == ["water"]


def test_the_container_s_contents_come_first_unless_already_said():
    assert with_vessel("rinsed the bleach bottle and soapy suds went in", ["soapy suds"], (), ()) == ["bleach", "soapy suds"]
    assert with_vessel("the greasy trash can juice ran out", ["greasy trash can juice"], (), ()) == ["greasy trash can juice"]


def test_a_smell_describes_and_does_not_name():
    assert described_only("it reeked of bleach, and it looked like milk") == "bleach milk"
    assert described_only("he poured paint in the drain") == ""


def test_the_report_keeps_the_thing_poured_over_what_it_smelled_like():
    reading = read_material("a man emptied a bottle of oven cleaner down the drain and it smelled like chemicals")
    assert reading is not None and reading.words == "oven cleaner"
    # a smell alone is still what the resident can tell
    alone = read_material("the gutter smells like gasoline")
    assert alone is not None and "gasoline" in alone.words


def test_the_report_keeps_a_container_s_contents_in_the_resident_s_words():
    reading = read_material("my neighbor rinsed his bug spray sprayer out over the storm drain")
    assert reading is not None and "bug spray" in reading.words
    oil = read_material("the hydraulic line on the excavator burst and oil ran into the gutter")
    assert oil is not None and oil.words == "hydraulic oil"


def test_a_tank_or_a_pot_houses_as_often_as_it_holds():
    assert held("i rinsed my fish tank in the street") == (None, None)
    assert held("watered the flower pot and it ran off") == (None, None)


def test_a_place_corrected_as_it_is_typed_is_the_place_said_last():
    from stormwater.understanding.place_spans import place_span
    assert place_span("a van is parked on Elm St, no sorry, Cedar Ave, and it's dripping oil") == "Cedar Ave"
    assert place_span("the drain on Oak Ln, sorry i meant Pine Ln") == "Pine Ln"
    # "sorry" that corrects nothing leaves the place alone
    assert place_span("the drain on Oak Ln, sorry for the typos") == "the drain on Oak Ln"


def test_a_message_texted_without_i_that_opens_with_a_verb_done_is_the_resident_s_own():
    from stormwater.understanding.said_words import whose_from_words
    assert whose_from_words("stained the deck in the shed sunday and rinsed the brushes in the gutter") == "yes"
    # someone else named as the doer still outweighs it
    assert whose_from_words("watched the neighbors crew and they hosed the mud in the drain") == "no"
    assert whose_from_words("the guys painted the house and rinsed brushes in the drain") == "no"


def test_a_count_of_containers_names_nothing_they_held():
    assert held("couple buckets") == (None, None)
    assert held("a couple buckets maybe") == (None, None)
    assert held("several jugs of it") == (None, None)
    assert read_material("couple buckets") is None
