"""Registration (issue 51): a competition's sign-up window, the people who sign up, the organiser's queue,
the waiting list with its time-limited offers, and the data notice and consents a sign-up records.

Words:

- a competition's **window** (``RegistrationSettings``): from and until when sign-ups are taken, the
  **places** (a cap; none: no cap), **who** may sign up (anyone, members of given clubs, holders of the
  invitation link), the extra **questions** (answers bounded in length), the **fee** and how it is paid,
  and how long an **offer** of a freed place lasts (hours, default 48);
- a **registration** (``Registration``) is one person's sign-up, with a private **link** (a random token)
  where they see their status, accept an offer and withdraw. Its **status**: ``pending`` (waiting for the
  organiser), ``approved`` (the entry is made), ``refused`` (with a reason), ``waiting`` (on the waiting
  list, in order of ``waiting_since``), ``offered`` (a freed place is theirs to accept until
  ``offer_expires_at``), ``withdrawn`` (by them or the organiser), ``expired`` (an offer unanswered);
- a registration **holds a place** while it is pending, approved or offered: the places are counted so,
  under a lock on the competition's row, so two sign-ups never take one place;
- a **match** is a registered player whose name and phone or email are the sign-up's: the organiser is
  shown it and chooses (that player, or a new one): never a silent second person, never a silent merge;
- the **data notice** (``DataNotice``): what is collected, for what, kept how long, whom to ask, in
  versions; a **consent** (``Consent``) records which version a person agreed to, for what purpose, when,
  and when withdrawn.

Modules: ``models``; ``notice`` (the notice and consents: ``current_notice``, ``consent_record``);
``window`` (the settings door and who may sign up); ``signup`` (the public door); ``queue`` (the
organiser's doors); ``offers`` (the waiting list: offers, answers, expiry); ``matching``; ``tell``
(the messages); ``selectors``; ``tasks`` (Celery beat: offers that expired).

What it does not do: make entries itself (``tournament.league.entries.entry_add`` does), nor keep a
person's rights over their data (``tournament.privacy``).
"""
