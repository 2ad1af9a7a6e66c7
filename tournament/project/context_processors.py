from django.utils.functional import SimpleLazyObject

from tournament.access.roles import user_roles


def roles(request) -> dict:
    """The signed-in user's roles, for the navigation: a league-wide group, or a place on a competition's
    staff (issue 48: a staff place gives no group, yet its pages are the person's to open). Asked for only
    by a template that reads them: a poll's partial (issue 50) shows no navigation and asks nothing."""
    user = request.user
    found = SimpleLazyObject(lambda: user_roles(user))
    return {
        "roles": found,
        "is_organiser": SimpleLazyObject(
            lambda: "organiser" in found or (user.is_authenticated and user.organised.exists())
        ),
        "is_scorekeeper": SimpleLazyObject(
            lambda: "scorekeeper" in found or (user.is_authenticated and user.scorekept.exists())
        ),
    }
