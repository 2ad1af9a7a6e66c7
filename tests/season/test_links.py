"""A player's private links (issue 33, a club season's walk): the season page links the player's inbox; the
organiser's messages page lists the players no message reaches, with their links to pass on; a season link
and its check-in code can be retired (by the organiser, page and API, or by the player from their page): the
old ones open nothing and change nothing, the new one works."""

from __future__ import annotations

import re
from urllib.parse import parse_qs, unquote, urlsplit

import pytest
from django.core.exceptions import PermissionDenied
from django.db import connection
from django.test.utils import CaptureQueriesContext

from tests.api.conftest import client_for
from tests.factories import CompetitionFactory, EntryFactory, UserFactory
from tournament.models import Attendance, AuditEntry, Entry, Message, Preference
from tournament.notifications.kinds import Channel, Kind
from tournament.season.links import check_in_code, season_link_token

pytestmark = pytest.mark.django_db


def _path(url: str) -> str:
    return urlsplit(url).path


def _inbox_message(entry: Entry, subject: str) -> Message:
    return Message.objects.create(
        competition=entry.competition, kind=Kind.ORGANISER, event=f"test:{subject}",
        recipient=f"p{entry.player_id}", player=entry.player, channel=Channel.INBOX, language="en",
        subject=subject, body="b", state=Message.State.SENT,
    )  # fmt: skip


def _href(page: str, testid: str) -> str:
    found = re.search(rf'<a href="([^"]+)"[^>]* data-testid="{testid}"', page)
    assert found, testid
    return found.group(1).replace("&amp;", "&")


# --- the season page links the inbox ---------------------------------------------------------------------


def test_the_private_season_page_links_the_players_own_inbox_and_the_link_works(season, client):
    _inbox_message(season.entries[1], "Night 1: you sit at table 2")
    _inbox_message(season.entries[2], "Somebody else's message")
    page = client.get(f"/season/link/{season_link_token(season.entries[1])}/")
    assert page.status_code == 200 and page["Cache-Control"] == "private, no-store"
    inbox = client.get(_path(_href(page.content.decode(), "inbox-link")))
    assert inbox.status_code == 200
    assert "Night 1: you sit at table 2" in inbox.content.decode()
    assert "Somebody else's message" not in inbox.content.decode()


def test_the_logged_in_season_page_links_the_players_inbox(season, player_user, client):
    client.force_login(player_user)
    page = client.get(f"/season/{season.competition.pk}/").content.decode()
    assert _href(page, "inbox-link") == "/messages/"
    assert client.get("/messages/").status_code == 200


# --- the players no message reaches, on the organiser's messages page ------------------------------------


def _reach_some(season, settings):
    """Email and Telegram set up on the site; players 1 (email in their contact), 2 (Telegram) and 3 (email
    chosen in their choices) are reached; the others (Pat's account has no email) are not; player 4 chose
    email and left no address, so nothing reaches them either."""
    settings.NOTIFY_EMAIL = True
    settings.TELEGRAM_BOT_TOKEN = "123:test"
    e = season.entries
    e[1].player.contact = "ana@example.org"
    e[1].player.save()
    Preference.objects.create(player=e[2].player, channels=[Channel.TELEGRAM], telegram_chat="4242")
    Preference.objects.create(player=e[3].player, channels=[Channel.EMAIL], email="bo@example.org")
    Preference.objects.create(player=e[4].player, channels=[Channel.EMAIL])
    e[8].status = Entry.Status.WITHDRAWN
    e[8].save()
    return [e[0], e[4], e[5], e[6], e[7]]


def test_the_messages_page_lists_exactly_the_players_no_message_reaches_with_their_links(
    season, organiser, client, settings
):
    unreached = _reach_some(season, settings)
    client.force_login(organiser)
    page = client.get(f"/organise/competitions/{season.competition.pk}/messages/").content.decode()
    listed = {int(p) for p in re.findall(r'data-share-row data-player="(\d+)"', page)}
    assert listed == {e.player_id for e in unreached}
    assert re.search(r'src="/static/js/share-links(\.[0-9a-f]+)?\.js"', page)  # hashed in production
    for entry in unreached:
        row = page.split(f'data-player="{entry.player_id}"')[1].split("</li>")[0]
        season_link = re.search(r'value="([^"]+)" data-testid="season-link"', row).group(1)
        inbox_link = re.search(r'value="([^"]+)" data-testid="inbox-link"', row).group(1)
        assert _path(season_link) == f"/season/link/{season_link_token(entry)}/"
        assert 'data-copy="' in row and 'data-share="' in row
        whatsapp = _href(row, "whatsapp")
        assert whatsapp.startswith("https://wa.me/?text=")
        text = parse_qs(urlsplit(whatsapp).query)["text"][0]
        assert season_link in text and inbox_link.replace("&amp;", "&") in unquote(text)
        assert client.get(_path(season_link)).status_code == 200
        inbox = client.get(_path(inbox_link))
        assert inbox.status_code == 200 and b'data-testid="inbox"' in inbox.content


