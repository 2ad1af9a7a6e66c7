"""Why a team door refused: a sentence for the person who asked, its code for the API, the field."""


class TeamError(Exception):
    """Well formed, but the rules refuse it (the API's 422); ``code`` names the refusal."""

    code = "invalid_team"
    status = 422

    def __init__(self, message: str, field: str | None = None, code: str | None = None):
        super().__init__(message)
        self.field = field
        if code:
            self.code = code


class LineupClosed(TeamError):
    """The deadline has passed or the round is seated: the lineup is fixed (the API's 409)."""

    code = "lineup_closed"
    status = 409


class ResultsExist(TeamError):
    """Hands are recorded in the competition: its teams are fixed (the API's 409)."""

    code = "results_exist"
    status = 409
