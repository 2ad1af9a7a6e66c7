"""The Redis cache backend keeps its client objects (``tournament.project.cache``; issue 7).

Production's cache is Redis (``REDIS_URL``). Django's own backend builds a new
``redis.Redis`` for every operation; ours keeps one per connection pool and is
otherwise the same cache. These run against the real Redis with CI=true.
"""

import threading

import pytest
from django.conf import settings
from django.core.cache import caches

from tests.conftest import need


@pytest.fixture
def redis_cache():
    need(bool(settings.REDIS_URL), "REDIS_URL is not set: the Redis cache backend needs Redis")
    assert settings.CACHES["default"]["BACKEND"] == "tournament.project.cache.RedisCache"
    cache = caches["default"]
    yield cache
    cache.delete_many(["kept-client-test", "kept-client-add", "set-and-add-version", "set-and-add-mark"])


def test_one_client_serves_every_call(redis_cache):
    client = redis_cache._cache.get_client(write=True)
    assert redis_cache._cache.get_client(write=True) is client
    assert redis_cache._cache.get_client() is redis_cache._cache.get_client()


def test_it_is_still_the_cache_django_gives(redis_cache):
    redis_cache.set("kept-client-test", {"chips": 400}, timeout=30)
    assert redis_cache.get("kept-client-test") == {"chips": 400}
    assert redis_cache.add("kept-client-add", 1, timeout=30) is True
    assert redis_cache.add("kept-client-add", 2, timeout=30) is False  # SET NX, as the standings queue needs
    assert redis_cache.incr("kept-client-add") == 2


def test_threads_share_the_client_safely(redis_cache):
    errors: list[Exception] = []

    def work(n: int) -> None:
        try:
            for i in range(50):
                key = f"kept-client-test-{n}"
                redis_cache.set(key, i, timeout=30)
                assert redis_cache.get(key) == i
            redis_cache.delete(key)
        except Exception as exc:  # noqa: BLE001 - reported below
            errors.append(exc)

    threads = [threading.Thread(target=work, args=(n,)) for n in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors == []


def test_set_and_add_sets_always_and_adds_only_a_missing_key(redis_cache):
    # A recorded hand's standings version and its table's queued mark (issue 20).
    client = redis_cache._cache.get_client(write=True)
    assert redis_cache.set_and_add("set-and-add-version", "v1", "set-and-add-mark", 1, 30) is True
    assert redis_cache.get("set-and-add-version") == "v1"
    assert redis_cache.get("set-and-add-mark") == 1
    assert redis_cache.set_and_add("set-and-add-version", "v2", "set-and-add-mark", 2, 30) is False
    assert redis_cache.get("set-and-add-version") == "v2"  # the set always happens
    assert redis_cache.get("set-and-add-mark") == 1  # the add does not replace the mark
    ttl = client.ttl(redis_cache.make_and_validate_key("set-and-add-mark"))
    assert 0 < ttl <= 30
    assert client.ttl(redis_cache.make_and_validate_key("set-and-add-version")) == -1  # no expiry


def test_set_and_add_works_after_redis_forgot_its_script(redis_cache):
    # Redis keeps no scripts across a restart (nor after SCRIPT FLUSH): the script is sent again.
    redis_cache._cache.get_client(write=True).script_flush()
    assert redis_cache.set_and_add("set-and-add-version", "v3", "set-and-add-mark", 3, 30) is True
    assert redis_cache.get("set-and-add-version") == "v3" and redis_cache.get("set-and-add-mark") == 3
    redis_cache.delete("set-and-add-mark")
    assert redis_cache.set_and_add("set-and-add-version", "v4", "set-and-add-mark", 4, 30) is True  # by hash
