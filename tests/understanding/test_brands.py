"""Brand names are products of a kind (issue 27): the reader reads the kind's facets, the report
files the brand with its kind, and a brand that is an ordinary word counts only as a product."""
from stormwater.understanding.brands import brand_kinds, glossed, load_brands
from stormwater.understanding.discharge_reader import read_discharge
from stormwater.understanding.facets_file import facets_file
from stormwater.understanding.material_reading import read_material
from stormwater.understanding.meaning import read_question


def test_every_brand_has_a_kind_the_reader_knows():
    brands = load_brands()
    assert len(brands.brands) >= 100
    assert set(brands.brands.values()) <= set(brands.kinds)
    contents = {w for words in facets_file()["contents"].values() for w in words}
    waters = {w for words in facets_file()["water"].values() for w in words}
    for name, kind in brands.kinds.items():
        read = read_discharge(f"can i pour {kind.reads_as} in the street")
        assert read.key or set(kind.reads_as.split()) & (contents | waters) or read.facets.contents, name


def test_a_brand_reads_as_its_kind():
    assert read_question("can i pour drano down the storm drain").key == "solvents"
    assert read_question("a jug of Prestone leaked into the gutter").key == "antifreeze"
    assert read_question("is it ok to spray Spectracide by the catch basin").key == "pesticides"
    assert "soap" in read_discharge("what if i use dawn to wash my car").facets.contents


def test_ordinary_words_count_only_as_products():
    assert brand_kinds("we washed the boat at dawn") == ()
    assert brand_kinds("high tide floods the drain on Shore Rd") == ()
    assert brand_kinds("my neighbor Mr Scotts hoses his driveway") == ()
    assert brand_kinds("wait 30 seconds then rinse") == ()
    assert brand_kinds("i washed the rugs with tide") == ("laundry detergent",)
    assert brand_kinds("tide pods leaked into the gutter") == ("laundry detergent",)
    assert brand_kinds("sprayed some ortho on the weeds") == ("pesticide",)
    assert brand_kinds("Simple Green on the driveway") == ("degreaser",)


def test_a_brands_own_words_are_no_material():
    # "Thompson's Water Seal" is a sealer, not water; reading it again changes nothing
    once = glossed("can i put thompsons water seal on the deck")
    assert "water" not in once and "sealer" in once
    assert glossed(once) == once
    assert "chemicals" in read_discharge("can i put thompsons water seal on the deck").facets.contents


def test_the_report_files_the_brand_with_its_kind():
    assert read_material("some dawn").words == "Dawn (dish soap)"
    assert read_material("they dumped a bottle of clorox in the drain").words == "Clorox (bleach)"
    assert read_material("thompsons water seal").words == "Thompsons Water Seal (sealer)"
    assert read_material("a jug of prestone").hazard == "yes"
    # the kind said already is not said twice
    assert read_material("dawn dish soap").words == "dawn dish soap"


def test_a_brand_however_it_is_spaced():
    # "WD-40", "wd 40" and "wd40" are one brand; a name said apart ("round up the kids") is no brand
    assert brand_kinds("sprayed WD-40 on the chain") == brand_kinds("some wd40") == ("spray lubricant",)
    assert read_material("a can of wd-40").hazard == "yes"
    assert brand_kinds("round up the kids and hose the driveway") == ()
    assert read_material("some pine sol").words == "Pine Sol (disinfectant cleaner)"
