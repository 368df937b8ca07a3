"""What a pool holds (pool_contents.py): a solid said to be in a pool's water, not beside it.
Wording is this file's own."""
import pytest

from stormwater.understanding.pool_contents import held_in_pool


@pytest.mark.parametrize("text", [
    "the pool is full of dead leaves, can i drain it to the street",
    "draining the pool water, leaves and all, to the catch basin",
    "the kiddie pool has grass and bugs in it, ok to tip it in the drain",
    "the wading pool with a ton of leaves goes in the gutter?",
])
def test_a_solid_in_a_pools_water_is_held_in_it(text):
    assert held_in_pool(text, "yard_waste")


@pytest.mark.parametrize("text", [
    "we drained the pool and raked the leaves into the storm drain",  # two discharges
    "i blew the leaves off the pool cover into the street",
    "can i blow grass clippings in the storm drain",  # no pool
    "the pool is full of dead leaves, can i drain it to the street",  # asked of another key
])
def test_a_solid_beside_a_pool_is_not_held_in_it(text):
    key = "pool_water" if "dead leaves" in text else "yard_waste"
    assert not held_in_pool(text, key)
