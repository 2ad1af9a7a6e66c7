"""Why a season's door refused: a sentence for the person who asked, and the field it concerns."""


class SeasonError(Exception):
    """Well formed, but not allowed now (the API's 422)."""

    code = "not_allowed"

    def __init__(self, message: str, field: str | None = None):
        super().__init__(message)
        self.field = field


class RepliesClosed(SeasonError):
    """The night is seated: a player's reply comes too late (the API's 409)."""

    code = "replies_closed"


class FarFromDate(SeasonError):
    """A check-in far from the night's date needs the staff's word that it is meant (the API's 409)."""

    code = "far_from_date"


class NotThisCompetition(SeasonError):
    """The player is not entered (or not playing) in the night's competition."""

    code = "not_entered"
