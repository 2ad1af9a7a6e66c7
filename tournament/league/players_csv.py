"""A CSV file of players read and judged row by row, before anything is written (pure: no database)."""

from __future__ import annotations

import codecs
import csv
import io
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass

from django.utils.translation import gettext as _

NAME_MAX = 120  # Player.name, Club.name


REGISTRATION_MAX = 30  # Player.registration_no


MAX_ROWS = 5000


# What a header cell may say, normalised (lower case, no punctuation), and the column it names.
HEADER_NAMES = {
    "name": "name",
    "player": "name",
    "player name": "name",
    "full name": "name",
    "club": "club",
    "club name": "club",
    "registration number": "registration_no",
    "registration no": "registration_no",
    "registration": "registration_no",
    "reg no": "registration_no",
    "reg number": "registration_no",
    "number": "registration_no",
    "no": "registration_no",
}


POSITIONAL = ("name", "club", "registration_no")


@dataclass(frozen=True)
class RawRow:
    """One non-empty row of the file as read: its line number and its cells by column."""

    line: int
    name: str
    club: str
    registration_no: str
    extra_cells: int = 0  # non-empty cells beyond the known columns


@dataclass(frozen=True)
class ImportRow:
    """One row judged: ``action`` is "new", "existing" or "" (when it has problems)."""

    line: int
    name: str
    club: str
    registration_no: str
    problems: tuple[str, ...] = ()
    action: str = ""
    new_club: bool = False
    # Issue 32: players registered under other numbers with the same name (registration no, name, club),
    # and the organiser's choice: "new", or the registration number of the one this row is.
    namesakes: tuple[tuple[str, str, str], ...] = ()
    choice: str = ""
    use_registration_no: str = ""  # the registered player entered instead of a new one

    @property
    def needs_choice(self) -> bool:
        return bool(self.namesakes) and not self.choice

    @property
    def ok(self) -> bool:
        return not self.problems and not self.needs_choice


@dataclass(frozen=True)
class ImportPreview:
    rows: tuple[ImportRow, ...]
    file_problems: tuple[str, ...] = ()
    clubs_to_create: tuple[str, ...] = ()
    unknown_clubs: tuple[str, ...] = ()

    @property
    def ok(self) -> bool:
        """True when every row (and the file) is good and there is at least one row."""
        return not self.file_problems and bool(self.rows) and all(r.ok for r in self.rows)

    @property
    def problem_rows(self) -> int:
        return sum(1 for r in self.rows if r.problems)

    @property
    def choices_needed(self) -> int:
        return sum(1 for r in self.rows if r.needs_choice and not r.problems)

    @property
    def importable_once_chosen(self) -> bool:
        """Only the organiser's choices about likely duplicates are missing."""
        return not self.file_problems and bool(self.rows) and not self.problem_rows

    @property
    def new_players(self) -> int:
        return sum(1 for r in self.rows if r.action == "new")

    @property
    def existing_players(self) -> int:
        return sum(1 for r in self.rows if r.action == "existing")


def normal_key(text: str) -> str:
    """Names compared without regard to case or spacing."""
    return " ".join(text.split()).casefold()


def _header_key(cell: str) -> str:
    cleaned = "".join(ch if ch.isalnum() else " " for ch in cell.lower())
    return " ".join(cleaned.split())


def decode(data: bytes) -> tuple[str | None, str | None]:
    """(text, None), or (None, the problem) when the bytes are not UTF-8 (or UTF-16 with a BOM)."""
    if data.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)):
        try:
            return data.decode("utf-16"), None
        except UnicodeDecodeError:
            return (
                None,
                _("The file starts like UTF-16 text but is not: save it as “CSV UTF-8” and upload it again."),
            )
    try:
        return data.decode("utf-8-sig"), None
    except UnicodeDecodeError as exc:
        line = data[: exc.start].count(b"\n") + 1
        byte = data[exc.start]
        return None, _(
            "Line %(line)s is not UTF-8 text (byte 0x%(byte)s); the file may have been saved as "
            "“CSV” in a local encoding. Save it as “CSV UTF-8” and upload it again."
        ) % {"line": line, "byte": f"{byte:02X}"}


