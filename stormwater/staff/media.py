"""Pictures residents texted, fetched from Twilio for signed-in staff.

Twilio keeps MMS media at ``https://api.twilio.com/...`` (behind HTTP basic auth when the
account protects media). The desk fetches them server-side, so the page never loads a
third-party URL (the CSP allows images from the desk itself only), and only from Twilio:
a stored URL pointing anywhere else is refused rather than fetched.
"""
from __future__ import annotations

from typing import Optional, Tuple
from urllib.parse import urlsplit

TWILIO_MEDIA_HOST = "api.twilio.com"
MAX_MEDIA_BYTES = 5 * 1024 * 1024  # Twilio's own MMS limit
SHOWN_TYPES = ("image/jpeg", "image/png", "image/gif", "image/webp")


class MediaUnavailable(RuntimeError):
    """The picture cannot be shown (not a Twilio URL, not an image, too big, or unreachable)."""


def is_twilio_media(url: str) -> bool:
    """Whether ``url`` is an HTTPS URL on Twilio's API host."""
    parts = urlsplit(url or "")
    return parts.scheme == "https" and parts.hostname == TWILIO_MEDIA_HOST and not parts.username


class TwilioMediaFetcher:
    """Fetch MMS media with the account's credentials (when set).

    :param account_sid: ``TWILIO_ACCOUNT_SID``
    :param auth_token: ``TWILIO_AUTH_TOKEN``
    :param timeout: seconds to wait for Twilio
    """

    def __init__(self, account_sid: Optional[str], auth_token: Optional[str], timeout: float = 10.0):
        self._auth = (account_sid, auth_token) if account_sid and auth_token else None
        self._timeout = timeout

    def fetch(self, url: str) -> Tuple[bytes, str]:
        """The picture's bytes and content type.

        :raises MediaUnavailable: see the class
        """
        if not is_twilio_media(url):
            raise MediaUnavailable("not a Twilio media URL")
        import requests  # imported late: only needed when a picture is opened

        try:
            # Twilio answers with a redirect to its storage; requests drops the credentials
            # when the redirect leaves api.twilio.com.
            with requests.get(url, auth=self._auth, timeout=self._timeout, stream=True) as response:
                if response.status_code != 200:
                    raise MediaUnavailable(f"Twilio answered {response.status_code}")
                content_type = (response.headers.get("Content-Type") or "").split(";")[0].strip().lower()
                if content_type not in SHOWN_TYPES:
                    raise MediaUnavailable(f"{content_type or 'unknown type'} is not a picture the desk shows")
                body = bytearray()
                for chunk in response.iter_content(64 * 1024):
                    body.extend(chunk)
                    if len(body) > MAX_MEDIA_BYTES:
                        raise MediaUnavailable("the picture is larger than 5 MB")
                return bytes(body), content_type
        except requests.RequestException as error:
            raise MediaUnavailable(str(error)) from error
