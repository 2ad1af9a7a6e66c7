"""Django settings, read from the environment through ``tournament.project.env``.

Two run modes (README, "Configuration"):

- embedded default (no DATABASE_URL, no REDIS_URL): SQLite file in the
  project folder, Celery tasks run in process, local-memory cache, DEBUG on,
  a development SECRET_KEY kept in ``.dev-secret-key`` outside git;
- production: DATABASE_URL (PostgreSQL) and REDIS_URL (Celery broker, result
  backend and cache), DEBUG off, a real SECRET_KEY required.
"""

from __future__ import annotations

from pathlib import Path

import dj_database_url
from csp.constants import NONE, SELF
from django.core.exceptions import ImproperlyConfigured
from whitenoise.compress import Compressor

from tournament.project.env import (
    EmailConfig,
    email_url,
    env_bool,
    env_int,
    env_list,
    env_secret_key,
    env_str,
)
from tournament.project.logs import logging_config, sentry_init

BASE_DIR = Path(__file__).resolve().parent.parent.parent

DATABASE_URL = env_str("DATABASE_URL") or ""
REDIS_URL = env_str("REDIS_URL") or ""
EMBEDDED = not DATABASE_URL

# DEBUG is on by default only in the embedded (laptop) mode.
DEBUG = env_bool("DEBUG", default=EMBEDDED)
SECRET_KEY = env_secret_key(debug=DEBUG, dev_key_file=BASE_DIR / ".dev-secret-key")

ALLOWED_HOSTS = env_list("ALLOWED_HOSTS", ["localhost", "127.0.0.1", "[::1]"] if DEBUG else [])
if not DEBUG and not ALLOWED_HOSTS:
    raise ImproperlyConfigured("ALLOWED_HOSTS is not set: with DEBUG=false name the host names served.")
CSRF_TRUSTED_ORIGINS = env_list("CSRF_TRUSTED_ORIGINS")

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "rest_framework",
    "rest_framework.authtoken",
    "drf_spectacular",
    "drf_spectacular_sidecar",  # Swagger UI and Redoc as this site's own static files
    "axes",
    "tournament.apps.TournamentConfig",
    "scoring.adapter.apps.ScoringConfig",
]

MIDDLEWARE = [
    # First: every line logged while answering carries the request's id (tournament/project/logs.py).
    "tournament.project.logs.RequestIdMiddleware",
    # HEAD: the GET's status and headers, no body, whatever server runs the app (issue 38).
    "tournament.project.head.HeadWithoutBody",
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    # A scoresheet's unchanged poll: 204 before the session or any query (tournament/tables/live_mark.py).
    "tournament.tables.live_mark.UnchangedSheet",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    # A device that changed something keeps its mark (tournament/access/device.py: who recorded a hand).
    "tournament.access.device.DeviceMarkMiddleware",
    # What no shared read tagged and is somebody's: Cache-Control private, no-store (http_cache.py).
    "tournament.project.http_cache.PrivateByDefault",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "tournament.project.csp.CSPMiddleware",  # django-csp's, its policy built once (issue 20)
    # Last, as django-axes asks: it turns a locked-out login into a 429 page.
    "axes.middleware.AxesMiddleware",
]

AUTHENTICATION_BACKENDS = [
    "axes.backends.AxesStandaloneBackend",
    "django.contrib.auth.backends.ModelBackend",
]

ROOT_URLCONF = "tournament.project.urls"
WSGI_APPLICATION = "tournament.project.wsgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "django.template.context_processors.i18n",
                "tournament.project.context_processors.roles",
            ],
        },
    },
]

if EMBEDDED:
    DATABASES = {"default": {"ENGINE": "django.db.backends.sqlite3", "NAME": BASE_DIR / "db.sqlite3"}}
