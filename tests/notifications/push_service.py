"""Web push in tests: names resolve as the test says (no other name resolves), and what the public-only
session sends goes to a local stand-in instead (the public-only connection has tests of its own)."""

from __future__ import annotations

import ipaddress
import socket
from urllib.parse import urlsplit

from requests.adapters import HTTPAdapter

from tournament.notifications import addresses

PUBLIC = "93.184.216.34"  # a public address (example.com's, once)


def resolve(monkeypatch, names: dict) -> list:
    """``socket.getaddrinfo`` answers ``names`` (a name: an address, a list of them, or a callable giving
    one); an address, ``localhost`` and ``None`` resolve as ever; any other name does not. Returns the
    names asked, in order."""
    real, asked = socket.getaddrinfo, []

    def getaddrinfo(host, port, family=0, type=0, proto=0, flags=0):
        name = host.decode() if isinstance(host, bytes) else host
        if name in names:
            asked.append(name)
            found = names[name]() if callable(names[name]) else names[name]
            return [
                (socket.AF_INET6, socket.SOCK_STREAM, socket.IPPROTO_TCP, "", (ip, port, 0, 0))
                if ":" in ip
                else (socket.AF_INET, socket.SOCK_STREAM, socket.IPPROTO_TCP, "", (ip, port))
                for ip in ([found] if isinstance(found, str) else found)
            ]
        if name is not None and name != "localhost":
            try:
                ipaddress.ip_address(name)
            except ValueError:
                raise socket.gaierror(socket.EAI_NONAME, "Name or service not known") from None
        return real(host, port, family, type, proto, flags)

    monkeypatch.setattr(socket, "getaddrinfo", getaddrinfo)
    return asked


def forward(monkeypatch, base: str) -> list:
    """The public-only adapter's requests go to ``base`` (plain HTTP on loopback) with their path, once the
    host is checked as its connection would; returns the addresses asked for."""
    asked, plain = [], HTTPAdapter()

    def send(self, request, **kwargs):
        asked.append(request.url)
        addresses.public_addresses(addresses.endpoint_host(request.url))
        split = urlsplit(request.url)
        request.url = base + split.path + (f"?{split.query}" if split.query else "")
        return plain.send(request, **kwargs)

    monkeypatch.setattr(addresses.PublicAdapter, "send", send)
    return asked


def record_connects(monkeypatch) -> list:
    """Every socket connect refused and kept (the address): a test sees nothing was opened."""
    tried = []

    def connect(self, address):
        tried.append(address)
        raise ConnectionRefusedError("a test allows no connection")

    def connect_ex(self, address):
        tried.append(address)
        return 111

    monkeypatch.setattr(socket.socket, "connect", connect)
    monkeypatch.setattr(socket.socket, "connect_ex", connect_ex)
    return tried
