"""The API's token check in one prepared statement (issue 20: the hand post near its floor).

DRF's ``TokenAuthentication`` finds the key with ``select_related("user")``:
the ORM compiles that join again on every request, which cost a hand post
more than the query itself. ``LeagueTokenAuthentication`` asks the same
question in plain SQL (the token's and its user's columns, by key) and makes
the same two model instances from the row. Same answers: an unknown key is
401 "Invalid token.", an inactive user 401 "User inactive or deleted.".
"""

from __future__ import annotations

from functools import cache

from django.db import connection
from django.utils.translation import gettext_lazy as _
from rest_framework import exceptions
from rest_framework.authentication import TokenAuthentication


@cache
def _statement(model) -> tuple[str, list, list]:
    """The SQL, the token's fields and the user's fields (in the order the row gives them)."""
    user_model = model._meta.get_field("user").related_model
    token_fields = list(model._meta.concrete_fields)
    user_fields = list(user_model._meta.concrete_fields)
    columns = [f"t.{f.column}" for f in token_fields] + [f"u.{f.column}" for f in user_fields]
    sql = (
        f"SELECT {', '.join(columns)} FROM {model._meta.db_table} t "
        f"JOIN {user_model._meta.db_table} u ON u.{user_model._meta.pk.column} = t.user_id WHERE t.key = %s"
    )
    return sql, token_fields, user_fields


class LeagueTokenAuthentication(TokenAuthentication):
    def authenticate_credentials(self, key):
        model = self.get_model()
        sql, token_fields, user_fields = _statement(model)
        with connection.cursor() as cursor:
            cursor.execute(sql, [key])
            row = cursor.fetchone()
        if row is None:
            raise exceptions.AuthenticationFailed(_("Invalid token."))
        user_model = model._meta.get_field("user").related_model
        split = len(token_fields)
        token = _instance(model, token_fields, row[:split])
        user = _instance(user_model, user_fields, row[split:])
        model.user.field.set_cached_value(token, user)
        if not user.is_active:
            raise exceptions.AuthenticationFailed(_("User inactive or deleted."))
        return user, token


def _instance(model, fields, values):
    """A model instance from database values, as the ORM makes one (``from_db``, its converters applied)."""
    converted = []
    for converters, value in zip(_converters(model, connection.vendor), values, strict=True):
        for converter, expression in converters:
            value = converter(value, expression, connection)
        converted.append(value)
    return model.from_db(connection.alias, [f.attname for f in fields], converted)


@cache
def _converters(model, vendor: str) -> list[list]:
    """Per column: the backend's and the field's converters, with the column (as the SQL compiler does)."""
    found = []
    for field in model._meta.concrete_fields:
        column = field.get_col(model._meta.db_table)
        chain = connection.ops.get_db_converters(column) + column.get_db_converters(connection)
        found.append([(converter, column) for converter in chain])
    return found
