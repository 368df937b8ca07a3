"""Issue 27, rounds 88-89: a case granted to argue from ("if i can wash my car there why not a
rug") is not the thing; "leaves" before what it leaves ("leaves stains") is the verb. Written in
words of our own, from the causes of the rounds' misses (the sets themselves are not quoted)."""
import pytest

from tests.understanding.first_answer import turn_verdicts as verdicts

VILLAGES = ["bayville", "poquott"]


@pytest.mark.parametrize("slug", VILLAGES)
def test_a_case_granted_to_argue_from_is_not_the_thing(slug):
    text = "i want to scrub the patio cushions with detergent on the driveway, suds go to the drain. if i can wash my car there why not cushions?"
    assert not any(key == "car_wash_residential" for key, _ in verdicts(slug, text)), verdicts(slug, text)
    # the resident's own car, asked about again, is still the question
    assert verdicts(slug, "if i can wash my car in the driveway can i also rinse it with no soap?")[0] == ("car_wash_residential", "allowed")


@pytest.mark.parametrize("slug", VILLAGES)
def test_leaves_before_what_it_leaves_is_the_verb(slug):
    text = "the iron in our well water leaves stains on the walk where the overflow runs to the gutter, is that ok?"
    assert not any(key == "yard_waste" for key, _ in verdicts(slug, text)), verdicts(slug, text)


@pytest.mark.parametrize("slug", VILLAGES)
def test_why_cant_i_asks_about_the_thing_itself(slug):
    # "why can't I" asks about the thing named, it compares nothing
    assert verdicts(slug, "grass clippings are natural. why cant i sweep them into the storm drain?")[0] == ("yard_waste", "prohibited")
