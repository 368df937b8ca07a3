"""Contact details become keyed tags before Rasa's tracker store sees them."""
import pytest

from stormwater.store.redaction import Redactor

SECRET = b"s" * 32


@pytest.fixture
def redactor():
    return Redactor(SECRET)


@pytest.mark.parametrize(
    "text",
    ["516-555-0199", "(516) 555-0199", "516.555.0199", "5165550199", "1-516-555-0199", "+1 516 555 0199"],
)
def test_every_way_of_writing_a_number_gives_the_same_tag(redactor, text):
    assert redactor.scrub_text(f"call me at {text} please") == f"call me at {redactor.tag('phone', '5165550199')} please"


@pytest.mark.parametrize(
    "text",
    ["11/27/2026", "2026-11-27", "BAY-7K3Q9P", "about 100-2000 gallons", "12 Main St", "yesterday at 5pm"],
)
def test_dates_references_and_amounts_are_left_alone(redactor, text):
    assert redactor.scrub_text(text) == text


def test_email_addresses_are_tagged(redactor):
    scrubbed = redactor.scrub_text("write to pat.lee@example.org today")
    assert "pat.lee" not in scrubbed and scrubbed.startswith("write to [email:") and scrubbed.endswith("] today")


def test_tags_depend_on_the_secret():
    assert Redactor(SECRET).tag("phone", "5165550199") != Redactor(b"t" * 32).tag("phone", "5165550199")
    with pytest.raises(ValueError):
        Redactor(b"")


def test_user_events_lose_numbers_but_contact_slots_stay_until_the_form_ends(redactor):
    user = {"event": "user", "text": "516-555-0199", "parse_data": {"text": "516-555-0199", "intent": {"name": "inform"}}}
    scrubbed = redactor.scrub_event(user)
    assert "0199" not in str(scrubbed) and scrubbed["parse_data"]["intent"]["name"] == "inform"
    phone_slot = {"event": "slot", "name": "reporter_phone", "value": "(516) 555-0199"}
    assert redactor.scrub_event(phone_slot) == phone_slot
    location = {"event": "slot", "name": "location", "value": "12 Main St, call 516-555-0199"}
    assert "0199" not in redactor.scrub_event(location)["value"]
    bot = {"event": "bot", "text": "Call the Village Clerk at (516) 628-1439."}
    assert redactor.scrub_event(bot) == bot


def test_forgetting_contact_values_replaces_them_everywhere(redactor):
    events = [
        {"event": "user", "text": "Pat Lee"},
        {"event": "slot", "name": "reporter_name", "value": "Pat Lee"},
        {"event": "slot", "name": "reporter_phone", "value": "(516) 555-0199"},
        {"event": "bot", "text": "I changed your phone number to (516) 555-0199."},
        {"event": "slot", "name": "reporter_name", "value": None},
        {"event": "slot", "name": "reporter_phone", "value": "none"},
    ]
    values = redactor.contact_values(events)
    assert values == {"Pat Lee", "(516) 555-0199"}
    forgotten = [redactor.forget_values(e, values) for e in events]
    assert "Pat" not in str(forgotten) and "0199" not in str(forgotten)
    assert forgotten[0]["text"] == redactor.tag("name", "Pat Lee")
    assert forgotten[3]["text"] == f"I changed your phone number to {redactor.tag('phone', '5165550199')}."
    # Tags are not values: a second pass finds nothing left to forget.
    assert redactor.contact_values(forgotten) == set()


def test_a_name_is_forgotten_as_a_whole_word_only(redactor):
    event = {"event": "user", "text": "Al said the alley by Al's house floods"}
    forgotten = redactor.forget_values(event, ["Al's"])
    assert forgotten["text"] == f"Al said the alley by {redactor.tag('name', 'Al' + chr(39) + 's')} house floods"
