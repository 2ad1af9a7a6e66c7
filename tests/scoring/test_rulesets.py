"""Rule sets as data: the four rule sets, an organiser's options, stored copies."""

import json
import subprocess
import sys
from pathlib import Path

import pytest

from scoring.errors import InvalidInput
from scoring.rulesets import (
    CHOICES,
    DEFAULT_RULESET,
    RULESETS,
    SETTINGS_DOC,
    RuleSet,
    describe_settings,
    get_ruleset,
)

IDS = ("spgg-2023", "sg-tai-card", "sg-classic", "sgmj-2002")


def test_the_four_rule_sets_and_the_default():
    assert set(RULESETS) == set(IDS)
    assert DEFAULT_RULESET == "spgg-2023"
    assert get_ruleset().id == "spgg-2023"
    for rid in IDS:
        rules = get_ruleset(rid)
        assert rules.id == rid and rules.version and rules.title
        assert rules.source.startswith(("000_", "001_", "002_", "004_"))


@pytest.mark.parametrize(
    "rules_id, key, value, source",
    [
        ("spgg-2023", "min_doubles", 1, "001 rule 16: Minimum attainment of one (1) double"),
        ("spgg-2023", "limit_doubles", 10, "001 rule 21: the table stops at TEN"),
        ("sg-tai-card", "min_doubles", 1, "004: Minimum 1 tai required to win"),
        ("sg-tai-card", "limit_doubles", 5, "004: 5 or more tai -> 16"),
        ("sg-classic", "min_doubles", 1, "002: a minimum of either 1 or 2 points"),
        ("sg-classic", "limit_doubles", 5, "002: a typical maximum scoring limit of five"),
        ("sgmj-2002", "min_doubles", 1, "000: The default setting for the game is 1 double"),
        ("sgmj-2002", "limit_doubles", 5, "000: The default setting for the game is 5 doubles"),
        ("spgg-2023", "short_of_chips", "pay_what_they_have", "001 rule 14: 400 chips of capital"),
        ("spgg-2023", "capital", 400, "001 rule 14"),
        ("sg-classic", "shooter_pays_all", False, "002: shooter pays all is an option"),
        ("spgg-2023", "bao_on_other_discard", False, "001 rule 27: No 'Bao' if ... not under"),
        ("spgg-2023", "false_win_doubles", 5, "001 rule 15: minimum 5 doubles"),
    ],
)
def test_settings_read_like_the_documents(rules_id, key, value, source):
    assert get_ruleset(rules_id)[key] == value, source


@pytest.mark.parametrize("rules_id", IDS)
def test_no_seven_pairs_in_any_preset(rules_id):
    # 001 rules 23-24, 000 and 002 list none (002 only as a house rule); 004: "No seven pairs hands"
    assert not get_ruleset(rules_id)["seven_pairs"]


def test_payment_settings_are_the_same_keys_in_every_rule_set():
    spgg = RULESETS["spgg-2023"]
    payment_keys = set(spgg.settings) - spgg.scoring_keys
    for rules in RULESETS.values():
        assert set(rules.settings) - rules.scoring_keys == payment_keys, rules.id
        assert {"min_doubles", "limit_doubles", "seven_pairs"} <= rules.scoring_keys


def test_every_payment_setting_has_a_description_and_spgg_a_citation():
    spgg = RULESETS["spgg-2023"]
    for key in spgg.settings:
        if key in spgg.scoring_keys and key not in ("min_doubles", "limit_doubles", "seven_pairs"):
            continue  # the doubles engineer documents his own keys
        assert SETTINGS_DOC.get(key), key
        if key != "exposed_kong_paid_by" and key not in ("bao_limit_doubles", "bao_min_shown"):
            assert key in spgg.citations or key == "fresh_tile_seen_in", key


def test_describe_settings_lists_every_setting_with_its_section_and_wording():
    rows = {row["key"]: row for row in describe_settings(get_ruleset("spgg-2023"))}
    assert set(rows) == set(RULESETS["spgg-2023"].settings)
    assert rows["min_doubles"]["section"] == "scoring"
    assert rows["price_table"]["section"] == "payments"
    assert rows["false_win_doubles"]["source"] == "001 rule 15"
    assert "Za Hu" in rows["false_win_doubles"]["wording"]
    assert rows["price_table"]["value"][10] == [82, 66]
    json.dumps(rows)  # plain data for a page


@pytest.mark.parametrize("rules_id", ["SPGG-2023", "sg-tai-card", "sgmj-2002"])
def test_ids_are_case_insensitive(rules_id):
    assert get_ruleset(rules_id).id == rules_id.lower()


