"""One new row in one plain ``INSERT``, for the hottest writes (issue 20: the hand post near its floor).

``Model.objects.create`` compiles its ``INSERT`` again on every call, which
cost a hand post about as much as writing the row. ``row_insert(instance)``
writes an unsaved instance with a statement made once per model (the same
columns the ORM would write, values prepared by each field as the ORM does:
``pre_save`` for ``auto_now_add``, ``get_db_prep_save`` for JSON), and sets
its primary key. What it does not do: send ``pre_save``/``post_save``
signals, validate, or update a row (use the ORM where any of these matter).
"""

from __future__ import annotations

from functools import cache

from django.db import connection
from django.db.models import AutoField, BigAutoField, SmallAutoField


@cache
def _statement(model, vendor: str) -> tuple[str, tuple, bool]:
    auto = (AutoField, BigAutoField, SmallAutoField)
    fields = tuple(f for f in model._meta.concrete_fields if not (f.primary_key and isinstance(f, auto)))
    quote = connection.ops.quote_name
    returning = connection.features.can_return_columns_from_insert
    sql = (
        f"INSERT INTO {quote(model._meta.db_table)} ({', '.join(quote(f.column) for f in fields)}) "
        f"VALUES ({', '.join(['%s'] * len(fields))})"
    )
    if returning:
        sql += f" RETURNING {quote(model._meta.pk.column)}"
    return sql, fields, returning


def row_insert(instance):
    """Write the unsaved ``instance`` as a new row; answer it, saved (its primary key set)."""
    model = type(instance)
    sql, fields, returning = _statement(model, connection.vendor)
    values = [field.get_db_prep_save(field.pre_save(instance, True), connection) for field in fields]
    with connection.cursor() as cursor:
        cursor.execute(sql, values)
        pk = cursor.fetchone()[0] if returning else cursor.lastrowid
    instance.pk = pk
    instance._state.adding, instance._state.db = False, connection.alias
    return instance
