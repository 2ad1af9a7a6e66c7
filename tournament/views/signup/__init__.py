"""The public sign-up pages (issue 51), mounted at /register/: a competition's sign-up form and a person's
private page (their status, an offer to accept, withdrawing). The doors are in ``tournament.registration``."""
