"""Django's Redis cache backend, keeping its Redis client objects instead of making one per call.

Django's ``RedisCacheClient.get_client`` builds a new ``redis.Redis`` around
the (kept) connection pool on every cache operation, and building one sets up
a few hundred response callbacks: a quarter of a millisecond of Python per
``cache.get``, paid on every recorded hand (the standings version) and every
throttled or cached request (load bench, issue 7). A ``redis.Redis`` is safe to
share between threads (each command takes a connection from the pool), so one
is kept per pool. Behaviour is otherwise Django's own.

``set_and_add`` does a ``set`` and an ``add`` in one round trip (a pipeline,
not a transaction): every recorded hand moves the standings version and marks
its table's update as queued (issue 20, the hand post near its floor).
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
        round trip; answers what ``add`` answers. ``add_timeout`` is a positive number of seconds."""
        client = self._cache.get_client(write=True)
        dumps = self._cache._serializer.dumps
        pipe = client.pipeline(transaction=False)
        pipe.set(self.make_and_validate_key(set_key), dumps(set_value))
        pipe.set(self.make_and_validate_key(add_key), dumps(add_value), ex=int(add_timeout), nx=True)
        return bool(pipe.execute()[1])
