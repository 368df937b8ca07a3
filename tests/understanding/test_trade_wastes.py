"""The wastes of a trade and the listed pollutants, read by category (issue 27): a business's
used-up product is its trade's waste, a shop's sump is no basement's, the classes of a trade's
chemicals are `chemicals`, another animal's droppings are biological materials, and a boiler's
blowdown is a process's heat. Phrasings are this test's own."""
import pytest

from stormwater.understanding.discharge_reader import read_discharge
from stormwater.understanding.trade_wastes import spent_product, workplace_sump


@pytest.mark.parametrize("text", [
    "the print shop pours its spent fountain solution into the lot drain",
    "the brewery hoses its leftover mash out the back into the gutter",
    "the laboratory tips the used staining bath into the catch basin behind the building",
])
def test_a_businesss_used_up_product_is_its_trades_waste(text):
    assert spent_product(text, business=True)
    assert read_discharge(text).facets.water == "listed_waste"


@pytest.mark.parametrize("text", [
    "the restaurant dumps its leftover ice in the storm drain",  # ice as it came: no product used up
    "the used car lot rinses the cars off every morning",  # a used car is a vehicle
    "we used the hose to rinse the patio",  # "used" as a verb: no determiner before it
    "the body shop that used to be next door washed its floors into the street",  # "used to": a verb
])
def test_water_as_it_came_a_vehicle_or_a_verb_is_no_spent_product(text):
    assert not spent_product(text, business=True)
    assert read_discharge(text).facets.water != "listed_waste"


def test_a_households_leftovers_are_not_read_as_a_trades_waste():
    # who discharges it decides: a household's leftover is read by what it is, not as industrial waste
    assert read_discharge("can i dump the leftover lemonade from the yard sale in the gutter").facets.water != "listed_waste"


@pytest.mark.parametrize("text", [
    "the machine shop's sump collects coolant and oil and they pump it to the street",
    "there is a sump in the body shop's wash bay that fills with greasy water, they hose it out to the curb",
    "the scrap yard has a sump in the shed full of oily water piped to the road drain",
])
def test_a_workplaces_sump_is_no_basement_sump(text):
    assert workplace_sump(text)
    assert read_discharge(text).facets.pump == "workplace_sump"


@pytest.mark.parametrize("text", [
    "my basement sump pump water has an oil sheen, can it go to the street",
    "the sump pump in the crawl space of our shop runs to the driveway",
    "my sump pump hose runs to the street, ok?",
])
def test_a_basement_or_unplaced_sump_stays_the_sump_pump(text):
    assert not workplace_sump(text)
    assert read_discharge(text).facets.pump == "sump"


@pytest.mark.parametrize("text", [
    "the photo lab down the block pours its fixer into the storm drain",
    "can we dump the expired disinfectant from the vet clinic into the catch basin",
    "the tattoo studio empties its sterilant tray out the back door into the drain",
    "my dentist rinses the mercury trap out behind the building",
    "the truck is leaking some kind of fluid into the catch basin",
])
def test_the_classes_of_a_trades_chemicals_are_chemicals(text):
    assert "chemicals" in read_discharge(text).facets.contents


@pytest.mark.parametrize("text, water", [
    ("the pigeons leave guano all over the loading dock, can we hose it into the drain", "biological"),
    ("can i wash the bird droppings off my boat lift into the harbor drain", "biological"),
    ("the geese leave goose poop on the dock and i want to hose it off into the drain", "biological"),
    ("the laundromat's boiler blowdown is piped into the catch basin", "process_heat"),
])
def test_the_listed_categories_are_read_by_what_they_are(text, water):
    assert read_discharge(text).facets.water == water


def test_a_pets_droppings_stay_pet_waste():
    assert read_discharge("can i hose my dog's poop into the storm drain").key == "pet_waste"


@pytest.mark.parametrize("text", [
    "after brewing at home can i rinse the spent hops off the patio into the gutter",  # "spent": anyone's
    "the college's art department tips its leftover etching bath into the storm drain",  # an institution's leftover
    "the science teacher at the middle school pours the used test tube rinses down the lot drain",
])
def test_spent_is_anyones_and_an_institutions_leftover_is_its_waste(text):
    assert read_discharge(text).facets.water == "listed_waste"


@pytest.mark.parametrize("text", [
    "we cleaned the deer in the driveway, can i hose the entrails into the storm drain",
    "the fish market tosses the offal into the gutter out back",
])
def test_an_animals_parts_are_biological(text):
    assert read_discharge(text).facets.water == "biological"


@pytest.mark.parametrize("text", [
    "i left the rusty hinges soaking in a citric acid bath for a week, can the bath go down the storm drain",
    "the chisels sat submerged in the purple degreasing stuff all weekend, ok to tip it in the gutter",
    "we steep the old brass fittings in a jug of muriatic mix to brighten them, then pour it to the catch basin",
    "soaked the grill grates in a 5 gallon pail of oven cleaner solution, dumping it by the curb drain",
])
def test_a_bath_things_were_soaked_in_is_its_spent_product_anyones(text):
    # the bath's name need not be known: what soaked in it left itself there (chemical wastes)
    assert spent_product(text)
    assert read_discharge(text).facets.water == "listed_waste"


@pytest.mark.parametrize("text", [
    "we soaked the dried beans in water overnight, can the soak water go in the street drain",  # water as it came
    "the kids soaked their feet in the kiddie pool all afternoon, can i empty it to the gutter",  # a vessel
    "the rain soaked in and the rest ran down the driveway to the drain",  # no bath
    "i soaked the pavers in the morning with the hose and it ran to the drain",  # a time, no bath
    "soaked the seed trays in a big old tub then dumped it in the gutter",  # a vessel, its size skipped
])
def test_water_a_vessel_a_time_or_soaking_in_is_no_bath(text):
    assert not spent_product(text)


@pytest.mark.parametrize("text", [
    "the hunters rinse the deer on the tailgate and the bloody water runs down to the storm drain",
    "somebody keeps throwing up behind the pub and the owner hoses it into the gutter",
])
def test_blood_and_vomit_said_by_their_forms_are_biological(text):
    assert read_discharge(text).facets.water == "biological"
