"""Issue 27, rounds 78-79: a solid spread on snow is held by the melt that carries it; a pump an
engine runs ("a gas pump") is a tool, no fuel. Written in words of our own, from the causes of the
rounds' misses (the sets themselves are not quoted)."""
import pytest

from tests.understanding.first_answer import turn_verdicts as verdicts

VILLAGES = ["bayville", "poquott"]
LETS_THROUGH = {"allowed", "conditional"}


@pytest.mark.parametrize("slug", VILLAGES)
@pytest.mark.parametrize("text", [
    "i dump the wood stove ashes on the snow pile by the curb so it melts faster, the melt goes in the storm drain. ok?",
    "we throw the fireplace ashes on the icy driveway and when it melts it all runs to the drain, thats fine right?",
])
def test_ashes_on_snow_are_held_by_its_melt(slug, text):
    # never snowmelt's "Allowed" (Poquott may name the ash itself: § 132-3's "incinerator residue")
    assert not any(key == "rainwater" or verdict in LETS_THROUGH for key, verdict in verdicts(slug, text))


@pytest.mark.parametrize("slug", VILLAGES)
def test_plain_snowmelt_keeps_its_answer(slug):
    assert verdicts(slug, "the snow in the yard is melting and running to the street, ok?")[0] == ("rainwater", "allowed")


@pytest.mark.parametrize("slug", VILLAGES)
def test_a_gas_pump_is_a_tool_not_fuel(slug):
    text = "the basement has a few inches of water after the storm, we rented a gas pump and the hose runs to the street, ok?"
    assert not any(key == "motor_oil" for key, _ in verdicts(slug, text))
    assert verdicts(slug, "i spilled gas on the driveway, can i hose it into the drain?")[0] == ("motor_oil", "prohibited")