else:
    DATABASES = {"default": dj_database_url.parse(DATABASE_URL, conn_max_age=60, conn_health_checks=True)}
    if DATABASES["default"]["ENGINE"] == "django.db.backends.postgresql":
        # Parameters bound by the server, and a statement run 5 times on a connection is prepared: the
        # ORM sends the same few statements for every hand posted, and parsing and planning them again
        # was most of PostgreSQL's work per hand (4.2 to 1.8 ms of its CPU; bench/hand_post_profile.py,
        # issue 7). Not for a transaction-pooling PgBouncer (prepared statements are per connection).
        DATABASES["default"].setdefault("OPTIONS", {}).update(server_side_binding=True, prepare_threshold=5)
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # SQLite has one writer at a time. A transaction that reads, then writes (a hand under its table's
    # "lock", an invitation used) must take the write lock when it begins (BEGIN IMMEDIATE), or two of them
    # read the same state and the second fails to upgrade its lock ("database is locked", a 503 or a 500).
    # Writers queue for the lock up to ``timeout`` seconds, then each sees what the one before it wrote and
    # answers as on PostgreSQL (409 already recorded or corrected, 410 invitation used; issue 31).
    DATABASES["default"].setdefault("OPTIONS", {}).update(transaction_mode="IMMEDIATE", timeout=20)
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]
LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "home"
LOGOUT_REDIRECT_URL = "home"

LANGUAGE_CODE = "en"
LANGUAGES = [("en", "English"), ("zh-hans", "简体中文")]
LOCALE_PATHS = [BASE_DIR / "locale"]
FORMAT_MODULE_PATH = ["tournament.project.formats"]  # dates as each language writes them
TIME_ZONE = env_str("TIME_ZONE", "Asia/Singapore")
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATIC_ROOT = BASE_DIR / "staticfiles"
STATICFILES_DIRS = [BASE_DIR / "static"]
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        "BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"
        if DEBUG
        else "whitenoise.storage.CompressedManifestStaticFilesStorage"
    },
}
# Source maps (the API docs' bundles: 7 MB) are read by a developer's tools, not by pages: compressing them
# was 23 s of collectstatic's 40 s of CPU. WhiteNoise serves them as they are; everything else as before.
WHITENOISE_SKIP_COMPRESS_EXTENSIONS = (*Compressor.SKIP_COMPRESS_EXTENSIONS, "map")

# --- Cache and Celery: Redis when REDIS_URL is set, in process otherwise ---
if REDIS_URL:
    CACHES = {"default": {"BACKEND": "tournament.project.cache.RedisCache", "LOCATION": REDIS_URL}}
    CELERY_BROKER_URL = REDIS_URL
    CELERY_RESULT_BACKEND = REDIS_URL
    CELERY_TASK_ALWAYS_EAGER = False
else:
    CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}
    CELERY_BROKER_URL = "memory://"
    CELERY_RESULT_BACKEND = "cache+memory://"
    CELERY_TASK_ALWAYS_EAGER = True
