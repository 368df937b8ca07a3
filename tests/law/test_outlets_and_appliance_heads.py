"""Issue 27: water run from a tap outdoors (a spigot, a faucet) is potable water, and a word of
the air conditioner's condensate that only says which dryer ("a heat pump dryer") names no
condensate of its own. Wording is this file's own, not the test sets'."""
import pytest

from tests.law.answers import verdicts


@pytest.mark.parametrize("text", [
    "after the water main work the village says to open the outside spigot for ten minutes, it runs to the gutter. is that a problem?",
    "the faucet on the side of the garage leaks a little and it trickles to the storm drain, ok?",
])
def test_water_run_from_an_outdoor_tap_is_potable_water(bayville, poquott, text):
    for village in (bayville, poquott):
        assert verdicts(village, text)[:1] == [("water_line_flushing", "allowed")], village.slug


def test_a_heat_pump_dryer_s_water_is_no_air_conditioning_condensate(bayville, poquott):
    text = "our new heat pump dryer has a drain hose, can i run it outside so the water goes down the driveway to the street?"
    for village in (bayville, poquott):
        got = verdicts(village, text)
        assert ("ac_condensate", "allowed") not in got, (village.slug, got)


def test_a_heat_pump_s_own_condensate_is_still_read(bayville):
    got = verdicts(bayville, "my heat pump drips condensate onto the driveway and into the gutter, ok?")
    assert got[0][0] in ("asked", "ac_condensate")
