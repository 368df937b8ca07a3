"""A small client for Rasa's REST channel (``/webhooks/rest/webhook``)."""
from __future__ import annotations

import itertools
import threading
from typing import Any, Optional

import requests

from stormwater.intake.pipeline import AssistantUnavailable


class RasaUnavailable(AssistantUnavailable):
    """Rasa did not answer: connection refused, timeout, an error status or invalid JSON."""


class RasaClient:
    """Send residents' messages to Rasa and collect the bot's replies.

    Each thread gets its own :class:`requests.Session` (a session is not guaranteed to be
    thread-safe), so connections to Rasa are reused within a worker thread.

    Several Rasa replicas sharing a lock store and a tracker store (``ops.launcher``) are
    given as a comma-separated list: messages go to them in turn, and one that refuses the
    connection (stopped, restarting) is skipped for the next. Only a refused connection
    moves a message on: a replica that accepted it may have handled it, and sending it
    again would answer it twice.

    :param base_url: where Rasa listens, e.g. ``http://127.0.0.1:5005``, or several
        replicas, ``http://10.0.0.2:5005,http://10.0.0.3:5005``
    :param token: Rasa's ``--auth-token``, sent as ``?token=``; ``None`` for none
    :param timeout: seconds to wait for Rasa to connect and to answer
    """

    def __init__(self, base_url: str, token: Optional[str] = None, timeout: float = 10.0):
        self.base_urls = [u.strip().rstrip("/") for u in base_url.split(",") if u.strip()]
        self.base_url = self.base_urls[0]
        self._turns = itertools.count()
        self.token = token or None
        self.timeout = float(timeout)
        self._local = threading.local()

    def _session(self) -> requests.Session:
        session = getattr(self._local, "session", None)
        if session is None:
            session = requests.Session()
            # Rasa is on loopback: never route it through an HTTP(S)_PROXY from the
            # environment, nor attach ~/.netrc credentials.
            session.trust_env = False
            self._local.session = session
        return session

    def send(self, sender: str, message: str, metadata: Optional[dict] = None) -> list[dict]:
        """Deliver one user message and return the bot's replies.

        :param sender: the conversation id (already hashed, see ``stormwater.intake.inbound``)
        :param message: the cleaned text
        :param metadata: passed to Rasa as the message's metadata
        :returns: the bot messages, each a dict that may hold ``text``, ``buttons``,
            ``custom`` or ``image``
        :raises RasaUnavailable: if Rasa cannot be reached, answers badly or answers nothing
        """
        payload = {"sender": sender, "message": message, "metadata": metadata or {}}
        params = {"token": self.token} if self.token else None
        first = next(self._turns) % len(self.base_urls)
        order = self.base_urls[first:] + self.base_urls[:first]
        for number, base_url in enumerate(order):
            try:
                response = self._session().post(
                    f"{base_url}/webhooks/rest/webhook",
                    json=payload,
                    params=params,
                    timeout=self.timeout,
                )
                break
            except requests.RequestException as exc:
                if number + 1 < len(order) and _refused(exc):
                    continue
                raise RasaUnavailable(f"no answer from Rasa: {type(exc).__name__}") from exc
        if not 200 <= response.status_code < 300:
            raise RasaUnavailable(f"Rasa answered HTTP {response.status_code}")
        try:
            body: Any = response.json()
        except ValueError as exc:
            raise RasaUnavailable("Rasa answered with invalid JSON") from exc
        if not isinstance(body, list):
            raise RasaUnavailable("Rasa answered JSON that is not a list of messages")
        messages = [m for m in body if isinstance(m, dict)]
        if not messages:
            # Every turn of this bot says something; silence means a custom action failed
            # (the action server is down), and the resident must not be left without a word.
            raise RasaUnavailable("Rasa answered with no message (is the action server down?)")
        return messages

    def is_up(self, timeout: float = 2.0) -> bool:
        """Whether a Rasa server (any replica) answers ``GET /`` with HTTP 200 within ``timeout`` seconds."""
        for base_url in self.base_urls:
            try:
                if self._session().get(f"{base_url}/", timeout=timeout).status_code == 200:
                    return True
            except requests.RequestException:
                continue
        return False


def _refused(exc: requests.RequestException) -> bool:
    """Whether the request never reached Rasa (so another replica may take it)."""
    if isinstance(exc, requests.ConnectTimeout):
        return True
    if not isinstance(exc, requests.ConnectionError):
        return False
    reason = exc.args[0] if exc.args else None
    reason = getattr(reason, "reason", reason)
    # urllib3 raises NewConnectionError when the connection could not be made at all.
    return type(reason).__name__ == "NewConnectionError" or isinstance(reason, ConnectionRefusedError)