def test_the_list_costs_no_query_per_player(season, organiser, client, settings):
    _reach_some(season, settings)
    client.force_login(organiser)
    url = f"/organise/competitions/{season.competition.pk}/messages/"
    client.get(url)
    with CaptureQueriesContext(connection) as few:
        assert client.get(url).status_code == 200
    for _ in range(12):
        EntryFactory(competition=season.competition)
    with CaptureQueriesContext(connection) as many:
        page = client.get(url).content.decode()
    assert page.count("data-share-row") == 5 + 12
    assert len(many) == len(few)


def test_the_share_words_are_in_the_players_language(season, organiser, client, settings):
    _reach_some(season, settings)
    Preference.objects.create(player=season.entries[5].player, language="zh-hans", channels=[])
    client.force_login(organiser)
    page = client.get(f"/organise/competitions/{season.competition.pk}/messages/").content.decode()
    row = page.split(f'data-player="{season.entries[5].player_id}"')[1].split("</li>")[0]
    text = unquote(parse_qs(urlsplit(_href(row, "whatsapp")).query)["text"][0])
    assert season.competition.name in text and "/season/link/" in text


# --- retiring a season link and check-in code ---------------------------------------------------------


def _assert_dead(client, organiser, entry, token, code, night):
    """The old link, its calendar and the check-in code open nothing and change nothing."""
    before = (Attendance.objects.count(), AuditEntry.objects.count())
    assert client.get(f"/season/link/{token}/").status_code == 404
    assert client.post(f"/season/link/{token}/", {"round": night.pk, "reply": "yes"}).status_code == 404
    assert client.post(f"/season/link/{token}/", {"action": "new_link"}).status_code == 404
    assert client.get(f"/season/link/{token}/calendar.ics").status_code == 404
    staff = client_for(organiser)
    staff.force_login(organiser)
    assert staff.get(f"/organise/rounds/{night.pk}/check-in/{code}/").status_code == 404
    assert staff.post(f"/organise/rounds/{night.pk}/check-in/{code}/").status_code == 404
    assert (Attendance.objects.count(), AuditEntry.objects.count()) == before


def _assert_alive(client, organiser, entry, night):
    entry.refresh_from_db()
    assert client.get(f"/season/link/{season_link_token(entry)}/").status_code == 200
    assert client.get(f"/season/link/{season_link_token(entry)}/calendar.ics").status_code == 200
    staff = client_for(organiser)
    staff.force_login(organiser)
    assert staff.get(f"/organise/rounds/{night.pk}/check-in/{check_in_code(entry)}/").status_code == 200


def test_the_organiser_retires_a_link_from_the_page_the_old_one_dies_the_new_one_works(
    season, organiser, client
):
    entry = season.entries[3]
    token, code = season_link_token(entry), check_in_code(entry)
    client.force_login(organiser)
    r = client.post(f"/organise/entries/{entry.pk}/retire-season-link/", follow=True)
    assert r.status_code == 200
    entry.refresh_from_db()
    new = f"/season/link/{season_link_token(entry)}/"
    assert new in r.content.decode() and token not in r.content.decode()
    assert AuditEntry.objects.filter(action="season_link_retired", object_id=entry.pk).count() == 1
    client.logout()
    _assert_dead(client, organiser, entry, token, code, season.night)
    _assert_alive(client, organiser, entry, season.night)
    # The other players' links are untouched
    assert client.get(f"/season/link/{season_link_token(season.entries[4])}/").status_code == 200


def test_the_organiser_retires_a_link_from_the_messages_page_and_returns_there(season, organiser, client):
    client.force_login(organiser)
    r = client.post(f"/organise/entries/{season.pat.pk}/retire-season-link/", {"back": "messages"})
    assert r.status_code == 302 and r["Location"].endswith(
        f"/competitions/{season.competition.pk}/messages/#links"
    )


def test_the_api_retires_a_link_and_answers_the_new_one(season, organiser, as_organiser, client):
    entry = season.entries[2]
    token, code = season_link_token(entry), check_in_code(entry)
    r = as_organiser.post(
        f"/api/v1/competitions/{season.competition.pk}/season/links/{entry.player_id}/retire/", format="json"
    )
    assert r.status_code == 200, r.content
    body = r.json()
    entry.refresh_from_db()
    assert body["player"] == entry.player_id
    assert _path(body["link"]) == f"/season/link/{season_link_token(entry)}/"
    assert _path(body["calendar"]) == f"/season/link/{season_link_token(entry)}/calendar.ics"
    _assert_dead(client, organiser, entry, token, code, season.night)
    _assert_alive(client, organiser, entry, season.night)
    # Another competition's player: 404, nothing changes
    other = season.other_entry
    r = as_organiser.post(
        f"/api/v1/competitions/{season.competition.pk}/season/links/{other.player_id}/retire/", format="json"
    )
    assert r.status_code == 404
    other.refresh_from_db()
    assert other.link_nonce == ""


