"""What one message means for the report form (:class:`Reading`), and what is said back."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Dict, List, Mapping, Optional, Tuple


@dataclass
class Reading:
    """What one message means for the form.

    :ivar updates: slot values to set (``None`` clears a slot so the form asks it again)
    :ivar corrected: ``(slot, value)`` for earlier answers the message changed, to say so
    :ivar unclear: the question asked got no answer the reader could use
    :ivar confirm: at the read-back, ``"yes"``, ``"no"`` or ``"change:<slot>"``
    :ivar assumed: ``(slot, value)`` the reader chose for an answer that gave none ("no" to
      "about how much?" is noted as "not sure"), to say so
    """

    updates: Dict[str, Any] = field(default_factory=dict)
    corrected: List[Tuple[str, str]] = field(default_factory=list)
    unclear: bool = False
    confirm: Optional[str] = None
    question: bool = False
    assumed: List[Tuple[str, str]] = field(default_factory=list)


def said_back(reading: Reading, filled: Mapping[str, Any]) -> List[Tuple[str, str, bool]]:
    """``(slot, value, changed)`` for each value the reply says back: ``changed`` only when the
    field held another value before ("I changed ..."), not for a first value ("I noted ...")."""
    said = dict(reading.corrected)
    return [(slot, "not sure" if value == "unsure" else value, filled.get(slot) not in (None, "") and str(filled.get(slot)) != value)
            for slot, value in reading.corrected
            # "motor oil" says it may be hazardous: the material is said back, not the inference.
            if not (slot == "hazard" and "material" in said)]

