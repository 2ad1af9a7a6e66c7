from tournament.roles import user_roles


def roles(request) -> dict:
    """The signed-in user's roles, for the navigation."""
    found = user_roles(request.user)
    return {"roles": found, "is_organiser": "organiser" in found, "is_scorekeeper": "scorekeeper" in found}
