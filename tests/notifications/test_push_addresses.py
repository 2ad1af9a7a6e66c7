"""Web push posts to public https addresses only: checked when a browser subscribes (read as the HTTP
client reads it, the name resolved), again at each send, and on the address the connection reaches; no
redirect followed, and the organiser is told no detail of an address inside the network."""

from __future__ import annotations

import socket
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest

from tests.factories import CompetitionFactory, PlayerFactory
from tests.notifications.push_service import PUBLIC, forward, record_connects, resolve
from tournament.models import Message, Preference, PushSubscription
from tournament.notifications import addresses
from tournament.notifications.channels import Passing, Refused, Senders, send
from tournament.notifications.kinds import Channel, Kind
from tournament.notifications.preferences import PreferenceRefused, push_subscribe

NAMES = {
    "push.example": PUBLIC,
    "push6.example": "2606:2800:220:1:248:1893:25c8:1946",
    "private.example": "10.1.2.3",
    "loopback.example": "127.0.0.1",
    "loopback6.example": "::1",
    "mapped.example": "::ffff:127.0.0.1",
    "metadata.example": "169.254.169.254",
    "shared.example": "100.64.0.1",
    "unique-local.example": "fd00::1",
    "mixed.example": [PUBLIC, "192.168.1.1"],  # one address inside is enough to refuse
}

NOT_PUBLIC = [
    "https://127.0.0.1\\@push.example/x",  # urllib.parse reads push.example, requests 127.0.0.1
    "https://user@push.example/x",
    "https://user:secret@push.example/x",
    "https://127.0.0.1/x",
    "https://10.0.0.8/x",
    "https://[::1]/x",
    "https://[::ffff:127.0.0.1]/x",
    "https://2130706433/x",
    "https://127.1/x",
    "https://push.example:8443/x",
    "https://push.example:80/x",
    "http://push.example/x",
    "https://push.example\t/x",
    "https://localhost/x",
    "https://private.example/x",
    "https://loopback.example/x",
    "https://loopback6.example/x",
    "https://mapped.example/x",
    "https://metadata.example/x",
    "https://shared.example/x",
    "https://unique-local.example/x",
    "https://mixed.example/x",
    "https://nowhere.example/x",  # does not resolve
]


@pytest.fixture
def names(monkeypatch):
    return resolve(monkeypatch, NAMES)


@pytest.mark.django_db
@pytest.mark.parametrize("endpoint", NOT_PUBLIC)
def test_a_subscription_to_an_address_that_is_not_public_is_refused(endpoint, names, vapid):
    player = PlayerFactory()
    with pytest.raises(PreferenceRefused, match="subscription is not valid"):
        push_subscribe(f"p{player.pk}", endpoint=endpoint, p256dh=vapid["p256dh"], auth=vapid["auth"])
    assert not PushSubscription.objects.exists()


@pytest.mark.django_db
@pytest.mark.parametrize(
    "endpoint", ["https://push.example/x", "https://PUSH.example:443/x?y=1", "https://push6.example/x"]
)
def test_a_subscription_to_a_public_push_service_is_kept(endpoint, names, vapid):
    player = PlayerFactory()
    push_subscribe(f"p{player.pk}", endpoint=endpoint, p256dh=vapid["p256dh"], auth=vapid["auth"])
    assert PushSubscription.objects.get().endpoint == endpoint


@pytest.mark.parametrize(
    ("address", "public"),
    [
        (PUBLIC, True),
        ("2606:2800:220:1:248:1893:25c8:1946", True),
        ("127.0.0.1", False),
        ("10.0.0.1", False),
        ("172.16.0.1", False),
        ("192.168.0.1", False),
        ("169.254.169.254", False),
        ("100.64.0.1", False),
        ("0.0.0.0", False),
        ("224.0.0.1", False),
        ("240.0.0.1", False),
        ("255.255.255.255", False),
        ("::1", False),
        ("::", False),
        ("::ffff:127.0.0.1", False),
        ("::ffff:10.0.0.1", False),
        ("2002:7f00:1::", False),  # 6to4 around 127.0.0.1
        ("64:ff9b::7f00:1", False),
        ("fe80::1%eth0", False),
        ("fd00::1", False),
        ("fec0::1", False),
        ("ff02::1", False),
        ("not an address", False),
    ],
)
def test_is_public(address, public):
    assert addresses.is_public(address) is public


def test_the_host_is_the_one_the_http_client_reads():
    assert addresses.endpoint_host("https://Push.Example:443/a@b?c=@d#@e") == "push.example"
    for endpoint in (
        "https://a\\@push.example/",
        "https://push.example:x/",
        "https://[push.example/",
        "ftp://a.b/",
    ):
        with pytest.raises(addresses.AddressRefused):
            addresses.endpoint_host(endpoint)
    with pytest.raises(addresses.AddressUnresolved):
        addresses.public_addresses("nowhere.invalid")


# At send time --------------------------------------------------------------------------------------------


def _stored(endpoint: str, vapid) -> Message:
    """A push subscription stored earlier (no check) and a message for its person."""
    player = PlayerFactory()
    pref = Preference.objects.create(player=player, channels=[Channel.PUSH])
    PushSubscription.objects.create(
        preference=pref, endpoint=endpoint, p256dh=vapid["p256dh"], auth=vapid["auth"]
    )
    return Message.objects.create(
        competition=CompetitionFactory(),
        kind=Kind.ORGANISER,
        event="test",
        recipient=f"p{player.pk}",
        player=player,
        channel=Channel.PUSH,
        language="en",
        subject="Tonight",
        body="Bring your own tiles",
    )


