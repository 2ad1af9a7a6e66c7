"""The CSV import's checks as pure functions (no database).

Every row's problem, worded as the organiser reads it in the preview.
"""

import pytest

from tournament.league.players_csv import RawRow, check_rows, read_csv

CLUBS = {
    "tampines mahjong club": "Tampines Mahjong Club",
    "tmc": "Tampines Mahjong Club",
    "nus": "NUS Mahjong",
}


def rows(text: str, *, encoding="utf-8"):
    return read_csv(text.encode(encoding))


def judge(text: str, *, registered=None, create_clubs=False):
    raw, problems = read_csv(text.encode())
    return check_rows(
        raw, registered=registered or {}, clubs=CLUBS, create_clubs=create_clubs, file_problems=problems
    )


def test_a_file_with_a_header_in_any_order():
    raw, problems = rows("Registration Number,Name,Club\nR1,Alice Tan,NUS\n")
    assert problems == []
    assert raw == [RawRow(2, "Alice Tan", "NUS", "R1")]


def test_a_file_without_a_header_reads_name_club_registration_number():
    raw, problems = rows("Alice Tan,NUS,R1\n\nBob Lim,,R2\n")
    assert problems == []
    assert [(r.line, r.name, r.club, r.registration_no) for r in raw] == [
        (1, "Alice Tan", "NUS", "R1"),
        (3, "Bob Lim", "", "R2"),
    ]


@pytest.mark.parametrize("delimiter", [",", ";", "\t"])
def test_excel_separators(delimiter):
    raw, problems = rows(
        f"name{delimiter}club{delimiter}registration number\nAlice{delimiter}NUS{delimiter}R1\n"
    )
    assert problems == []
    assert raw[0].name == "Alice" and raw[0].registration_no == "R1"


def test_utf8_with_bom_and_utf16_are_read():
    text = "name,club,registration number\nTan Ah Kow 陈,NUS,R1\n"
    assert rows("\ufeff" + text)[0][0].name == "Tan Ah Kow 陈"
    assert read_csv(text.encode("utf-16"))[0][0].name == "Tan Ah Kow 陈"


def test_bad_encoding_names_the_line_and_reads_nothing():
    data = "name,club,registration number\nAlice,NUS,R1\nJosé,NUS,R2\n".encode("latin-1")
    raw, problems = read_csv(data)
    assert raw == []
    assert len(problems) == 1 and "Line 3 is not UTF-8" in problems[0] and "0xE9" in problems[0]


@pytest.mark.parametrize(
    "text, problem",
    [
        ("", "The file is empty."),
        ("name,club,registration number\n", "The file has no players in it, only a header."),
        ("name,club\nAlice,NUS\n", "The header has no “registration number” column."),
        (
            "name,club,registration number,shoe size\nA,NUS,R1,42\n",
            "Unknown column(s) in the header: “shoe size”",
        ),
    ],
)
def test_problems_of_the_whole_file(text, problem):
    _, problems = rows(text)
    assert any(problem in p for p in problems), problems


# (what the row says, what is registered, the problem the organiser reads)
ROW_PROBLEMS = [
    ("missing name", ",NUS,R1", {}, "missing name"),
    ("missing registration number", "Alice,NUS,", {}, "missing registration number"),
    ("registration number too long", "Alice,NUS," + "9" * 31, {}, "registration number longer than 30"),
    ("name too long", "A" * 121 + ",NUS,R1", {}, "name longer than 120"),
    ("number registered to someone else", "Alice,NUS,R1", {"R1": "Bob Lim"}, "already registered to Bob Lim"),
    ("number registered, case differs", "Alice,NUS,r1", {"R1": "Bob Lim"}, "already registered to Bob Lim"),
    ("unknown club", "Alice,Bishan Club,R1", {}, "unknown club “Bishan Club”"),
    ("a cell too many", "Alice,NUS,R1,extra", {}, "1 cell(s) beyond"),
]


@pytest.mark.parametrize("case, line, registered, problem", ROW_PROBLEMS, ids=[c[0] for c in ROW_PROBLEMS])
def test_every_row_problem(case, line, registered, problem):
    preview = judge("name,club,registration number\n" + line + "\n", registered=registered)
    [row] = preview.rows
    assert any(problem in p for p in row.problems), row.problems
    assert row.action == ""
    assert not preview.ok


def test_a_duplicate_number_in_the_file_marks_every_line_with_it():
    preview = judge("Alice,NUS,R1\nBob,NUS,R2\nCarol,NUS,r1\n")
    assert [r.problems for r in preview.rows] == [
        ("registration number R1 is also on line 3",),
        (),
        ("registration number r1 is also on line 1",),
    ]
    assert preview.problem_rows == 2 and not preview.ok


def test_every_row_is_judged_not_only_the_first_bad_one():
    preview = judge(",NUS,R1\nBob,Nowhere,R2\nCarol,NUS,\nDan,TMC,R4\n")
    assert [bool(r.problems) for r in preview.rows] == [True, True, True, False]


def test_the_same_person_already_registered_is_existing_not_a_problem():
    preview = judge("alice  TAN,NUS,R1\n", registered={"R1": "Alice Tan"})
    [row] = preview.rows
    assert row.ok and row.action == "existing"
    assert preview.ok and preview.existing_players == 1 and preview.new_players == 0


def test_clubs_match_by_name_or_short_name_regardless_of_case():
    preview = judge("A,tampines MAHJONG club,R1\nB,tmc,R2\nC,,R3\n")
    assert preview.ok and preview.new_players == 3 and preview.clubs_to_create == ()


def test_unknown_clubs_are_offered_for_creation():
    refused = judge("A,Bishan Club,R1\nB,bishan club,R2\n")
    assert refused.unknown_clubs == ("Bishan Club",) and not refused.ok
    accepted = judge("A,Bishan Club,R1\nB,bishan club,R2\n", create_clubs=True)
    assert accepted.ok
    assert accepted.clubs_to_create == ("Bishan Club",)
    assert all(r.new_club for r in accepted.rows)
