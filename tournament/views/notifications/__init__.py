"""A person's messages and choices (issue 34): the inbox, the preferences, the stop link, web push.

Thin: the choices are saved by ``tournament.notifications.preferences``; the person is the one logged in
(``people.person_key``) or the one the signed link names (``links.person_read``), never another.
"""