def _send(message: Message) -> None:
    senders = Senders()
    try:
        send(message, message.body, stop_url="https://league.example/stop/", senders=senders)
    finally:
        senders.close()


@pytest.mark.django_db
@pytest.mark.parametrize(
    "endpoint",
    [
        "https://loopback.example/push/abc",  # subscribed while public; resolves inside now
        "https://mixed.example/push/abc",
        "https://127.0.0.1\\@push.example/push/abc",
        "https://user@push.example/push/abc",
        "https://127.0.0.1:8443/push/abc",
        "http://push.example/push/abc",
    ],
)
def test_a_stored_subscription_to_an_inside_address_is_refused_without_a_connection(
    endpoint, channels, vapid, names, monkeypatch
):
    message = _stored(endpoint, vapid)
    tried = record_connects(monkeypatch)
    with pytest.raises(Refused) as refused:
        _send(message)
    assert str(refused.value) == "the push address is not a public address"  # nothing about the inside
    assert tried == [] and not channels.requests
    assert not PushSubscription.objects.exists()  # never tried again


@pytest.mark.django_db
def test_a_name_that_resolves_inside_by_the_time_of_connecting_is_not_connected_to(
    channels, vapid, monkeypatch
):
    answers = iter([PUBLIC, "127.0.0.1"])  # the send's check, then the connection's own resolution
    resolve(monkeypatch, {"rebind.example": lambda: next(answers)})
    message = _stored("https://rebind.example/push/abc", vapid)
    tried = record_connects(monkeypatch)
    with pytest.raises(Refused, match="not a public address"):
        _send(message)
    assert tried == [] and not PushSubscription.objects.exists()


@pytest.fixture
def listener():
    """A local socket that records what it is sent (a connection reaching inside the network)."""
    server = socket.socket()
    server.bind(("127.0.0.1", 0))
    server.listen()
    server.settimeout(2)
    yield server
    server.close()


@pytest.mark.django_db
def test_the_address_actually_reached_is_checked(channels, vapid, names, monkeypatch, listener):
    port = listener.getsockname()[1]
    opened = []
    real = addresses.urllib3_connection.create_connection

    def create_connection(address, *args, **kwargs):  # the public address, routed inside
        opened.append(address)
        return real(("127.0.0.1", port), *args, **kwargs)

    monkeypatch.setattr(addresses.urllib3_connection, "create_connection", create_connection)
    message = _stored("https://push.example/push/abc", vapid)
    with pytest.raises(Refused, match="not a public address"):
        _send(message)
    assert opened == [(PUBLIC, 443)]  # the address checked, on 443
    accepted, _peer = listener.accept()
    accepted.settimeout(2)
    assert accepted.recv(100) == b""  # closed at once: not a byte of TLS nor of the message
    accepted.close()


@pytest.mark.django_db
def test_a_public_push_service_that_does_not_answer_is_passing(channels, vapid, names, monkeypatch):
    opened = []

    def create_connection(address, *args, **kwargs):
        opened.append(address)
        raise ConnectionRefusedError("refused")

    monkeypatch.setattr(addresses.urllib3_connection, "create_connection", create_connection)
    message = _stored("https://push.example/push/abc", vapid)
    with pytest.raises(Passing, match="push service"):
        _send(message)
    assert opened == [(PUBLIC, 443)] and PushSubscription.objects.exists()


@pytest.mark.django_db
def test_a_name_that_no_longer_resolves_is_passing_and_says_no_more(channels, vapid, names):
    message = _stored("https://nowhere.example/push/abc", vapid)
    with pytest.raises(Passing) as passing:
        _send(message)
    assert str(passing.value) == "push service: the push address does not resolve"
    assert PushSubscription.objects.exists()


@pytest.fixture
def redirecting():
    """A push service answering 307 to another address (an inside one would do as well)."""
    asked = []

    class Handler(BaseHTTPRequestHandler):
        def do_POST(self):
            self.rfile.read(int(self.headers.get("Content-Length") or 0))
            asked.append(self.path)
            self.send_response(307)
            self.send_header("Location", "https://push.example/elsewhere")
            self.send_header("Content-Length", "0")
            self.end_headers()

        def log_message(self, *args):
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{server.server_port}", asked
    server.shutdown()
    server.server_close()


@pytest.mark.django_db
def test_a_redirect_is_not_followed(channels, vapid, names, monkeypatch, redirecting):
    url, asked = redirecting
    sent = forward(monkeypatch, url)
    message = _stored("https://push.example/push/abc", vapid)
    with pytest.raises(Passing, match="307"):
        _send(message)
    assert asked == ["/push/abc"] and sent == ["https://push.example/push/abc"]


@pytest.mark.django_db
def test_a_public_push_service_still_gets_the_message(channels, vapid, names, monkeypatch):
    forward(monkeypatch, channels.url)
    message = _stored("https://push.example/push/abc", vapid)
    _send(message)
    ((path, headers, body),) = channels.to("/push/")
    assert path == "/push/abc" and headers["authorization"].startswith("vapid t=")
    assert b"Bring your own" not in body  # encrypted for the browser
    channels.answers["/push/"] = [500, 404]
    with pytest.raises(Passing, match="500"):
        _send(message)
    assert PushSubscription.objects.exists()
    with pytest.raises(Refused, match="gone"):
        _send(message)
    assert not PushSubscription.objects.exists()
