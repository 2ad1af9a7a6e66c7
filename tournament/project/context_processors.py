from django.utils.functional import SimpleLazyObject

from tournament.access.roles import user_roles


def roles(request) -> dict:
    """The signed-in user's roles, for the navigation: a league-wide group, or a place on a competition's
    staff (issue 48: a staff place gives no group, yet its pages are the person's to open)."""
    user = request.user
    found = user_roles(user)
    return {
        "roles": found,
        "is_organiser": "organiser" in found
        or SimpleLazyObject(lambda: user.is_authenticated and user.organised.exists()),
        "is_scorekeeper": "scorekeeper" in found
        or SimpleLazyObject(lambda: user.is_authenticated and user.scorekept.exists()),
    }
