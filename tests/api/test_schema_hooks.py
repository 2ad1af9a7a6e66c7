"""The schema hook that keeps the document in one style generators read (issue 38), on plain schemas:
what another endpoint's hand-written schema may bring, and what comes out."""

from tournament.api.schema_hooks import generator_friendly


def _run(schema: dict, security=None) -> dict:
    operation = {"requestBody": {"content": {"application/json": {"schema": schema}}}, "responses": {}}
    if security is not None:
        operation["security"] = security
    result = generator_friendly({"paths": {"/x/": {"post": operation}}, "components": {}}, None, None, True)
    return result["paths"]["/x/"]["post"]


def _body(schema: dict) -> dict:
    return _run(schema)["requestBody"]["content"]["application/json"]["schema"]


def test_the_31_spellings_of_null_become_nullable():
    assert _body({"type": ["string", "null"]}) == {"type": "string", "nullable": True}
    assert _body({"oneOf": [{"type": "integer"}, {"type": "null"}]}) == {
        "oneOf": [{"type": "integer"}],
        "nullable": True,
    }


def test_a_nullable_enum_lists_null_and_one_of_booleans_moves_a_level_down():
    assert _body({"type": "string", "enum": ["E", "S"], "nullable": True})["enum"] == ["E", "S", None]
    assert _body({"type": "boolean", "enum": [False, None], "nullable": True, "description": "d"}) == {
        "oneOf": [{"enum": [False], "type": "boolean"}],
        "nullable": True,
        "description": "d",
    }


def test_a_property_called_type_is_not_taken_for_a_schema():
    schema = {"type": "object", "properties": {"type": {"type": "string", "enum": ["chow"]}, "enum": {}}}
    assert _body(schema) == schema


def test_an_operation_open_to_anyone_says_so_as_generators_read_it():
    assert _run({"type": "object"}, security=[{}])["security"] == []
    both = [{"tokenAuth": []}, {}]
    assert _run({"type": "object"}, security=both)["security"] == both  # optional credentials: kept


def test_a_409_or_422_lists_the_codes_of_its_examples():
    answer = {"content": {"application/json": {"examples": {
        "a": {"value": {"errors": [{"code": "round_finished", "message": "m"}]}},
        "b": {"value": {"errors": [{"code": "table_ended", "message": "m"}]}},
    }}}}  # fmt: skip
    result = {"paths": {"/x/": {"post": {"responses": {"422": answer}}}}}
    generator_friendly(result, None, None, True)
    assert answer["x-error-codes"] == ["round_finished", "table_ended"]