# Template fragments that are the same for everyone and change only with a deploy (the tile palette):
# kept in each process, so that a page never fails, nor waits, on Redis being down (the scoresheet did)
CACHES["fragments"] = {"BACKEND": "django.core.cache.backends.locmem.LocMemCache", "LOCATION": "fragments"}
CELERY_TASK_EAGER_PROPAGATES = True
CELERY_TASK_SERIALIZER = "json"
CELERY_RESULT_SERIALIZER = "json"
CELERY_ACCEPT_CONTENT = ["json"]
CELERY_TIMEZONE = TIME_ZONE
CELERY_TASK_ACKS_LATE = True
CELERY_TASK_REJECT_ON_WORKER_LOST = True
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
# The worker keeps its database connection between tasks, closed when it fails or outlives
# CONN_MAX_AGE as between two requests (tournament/project/celery.py); Celery still closes it every 2,000
# tasks.
CELERY_DB_REUSE_MAX = 1000
# Recording a hand must never wait on a broker that is down (issue 6): fail fast.
CELERY_BROKER_CONNECTION_TIMEOUT = 2
CELERY_BROKER_TRANSPORT_OPTIONS = {"max_retries": 1, "interval_start": 0, "interval_step": 0.2}
CELERY_TASK_PUBLISH_RETRY = False
CELERY_BEAT_SCHEDULE: dict = {
    "standings-reconcile": {
        "task": "tournament.tasks.standings_reconcile",
        "schedule": env_int("STANDINGS_RECONCILE_SECONDS", 60),
    },
    # Hands unchallenged for their minutes count (issue 19, ``tournament.confirmations.services``).
    "confirmations-due": {"task": "tournament.tasks.confirmations_due", "schedule": 60},
    # Ratings that missed a round's change (a lost task, an upgraded league; issue 35, tournament.ratings).
    "ratings-reconcile": {
        "task": "tournament.tasks.ratings_reconcile",
        "schedule": env_int("RATINGS_RECONCILE_SECONDS", 600),
    },
    # Reminders before a night, each competition's time before (issue 34, ``tournament.notifications``).
    "notifications-reminders": {"task": "tournament.tasks.notifications_reminders", "schedule": 300},
    # Hands to confirm, gathered per player every few minutes (issue 47, notifications.confirm_digest).
    "notifications-confirm-digests": {
        "task": "tournament.tasks.notifications_confirm_digests",
        "schedule": 60,
    },
    # Messages whose send was lost (a broker that was down) queued again; interrupted sends marked (issue 34).
    "notifications-requeue": {"task": "tournament.tasks.notifications_requeue", "schedule": 60},
    # Contact details kept past PRIVACY_RETENTION_MONTHS erased, organisers told before (issue 51).
    "privacy-retention": {"task": "tournament.tasks.privacy_retention", "schedule": 24 * 60 * 60},
    # Offers of a freed place past their deadline pass on to the next person waiting (issue 51).
    "registration-offers": {"task": "tournament.tasks.registration_offers_expire", "schedule": 300},
}

# How many reverse proxies in front of the app append to X-Forwarded-For (0: the header is ignored).
TRUSTED_PROXIES = env_int("TRUSTED_PROXIES", 0)

# Anonymous standings PDFs an address may have made afresh (kept ones are free): DRF's notation.
PDF_RATE_LIMIT = env_str("PDF_RATE_LIMIT", "10/minute")
# Sign-ups an address may post (issue 51): a club's wifi is one address for many people.
REGISTRATION_RATE_LIMIT = env_str("REGISTRATION_RATE_LIMIT", "30/minute")

# --- REST API (../shared/spec/league-api.md) ---
REST_FRAMEWORK = {
    "DEFAULT_AUTHENTICATION_CLASSES": [
        "rest_framework.authentication.SessionAuthentication",
        "rest_framework.authentication.TokenAuthentication",
    ],
    "DEFAULT_PARSER_CLASSES": ["tournament.api.parsers.StrictJSONParser"],
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.IsAuthenticatedOrReadOnly"],
    "DEFAULT_PAGINATION_CLASS": "tournament.api.pagination.Pages",
    "PAGE_SIZE": 50,
    "DEFAULT_SCHEMA_CLASS": "drf_spectacular.openapi.AutoSchema",
    "DEFAULT_THROTTLE_RATES": {"scoring": env_str("SCORING_RATE_LIMIT", "120/minute")},
    # The client behind TRUSTED_PROXIES proxies (tournament/access/request_meta.py); DRF's default, None,
    # would take a client's own X-Forwarded-For and let it reset every limit.
    "NUM_PROXIES": TRUSTED_PROXIES,
    "EXCEPTION_HANDLER": "tournament.api.errors.exception_handler",
}
SPECTACULAR_SETTINGS = {
    "TITLE": "Singapore Mahjong League API",
    "DESCRIPTION": "Clubs, players, competitions, rounds, tables, hands and standings; the scoring engine.",
    "VERSION": "1",
    "SERVE_INCLUDE_SCHEMA": False,
    # Request bodies get components of their own (PlayerRequest, ...) without the read-only fields: a
    # generated client is not asked for an id to create a player (issue 38).
    "COMPONENT_SPLIT_REQUEST": True,
    # The docs pages (tournament/api/docs.py) load Swagger UI and Redoc from this site, never a CDN.
    "SWAGGER_UI_DIST": "SIDECAR",
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
    "REDOC_DIST": "SIDECAR",
    # No validator badge: it would send the schema to validator.swagger.io.
    "SWAGGER_UI_SETTINGS": {"deepLinking": True, "validatorUrl": None, "displayRequestDuration": True},
    "POSTPROCESSING_HOOKS": [
        "drf_spectacular.hooks.postprocess_schema_enums",  # the default
        "scoring.adapter.openapi.require_request_bodies",
        # Last: one version, one way to say null, shapes every client generator reads (issue 38)
        "tournament.api.schema_hooks.generator_friendly",
    ],
}

