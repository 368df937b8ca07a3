"""What a chat response said, for the e2e tests of answers through ``/api/chat``: its text and
the (discharge, verdict) pairs of its discharge answers."""
from tests.e2e.test_chat_e2e import payloads


def said(response):
    """All the text of the response's messages, as one string."""
    return " ".join(m.get("text") or "" for m in response.json()["messages"])


def verdicts(response):
    """The (discharge, verdict) pair of each discharge answer in the response."""
    return [(p["discharge"], p["verdict"]) for p in payloads(response)]
