"""Open311 GeoReport v2 (``/open311/v2/``): other civic systems list this help desk's
services, post reports with an API key, and read any report back, in XML (which the
specification requires) or JSON. One jurisdiction per village: ``jurisdiction_id`` is the
village's slug. The rules live in ``stormwater/intake/open311_*.py``; this module parses
and renders."""
from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from typing import Any, Iterable, List, Optional

from flask import Blueprint, Response, current_app, request, url_for

from stormwater.intake import open311_requests as requests_
from stormwater.intake.open311_requests import RequestError
from stormwater.intake.open311_services import definition, load_catalogue, service_rows
from stormwater.law.villages import Village
from stormwater.staff import api_keys

from .request_db import get_db

bp = Blueprint("open311", __name__, url_prefix="/open311/v2")
FORMATS = {"xml": "text/xml; charset=utf-8", "json": "application/json"}
FORMATS_OFFERED = ("text/xml", "application/json")  # as discovery names them
CHANGESET = "2026-12-03T00:00:00Z"  # when the services or this endpoint last changed
# The list element of each answer and the name of one item in it (the specification's names).
ITEM_NAMES = {"services": "service", "service_requests": "request", "errors": "error", "attributes": "attribute",
              "values": "value", "endpoints": "endpoint", "formats": "format"}


def _xml_value(parent: ET.Element, name: str, value: Any) -> None:
    element = ET.SubElement(parent, name)
    if isinstance(value, dict):
        for key, inner in value.items():
            _xml_value(element, key, inner)
    elif isinstance(value, list):
        for inner in value:
            _xml_value(element, ITEM_NAMES.get(name, "item"), inner)
    elif isinstance(value, bool):
        element.text = "true" if value else "false"
    elif value is not None:
        element.text = str(value)


def _render(root: str, value: Any, fmt: str, status: int = 200) -> Response:
    """``value`` in the asked format: a list under ``<root>`` in XML, a JSON array or object."""
    if fmt == "json":
        body = json.dumps(value)
    else:
        element = ET.Element(root)
        items = value if isinstance(value, list) else None
        if items is None:
            for key, inner in value.items():
                _xml_value(element, key, inner)
        else:
            for inner in items:
                _xml_value(element, ITEM_NAMES[root], inner)
        body = '<?xml version="1.0" encoding="utf-8"?>' + ET.tostring(element, encoding="unicode")
    response = Response(body, status=status, content_type=FORMATS[fmt])
    response.headers["Cache-Control"] = "no-store"
    return response


def _errors(code: int, description: str, fmt: str) -> Response:
    return _render("errors", [{"code": code, "description": description}], fmt if fmt in FORMATS else "xml", code)


@bp.errorhandler(RequestError)
def _request_error(error: RequestError):
    return _errors(error.code, error.description, request.view_args.get("fmt", "xml") if request.view_args else "xml")


def _format(fmt: str) -> str:
    if fmt not in FORMATS:
        raise RequestError(404, "the format must be .xml or .json")
    return fmt


def _village() -> Village:
    villages = current_app.extensions["villages"]
    slug = (request.values.get("jurisdiction_id") or "").strip().lower()
    if not slug:
        raise RequestError(400, f"jurisdiction_id is required: one of {', '.join(sorted(villages))}")
    if slug not in villages:
        raise RequestError(404, f"jurisdiction_id {slug!r} is not served here")
    return villages[slug]


def _catalogue():
    return load_catalogue(current_app.config["DATA_DIR"])


@bp.get("/discovery.<fmt>")
def discovery(fmt: str):
    """Where the endpoint is and what it speaks."""
    catalogue = _catalogue()
    endpoint = {"specification": catalogue.specification, "url": url_for("open311.discovery", fmt="xml", _external=True).rsplit("/", 1)[0],
                "changeset": CHANGESET, "type": "production", "formats": list(FORMATS_OFFERED)}
    return _render("discovery", {"changeset": CHANGESET, "contact": "The village's Stormwater Management Officer",
                                 "key_service": catalogue.key_service, "endpoints": [endpoint]}, _format(fmt))



@bp.get("/services.<fmt>")
def services(fmt: str):
    """``GET services``: what may be reported in the jurisdiction."""
    fmt = _format(fmt)
    _village()
    return _render("services", service_rows(_catalogue()), fmt)


@bp.get("/services/<code>.<fmt>")
def service_definition(code: str, fmt: str):
    """``GET services/{code}``: the service's attributes."""
    fmt = _format(fmt)
    _village()
    service = _catalogue().services.get(code)
    if service is None:
        raise RequestError(404, f"service_code {code!r} not found")
    return _render("service_definition", definition(service), fmt)


@bp.post("/requests.<fmt>")
def post_request(fmt: str):
    """``POST requests``: file a report with an API key of the jurisdiction's village."""
    fmt = _format(fmt)
    village = _village()
    db = get_db()
    check = api_keys.check_key(db, request.values.get("api_key"), village.slug)
    if check.refusal == "rate_limited":
        return _errors(429, "too many requests with this api_key: try again within the hour", fmt)
    if check.key is None:
        raise RequestError(403, "api_key is missing, revoked or not valid for this jurisdiction")
    filed = requests_.file_request(db, village, _catalogue(), request.form, key_id=check.key.id)
    if not filed.repeated:
        api_keys.record_filed(db, check.key, filed.ticket.reference, filed.ticket.fields["open311"]["service_code"])
    answer = [{"service_request_id": filed.ticket.reference, "token": filed.token,
               "service_notice": filed.service_notice, "account_id": ""}]
    return _render("service_requests", answer, fmt, 200 if filed.repeated else 201)


def _requests(tickets: Iterable, village: Village, fmt: str) -> Response:
    catalogue, db = _catalogue(), get_db()
    return _render("service_requests", [requests_.public_request(db, t, village, catalogue) for t in tickets], fmt)


def _date(name: str) -> Optional[Any]:
    raw = request.args.get(name)
    return requests_.parse_datetime(raw, name) if raw else None


@bp.get("/requests.<fmt>")
def list_requests(fmt: str):
    """``GET requests``: by ``service_request_id`` (comma-separated), else by service, status and dates."""
    fmt = _format(fmt)
    village = _village()
    ids: List[str] = [i for i in (request.args.get("service_request_id") or "").split(",") if i.strip()]
    tickets = requests_.find_requests(
        get_db(), village, _catalogue(), ids=ids, service_code=request.args.get("service_code", ""),
        status=request.args.get("status", ""), start=_date("start_date"), end=_date("end_date"))
    return _requests(tickets, village, fmt)


@bp.get("/requests/<reference>.<fmt>")
def one_request(reference: str, fmt: str):
    """``GET requests/{id}``: one report."""
    fmt = _format(fmt)
    village = _village()
    tickets = requests_.find_requests(get_db(), village, _catalogue(), ids=[reference])
    if not tickets:
        raise RequestError(404, f"service_request_id {reference!r} not found")
    return _requests(tickets, village, fmt)


@bp.get("/tokens/<token>.<fmt>")
def token(token: str, fmt: str):
    """``GET tokens/{token}``: the id of the request a token was given for."""
    fmt = _format(fmt)
    village = _village()
    reference = requests_.request_for_token(get_db(), village, token)
    if reference is None:
        raise RequestError(404, "token not found")
    return _render("service_requests", [{"service_request_id": reference, "token": token}], fmt)