@pytest.mark.parametrize("bad", ["spgg", "", 7, ["spgg-2023"]])
def test_unknown_rule_set_is_invalid_input_on_field_rules(bad):
    with pytest.raises(InvalidInput) as exc:
        get_ruleset(bad)
    assert exc.value.errors[0].field == "rules"
    assert exc.value.errors[0].code == "unknown_rules"


def test_options_override_settings_and_leave_the_preset_alone():
    custom = get_ruleset("spgg-2023", {"min_doubles": 2, "short_of_chips": "allow_negative"})
    assert custom["min_doubles"] == 2
    assert custom["short_of_chips"] == "allow_negative"
    assert get_ruleset("spgg-2023")["min_doubles"] == 1
    assert custom != get_ruleset("spgg-2023")
    assert get_ruleset("spgg-2023", {}) == get_ruleset("spgg-2023")


def test_nested_and_table_options():
    custom = get_ruleset(
        "sg-classic",
        {
            "instant": {"kong": {"exposed": 2}},
            "price_table": [[2, 1], [4, 2]],
            "limit_price": [8, 4],
            "limit_doubles": 1,  # a table needs a row for every double up to the limit
        },
    )
    assert custom["instant"]["kong"]["exposed"] == 2
    assert custom["instant"]["kong"]["concealed"] == 6  # a partial mapping replaces only what it names
    assert custom["price_table"] == ((2, 1), (4, 2))
    assert get_ruleset("sg-tai-card", {"ping_hu_price": [20, 10]})["ping_hu_price"] == (20, 10)


@pytest.mark.parametrize(
    "options, field, code",
    [
        ({"min_double": 2}, "options.min_double", "unknown_option"),
        ({"min_doubles": "2"}, "options.min_doubles", "invalid_option"),
        ({"min_doubles": True}, "options.min_doubles", "invalid_option"),
        ({"min_doubles": -1}, "options.min_doubles", "invalid_option"),
        ({"min_doubles": 1.5}, "options.min_doubles", "invalid_option"),
        ({"seven_pairs": "yes"}, "options.seven_pairs", "invalid_option"),
        ({"short_of_chips": "borrow"}, "options.short_of_chips", "invalid_option"),
        ({"false_win_payment": None}, "options.false_win_payment", "invalid_option"),
        ({"price_table": [[2, 1, 0]]}, "options.price_table", "invalid_option"),
        ({"price_table": []}, "options.price_table", "invalid_option"),
        ({"price_table": "2/1"}, "options.price_table", "invalid_option"),
        ({"limit_price": [405]}, "options.limit_price", "invalid_option"),
        ({"instant": {"kong": {"robbed": 1}}}, "options.instant", "invalid_option"),
        ({"instant": {"kong": {"exposed": "1"}}}, "options.instant", "invalid_option"),
        ({"instant": []}, "options.instant", "invalid_option"),
        ({"bao_scenarios": ["same_suit", "lucky_guess"]}, "options.bao_scenarios", "invalid_option"),
    ],
)
def test_bad_options_are_invalid_input_naming_the_option(options, field, code):
    with pytest.raises(InvalidInput) as exc:
        get_ruleset("spgg-2023", options)
    assert [(e.field, e.code) for e in exc.value.errors] == [(field, code)]
    assert exc.value.errors[0].message


def test_options_must_be_a_mapping():
    with pytest.raises(InvalidInput) as exc:
        get_ruleset("spgg-2023", ["min_doubles", 2])
    assert exc.value.errors[0].field == "options"


def test_several_bad_options_are_all_reported():
    with pytest.raises(InvalidInput) as exc:
        get_ruleset("spgg-2023", {"a": 1, "b": 2})
    assert {e.field for e in exc.value.errors} == {"options.a", "options.b"}


def test_settings_are_read_only_all_the_way_down():
    rules = get_ruleset("spgg-2023")
    with pytest.raises(TypeError):
        rules.settings["min_doubles"] = 0
    with pytest.raises(TypeError):
        rules["instant"]["kong"]["exposed"] = 9
    with pytest.raises(AttributeError):
        rules.id = "x"
    assert isinstance(rules["price_table"], tuple)


@pytest.mark.parametrize("rules_id", IDS)
def test_as_dict_from_dict_round_trip_through_json(rules_id):
    rules = get_ruleset(rules_id, {"min_doubles": 2})
    stored = json.loads(json.dumps(rules.as_dict()))
    again = RuleSet.from_dict(stored)
    assert again == rules
    assert again.as_dict() == stored
    assert hash(again) == hash(rules)


