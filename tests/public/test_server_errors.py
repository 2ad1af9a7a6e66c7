"""What a visitor gets when the server fails (issue 7): a database outage is a 503 that says to
try again, on pages as on the API; any other failure a plain 500 page that leaks nothing.

The database is made to fail at query time with ``connection.execute_wrapper``:
every query of the request raises what psycopg raises when the server is gone.
"""

import pytest
from django.db import OperationalError, ProgrammingError, connection

from tests.factories import CompetitionFactory


def _every_query_raises(error):
    def wrapper(execute, sql, params, many, context):
        raise error

    return connection.execute_wrapper(wrapper)


@pytest.fixture
def competition(db):
    return CompetitionFactory(name="Friday League")


@pytest.mark.django_db
@pytest.mark.parametrize("path", ["/", "/competitions/{pk}/", "/competitions/{pk}/standings/"])
def test_a_page_during_a_database_outage_answers_503_and_tries_again(client, competition, path):
    client.raise_request_exception = False
    url = path.format(pk=competition.pk)
    assert client.get(url).status_code == 200  # the page exists
    with _every_query_raises(OperationalError("server closed the connection unexpectedly")):
        answer = client.get(url)
    assert answer.status_code == 503
    assert answer["Retry-After"] == "5"
    body = answer.content.decode()
    assert "Back in a moment" in body and "Nothing you entered is lost" in body
    assert 'http-equiv="refresh"' in body and "/static/" in body  # styled, and it reloads itself
    assert client.get(url).status_code == 200  # and the page is back once the database is


@pytest.mark.django_db
def test_the_api_during_a_database_outage_answers_503_in_its_error_shape(client, competition):
    client.raise_request_exception = False
    with _every_query_raises(OperationalError("the database system is shutting down")):
        answer = client.get(f"/api/v1/competitions/{competition.pk}/standings/")
    assert answer.status_code == 503 and answer["Retry-After"]
    assert answer.json()["errors"][0]["code"] == "database_unavailable"


@pytest.mark.django_db
def test_any_other_failure_is_a_plain_500_page_without_details(client, competition, settings):
    settings.DEBUG = False
    client.raise_request_exception = False
    with _every_query_raises(ProgrammingError('relation "tournament_competition" does not exist')):
        page = client.get(f"/competitions/{competition.pk}/")
        api = client.get(f"/api/v1/competitions/{competition.pk}/")
    assert page.status_code == 500
    assert "Something went wrong" in page.content.decode()
    assert "tournament_competition" not in page.content.decode()  # no SQL shown to the visitor
    assert api.status_code == 500 and api.json()["errors"][0]["code"] == "server_error"


@pytest.mark.django_db
def test_the_outage_page_speaks_the_visitor_s_language(client, competition, settings):
    client.raise_request_exception = False
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "zh-hans"
    with _every_query_raises(OperationalError("server closed the connection unexpectedly")):
        answer = client.get(f"/competitions/{competition.pk}/")
    body = answer.content.decode()
    assert answer.status_code == 503
    assert '<html lang="zh-hans">' in body and "请稍候" in body and "Back in a moment" not in body
