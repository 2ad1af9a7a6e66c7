"""Which web-push addresses the site posts to: public https addresses only, checked when a browser
subscribes and again at each send, on the address the connection actually reaches.

A subscriber chooses the endpoint, so a careless check lets the worker post inside the network (the
database, the cache, a cloud's metadata service) and tells the organiser what it found there. Hence:

* ``endpoint_host``: the endpoint read the way the HTTP client (requests, urllib3) reads it, and the way
  ``urllib.parse`` reads it; any disagreement, a user name (``@``), a backslash, a space or a control
  character, a port but 443, a scheme but https, an address in place of a name: refused.
* ``public_addresses``: the name resolved; refused if *any* of its addresses is not public.
* ``public_session``: a ``requests`` session whose connections resolve the name once, connect only to an
  address just checked, check the address actually reached, follow no redirect and use no proxy.
"""

from __future__ import annotations

import ipaddress
import re
import socket
from urllib.parse import urlsplit

import requests
from requests.adapters import HTTPAdapter
from urllib3.connection import HTTPSConnection
from urllib3.connectionpool import HTTPSConnectionPool
from urllib3.exceptions import ConnectTimeoutError, LocationParseError, NewConnectionError
from urllib3.util import connection as urllib3_connection
from urllib3.util import parse_url

PORT = 443
_LABEL = r"(?!-)[a-z0-9-]{1,63}(?<!-)"
# Two labels at least, the last not a number (``127.1``, ``0x7f.1`` are addresses to a resolver).
_NAME = re.compile(rf"{_LABEL}(?:\.{_LABEL})*\.(?!\d+$){_LABEL}")
_LOCAL = (".local", ".localhost", ".internal", ".localdomain", ".arpa")


class AddressRefused(ValueError):
    """Not a public https address. The text is for the logs: never shown to a person."""


class AddressUnresolved(AddressRefused):
    """The name does not resolve (now): refused when subscribing, worth a retry when sending."""


def endpoint_host(endpoint: str) -> str:
    """The host name of ``endpoint`` (lower case) if it is a plain ``https://name[:443]/...`` address that
    every parser reads alike; otherwise ``AddressRefused``."""
    if not isinstance(endpoint, str) or not endpoint.isascii() or len(endpoint) > 2000:
        raise AddressRefused("not an ASCII address")
    if "\\" in endpoint or any(c.isspace() or ord(c) < 32 or ord(c) == 127 for c in endpoint):
        raise AddressRefused("a backslash, a space or a control character")
    try:
        split = urlsplit(endpoint)
        split_port = split.port
        parsed = parse_url(endpoint)  # as requests and urllib3 read it
    except (ValueError, LocationParseError):
        raise AddressRefused("not an address") from None
    if split.scheme != "https" or (parsed.scheme or "").lower() != "https":
        raise AddressRefused("not https")
    if "@" in split.netloc or parsed.auth is not None:
        raise AddressRefused("a user name in the address")
    host = (split.hostname or "").lower()
    if not host or host != (parsed.host or "").lower() or split_port != parsed.port:
        raise AddressRefused("the parsers disagree about the host")
    if split_port not in (None, PORT):
        raise AddressRefused("a port but 443")
    try:
        ipaddress.ip_address(host.strip("[]"))
    except ValueError:
        pass
    else:
        raise AddressRefused("an address in place of a name")
    if not _NAME.fullmatch(host) or host.endswith(_LOCAL):
        raise AddressRefused("not a public name")
    return host


