"""Rows written and read in plain SQL, for the hand post's hottest steps (issue 20: near its floor).

``Model.objects.create`` compiles its ``INSERT`` again on every call, which
cost a hand post about as much as writing the row. ``row_insert(instance)``
writes an unsaved instance with a statement made once per model (the same
columns the ORM would write, values prepared by each field as the ORM does:
``pre_save`` for ``auto_now_add``, ``get_db_prep_save`` for JSON), and sets
its primary key. What it does not do: send ``pre_save``/``post_save``
signals, validate, or update a row (use the ORM where any of these matter).

``columns`` and ``instances_of`` read: a plain ``SELECT`` of several models'
columns (a join the ORM would compile again on every call) becomes one
instance of each, made as the ORM makes them (``from_db``, converters).
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from typing import Any

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


def row_insert(instance, stored: Mapping[str, Any] | None = None):
    """Write the unsaved ``instance`` as a new row; answer it, saved (its primary key set).

    ``stored``: columns written as given, already in the database's form (a JSON field's text), and left
    deferred on the instance (read from the row if asked for, as after ``defer``).
    """
    model = type(instance)
    sql, fields, returning = _statement(model, connection.vendor)
    stored = stored or {}
    values = [
        stored[field.attname]
        if field.attname in stored
        else field.get_db_prep_save(field.pre_save(instance, True), connection)
        for field in fields
    ]
    for name in stored:
        instance.__dict__.pop(name, None)
    with connection.cursor() as cursor:
        cursor.execute(sql, values)
        pk = cursor.fetchone()[0] if returning else cursor.lastrowid
    instance.pk = pk
    instance._state.adding, instance._state.db = False, connection.alias
    return instance


def columns(model, alias: str) -> str:
    """Every column of ``model`` (its concrete fields, in order), as ``alias.column``, for a plain SELECT."""
    quote = connection.ops.quote_name
    return ", ".join(f"{alias}.{quote(f.column)}" for f in model._meta.concrete_fields)


def instance_of(model, values):
    """An instance of ``model`` from the values of ``columns(model, ...)``, as the ORM makes one from a row
    (``from_db``, the backend's and the fields' converters applied)."""
    values = list(values)
    for index, converters in _converters(model, connection.vendor):
        value = values[index]
        for converter, expression in converters:
            value = converter(value, expression, connection)
        values[index] = value
    return model.from_db(connection.alias, _attnames(model), values)


@cache
def _attnames(model) -> list[str]:
    return [f.attname for f in model._meta.concrete_fields]


def instances_of(models, row) -> list:
    """One instance of each of ``models`` from a row that selected their ``columns`` one after another."""
    found, start = [], 0
    for model in models:
        width = len(model._meta.concrete_fields)
        found.append(instance_of(model, row[start : start + width]))
        start += width
    return found


@cache
def _converters(model, vendor: str) -> list[tuple[int, list]]:
    """The columns that have converters (the backend's and the field's, with the column, as the SQL
    compiler applies them): their index and their converters."""
    found = []
    for index, field in enumerate(model._meta.concrete_fields):
        column = field.get_col(model._meta.db_table)
        chain = connection.ops.get_db_converters(column) + column.get_db_converters(connection)
        if chain:
            found.append((index, [(converter, column) for converter in chain]))
    return found
