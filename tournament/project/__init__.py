"""The project's plumbing, apart from the league: settings, environment, root URLs, Celery, WSGI, cache
backend, health, logs.
"""
