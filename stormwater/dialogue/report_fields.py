"""How a report's fields are named to the resident: in a sentence ("the amount") and in a list
or on a button ("Amount"), from ``data/messages.yml``."""
from __future__ import annotations

import re

from stormwater.store.wording import load_messages

# The value kept when the name or the place question is answered twice with no answer ("idk",
# "no"): the ticket files without a name (the phone question is still asked, as after
# "anonymous") or with its place "not given" for staff to see.
NOT_GIVEN = "not given"


def field_label(slot: str) -> str:
    """How a report field is named in a sentence ("the amount"; ``data/messages.yml``)."""
    return (load_messages().get("report_fields") or {}).get(slot, slot.replace("_", " "))


def field_title(slot: str) -> str:
    """How a report field is named in a list or on a button ("Amount")."""
    titled = (load_messages().get("report_titles") or {}).get(slot)
    if titled:
        return str(titled)
    label = re.sub(r"^(the|whether it) ", "", field_label(slot))
    return label[:1].upper() + label[1:]
