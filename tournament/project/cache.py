"""Django's Redis cache backend, keeping its Redis client objects instead of making one per call.

Django's ``RedisCacheClient.get_client`` builds a new ``redis.Redis`` around
the (kept) connection pool on every cache operation, and building one sets up
a few hundred response callbacks: a quarter of a millisecond of Python per
``cache.get``, paid on every recorded hand (the standings version) and every
throttled or cached request (load bench, issue 7). A ``redis.Redis`` is safe to
share between threads (each command takes a connection from the pool), so one
is kept per pool. Behaviour is otherwise Django's own.

``set_and_add`` does a ``set`` and an ``add`` in one command (a Lua script):
every recorded hand moves the standings version and marks its table's update
as queued (issue 20, the hand post near its floor).
"""

from __future__ import annotations

import hashlib

from django.core.cache.backends.redis import RedisCache as DjangoRedisCache
from django.core.cache.backends.redis import RedisCacheClient
from redis.exceptions import NoScriptError


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
        command: a script run by Redis, sent on a connection of the cache's pool without redis-py's
        client around it (its retries and events cost the hand post three times the command itself).
        Answers what ``add`` answers; any error is raised after the connection is dropped (the caller
        takes it as the cache being down). ``add_timeout`` is a positive number of seconds."""
        dumps = self._cache._serializer.dumps
        keys = (self.make_and_validate_key(set_key), self.make_and_validate_key(add_key))
        args = (*keys, dumps(set_value), dumps(add_value), int(add_timeout))
        pool = self._cache.get_client(write=True).connection_pool
        connection = pool.get_connection()
        try:
            try:
                connection.send_command("EVALSHA", _SET_AND_ADD_SHA, 2, *args)
                answer = connection.read_response()
            except NoScriptError:  # Redis restarted since (it keeps no scripts): send the script itself
                connection.send_command("EVAL", _SET_AND_ADD, 2, *args)
                answer = connection.read_response()
        except BaseException:
            connection.disconnect()
            raise
        finally:
            pool.release(connection)
        return bool(answer)


_SET_AND_ADD = """
redis.call('SET', KEYS[1], ARGV[1])
if redis.call('SET', KEYS[2], ARGV[2], 'EX', ARGV[3], 'NX') then return 1 end
return 0
"""
_SET_AND_ADD_SHA = hashlib.sha1(_SET_AND_ADD.encode()).hexdigest()  # noqa: S324 - Redis names scripts so
