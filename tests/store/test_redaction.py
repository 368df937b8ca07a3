"""Contact details become keyed tags before Rasa's tracker store sees them."""
import pytest

from stormwater.store.redaction import Redactor, public_numbers

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
    ["11/27/2026", "2026-11-27", "BAY-7K3Q9P", "about 100-2000 gallons", "12 Main St", "yesterday at 5pm",
     # the discovery time as the form stores it: "17.123456-05" is no phone number
     "2026-12-03T09:34:17.123456-05:00", "2026-12-03T14:34:17.5+00:00"],
)
def test_dates_references_and_amounts_are_left_alone(redactor, text):
    assert redactor.scrub_text(text) == text


def test_a_number_beside_a_stored_time_is_still_tagged(redactor):
    scrubbed = redactor.scrub_text("found 2026-12-03T09:34:17.5-05:00, call 516 555 0142")
    assert scrubbed.startswith("found 2026-12-03T09:34:17.5-05:00, call [phone:") and "0142" not in scrubbed


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
    material = {"event": "slot", "name": "material", "value": "oil, call 516-555-0199"}
    assert "0199" not in redactor.scrub_event(material)["value"]
    # The place keeps a number typed in it until the form ends, so the ticket gets it for staff.
    location = {"event": "slot", "name": "location", "value": "12 Main St, call 516-555-0199"}
    assert redactor.scrub_event(location) == location
    assert redactor.contact_values([location]) == {"516-555-0199"}
    bot = {"event": "bot", "text": "Call the Village Clerk at (516) 628-1439."}
    assert "628-1439" not in str(redactor.scrub_event(bot))


def test_bot_events_lose_residents_numbers_but_keep_the_offices_numbers():
    redactor = Redactor(SECRET, public=public_numbers(["clerk: (516) 628-1439", "hotline 1-800-457-7362"]))
    bot = {"event": "bot", "text": "OK: we will text +12125550199 once each time staff update BAY-7K3Q9P.",
           "data": {"buttons": [{"title": "Call (212) 555-0199", "payload": "yes"}]}}
    scrubbed = redactor.scrub_event(bot)
    assert "0199" not in str(scrubbed)
    assert scrubbed["text"] == f"OK: we will text {redactor.tag('phone', '2125550199')} once each time staff update BAY-7K3Q9P."
    office = {"event": "bot", "text": "Call the Village Clerk at (516) 628-1439 or the NYSDEC at 1-800-457-7362."}
    assert redactor.scrub_event(office) == office
    # A resident's own words are scrubbed whatever the number.
    assert "628-1439" not in str(redactor.scrub_event({"event": "user", "text": "(516) 628-1439"}))


@pytest.mark.parametrize(
    "text",
    [
        "516\u2013555\u20130142",  # en dash
        "516\u2014555\u20140142",  # em dash
        "516\u2011555\u20110142",  # non-breaking hyphen
        "516\u2212555\u22120142",  # minus sign
        "516/555/0142", "516/555-0142",
        "\uff15\uff11\uff16\uff15\uff15\uff15\uff10\uff11\uff14\uff12",  # fullwidth digits
        "\uff08\uff15\uff11\uff16\uff09\uff15\uff15\uff15\uff0d\uff10\uff11\uff14\uff12",
        "516 555 01 42", "516.555.01.42", "516\u00a0555\u00a00142", "516\u200b555\u200b0142",
        "+1 (516) 555-0142", "001 516 555 0142", "011 1 516 555 0142", "+1.516.555.0142",
    ],
)
def test_numbers_in_any_writing_give_the_same_tag(redactor, text):
    assert redactor.scrub_text(f"call me at {text} please") == f"call me at {redactor.tag('phone', '5165550142')} please"


def test_international_numbers_with_a_prefix_are_tagged(redactor):
    for text in ("+44 20 7946 0958", "0044 20 7946 0958", "011 44 20 7946 0958", "+33 1 23 45 67 89"):
        scrubbed = redactor.scrub_text(f"my number is {text}.")
        assert scrubbed.startswith("my number is [phone:") and not any(c.isdigit() for c in scrubbed.split("[")[0]), text
    assert redactor.tag("phone", "+44 20 7946 0958") == redactor.tag("phone", "0044 20 7946 0958")


@pytest.mark.parametrize("address", ["josé.müller@example.org", "ñandú@correo.example.com", "李雷@example.cn",
                                     "pat.lee\uff20example.org"])
def test_non_ascii_email_addresses_are_tagged_whole(redactor, address):
    scrubbed = redactor.scrub_text(f"write to {address} today")
    assert scrubbed.startswith("write to [email:") and scrubbed.endswith("] today"), scrubbed


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


@pytest.mark.parametrize("written", ["+15165550199", "516-555-0199", "516\u2013555\u20130199", "516 555 01 99",
                                     "\uff15\uff11\uff16\uff15\uff15\uff15\uff10\uff11\uff19\uff19"])
def test_forgetting_a_number_finds_it_in_any_writing(redactor, written):
    event = {"event": "bot", "text": f"OK: we will text {written} once each time staff update BAY-7K3Q9P."}
    forgotten = redactor.forget_values(event, ["(516) 555-0199"])
    assert forgotten["text"] == f"OK: we will text {redactor.tag('phone', '5165550199')} once each time staff update BAY-7K3Q9P."


def test_a_name_is_forgotten_as_a_whole_word_only(redactor):
    event = {"event": "user", "text": "Al said the alley by Al's house floods"}
    forgotten = redactor.forget_values(event, ["Al's"])
    assert forgotten["text"] == f"Al said the alley by {redactor.tag('name', 'Al' + chr(39) + 's')} house floods"
