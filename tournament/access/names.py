"""What a person is called on a page (issue 54): their player's name, else the account's full name, else
the username. A username is a login, not a name; it is shown only where nothing better is known."""

from __future__ import annotations


def person_name(user) -> str:
    if user is None:
        return ""
    try:
        player = user.player
    except AttributeError:  # no player: the reverse one-to-one raises an AttributeError subclass
        player = None
    return (player.name if player is not None else "") or user.get_full_name() or user.get_username()


def person_label(user) -> str:
    """A name for a list to pick from: the name, with the username after it when it is another word."""
    name = person_name(user)
    return name if name == user.get_username() else f"{name} ({user.get_username()})"
