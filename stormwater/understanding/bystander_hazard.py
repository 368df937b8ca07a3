"""What someone else put in a material known only by its name: a hazard read from "their mop
water" or "its waste tank" is not known, so the hazard question is asked (the report form's
reader, :mod:`stormwater.understanding.form_reader`, applies it to every reading)."""
from __future__ import annotations

from typing import Any, Mapping

from stormwater.understanding.form_reading import Reading
from stormwater.understanding.hazard_by_name import hazard_by_name_only


def unknown_to_a_bystander(reading: Reading, text: str, filled: Mapping[str, Any], opening: bool) -> Reading:
    """A hazard known only from the material's name ("their mop water", "its waste tank",
    "their paint buckets") says nothing of what someone else put in it: unless the discharge is
    the resident's own, or the words say it ("just soap", "thinner"), the hazard question is asked.
    When the opening did not say whose it is, "not mine" later clears the hazard read from the
    material's name."""
    whose = reading.updates.get("responsible") or filled.get("responsible")
    if reading.updates.get("hazard") in ("yes", "no") and whose == "no" and hazard_by_name_only(text):
        del reading.updates["hazard"]
        reading.corrected[:] = [(slot, value) for slot, value in reading.corrected if slot != "hazard"]
    elif (not opening and reading.updates.get("responsible") == "no" and filled.get("responsible") != "no"
          and filled.get("hazard") in ("yes", "no") and hazard_by_name_only(str(filled.get("material") or ""))):
        reading.updates["hazard"] = None  # "not mine" after "a van dumped its waste tank": now it is asked
    return reading