@pytest.mark.usefixtures("inbox_only")
def test_a_link_the_organiser_retires_is_sent_to_its_player_once_page_and_api(
    season, organiser, as_organiser, client, telling
):
    """Issue 47, item 12: the new link reaches its player; one asked for by the player is shown, not sent."""
    from tournament.notifications.tasks import notifications_event

    by_page, by_api, own = season.entries[3], season.entries[4], season.entries[5]
    client.force_login(organiser)
    with telling():
        assert client.post(f"/organise/entries/{by_page.pk}/retire-season-link/").status_code == 302
        api = f"/api/v1/competitions/{season.competition.pk}/season/links/{by_api.player_id}/retire/"
        assert as_organiser.post(api, format="json").status_code == 200
    for entry in (by_page, by_api):
        entry.refresh_from_db()
        (told,) = Message.objects.filter(player_id=entry.player_id)
        assert (told.kind, told.channel) == (Kind.REMINDER, Channel.INBOX)
        assert told.subject == "Tuesday League: your new private season link"
        assert _path(told.link) == f"/season/link/{season_link_token(entry)}/"
    with telling():  # the event told again (a task delivered twice): nothing new
        notifications_event("season_link", by_page.pk)
    client.logout()
    with telling():  # the player asks for a new link: shown on their page, not sent
        asked = client.post(f"/season/link/{season_link_token(own)}/", {"action": "new_link"})
    assert asked.status_code == 302
    assert Message.objects.count() == 2


def test_nobody_else_retires_a_link_page_or_api(season, player_user, scorekeeper, client):
    elsewhere = UserFactory(username="otto_other_organiser")
    competition = CompetitionFactory(name="Thursday League")
    competition.organisers.add(elsewhere)
    from django.contrib.auth.models import Group

    elsewhere.groups.add(Group.objects.get(name="organiser"))
    entry = season.entries[1]
    token = season_link_token(entry)
    audits = AuditEntry.objects.count()
    client.force_login(elsewhere)
    assert client.post(f"/organise/entries/{entry.pk}/retire-season-link/").status_code == 403
    api = f"/api/v1/competitions/{season.competition.pk}/season/links/{entry.player_id}/retire/"
    assert client_for(elsewhere).post(api, format="json").status_code == 403
    for user, status in ((player_user, 403), (scorekeeper, 403), (None, 401)):
        assert client_for(user).post(api, format="json").status_code == status
    client.force_login(player_user)  # Pat retires only their own link
    assert client.post(f"/organise/entries/{entry.pk}/retire-season-link/").status_code == 403
    entry.refresh_from_db()
    assert season_link_token(entry) == token and AuditEntry.objects.count() == audits
    from tournament.season.links import season_link_retire

    with pytest.raises(PermissionDenied):
        season_link_retire(entry, user=player_user)
    with pytest.raises(PermissionDenied):
        season_link_retire(entry, link_entry=season.entries[2])


def test_the_player_asks_for_a_new_link_from_their_page_and_the_old_one_dies(season, organiser, client):
    entry = season.entries[6]
    token, code = season_link_token(entry), check_in_code(entry)
    r = client.post(f"/season/link/{token}/", {"action": "new_link"})
    entry.refresh_from_db()
    new = f"/season/link/{season_link_token(entry)}/"
    assert r.status_code == 302 and r["Location"] == new and new != f"/season/link/{token}/"
    page = client.get(new)
    assert page.status_code == 200 and "your new private link" in page.content.decode()
    audit = AuditEntry.objects.get(action="season_link_retired", object_id=entry.pk)
    assert audit.data["via"] == "link"
    _assert_dead(client, organiser, entry, token, code, season.night)
    _assert_alive(client, organiser, entry, season.night)


def test_the_logged_in_player_asks_for_a_new_link_and_is_shown_it(season, organiser, player_user, client):
    token, code = season_link_token(season.pat), check_in_code(season.pat)
    client.force_login(player_user)
    r = client.post(f"/season/{season.competition.pk}/", {"action": "new_link"}, follow=True)
    season.pat.refresh_from_db()
    assert r.status_code == 200 and f"/season/link/{season_link_token(season.pat)}/" in r.content.decode()
    client.logout()
    _assert_dead(client, organiser, season.pat, token, code, season.night)
    _assert_alive(client, organiser, season.pat, season.night)


def test_links_given_out_before_the_nonce_keep_working(season):
    """An entry never retired signs its id alone, as the first links did: the links sent stay good."""
    from django.core import signing

    entry = season.entries[1]
    first = signing.Signer(salt="tournament.season-link", sep=".").sign(str(entry.pk))
    assert season_link_token(entry) == first
