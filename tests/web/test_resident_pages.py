"""Resident pages' targets and words (issue 32): 911 and phone numbers are links, the report's
field names read plainly, and replies the assistant did not understand are marked so the chat
page keeps the question's buttons usable. Sizes are measured in Chromium by
tests/e2e/browser/test_desk_and_page_browser.py."""
from pathlib import Path

import yaml

REPO = Path(__file__).resolve().parents[2]


def test_the_start_page_links_911_and_lists_villages_as_tap_targets(client):
    html = client.get("/").get_data(as_text=True)
    assert '<a href="tel:911">911</a>' in html and '<ul class="villages">' in html


def test_the_village_page_phone_numbers_are_tel_links(app, client):
    html = client.get("/bayville/").get_data(as_text=True)
    phone = app.extensions["villages"]["bayville"].contacts["clerk"]["phone"]
    assert '<a href="tel:911">911</a>' in html
    assert f'<a href="tel:+1{"".join(c for c in phone if c.isdigit())[-10:]}">{phone}</a>' in html


def test_the_report_names_whose_it_is_in_plain_words():
    messages = yaml.safe_load((REPO / "data" / "messages.yml").read_text(encoding="utf-8"))
    assert messages["report_fields"]["responsible"] == "whether it is yours"


def test_replies_not_understood_are_marked_for_the_page():
    responses = yaml.safe_load((REPO / "bot" / "domain.yml").read_text(encoding="utf-8"))["responses"]
    for name in ("utter_fallback", "utter_default", "utter_nothing_to_cancel"):
        assert all(v.get("custom") == {"type": "not_understood"} for v in responses[name]), name
    # An answer that moves the conversation on is not marked.
    assert all("custom" not in v for v in responses["utter_anything_else"])
    script = (REPO / "web" / "static" / "chat.js").read_text(encoding="utf-8")
    assert 'm.custom.type === "not_understood"' in script and "reopenChoices()" in script


def test_the_dye_test_notice_names_the_officer_not_smo():
    responses = yaml.safe_load((REPO / "bot" / "domain.yml").read_text(encoding="utf-8"))["responses"]
    [notice] = responses["utter_dye_test_notice"]
    assert "SMO" not in notice["text"] and "the village's {smo_title}" in notice["text"]
