"""Players confirm hands (issue 19): their answers, the organiser's rulings, the time limit, seats' private
links.

- ``services``: the one door for answers, rulings and hands counting when their time is up;
- ``checks``: a hand's check, opened when it is recorded, its state from the answers;
- ``seat_links``: a seat's private link;
- ``tasks``: the periodic task that counts unchallenged hands; ``models``: rules, checks, answers.
"""
