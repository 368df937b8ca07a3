"""The content security policy of the help desk's pages, and who may frame the embed page.

Every page refuses to be framed by other sites, except the chat page in embed mode
(``/<village>/?embed=1``), which the widget puts in an ``<iframe>`` on a village website.
Which websites may do that is the ``HELPDESK_FRAME_ANCESTORS`` allow-list.
"""
from __future__ import annotations

import re
from typing import Iterable, List

BASE_DIRECTIVES = (
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self'",
    "connect-src 'self'",
    "form-action 'self'",
    "base-uri 'none'",
)

# A CSP host source such as https://www.bayvilleny.gov, https://*.example.org or
# http://localhost:8080; a bare scheme such as https: is refused: it would let any site frame
# the page. No ';', ',', quotes or spaces can get through, so the header cannot be bent.
_HOST_SOURCE = re.compile(
    r"(https?://)(\*\.)?[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*(:([0-9]{1,5}|\*))?/?"
)


class InvalidFrameAncestors(ValueError):
    """An entry of the frame-ancestors allow-list is not a website origin."""


def parse_frame_ancestors(raw: str) -> List[str]:
    """The origins listed in ``raw`` (separated by spaces or commas), checked.

    :param raw: e.g. ``"https://www.bayvilleny.gov https://poquott.org"``
    :raises InvalidFrameAncestors: for anything but ``http(s)://host[:port]`` entries
    """
    origins = [part for part in re.split(r"[\s,]+", raw.strip()) if part]
    for origin in origins:
        if not _HOST_SOURCE.fullmatch(origin):
            raise InvalidFrameAncestors(
                f"{origin!r} is not a website origin such as https://www.example.gov"
            )
    return [origin.rstrip("/") for origin in origins]


def content_security_policy(frame_ancestors: Iterable[str] = ()) -> str:
    """The policy for a response: this site may always frame it, plus ``frame_ancestors``.

    :param frame_ancestors: origins (already checked) that may also frame the page
    """
    ancestors = " ".join(["'self'", *frame_ancestors])
    return "; ".join([*BASE_DIRECTIVES, f"frame-ancestors {ancestors}"])