def is_public(address: str) -> bool:
    """Whether ``address`` (an IPv4 or IPv6 address, as a socket gives it) is a public one: global, and
    none of private, loopback, link-local, multicast, reserved, unspecified (an IPv4 address inside an
    IPv6 one, mapped or 6to4, is checked too)."""
    try:
        ip = ipaddress.ip_address(str(address).split("%", 1)[0])
    except ValueError:
        return False
    found = [ip]
    if isinstance(ip, ipaddress.IPv6Address):
        found += [inner for inner in (ip.ipv4_mapped, ip.sixtofour) if inner is not None]
        if ip.teredo is not None:
            found += list(ip.teredo)
    return all(
        one.is_global
        and not (
            one.is_private
            or one.is_loopback
            or one.is_link_local
            or one.is_multicast
            or one.is_reserved
            or one.is_unspecified
            or getattr(one, "is_site_local", False)
        )
        for one in found
    )


def public_addresses(host: str, port: int = PORT) -> list[tuple[int, tuple]]:
    """The (family, socket address) pairs of ``host``, every one public; else ``AddressRefused`` (or
    ``AddressUnresolved`` when the name does not resolve)."""
    try:
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
    except (OSError, UnicodeError):
        raise AddressUnresolved("the name does not resolve") from None
    found = [(family, sockaddr) for family, _type, _proto, _name, sockaddr in infos]
    if not found:
        raise AddressUnresolved("the name does not resolve")
    for family, sockaddr in found:
        if family not in (socket.AF_INET, socket.AF_INET6) or not is_public(sockaddr[0]):
            raise AddressRefused("the name resolves to an address that is not public")
    return found


def check_endpoint(endpoint: str) -> str:
    """``endpoint_host`` and ``public_addresses`` together: the host, if the endpoint may be posted to."""
    host = endpoint_host(endpoint)
    public_addresses(host)
    return host


class _PublicHTTPSConnection(HTTPSConnection):
    """A connection that resolves its host once, connects only to an address just found public, and
    checks the address it reached (TLS still checks the certificate against the name)."""

    def _new_conn(self) -> socket.socket:
        error: Exception | None = None
        for _family, sockaddr in public_addresses(self.host, self.port):
            try:
                sock = urllib3_connection.create_connection(
                    (sockaddr[0], self.port),
                    self.timeout,
                    source_address=self.source_address,
                    socket_options=self.socket_options,
                )
            except TimeoutError as exc:
                error = ConnectTimeoutError(self, f"Connection to {self.host} timed out.")
                error.__cause__ = exc
                continue
            except OSError as exc:
                error = NewConnectionError(self, f"Failed to establish a new connection: {exc}")
                error.__cause__ = exc
                continue
            try:
                reached = sock.getpeername()[0]
            except OSError:
                reached = ""
            if not is_public(reached):
                sock.close()
                raise AddressRefused("the connection reached an address that is not public")
            return sock
        assert error is not None  # public_addresses never gives an empty list
        raise error


class _PublicHTTPSConnectionPool(HTTPSConnectionPool):
    ConnectionCls = _PublicHTTPSConnection


class PublicAdapter(HTTPAdapter):
    """``requests``' adapter with the public-only connections, for https only."""

    def init_poolmanager(self, *args, **kwargs) -> None:
        super().init_poolmanager(*args, **kwargs)
        self.poolmanager.pool_classes_by_scheme = {"https": _PublicHTTPSConnectionPool}

    def proxy_manager_for(self, proxy, **proxy_kwargs):
        raise AddressRefused("no proxy for a public address")


class _NoAdapter(HTTPAdapter):
    def send(self, request, *args, **kwargs):
        raise AddressRefused("not https")


class PublicSession(requests.Session):
    """A session for public https addresses: the endpoint checked before each request, no redirect
    followed (a 3xx is the answer), no proxy, no address from the environment."""

    def __init__(self) -> None:
        super().__init__()
        self.trust_env = False  # no proxy (nor credentials) from the environment
        self.mount("https://", PublicAdapter())
        self.mount("http://", _NoAdapter())

    def send(self, request, **kwargs):
        endpoint_host(request.url)
        kwargs["allow_redirects"] = False
        kwargs["proxies"] = {}
        return super().send(request, **kwargs)


def public_session() -> PublicSession:
    return PublicSession()
