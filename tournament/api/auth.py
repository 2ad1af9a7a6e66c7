"""The API's token check in one prepared statement (issue 20: the hand post near its floor).

DRF's ``TokenAuthentication`` finds the key with ``select_related("user")``:
the ORM compiles that join again on every request, which cost a hand post
more than the query itself. ``LeagueTokenAuthentication`` asks the same
question in plain SQL (the token's and its user's columns a request needs, by
key) and makes the same two model instances from the row, the other columns
deferred. Same answers: an unknown key is
401 "Invalid token.", an inactive user 401 "User inactive or deleted.".
"""

from __future__ import annotations

from functools import cache

from django.utils.translation import gettext_lazy as _
from rest_framework import exceptions
from rest_framework.authentication import TokenAuthentication

from tournament.db.rows import columns, instances_of, plain_cursor

# What a request asks of its user and token: the rest (the password's hash, the e-mail, the dates) is read
# only if asked for (issue 20): each timestamp read is parsed in Python, on the hand post's hot path.
TOKEN_FIELDS = ("key", "user_id")
USER_FIELDS = ("username", "first_name", "last_name", "is_active", "is_staff", "is_superuser")


@cache
def _statement(model) -> str:
    user_model = model._meta.get_field("user").related_model
    return (
        f"SELECT {columns(model, 't', TOKEN_FIELDS)}, {columns(user_model, 'u', USER_FIELDS)} "
        f"FROM {model._meta.db_table} t JOIN {user_model._meta.db_table} u "
        f"ON u.{user_model._meta.pk.column} = t.user_id WHERE t.key = %s"
    )


class LeagueTokenAuthentication(TokenAuthentication):
    def authenticate_credentials(self, key):
        model = self.get_model()
        with plain_cursor() as cursor:
            cursor.execute(_statement(model), [key])
            row = cursor.fetchone()
        if row is None:
            raise exceptions.AuthenticationFailed(_("Invalid token."))
        user_model = model._meta.get_field("user").related_model
        token, user = instances_of([(model, TOKEN_FIELDS), (user_model, USER_FIELDS)], row)
        model.user.field.set_cached_value(token, user)
        if not user.is_active:
            raise exceptions.AuthenticationFailed(_("User inactive or deleted."))
        return user, token
