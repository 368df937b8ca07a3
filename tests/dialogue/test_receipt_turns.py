"""The e-mail receipt's offer and the answers to it, as replies."""
from stormwater.dialogue.receipt_turns import address_problem, offer, offered_reference, said, without_address
from stormwater.reports import receipts


def test_the_offer_is_made_on_the_web_only_and_never_after_dont_contact_me():
    replies, slot = offer("BAY-ABC", "web", True)
    assert slot == "receipt:BAY-ABC" and offered_reference(slot) == "BAY-ABC"
    assert "BAY-ABC" in replies[0].text and [b["payload"] for b in replies[0].buttons] == ["yes", "no"]
    assert offer("BAY-ABC", "sms", True) == ([], None)
    assert offer("BAY-ABC", "web", False) == ([], None)
    assert offered_reference("updates:BAY-ABC") is None and offered_reference(None) is None


def test_a_yes_asks_for_the_address_and_a_no_closes_the_offer():
    yes, closes = without_address(receipts.NONE, "yes", "BAY-ABC")
    assert yes.response == "receipt_ask_address" and not closes
    no, closes = without_address(receipts.NONE, "no", "BAY-ABC")
    assert no.response == "receipt_declined" and closes
    assert without_address(receipts.FOUND, "yes", "BAY-ABC") is None  # the address typed with it
    assert without_address(receipts.NONE, None, "BAY-ABC") is None


def test_an_unusable_address_is_explained_and_a_good_one_is_not():
    assert address_problem(receipts.FOUND) is None
    assert address_problem(receipts.TOO_LONG).response == "receipt_too_long"
    assert address_problem(receipts.UNCLEAR).response == "receipt_unclear"
    assert "a@b.org" in said("queued", reference="BAY-ABC", address="a@b.org").text
