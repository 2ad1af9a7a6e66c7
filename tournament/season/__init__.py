"""A league season (issue 33): nights on a calendar, who comes decides who sits, no-shows.

Vocabulary:

- **night**: one round of a league competition, played on one evening at a venue.
- **reply**: a player's answer before a night: ``yes``, ``no`` or ``maybe`` (none: not answered).
- **check-in**: the organiser or a scorekeeper marks a player present at the venue; it wins over the reply.
- **candidates**: who a night is seated from: the checked-in when anyone is, else the ``yes`` replies,
  else every active entry (``selectors.seating_field``).
- **bye**: a candidate who sits out because the candidates are not a multiple of four; byes go to those
  who sat out least (``choose.choose_seated``).
- **reserve**: an active entry the organiser seats to fill a table instead of giving byes.
- **no-show**: a player who replied ``yes`` and was not checked in on a night seated from check-ins.

Who sits out a published night (told "you sit out") and who is out of a stage: ``sitting_out``.

Doors: ``schedule.season_schedule``, ``attendance.attendance_reply``, ``attendance.attendance_check_in``,
``late.night_seat_late``. Reads: ``selectors``. The calendar feeds: ``calendar``. Private links: ``links``.
What this package does not do: draw tables (``tournament.rounds.seating`` asks ``seating_field`` whom
to seat) or rank standings (``tournament.standings.fair``).
"""
