"""Fields that take JSON's types as the schema states them (issue 13: invalid input is refused).

DRF's fields are lenient: a ``CharField`` turns the number 0 into the text "0", an
``IntegerField`` takes "12" and 12.0, a ``BooleanField`` takes "yes", 1 and "off". The API's
schema says ``string``, ``integer`` and ``boolean``, and a body that breaks it is a 400: a client
sending a number where a name is wanted has a bug it should hear about, not a club named "0".
"""

from __future__ import annotations

import datetime
import threading
from collections.abc import Mapping

from django.core.exceptions import ObjectDoesNotExist
from django.core.validators import MinLengthValidator, RegexValidator
from django.db import models
from django.utils.translation import gettext as _
from drf_spectacular.extensions import OpenApiSerializerExtension
from rest_framework import serializers
from rest_framework.exceptions import ErrorDetail
from rest_framework.fields import SkipField, empty
from rest_framework.relations import MANY_RELATION_KWARGS


class Text(serializers.CharField):
    """A JSON string, and nothing else; one that may not be blank says so in the schema.

    DRF refuses a blank text (after trimming its spaces) but its schema only said ``string``: here
    ``minLength: 1`` and, when spaces are trimmed, ``pattern: \\S`` (at least one character that is
    not a space), so that the schema names the texts the API takes.
    """

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        if not self.allow_blank and not self.read_only:
            if self.min_length is None:
                self.min_length = 1
                self.validators.append(MinLengthValidator(1))
            if self.trim_whitespace:
                self.validators.append(RegexValidator(r"[^\s\x1c-\x1f]"))  # str.strip() takes \x1c-\x1f too

    def to_internal_value(self, data):
        if not isinstance(data, str):
            self.fail("invalid")
        return super().to_internal_value(data)


class Integer(serializers.IntegerField):
    """A JSON integer (not a boolean, a float or a numeral in a string)."""

    def to_internal_value(self, data):
        if isinstance(data, bool) or not isinstance(data, int):
            self.fail("invalid")
        return super().to_internal_value(data)


class Boolean(serializers.BooleanField):
    """JSON ``true`` or ``false``."""

    def to_internal_value(self, data):
        if not isinstance(data, bool):
            self.fail("invalid", input=data)
        return data


class RowId(serializers.PrimaryKeyRelatedField):
    """A row named by its integer id (DRF would also take "3", 3.0 and true, which is 1)."""

    def to_internal_value(self, data):
        if isinstance(data, bool) or not isinstance(data, int):
            self.fail("incorrect_type", data_type=type(data).__name__)
        return super().to_internal_value(data)

    @classmethod
    def many_init(cls, *args, **kwargs):
        relation = {key: kwargs[key] for key in kwargs if key in MANY_RELATION_KWARGS}
        return RowIds(child_relation=cls(*args, **kwargs), **relation)


class RowIds(serializers.ManyRelatedField):
    """A JSON array of row ids (DRF would take an object for its keys, or a string)."""

    def to_internal_value(self, data):
        if not isinstance(data, list):
            self.fail("not_a_list", input_type=type(data).__name__)
        return super().to_internal_value(data)


class DateTime(serializers.DateTimeField):
    """A time in the league's zone, or in UTC where that zone's offset then had seconds (Singapore's
    local mean time before 1905, +06:55:25): RFC 3339, which the schema promises, has no seconds there."""

    def to_representation(self, value):
        if not value or isinstance(value, str):
            return super().to_representation(value)
        local = self.enforce_timezone(value)
        offset = local.utcoffset()
        if offset is not None and offset.total_seconds() % 60:
            return local.astimezone(datetime.UTC).isoformat().replace("+00:00", "Z")
        return super().to_representation(value)


def read_only_message(name: str) -> str:
    return _("Read-only here: %(field)s is not changed through this endpoint.") % {"field": name}


