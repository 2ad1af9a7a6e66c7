"""Django's Redis cache backend, keeping its Redis client objects instead of making one per call.

Django's ``RedisCacheClient.get_client`` builds a new ``redis.Redis`` around
the (kept) connection pool on every cache operation, and building one sets up
a few hundred response callbacks: a quarter of a millisecond of Python per
``cache.get``, paid on every recorded hand (the standings version) and every
throttled or cached request (load bench, issue 7). A ``redis.Redis`` is safe to
share between threads (each command takes a connection from the pool), so one
is kept per pool. Behaviour is otherwise Django's own.

``set_and_add`` does a ``set`` and an ``add`` in one round trip (a Lua script):
every recorded hand moves the standings version and marks its table's update
as queued (issue 20, the hand post near its floor).
"""

from __future__ import annotations

from django.core.cache.backends.redis import RedisCache as DjangoRedisCache
from django.core.cache.backends.redis import RedisCacheClient


class KeptClientRedisCacheClient(RedisCacheClient):
    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self._clients: dict = {}

    def get_client(self, key=None, *, write=False):
        pool = self._get_connection_pool(write)
        client = self._clients.get(pool)
        if client is None:
            client = self._clients[pool] = self._client(connection_pool=pool)
        return client


class RedisCache(DjangoRedisCache):
    def __init__(self, server, params):
        super().__init__(server, params)
        self._class = KeptClientRedisCacheClient

    def set_and_add(self, set_key, set_value, add_key, add_value, add_timeout: int) -> bool:
        """``set(set_key, set_value, timeout=None)`` then ``add(add_key, add_value, add_timeout)``, in one
        command (a script run by Redis: lighter than a pipeline); answers what ``add`` answers.
        ``add_timeout`` is a positive number of seconds."""
        dumps = self._cache._serializer.dumps
        keys = [self.make_and_validate_key(set_key), self.make_and_validate_key(add_key)]
        return bool(
            _set_and_add(self._cache.get_client(write=True))(
                keys=keys, args=[dumps(set_value), dumps(add_value), int(add_timeout)]
            )
        )


_SET_AND_ADD = """
redis.call('SET', KEYS[1], ARGV[1])
if redis.call('SET', KEYS[2], ARGV[2], 'EX', ARGV[3], 'NX') then return 1 end
return 0
"""
_script = None


def _set_and_add(client):
    """The script, run on ``client`` (redis-py sends it by its hash, loading it when Redis lacks it)."""
    global _script
    if _script is None:
        _script = client.register_script(_SET_AND_ADD)
    return lambda keys, args: _script(keys=keys, args=args, client=client)