# --- Email (password reset, invitations): EMAIL_URL, or the usual EMAIL_HOST etc.; neither: the console ---
# With no server named, every message is printed where the app logs (the embedded default: the reset
# link shows in the terminal).
if env_str("EMAIL_URL"):
    _mail = email_url("EMAIL_URL", env_str("EMAIL_URL"))
else:
    _mail = EmailConfig(
        host=env_str("EMAIL_HOST", ""),
        port=env_int("EMAIL_PORT", 25),
        user=env_str("EMAIL_HOST_USER", ""),
        password=env_str("EMAIL_HOST_PASSWORD", ""),
        use_tls=env_bool("EMAIL_USE_TLS", False),
        use_ssl=env_bool("EMAIL_USE_SSL", False),
    )
EMAIL_BACKEND = _mail.backend
EMAIL_HOST, EMAIL_PORT = _mail.host or "localhost", _mail.port
EMAIL_HOST_USER, EMAIL_HOST_PASSWORD = _mail.user, _mail.password
EMAIL_USE_TLS, EMAIL_USE_SSL = _mail.use_tls, _mail.use_ssl
EMAIL_TIMEOUT = 10  # seconds: a mail server that hangs must not hold a page for long
DEFAULT_FROM_EMAIL = env_str("DEFAULT_FROM_EMAIL", "league@localhost")
SERVER_EMAIL = DEFAULT_FROM_EMAIL
PASSWORD_RESET_TIMEOUT = 3 * 24 * 3600  # a reset link works for three days (Django's own tokens)

# --- Notifications (issue 34, tournament/notifications/): every channel optional ---
# With none set up, every message is still kept in the person's inbox page (the embedded default).
# The site's address, for the links a message carries (a seat's private link, stop these messages).
SITE_URL = env_str("SITE_URL", "http://localhost:8000").rstrip("/")
# Email through the mail settings above: on when a mail server is named (the console is no channel).
NOTIFY_EMAIL = env_bool("NOTIFY_EMAIL", bool(env_str("EMAIL_URL") or env_str("EMAIL_HOST")))
# Web push to the installed app (pywebpush): the VAPID key pair (base64url) and a contact (mailto:...).
VAPID_PUBLIC_KEY = env_str("VAPID_PUBLIC_KEY", "")
VAPID_PRIVATE_KEY = env_str("VAPID_PRIVATE_KEY", "")
VAPID_SUBJECT = env_str("VAPID_SUBJECT", "mailto:" + DEFAULT_FROM_EMAIL)
# Telegram (apprise): a bot's token; the API's address can be changed (a local stand-in in tests).
TELEGRAM_BOT_TOKEN = env_str("TELEGRAM_BOT_TOKEN", "")
TELEGRAM_API_URL = env_str("TELEGRAM_API_URL", "https://api.telegram.org/bot")
# WhatsApp Cloud API (apprise): a token and the sending number's id; the API's address likewise.
WHATSAPP_TOKEN = env_str("WHATSAPP_TOKEN", "")
WHATSAPP_PHONE_ID = env_str("WHATSAPP_PHONE_ID", "")
WHATSAPP_API_URL = env_str("WHATSAPP_API_URL", "https://graph.facebook.com/{fb_ver}/{phone_id}/messages")
# An organiser's messages to a whole competition, at most this many a day.
NOTIFY_BROADCASTS_PER_DAY = env_int("NOTIFY_BROADCASTS_PER_DAY", 5)
# Which competitions' results count in the ratings (issue 48): "marked" (a superuser marks each),
# "confirmed" (also those whose hands count once players confirm them), "all".
RATINGS_RATE = env_str("RATINGS_RATE", "marked")
if RATINGS_RATE not in ("marked", "confirmed", "all"):
    raise ImproperlyConfigured("RATINGS_RATE is one of: marked, confirmed, all.")