def read_csv(data: bytes) -> tuple[list[RawRow], list[str]]:
    """The file's rows (blank rows skipped) and the problems of the file as a whole."""
    text, problem = decode(data)
    if problem:
        return [], [problem]
    assert text is not None
    if "\x00" in text:
        return [], [_("The file contains NUL characters: it is not a CSV text file.")]
    first_line = next((line for line in text.splitlines() if line.strip()), "")
    if not first_line:
        return [], [_("The file is empty.")]
    delimiter = max(",;\t", key=first_line.count) if any(d in first_line for d in ",;\t") else ","
    reader = csv.reader(io.StringIO(text, newline=""), delimiter=delimiter)
    columns: tuple[str, ...] | None = None
    rows: list[RawRow] = []
    problems: list[str] = []
    try:
        for cells in reader:
            line = reader.line_num
            cells = [c.strip() for c in cells]
            if not any(cells):
                continue
            if columns is None:
                keys = [_header_key(c) for c in cells]
                if any(k in HEADER_NAMES for k in keys if k):
                    unknown = [c for c, k in zip(cells, keys, strict=True) if k and k not in HEADER_NAMES]
                    named = [HEADER_NAMES.get(k, "") for k in keys]
                    if unknown:
                        problems.append(
                            _(
                                "Unknown column(s) in the header: %(columns)s. "
                                "The columns are name, club, registration number."
                            )
                            % {"columns": ", ".join(f"“{c}”" for c in unknown)}
                        )
                    if "name" not in named:
                        problems.append(_("The header has no “name” column."))
                    if "registration_no" not in named:
                        problems.append(_("The header has no “registration number” column."))
                    if len(set(filter(None, named))) != len(list(filter(None, named))):
                        problems.append(_("The header names a column twice."))
                    columns = tuple(named)
                    continue
                columns = POSITIONAL
            if len(rows) >= MAX_ROWS:
                problems.append(
                    _("The file has more than %(max)s players: split it into several files.")
                    % {"max": MAX_ROWS}
                )
                break
            values = {col: "" for col in POSITIONAL}
            extra = 0
            for i, cell in enumerate(cells):
                col = columns[i] if i < len(columns) else ""
                if col:
                    values[col] = cell
                elif cell:
                    extra += 1
            rows.append(RawRow(line, values["name"], values["club"], values["registration_no"], extra))
    except csv.Error as exc:
        problems.append(
            _("Line %(line)s cannot be read as CSV: %(error)s.") % {"line": reader.line_num, "error": exc}
        )
    if not rows and not problems:
        problems.append(_("The file has no players in it, only a header."))
    return rows, problems


def check_rows(
    raw: list[RawRow],
    *,
    registered: Mapping[str, str],
    clubs: Mapping[str, str],
    create_clubs: bool = False,
    file_problems: list[str] | tuple[str, ...] = (),
    namesakes: Mapping[str, list[tuple[str, str, str]]] | None = None,
    choices: Mapping[int, str] | None = None,
) -> ImportPreview:
    """Judge every row against the file itself and what is registered.

    ``registered``: registration number (upper case) → the registered player's
    name. ``clubs``: a club's name or short name, normalised (``normal_key``) →
    the club's name. ``namesakes``: a name, normalised → the players registered
    under it (registration number, name, club): a new row with such a name is
    likely one of them under another number (issue 32) and waits for the
    organiser's choice in ``choices`` (line → "new" or one of their numbers).
    """
    namesakes = namesakes or {}
    choices = choices or {}
    counts = Counter(r.registration_no.upper() for r in raw if r.registration_no)
    lines_of: dict[str, list[int]] = {}
    for r in raw:
        if r.registration_no:
            lines_of.setdefault(r.registration_no.upper(), []).append(r.line)
    rows: list[ImportRow] = []
    to_create: dict[str, str] = {}
    unknown: dict[str, str] = {}
    for r in raw:
        problems: list[str] = []
        if not r.name:
            problems.append(_("missing name"))
        elif len(r.name) > NAME_MAX:
            problems.append(_("name longer than %(max)s characters") % {"max": NAME_MAX})
        reg = r.registration_no
        key = reg.upper()
        action = ""
        if not reg:
            problems.append(_("missing registration number"))
        elif len(reg) > REGISTRATION_MAX:
            problems.append(
                _("registration number longer than %(max)s characters") % {"max": REGISTRATION_MAX}
            )
        elif counts[key] > 1:
            others = [str(n) for n in lines_of[key] if n != r.line]
            problems.append(
                _("registration number %(number)s is also on line %(lines)s")
                % {"number": reg, "lines": ", ".join(others)}
            )
        elif key in registered:
            if normal_key(registered[key]) != normal_key(r.name):
                problems.append(
                    _("registration number %(number)s is already registered to %(name)s")
                    % {"number": reg, "name": registered[key]}
                )
            else:
                action = "existing"
        else:
            action = "new"
        if r.extra_cells:
            problems.append(_("%(n)s cell(s) beyond name, club, registration number") % {"n": r.extra_cells})
        new_club = False
        if r.club and action != "existing":
            if len(r.club) > NAME_MAX:
                problems.append(_("club name longer than %(max)s characters") % {"max": NAME_MAX})
            elif normal_key(r.club) not in clubs:
                if create_clubs:
                    new_club = True
                    to_create.setdefault(normal_key(r.club), r.club)
                else:
                    unknown.setdefault(normal_key(r.club), r.club)
                    # what to do about it is said once for the file (``unknown_clubs``), not on every row
                    problems.append(_("unknown club “%(club)s”") % {"club": r.club})
        same = tuple(n for n in namesakes.get(normal_key(r.name), ()) if n[0].upper() != key)
        choice = choices.get(r.line, "") if action == "new" and same else ""
        if choice and choice != "new" and choice.upper() not in {n[0].upper() for n in same}:
            choice = ""  # a number that is not one of the namesakes: ask again
        use = choice if choice and choice != "new" else ""
        rows.append(
            ImportRow(
                line=r.line,
                name=r.name,
                club=r.club,
                registration_no=reg,
                problems=tuple(problems),
                action="" if problems else ("existing" if use else action),
                new_club=new_club and not use,
                namesakes=same if action == "new" else (),
                choice=choice,
                use_registration_no=use,
            )
        )
    return ImportPreview(
        rows=tuple(rows),
        file_problems=tuple(file_problems),
        clubs_to_create=tuple(sorted(to_create.values(), key=str.casefold)),
        unknown_clubs=tuple(sorted(unknown.values(), key=str.casefold)),
    )
