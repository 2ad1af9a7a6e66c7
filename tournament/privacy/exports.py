"""A person's data as downloads (issue 51): JSON (the whole, as ``selectors.person_data`` holds it) and CSV
(one row per value: section, item number, field, value), safe to open in a spreadsheet: the writer is
defusedcsv's (a cell starting with ``=``, ``+``, ``-``, ``@``, ``|`` or ``%`` is written as text), with a
byte-order mark so that Excel reads Chinese as UTF-8 (as the standings' exports, issue 13 and 22)."""

from __future__ import annotations

import io
import json

from defusedcsv import csv
from django.core.serializers.json import DjangoJSONEncoder

BOM = "\ufeff"


def data_json(data: dict) -> str:
    return json.dumps(data, cls=DjangoJSONEncoder, ensure_ascii=False, indent=2)


def _text(value) -> str:
    if value is None:
        return ""
    if isinstance(value, (dict, list)):
        return json.dumps(value, cls=DjangoJSONEncoder, ensure_ascii=False)
    if hasattr(value, "isoformat"):
        return value.isoformat()
    return str(value)


def data_rows(data: dict):
    """(section, item, field, value) for every value held."""
    for section, value in data.items():
        if isinstance(value, dict):
            for name, inner in value.items():
                if isinstance(inner, dict):
                    for sub, v in inner.items():
                        yield section, "", f"{name}.{sub}", _text(v)
                else:
                    yield section, "", name, _text(inner)
        elif isinstance(value, list):
            for n, item in enumerate(value, 1):
                for name, v in item.items() if isinstance(item, dict) else [("value", item)]:
                    yield section, str(n), name, _text(v)
        else:
            yield section, "", "", _text(value)


def data_csv(data: dict) -> str:
    out = io.StringIO()
    out.write(BOM)
    writer = csv.writer(out)
    writer.writerow(["section", "item", "field", "value"])
    writer.writerows(data_rows(data))
    return out.getvalue()
