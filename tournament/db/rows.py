"""Rows written and read in plain SQL, for the hand post's hottest steps (issue 20: near its floor).

``Model.objects.create`` compiles its ``INSERT`` again on every call, which
cost a hand post about as much as writing the row. ``row_insert(model,
values)`` writes a row with a statement made once per model (the same columns
the ORM would write, values prepared by each field as the ORM does:
``auto_now_add``, ``get_db_prep_save`` for JSON) and answers it as an instance
made as the ORM makes one it read. What it does not do: send ``pre_save``/``post_save``
signals, validate, or update a row (use the ORM where any of these matter).

``columns`` and ``instances_of`` read: a plain ``SELECT`` of several models'
columns (a join the ORM would compile again on every call) becomes one
instance of each, made as the ORM makes them (``from_db``, converters).

``plain_cursor`` is the cursor these statements run on: on PostgreSQL,
psycopg's own, with Django's errors and health check but without its
per-statement wrapper, unless something watches the statements.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from functools import cache
from typing import Any

from django.db import DEFAULT_DB_ALIAS, connection, connections, models
from django.db.models import AutoField, BigAutoField, SmallAutoField
from django.utils import timezone


@contextmanager
def plain_cursor() -> Iterator:
    """A cursor for a plain statement of the hand post (issue 20): on PostgreSQL psycopg's own cursor, with
    Django's health check, broken-transaction check and errors (``django.db.IntegrityError`` ...), without
    the wrapper Django puts around every statement. Django's own cursor where something watches the
    statements (``DEBUG``, a test capturing queries, an ``execute_wrapper``) and on other databases."""
    db = connections[DEFAULT_DB_ALIAS]
    if db.vendor != "postgresql" or db.queries_logged or db.execute_wrappers:
        with db.cursor() as cursor:
            yield cursor
        return
    db.close_if_health_check_failed()
    db.ensure_connection()
    db.validate_no_broken_transaction()
    with db.wrap_database_errors:
        yield _kept_cursor(db)


def _kept_cursor(db):
    """One psycopg cursor per connection, kept for its statements: making one copies the connection's
    adapters. A connection is one thread's (Django's), so is its cursor; a new connection gets a new one."""
    kept = db.__dict__.get("_plain_cursor")
    if kept is None or kept[0] is not db.connection or kept[1].closed:
        kept = db._plain_cursor = (db.connection, db.connection.cursor())
    return kept[1]


# Fields whose value goes to the database as the instance holds it: for these the ORM's preparation only
# converts a value of another type (a text for a number), which nothing here passes. Exact types only.
_PLAIN = (
    models.IntegerField, models.PositiveIntegerField, models.PositiveSmallIntegerField,
    models.SmallIntegerField, models.BigIntegerField, models.BooleanField, models.CharField, models.TextField,
)  # fmt: skip


def _plain(field) -> bool:
    if isinstance(field, models.ForeignKey):
        return type(field.target_field) in (*_PLAIN, AutoField, BigAutoField, SmallAutoField)
    return type(field) in _PLAIN


@cache
def _statement(model, vendor: str, rows: int = 1) -> tuple[str, tuple, tuple[bool, ...], bool]:
    auto = (AutoField, BigAutoField, SmallAutoField)
    fields = tuple(f for f in model._meta.concrete_fields if not (f.primary_key and isinstance(f, auto)))
    quote = connection.ops.quote_name
    returning = connection.features.can_return_rows_from_bulk_insert or rows == 1
    returning = returning and connection.features.can_return_columns_from_insert
    one = f"({', '.join(['%s'] * len(fields))})"
    sql = (
        f"INSERT INTO {quote(model._meta.db_table)} ({', '.join(quote(f.column) for f in fields)}) "
        f"VALUES {', '.join([one] * rows)}"
    )
    if returning:
        sql += f" RETURNING {quote(model._meta.pk.column)}"
    return sql, fields, tuple(_plain(f) for f in fields), returning


def row_insert(model, values: Mapping[str, Any], stored: Mapping[str, Any] | None = None):
    """Write one row of ``model``; answer it as an instance, as the ORM makes one from a row it read.

    ``values``: each field's value by attribute name (``table_id``, not ``table``), as an instance holds
    it; a field not given takes its default, a ``DateTimeField`` with ``auto_now(_add)`` the time now.
    ``stored``: columns written as given, already in the database's form (a JSON field's text), and left
    deferred on the instance (read from the row if asked for, as after ``defer``). The instance is made
    by ``from_db`` (the ORM's fast path), not by ``Model(**values)``, which cost a hand post more than
    the statement (issue 20).
    """
    return rows_insert(model, [values], stored)[0]


def rows_insert(model, rows: list[Mapping[str, Any]], stored: Mapping[str, Any] | None = None) -> list:
    """``row_insert`` for several rows of one model, in one ``INSERT`` (a statement made once per model and
    count of rows): what ``bulk_create`` does, without compiling its statement again on every call."""
    if not rows:
        return []
    db = connections[DEFAULT_DB_ALIAS]  # the connection itself: each use of the proxy looks it up again
    sql, fields, plain, returning = _statement(model, db.vendor, len(rows))
    stored = stored or {}
    kept = [{} for _ in rows]
    params = []
    for values, held in zip(rows, kept, strict=True):
        for field, is_plain in zip(fields, plain, strict=True):
            name = field.attname
            if name in stored:
                params.append(stored[name])
                continue
            if name in values:
                value = values[name]
            elif getattr(field, "auto_now", False) or getattr(field, "auto_now_add", False):
                value = timezone.now()
            else:
                value = field.get_default()
            held[name] = value
            params.append(value if is_plain else field.get_db_prep_save(value, db))
    with plain_cursor() as cursor:
        cursor.execute(sql, params)
        if returning:
            pks = [row[0] for row in cursor.fetchall()]
        else:  # SQLite before RETURNING: one statement's rows take the ids up to the last one
            pks = list(range(cursor.lastrowid - len(rows) + 1, cursor.lastrowid + 1))
    pk = model._meta.pk.attname
    names = [f.attname for f in model._meta.concrete_fields if f.attname == pk or f.attname not in stored]
    made = []
    for held, key in zip(kept, pks, strict=True):
        held[pk] = key
        made.append(model.from_db(db.alias, names, [held[name] for name in names]))
    return made


def columns(model, alias: str, only: tuple[str, ...] | None = None) -> str:
    """The columns of ``model`` (its concrete fields in order; ``only`` these attribute names, its primary key
    always), as ``alias.column``, for a plain SELECT."""
    quote = connection.ops.quote_name
    return ", ".join(f"{alias}.{quote(f.column)}" for f in _fields(model, only))


def instance_of(model, values, only: tuple[str, ...] | None = None):
    """An instance of ``model`` from the values of ``columns(model, ..., only)``, as the ORM makes one from a
    row (``from_db``, the backend's and the fields' converters applied); the fields not read are deferred,
    as after ``only()``: read from the database when asked for."""
    db = connections[DEFAULT_DB_ALIAS]
    values = list(values)
    for index, converters in _converters(model, db.vendor, only):
        value = values[index]
        for converter, expression in converters:
            value = converter(value, expression, db)
        values[index] = value
    return model.from_db(db.alias, _attnames(model, only), values)


@cache
def _fields(model, only: tuple[str, ...] | None) -> list:
    fields = model._meta.concrete_fields
    return list(fields) if only is None else [f for f in fields if f.primary_key or f.attname in only]


@cache
def _attnames(model, only: tuple[str, ...] | None = None) -> list[str]:
    return [f.attname for f in _fields(model, only)]


def instances_of(models, row) -> list:
    """One instance of each of ``models`` from a row that selected their ``columns`` one after another; an
    item of ``models`` is a model, or ``(model, only)`` for ``columns(model, alias, only)``."""
    found, start = [], 0
    for item in models:
        model, only = item if isinstance(item, tuple) else (item, None)
        width = len(_fields(model, only))
        found.append(instance_of(model, row[start : start + width], only))
        start += width
    return found


@cache
def _converters(model, vendor: str, only: tuple[str, ...] | None = None) -> list[tuple[int, list]]:
    """The columns that have converters (the backend's and the field's, with the column, as the SQL
    compiler applies them): their index and their converters."""
    found = []
    for index, field in enumerate(_fields(model, only)):
        column = field.get_col(model._meta.db_table)
        chain = connection.ops.get_db_converters(column) + column.get_db_converters(connection)
        if chain:
            found.append((index, [(converter, column) for converter in chain]))
    return found
