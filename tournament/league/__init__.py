"""The league itself: clubs and players, competitions and their entries, staff and rule-set settings.

- ``competitions``: a competition's set-up, one door per change (details, rule-set settings, staff);
- ``entries``: players entered, added, withdrawn and substituted; ``players_import``: a CSV of players;
- ``rulecard``: every rule-set setting in words, as an organiser reads them; ``demo``: the demo league;
- ``models``: clubs, players, competitions, entries.
"""