def test_from_dict_keeps_the_stored_settings_and_version():
    stored = get_ruleset("spgg-2023").as_dict()
    stored["version"] = "2023-06.0"
    stored["settings"]["price_table"][3] = [9, 5]  # a value that was in force then
    del stored["settings"]["capital"]  # a setting added since
    again = RuleSet.from_dict(stored)
    assert again.version == "2023-06.0"
    assert again["price_table"][3] == (9, 5)
    assert again["capital"] == 400


@pytest.mark.parametrize(
    "stored", [None, [], {"id": "spgg-2023"}, {"settings": {}}, {"id": "x", "settings": 3}]
)
def test_from_dict_rejects_what_is_not_a_stored_rule_set(stored):
    with pytest.raises(InvalidInput):
        RuleSet.from_dict(stored)


def test_choices_cover_the_defaults():
    for rules in RULESETS.values():
        for key, allowed in CHOICES.items():
            value = rules[key]
            values = value if isinstance(value, tuple) else (value,)
            assert set(values) <= set(allowed), (rules.id, key)


def _core_modules() -> list[str]:
    """Every module of the rules core: each file under scoring/ but the Django adapter, scoring/adapter/."""
    import scoring as package

    root = Path(package.__file__).parent
    modules = []
    for path in sorted(root.rglob("*.py")):
        parts = path.relative_to(root.parent).with_suffix("").parts
        if parts[1:2] == ("adapter",):
            continue
        modules.append(".".join(parts[:-1] if parts[-1] == "__init__" else parts))
    return modules


def test_the_rules_core_imports_no_django():
    core = _core_modules()
    assert {"scoring", "scoring.jsontext", "scoring.settle", "scoring.answers", "scoring.words"} <= set(core)
    assert not [m for m in core if m.startswith("scoring.adapter")]
    code = (
        f"import sys, importlib; [importlib.import_module(m) for m in {core!r}]; "
        "assert not [m for m in sys.modules if m.split('.')[0] in ('django', 'rest_framework', "
        "'drf_spectacular')], 'django imported'"
    )
    subprocess.run([sys.executable, "-c", code], check=True)


@pytest.mark.parametrize("rules_id", IDS)
def test_a_stored_rule_set_is_handed_on_as_options(rules_id):
    stored = RuleSet.from_dict(get_ruleset(rules_id, {"min_doubles": 3}).as_dict())
    again = get_ruleset(stored.id, stored.as_options())
    assert again == stored
    assert again["min_doubles"] == 3


# ../shared/spec/rulesets.md, its table row by row: what each shipped preset resolves to (base + that
# document's differences).
SPEC_TABLE = {
    "spgg-2023": {
        "source": "001_e8fdc45b8fa360f3.txt",
        # "1→2/1, 2→4/2, 3→8/4, 4→16/8, 5→32/16, 6→42/26, 7→52/36, 8→62/46, 9→72/56, 10→82/66"
        "rows": {1: [2, 1], 2: [4, 2], 3: [8, 4], 4: [16, 8], 5: [32, 16], 6: [42, 26], 7: [52, 36],
                 8: [62, 46], 9: [72, 56], 10: [82, 66]},
        "ping_hu_price": [20, 10],  # "Ping Hu (4) → 20/10"
        "limit_doubles": 10,
        "limit_full": 405,  # "special hands of rule 24: printed value 405"
        "limit_all_pay_full": False,
        "all_pay_full_hands": ["thirteen_wonders"],  # "13 Wonders: all three full either way"
        # "kong 2 concealed / 1 exposed; own flower+season, cat+mouse, rooster+centipede 2 at the opening
        # deal / 1 later; a whole set of flowers or animals 4 / 2"
        "instant": {"kong": {"concealed": 2, "exposed": 1}, "flower_pair": {"initial": 2, "later": 1},
                    "animal_pair": {"initial": 2, "later": 1}, "bonus_set": {"initial": 4, "later": 2}},
    },
    "sg-tai-card": {
        "source": "004_fc2aff3e4f98b910.txt",
        # "score = 1, 2, 4, 8, 16 for 1, 2, 3, 4, 5+ tai"; "discarder 2×, others 1×"
        "rows": {1: [2, 1], 2: [4, 2], 3: [8, 4], 4: [16, 8], 5: [32, 16]},
        "ping_hu_price": None,
        "limit_doubles": 5,  # "5 tai"
        "limit_full": 32,
        "limit_all_pay_full": False,
    },
    "sg-classic": {
        "source": "002_cbbfbbe8c340939f.txt",
        # "1 unit for 1 point, doubling per point"; "guilty discarder 2×, others 1×"
        "rows": {1: [2, 1], 2: [4, 2], 3: [8, 4], 4: [16, 8], 5: [32, 16]},
        "ping_hu_price": None,
        "limit_doubles": 5,  # "5 points (option 6)"
        "limit_full": 32,
        # "special hands: all pay 2× the limit": the hands 002 calls special without a qualifier, All
        # Honours (002 line 433) and 13 Wonders (line 594); every limit hand only "in some playing
        # circles" (line 193), so not by default (issue 37)
        "limit_all_pay_full": False,
        "all_pay_full_hands": ["thirteen_wonders", "all_honours"],
    },
    "sgmj-2002": {
        "source": "000_d9177c78063555ad.txt",
        # "2^doubles points (1 for none)"; "discarder 2×, others 1×"
        "rows": {0: [2, 1], 1: [4, 2], 2: [8, 4], 3: [16, 8], 4: [32, 16], 5: [64, 32]},
        "ping_hu_price": None,
        "limit_doubles": 5,  # "5 doubles"
        "limit_full": 64,
        "limit_all_pay_full": False,
        "all_pay_full_hands": ["thirteen_wonders"],  # "13 Wonders as self-drawn"
        # "exposed kong 2; animal set 4; flower set 4; cat+mouse, rooster+centipede, own flowers 2 (4 at
        # the deal)"
        "instant": {"kong": {"concealed": 2, "exposed": 2}, "flower_pair": {"initial": 4, "later": 2},
                    "animal_pair": {"initial": 4, "later": 2}, "bonus_set": {"initial": 4, "later": 4}},
    },
}  # fmt: skip


