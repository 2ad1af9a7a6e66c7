"""The Celery application.

Tasks are queued on transaction commit (``task.delay_on_commit`` from
Celery's ``DjangoTask``, the default task class when Celery runs under
Django), so a worker never sees a row its transaction has not committed.
Without REDIS_URL the settings make every task run in process
(``CELERY_TASK_ALWAYS_EAGER``): the embedded default needs no other server.
"""

import os

from celery import Celery

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "tournament.settings")

app = Celery("tournament")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()
