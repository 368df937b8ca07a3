"""What the resident pays a business is no charge of the washing asked about (issue 27, round 46)."""
import pytest

from stormwater.understanding.own_payments import charged_words


@pytest.mark.parametrize("text", [
    "done paying 15 bucks a week at the tunnel wash, now i wash my own car",
    "im sick of paying 20 bucks at the car wash place. now i wash it myself",
    "we used to pay the detailer 40 bucks",
])
def test_the_residents_own_payment_is_dropped(text):
    assert "bucks" not in charged_words(text)


@pytest.mark.parametrize("text", [
    "the kids were paid 5 bucks a car",
    "i think they paid 5 bucks a car",
    "they charge 10 bucks a car in our driveway",
])
def test_a_washer_paid_or_charging_stays(text):
    assert "bucks" in charged_words(text)


def test_a_price_reads_as_dollars():
    assert charged_words("the kids wash cars for $5 each").endswith("dollars")
