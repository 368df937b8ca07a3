"""Which Host headers and which proxies the app believes (issue 16 items 6 and 7).

* **Hosts.** Flask's ``TRUSTED_HOSTS``: a request whose ``Host`` header is not on the list
  gets 400 before any view runs, so the header can no longer pick the URL in a redirect.
  The default is the loopback names, ``HELPDESK_HOST`` when it is a specific address, the
  host of ``HELPDESK_PUBLIC_URL``, and whatever ``HELPDESK_TRUSTED_HOSTS`` adds (names
  separated by spaces or commas; ``.example.org`` also accepts its subdomains).
* **Proxies.** ``X-Forwarded-For`` is honoured only when ``HELPDESK_TRUSTED_PROXIES`` is 1 or
  more *and* the connection comes from one of ``HELPDESK_PROXY_ADDRESSES`` (addresses or
  networks; loopback by default). A client that reaches the app's port directly cannot
  pass itself off as another address, loopback included.
"""
from __future__ import annotations

import ipaddress
import re
from typing import Iterable, List, Optional, Sequence, Union
from urllib.parse import urlsplit

from flask import request
from werkzeug.middleware.proxy_fix import ProxyFix

# Werkzeug compares a trusted name with the host up to its first ":", so an IPv6 literal
# ("[::1]") cannot be listed: the app answers IPv6 loopback only under a name.
LOOPBACK_HOSTS = ("localhost", "127.0.0.1")
DEFAULT_PROXY_ADDRESSES = ("127.0.0.0/8", "::1/128")
_SEPARATORS = re.compile(r"[\s,]+")

Network = Union[ipaddress.IPv4Network, ipaddress.IPv6Network]


def _words(raw: Optional[str]) -> List[str]:
    return [word for word in _SEPARATORS.split(raw or "") if word]


def trusted_hosts(public_url: Optional[str], listen_host: Optional[str], extra: Optional[str]) -> List[str]:
    """The Host header values the app answers (see the module docstring).

    :param public_url: ``HELPDESK_PUBLIC_URL``
    :param listen_host: ``HELPDESK_HOST`` (ignored when it is a wildcard such as ``0.0.0.0``)
    :param extra: ``HELPDESK_TRUSTED_HOSTS``
    """
    hosts = list(LOOPBACK_HOSTS)
    if listen_host and listen_host not in ("0.0.0.0", "::", "") and ":" not in listen_host:
        hosts.append(listen_host)
    if public_url:
        name = urlsplit(public_url.strip()).hostname
        if name:
            hosts.append(name)
    for word in _words(extra):
        if "/" in word or "*" in word:
            raise RuntimeError(f"HELPDESK_TRUSTED_HOSTS: {word!r} is not a host name (use .example.org for subdomains)")
        hosts.append(word.lower())
    return list(dict.fromkeys(hosts))


def parse_proxy_addresses(raw: Optional[str]) -> List[Network]:
    """``HELPDESK_PROXY_ADDRESSES`` as networks (loopback when empty).

    :raises RuntimeError: for something that is neither an address nor a network
    """
    networks = []
    for word in _words(raw) or list(DEFAULT_PROXY_ADDRESSES):
        try:
            networks.append(ipaddress.ip_network(word, strict=False))
        except ValueError:
            raise RuntimeError(f"HELPDESK_PROXY_ADDRESSES: {word!r} is not an IP address or network")
    return networks


def _address(raw: Optional[str]):
    try:
        return ipaddress.ip_address(raw or "")
    except ValueError:  # e.g. a Unix socket's name
        return None


def in_networks(address: Optional[str], networks: Sequence[Network]) -> bool:
    """Whether ``address`` (text) is in one of ``networks``."""
    parsed = _address(address)
    return parsed is not None and any(parsed in network for network in networks)


class TrustedProxyFix:
    """Werkzeug's ``ProxyFix`` (client address only) for connections from a known proxy;
    every other connection keeps its own address, whatever headers it sends."""

    def __init__(self, app, proxies: int, addresses: Iterable[Network]):
        self.plain = app
        # Only the client address: the URL Twilio signed comes from HELPDESK_PUBLIC_URL.
        self.fixed = ProxyFix(app, x_for=proxies, x_proto=0, x_host=0, x_port=0, x_prefix=0)
        self.addresses = list(addresses)

    def __call__(self, environ, start_response):
        if in_networks(environ.get("REMOTE_ADDR"), self.addresses):
            return self.fixed(environ, start_response)
        return self.plain(environ, start_response)


def peer_address() -> Optional[str]:
    """The address of the connection itself (the proxy's, when one forwarded the request)."""
    original = request.environ.get("werkzeug.proxy_fix.orig") or {}
    return original.get("REMOTE_ADDR") or request.environ.get("REMOTE_ADDR")


def is_loopback(address: Optional[str]) -> bool:
    """Whether ``address`` is a loopback address."""
    parsed = _address(address)
    return parsed is not None and parsed.is_loopback


def from_this_computer() -> bool:
    """Whether the request came from this computer: the connection and the client address
    (after a trusted proxy's ``X-Forwarded-For``) are both loopback."""
    return is_loopback(peer_address()) and is_loopback(request.remote_addr)


