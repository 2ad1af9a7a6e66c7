"""The OpenAPI document as client generators read it whole (issue 38): one version, one way to say null.

drf-spectacular writes OpenAPI 3.0.3, where a value that may be null is ``nullable: true``; an
``enum`` lists every value it allows, so a nullable enum lists ``null`` too (3.0.3's clarification,
and how schemathesis reads a request). Hand-written schemas (the scoring engine's, any
``extend_schema`` given a raw dict) can drift from that; ``generator_friendly``, the last
postprocessing hook, brings every schema of the document back to it:

- the 3.1 spellings ``type: [T, "null"]`` and a ``{"type": "null"}`` member of ``oneOf``/``anyOf``
  become ``nullable: true``;
- a nullable ``enum`` lists ``null``;
- a nullable ``enum`` of booleans (openapi-python-client builds enums of strings and integers only,
  and skips the whole endpoint otherwise) becomes a one-member ``oneOf`` holding the enum, nullable:
  the same values allowed, in a shape every generator reads;
- an operation that takes no credentials at all (drf-spectacular writes ``security: [{}]``) says
  ``security: []``: generators read ``[{}]`` as "a token is required" (openapi-python-client then
  asks for an ``AuthenticatedClient`` to score a hand);
- ``COMPONENT_SPLIT_REQUEST`` gives a request body a component of its own, "PlayerRequest" beside
  "Player"; a serializer only ever read from requests keeps its own name ("HandEntry", and
  "SeatingRequest", not "SeatingRequestRequest", a generated client's ``SeatingRequestRequest``);
- a 409 or 422 answer lists the ``errors[].code`` values of its examples as ``x-error-codes``
  (``tournament.api.refusals`` writes one example per code): the refusals a client branches on, in a
  list a program reads.

It changes only how a schema is written, never what it allows; tests/api/test_generated_clients.py
runs both generators on the result.
"""

from __future__ import annotations

from typing import Any

_NULL = {"type": "null"}


def _from_31_style(schema: dict) -> None:
    types = schema.get("type")
    if isinstance(types, list) and "null" in types:
        rest = [t for t in types if t != "null"]
        schema["nullable"] = True
        if len(rest) == 1:
            schema["type"] = rest[0]
        elif rest:
            schema.pop("type")
            schema["oneOf"] = [{"type": t} for t in rest]
        else:
            schema.pop("type")
    for key in ("oneOf", "anyOf"):
        members = schema.get(key)
        if isinstance(members, list) and _NULL in members:
            schema[key] = [m for m in members if m != _NULL]
            schema["nullable"] = True


def _nullable_enum(schema: dict) -> dict:
    enum = schema.get("enum")
    if not (schema.get("nullable") and isinstance(enum, list)):
        return schema
    values = [v for v in enum if v is not None]
    if not values:
        return schema
    if all(type(v) is str for v in values) or all(type(v) is int for v in values):
        if None not in enum:
            schema["enum"] = [*enum, None]
        return schema
    # An enum of booleans (or of mixed types): the values, one level down, nullable outside.
    inner = {"enum": values}
    if "type" in schema:
        inner["type"] = schema.pop("type")
    schema.pop("enum")
    schema["oneOf"] = [inner]
    return schema


def _walk(node: Any) -> Any:
    if isinstance(node, dict):
        for key, value in list(node.items()):
            if key in ("example", "examples", "default"):
                continue  # values, not schemas
            node[key] = _walk(value)
        # A schema, not a ``properties`` map that has a property called "type" or "enum".
        if any(k in node for k in ("type", "enum", "oneOf", "anyOf")) and not isinstance(
            node.get("type"), dict
        ):
            _from_31_style(node)
            node = _nullable_enum(node)
        return node
    if isinstance(node, list):
        return [_walk(item) for item in node]
    return node


def _rename_refs(node: Any, renames: dict[str, str]) -> None:
    if isinstance(node, dict):
        ref = node.get("$ref")
        if isinstance(ref, str) and ref in renames:
            node["$ref"] = renames[ref]
        for value in node.values():
            _rename_refs(value, renames)
    elif isinstance(node, list):
        for item in node:
            _rename_refs(item, renames)


def _request_named_once(result: dict) -> None:
    schemas = result.get("components", {}).get("schemas", {})
    renames = {}
    for name in list(schemas):
        short = name.removesuffix("Request")
        if name != short and short not in schemas:
            schemas[short] = schemas.pop(name)
            renames[f"#/components/schemas/{name}"] = f"#/components/schemas/{short}"
    if renames:
        result["components"]["schemas"] = dict(sorted(schemas.items()))
        _rename_refs(result, renames)


def generator_friendly(result, generator, request, public):
    """drf-spectacular postprocessing hook (settings' ``SPECTACULAR_SETTINGS``): see the module's text."""
    _request_named_once(result)
    for key in ("paths", "components"):
        if key in result:
            result[key] = _walk(result[key])
    for operations in result.get("paths", {}).values():
        for operation in operations.values():
            if not isinstance(operation, dict):
                continue
            if operation.get("security") == [{}]:
                operation["security"] = []
            for status in ("409", "422"):
                answer = operation.get("responses", {}).get(status)
                if answer is not None:
                    _list_error_codes(answer)
    return result


def _list_error_codes(answer: dict) -> None:
    codes: list[str] = []
    for content in answer.get("content", {}).values():
        for example in content.get("examples", {}).values():
            for error in (example.get("value") or {}).get("errors", []):
                if isinstance(error, dict) and error.get("code") not in codes:
                    codes.append(error["code"])
    if codes:
        answer["x-error-codes"] = codes
