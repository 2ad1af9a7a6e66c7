"""The project's settings, plus the load bench's ceiling endpoint (``bench.load.urls``).

Everything else (middleware, authentication, database, cache, Celery) is the
product's own ``tournament.project.settings``, read from the same environment: the
ceiling runs on the same stack as the endpoints it is compared with, and the
product itself never mounts it.
"""

from tournament.project.settings import *  # noqa: F403

ROOT_URLCONF = "bench.load.urls"
