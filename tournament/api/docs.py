"""Browsable API docs at ``/api/v1/docs/``: the OpenAPI schema rendered on the server.

drf-spectacular's Swagger UI and Redoc pages load their scripts from a CDN,
and no local copy of them is installed; every asset here must be local. So
this page is plain HTML made from the same schema as ``/api/v1/schema/``:
every path and method with its parameters, request body, answers (errors
included) and the components they refer to. It needs no JavaScript.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

from django.http import HttpResponse
from django.template import engines
from django.views.decorators.http import require_safe
from drf_spectacular.generators import SchemaGenerator

METHODS = ("get", "post", "put", "patch", "delete")
TEMPLATE = Path(__file__).with_name("docs.html")


@cache
def _schema() -> dict:
    return SchemaGenerator().get_schema(request=None, public=True)


def type_of(schema: dict) -> str:
    """A short human name for a JSON schema: ``Club``, ``array of integer``, ``one of win, draw``."""
    if not isinstance(schema, dict):
        return ""
    if "$ref" in schema:
        return schema["$ref"].rsplit("/", 1)[-1]
    for combiner in ("allOf", "oneOf", "anyOf"):
        if combiner in schema:
            return " or ".join(type_of(s) for s in schema[combiner] if s)
    if "enum" in schema:
        return "one of " + ", ".join(str(v) for v in schema["enum"] if v is not None)
    kind = schema.get("type", "any")
    if kind == "array":
        return f"array of {type_of(schema.get('items', {}))}"
    if kind == "object" and isinstance(schema.get("additionalProperties"), dict):
        return f"object of {type_of(schema['additionalProperties'])}"
    return f"{kind} ({schema['format']})" if "format" in schema else str(kind)


def _content_type(content: dict | None) -> str:
    if not content:
        return ""
    media = content.get("application/json") or next(iter(content.values()))
    return type_of(media.get("schema", {}))


def _operations(schema: dict) -> list[dict]:
    out = []
    for path, item in schema.get("paths", {}).items():
        for method in METHODS:
            op = item.get(method)
            if not op:
                continue
            out.append(
                {
                    "anchor": f"{method}-{path}".replace("/", "-").replace("{", "").replace("}", ""),
                    "method": method.upper(),
                    "path": path,
                    "summary": op.get("summary", ""),
                    "description": op.get("description", ""),
                    "tag": (op.get("tags") or ["api"])[0],
                    "parameters": [
                        {
                            "name": p["name"],
                            "in": p["in"],
                            "type": type_of(p.get("schema", {})),
                            "required": p.get("required", False),
                            "description": p.get("description", ""),
                        }
                        for p in op.get("parameters", [])
                    ],
                    "request": _content_type((op.get("requestBody") or {}).get("content")),
                    "responses": [
                        {
                            "code": code,
                            "description": r.get("description", ""),
                            "type": _content_type(r.get("content")),
                        }
                        for code, r in sorted(op.get("responses", {}).items())
                    ],
                }
            )
    return out


def _components(schema: dict) -> list[dict]:
    out = []
    for name, comp in sorted(schema.get("components", {}).get("schemas", {}).items()):
        required = set(comp.get("required", []))
        out.append(
            {
                "name": name,
                "description": comp.get("description", ""),
                "type": "" if comp.get("properties") else type_of(comp),
                "fields": [
                    {
                        "name": field,
                        "type": type_of(spec),
                        "required": field in required,
                        "read_only": spec.get("readOnly", False),
                        "nullable": spec.get("nullable", False),
                        "description": spec.get("description", ""),
                    }
                    for field, spec in comp.get("properties", {}).items()
                ],
            }
        )
    return out


@require_safe
def api_docs(request):
    schema = _schema()
    template = engines["django"].from_string(TEMPLATE.read_text(encoding="utf-8"))
    context = {
        "info": schema.get("info", {}),
        "operations": _operations(schema),
        "components": _components(schema),
    }
    return HttpResponse(template.render(context, request))