def refuse_read_only(serializer: serializers.Serializer, data: Mapping, message=read_only_message) -> None:
    """A read-only field sent with a value other than the one it has is refused (400 ``read_only``),
    never silently ignored (issue 38; league-api.md's addition in docs/api.md). What a GET answered,
    sent back unchanged, is fine; on create a field has no value yet, so anything but null is refused.
    ``message(name)`` words the refusal (a field whose change has its own endpoint names it)."""
    instance = getattr(serializer, "instance", None)
    for name, field in serializer.fields.items():
        if not field.read_only or name not in data:
            continue
        shown = None
        if instance is not None:
            try:
                current = field.get_attribute(instance)
            except (AttributeError, KeyError, ObjectDoesNotExist, SkipField):
                current = None
            shown = None if current is None else field.to_representation(current)
        if data[name] != shown:
            raise serializers.ValidationError({name: [ErrorDetail(message(name), code="read_only")]})


class StrictModelSerializer(serializers.ModelSerializer):
    """A ``ModelSerializer`` whose fields built from the model's columns are the strict ones above, and
    whose read-only fields are refused when sent with another value (``refuse_read_only``)."""

    def read_only_message(self, name: str) -> str:
        """The refusal's words for a read-only field sent with another value."""
        return read_only_message(name)

    def to_internal_value(self, data):
        if isinstance(data, Mapping):
            refuse_read_only(self, data, self.read_only_message)
        return super().to_internal_value(data)

    serializer_field_mapping = {
        **serializers.ModelSerializer.serializer_field_mapping,
        models.CharField: Text,
        models.TextField: Text,
        models.IntegerField: Integer,
        models.PositiveIntegerField: Integer,
        models.PositiveSmallIntegerField: Integer,
        models.SmallIntegerField: Integer,
        models.BigIntegerField: Integer,
        models.BooleanField: Boolean,
        models.DateTimeField: DateTime,
    }
    serializer_related_field = RowId


_BUILT = threading.local()  # ClosedSerializer class -> its fields, in this thread


class ClosedSerializer(serializers.Serializer):
    """A body that names every field it takes: another key is a 400 ``unknown_field`` (not silently
    dropped or passed on), and the schema says so with ``additionalProperties: false``.

    ``passed_on`` names keys left out of the schema that the door behind judges itself (a hand's
    ``rules`` and ``options``: ``tournament.tables.ledger.guard`` refuses them with their own codes).
    ``min_fields`` is stated in the schema only (``minProperties``): the serializer's own ``validate``
    says what is missing in words.
    """

    passed_on: tuple[str, ...] = ()
    min_fields: int = 0  # a body must name at least this many of the fields (the schema's minProperties)

    @property
    def fields(self):
        """The declared fields, built once per class and thread, shared by the instances after the first.

        DRF deep-copies every declared field for every instance: validating one hand entry built 18
        fields, a tenth of a hand post's time (issue 20). A closed serializer only validates a body: its
        fields read no context and keep nothing between calls, so those built once serve every request.
        """
        built = _BUILT.__dict__
        found = built.get(type(self))
        if found is None:
            found = built[type(self)] = serializers.Serializer.fields.__get__(self)
        return found

    def to_internal_value(self, data):
        if isinstance(data, Mapping):
            refuse_read_only(self, data)  # a read-only field is refused as on every endpoint, not "unknown"
            known = {name for name, field in self.fields.items() if not field.read_only}
            unknown = sorted(str(k) for k in data if k not in known and k not in self.passed_on)
            if unknown:
                message = _("Unknown field %(field)r.") % {"field": unknown[0]}
                raise serializers.ValidationError({unknown[0]: [ErrorDetail(message, code="unknown_field")]})
        self._sent = data.keys() if isinstance(data, Mapping) else None
        return super().to_internal_value(data)

    @property
    def _writable_fields(self):
        """The fields DRF validates, less those the body leaves out that DRF would skip anyway (not required,
        no default): a hand entry names a few of its fifteen fields (issue 20)."""
        sent = self.__dict__.get("_sent")
        for field in self.fields.values():
            if field.read_only:
                continue
            if sent is None or field.field_name in sent or field.required or field.default is not empty:
                yield field


class ClosedSerializerExtension(OpenApiSerializerExtension):
    """``additionalProperties: false`` in the schema of a ``ClosedSerializer``, and its ``minProperties``."""

    target_class = ClosedSerializer
    match_subclasses = True

    def map_serializer(self, auto_schema, direction):
        schema = auto_schema._map_serializer(self.target, direction, bypass_extensions=True)
        schema["additionalProperties"] = False
        if self.target.min_fields and direction == "request":
            schema["minProperties"] = self.target.min_fields
        return schema
