"""Spill rules that do not depend on the village: what counts as petroleum or hazardous."""
from __future__ import annotations

from typing import Iterable

from stormwater.law.catalogue import load_catalogue

PETROLEUM = frozenset({"motor_oil"})


def mentions_petroleum(keys: Iterable[str]) -> bool:
    """Whether New York's two-hour petroleum reporting duty may apply.

    An unnamed material may be petroleum, so no key at all counts as yes: when in doubt the
    resident hears the state hotline too.
    """
    keys = list(keys)
    return not keys or any(k in PETROLEUM for k in keys)


def is_hazardous(keys: Iterable[str]) -> bool:
    """Whether a release must be treated as hazardous: any hazardous material, or an unknown one."""
    keys = list(keys)
    catalogue = load_catalogue()
    return not keys or any(catalogue[k].hazardous for k in keys if k in catalogue)
