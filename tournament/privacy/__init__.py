"""People's data (issue 51, the Personal Data Protection Act 2012's Access, Correction, Consent and Retention
Limitation obligations).

Words:

- a **person** is a player (key ``p<id>``) or an account without a player (``u<id>``), as the notifications
  part names them (``tournament.notifications.people``);
- **their data** is everything the league holds about them: the player's record, the contact, their choices of
  channels, their consents with the notice's version, entries, replies to the season's nights, hands played,
  messages, sign-ups (``selectors.person_data``);
- **erasure** (``erase.person_erase``): on the person's request, their organiser or a superuser removes the
  contact details, channels, push subscriptions and free text, and replaces the name by a stable
  **pseudonym** (``pseudonym.pseudonym_for``) everywhere it is kept; chips, standings and ratings stay as they
  were (the ledger is append-only and is never touched);
- **retention** (``retention.retention_run``): contact details of people with no entry for the period the
  operator sets (``PRIVACY_RETENTION_MONTHS``) are erased, the organisers told ``PRIVACY_RETENTION_WARN_DAYS``
  before.

What this part does not do: the sign-up and the data notice itself (``tournament.registration``).
"""
