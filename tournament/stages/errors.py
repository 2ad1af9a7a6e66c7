"""The stage part's refusal (issue 36), apart so that its reads (``stages.seating``) and its doors
(``stages.services``) raise the same one."""


class StageError(ValueError):
    """The stage cannot change so: the message says why."""