@pytest.mark.parametrize("rules_id", IDS)
def test_each_preset_resolves_to_what_rulesets_md_documents(rules_id):
    spec = SPEC_TABLE[rules_id]
    settings = get_ruleset(rules_id).as_dict()["settings"]
    assert get_ruleset(rules_id).source == spec["source"]
    for doubles, row in spec["rows"].items():
        assert settings["price_table"][doubles] == row, (rules_id, doubles)
    assert settings["ping_hu_price"] == spec["ping_hu_price"]
    assert settings["limit_doubles"] == spec["limit_doubles"]
    assert settings["limit_price"][0] == spec["limit_full"]
    assert settings["limit_all_pay_full"] is spec["limit_all_pay_full"]
    assert (
        settings["shooter_pays_all"] is False
    )  # "discarder full, the other two half" (sg-classic: an option)
    for key in ("all_pay_full_hands", "instant"):
        if key in spec:
            assert settings[key] == spec[key], (rules_id, key)


def test_every_shipped_setting_is_the_base_or_a_documents_rule():
    from scoring.rulesets.presets import PRESETS
    from scoring.rulesets.presets.base import AS_BASE, BASE
    from scoring.rulesets.presets.sg_classic import SG_CLASSIC
    from scoring.rulesets.presets.sg_tai_card import SG_TAI_CARD
    from scoring.rulesets.presets.sgmj_2002 import SGMJ_2002
    from scoring.rulesets.presets.spgg_2023 import SPGG_2023

    written = {p.id: p for p in (SPGG_2023, SG_TAI_CARD, SG_CLASSIC, SGMJ_2002)}
    assert list(PRESETS) == list(IDS) and list(SETTINGS_DOC) == list(RULESETS["spgg-2023"].settings)
    for rules_id, preset in written.items():
        for key in SETTINGS_DOC:
            rule = preset.rules.get(key)
            given = rule is not None and rule.value is not AS_BASE
            assert given or key in BASE, (rules_id, key)
            assert RULESETS[rules_id].as_dict()["settings"][key] == (rule.value if given else BASE[key])
            # a value the base holds is not written again: only its citation is
            assert not (given and key in BASE and rule.value == BASE[key]), (
                rules_id,
                key,
                "restates the base",
            )
    for key in BASE:  # the base holds only what all four documents agree on
        assert not any(key in p.rules and p.rules[key].value is not AS_BASE for p in written.values()), key
        assert all(RULESETS[rid][key] == RULESETS["spgg-2023"][key] for rid in IDS), key


def test_django_is_imported_only_by_the_adapters_django_parts():
    """The adapter is thin: its Django is in the views, URLs, app config, template tags and commands;
    words and data live in the core (``scoring.words``), where ``makemessages`` finds them marked."""
    import ast

    adapter = Path(__file__).resolve().parents[2] / "scoring" / "adapter"
    django_parts = {"api.py", "apps.py", "openapi.py", "views.py", "urls", "templatetags", "management"}
    importers = set()
    for path in adapter.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            names = [a.name for a in node.names] if isinstance(node, ast.Import) else []
            names += [node.module or ""] if isinstance(node, ast.ImportFrom) else []
            if any(n.split(".")[0] in ("django", "rest_framework", "drf_spectacular") for n in names):
                importers.add(path.relative_to(adapter).parts[0])
    assert importers and importers <= django_parts, importers - django_parts
