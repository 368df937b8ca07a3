"""Open311 GeoReport v2 services: what other civic systems may file here (``data/open311.yml``).

Each service is one kind of report the chat and SMS file too; its attributes are the report
form's own questions, so a request posted through the API fills the same fields.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Dict, List, Mapping, Optional, Tuple

import yaml

from stormwater.store.paths import data_dir

DATATYPES = ("string", "number", "datetime", "text", "singlevaluelist", "multivaluelist")


@dataclass(frozen=True)
class Attribute:
    """One question of a service (GeoReport v2 ``attribute``)."""

    code: str
    datatype: str
    required: bool
    description: str
    order: int
    values: Tuple[Tuple[str, str], ...] = ()  # (key, name) for a list

    def value_keys(self) -> Tuple[str, ...]:
        return tuple(key for key, _ in self.values)


@dataclass(frozen=True)
class Service:
    """One service (GeoReport v2 ``service``) and the ticket kind it files."""

    code: str
    form: str  # the report form it fills (stormwater.dialogue.guided_report.QUESTIONS)
    kind: str  # the ticket kind it files
    name: str
    description: str
    keywords: Tuple[str, ...]
    group: str
    attributes: Tuple[Attribute, ...]
    fixed: Mapping[str, str]


@dataclass(frozen=True)
class Catalogue:
    """The services, by code, and the fixed words of the API."""

    services: Dict[str, Service]
    notices: Mapping[str, str]
    specification: str
    key_service: str

    def service_for_kind(self, kind: str) -> Optional[Service]:
        """The service whose requests are filed as ``kind`` (chat tickets are listed under it too)."""
        return next((s for s in self.services.values() if s.kind == kind), None)


def _attribute(code: str, raw: Mapping, order: int) -> Attribute:
    if raw.get("datatype") not in DATATYPES:
        raise ValueError(f"open311.yml: attribute {code} has datatype {raw.get('datatype')!r}")
    values = tuple((str(k), str(v)) for k, v in (raw.get("values") or {}).items())
    return Attribute(code, raw["datatype"], bool(raw.get("required")), " ".join(str(raw["description"]).split()), order, values)


@lru_cache(maxsize=4)
def _load(folder: str) -> Catalogue:
    with (Path(folder) / "open311.yml").open(encoding="utf-8") as fh:
        raw = yaml.safe_load(fh)
    attributes = raw["attributes"]
    services = {}
    for code, entry in raw["services"].items():
        services[code] = Service(
            code=code, form=entry["form"], kind=entry["kind"], name=entry["name"], description=" ".join(entry["description"].split()),
            keywords=tuple(entry.get("keywords") or ()), group=entry.get("group", ""),
            attributes=tuple(_attribute(a, attributes[a], i + 1) for i, a in enumerate(entry.get("attributes") or ())),
            fixed={str(k): str(v) for k, v in (entry.get("fixed") or {}).items()},
        )
    return Catalogue(services, dict(raw["notices"]), raw["specification"], " ".join(raw["key_service"].split()))


def load_catalogue(folder: Optional[str] = None) -> Catalogue:
    """The Open311 services (loaded once per data folder)."""
    return _load(str(folder or data_dir()))


def service_rows(catalogue: Catalogue) -> List[dict]:
    """``GET services``: one row per service, in the specification's element names."""
    return [
        {"service_code": s.code, "service_name": s.name, "description": s.description,
         "metadata": bool(s.attributes), "type": "realtime", "keywords": ", ".join(s.keywords), "group": s.group}
        for s in catalogue.services.values()
    ]


def definition(service: Service) -> dict:
    """``GET services/{code}``: the service definition with its attributes."""
    return {
        "service_code": service.code,
        "attributes": [
            {"variable": True, "code": a.code, "datatype": a.datatype, "required": a.required,
             "datatype_description": "", "order": a.order, "description": a.description,
             "values": [{"key": k, "name": n} for k, n in a.values]}
            for a in service.attributes
        ],
    }
