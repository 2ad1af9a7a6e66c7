"""The league API's JSON parser: a body no later step can take is a 400, never a 500 (issue 13).

DRF's ``JSONParser`` turns a ``ValueError`` into a ``ParseError`` but lets ``RecursionError`` (JSON
nested thousands deep) through as a 500, and accepts lone surrogates and NUL characters that break
UTF-8 encoding and PostgreSQL's ``jsonb``. ``StrictJSONParser`` refuses those with
``scoring.jsontext.json_problem``, and a key given twice in one object (``json`` would keep the last one
silently: ``{"chips": ..., "chips": ...}``) with ``scoring.jsontext.unique_keys``. It is the default
parser of every API view (``REST_FRAMEWORK``'s ``DEFAULT_PARSER_CLASSES``).

``body_object`` is what a write's view reads: the body, a JSON object (no body at all is an empty one).
"""

from __future__ import annotations

from django.conf import settings
from django.utils.translation import gettext as _
from rest_framework.exceptions import ParseError
from rest_framework.parsers import JSONParser
from rest_framework.utils import json

from scoring.jsontext import DuplicateKey, json_problem, unique_keys


class StrictJSONParser(JSONParser):
    def parse(self, stream, media_type=None, parser_context=None):
        # DRF's parse, reading the body whole (as ``json.load`` does) instead of through a codec reader.
        encoding = (parser_context or {}).get("encoding", settings.DEFAULT_CHARSET)
        try:
            data = json.loads(
                stream.read().decode(encoding),
                parse_constant=json.strict_constant,
                object_pairs_hook=unique_keys,
            )
        except RecursionError:
            raise ParseError(_("The JSON is nested too deeply."), code="invalid_json") from None
        except DuplicateKey as exc:
            code, message, args = exc.problem()
            raise ParseError(_(message) % args, code=code) from None
        except ValueError as exc:  # as DRF's JSONParser says it (a text that does not decode is one too)
            raise ParseError(f"JSON parse error - {exc}") from None
        problem = json_problem(data)
        if problem is not None:
            code, message, args = problem
            raise ParseError(_(message) % args, code=code)
        return data


def body_object(request) -> dict:
    """The request's JSON body, an object; no body at all is an empty one. Any other JSON value (``null``, a
    list, a number, a text) is refused (400, ``not_an_object``) before anything changes: a ``null`` is not
    "no body", and must not act as one (seat a round with the defaults)."""
    data = request.data
    if isinstance(data, dict):
        return data
    raise ParseError(
        _("The body must be a JSON object, or be left out: not null, a list, a number or a text."),
        code="not_an_object",
    )