NOTIFY_PERSON_LINK_DAYS = env_int("NOTIFY_PERSON_LINK_DAYS", 90)  # a person link opens their inbox this long
# People's data (issue 51): contact details of people with no entry for this many months are erased (a beat
# task), their organisers told this many days before.
PRIVACY_RETENTION_MONTHS = env_int("PRIVACY_RETENTION_MONTHS", 24)
PRIVACY_RETENTION_WARN_DAYS = env_int("PRIVACY_RETENTION_WARN_DAYS", 30)

# --- Login throttling (django-axes) ---
AXES_FAILURE_LIMIT = env_int("AXES_FAILURE_LIMIT", 5)
AXES_COOLOFF_TIME = 0.25  # hours
AXES_RESET_ON_SUCCESS = True
AXES_VERBOSE = False
AXES_LOCKOUT_CALLABLE = "tournament.api.errors.lockout_response"
# A name and an address together: guessing one name from one address locks out only that pair, so
# nobody can lock the organiser out by failing as them (or as anyone) from elsewhere.
AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"]]
AXES_CLIENT_IP_CALLABLE = "tournament.access.request_meta.client_ip"

# --- Security: production defaults, each switchable from the environment ---
SESSION_COOKIE_SECURE = env_bool("SESSION_COOKIE_SECURE", not DEBUG)
CSRF_COOKIE_SECURE = env_bool("CSRF_COOKIE_SECURE", not DEBUG)
SECURE_SSL_REDIRECT = env_bool("SECURE_SSL_REDIRECT", not DEBUG)
SECURE_REDIRECT_EXEMPT = [r"^healthz$"]
SECURE_HSTS_SECONDS = env_int("SECURE_HSTS_SECONDS", 0 if DEBUG else 31536000)
SECURE_HSTS_INCLUDE_SUBDOMAINS = env_bool("SECURE_HSTS_INCLUDE_SUBDOMAINS", not DEBUG)
SECURE_HSTS_PRELOAD = env_bool("SECURE_HSTS_PRELOAD", not DEBUG)
if env_bool("BEHIND_TLS_PROXY", False):
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
SECURE_CONTENT_TYPE_NOSNIFF = True
X_FRAME_OPTIONS = "DENY"
# Content-Security-Policy (django-csp): scripts and styles only from this site's files, none inline
# (the pages' behaviours are in static/js, htmx's indicator styles in app.css); tiles and charts are
# local images. The API docs (tournament/api/docs.py) load their scripts as files too; Redoc's page
# alone adds a nonce for the styles it writes.
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": [SELF],
        "script-src": [SELF],
        "style-src": [SELF],
        "img-src": [SELF, "data:"],
        "object-src": [NONE],
        "base-uri": [SELF],
        "form-action": [SELF],
        "frame-ancestors": [NONE],
        # The scoresheet's service worker and web app manifest (issue 18, tournament/views/offline.py): this
        # site's.
        "worker-src": [SELF],
        "manifest-src": [SELF],
    }
}

# Logs: time, level, logger and request id on every line; JSON with LOG_FORMAT=json
# (tournament/project/logs.py).
LOGGING = logging_config(level=env_str("LOG_LEVEL", "INFO"), log_format=env_str("LOG_FORMAT", "text"))
# The worker keeps these LOGGING lines instead of Celery's own format (tournament/project/celery.py).
CELERY_WORKER_HIJACK_ROOT_LOGGER = False

# Error reports to Sentry when SENTRY_DSN is set; nothing is sent, or even imported, when it is not.
sentry_init(dsn=env_str("SENTRY_DSN", ""), environment=env_str("SENTRY_ENVIRONMENT", "production"))
