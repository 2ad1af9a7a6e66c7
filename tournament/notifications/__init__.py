"""Telling people (issue 34): their table, their night and their hands, on the channel they use.

Words:

- a **person** is who a message is for: a player (``Player``, with or without an account) or an account
  without a player (a scorekeeper). Their **recipient key** is ``p<player id>`` or ``u<user id>``;
- an **event** is one thing that happened to tell about (a round's seating published, a hand waiting
  for confirmation, ...); its **event key** names it (``seat:<seat id>``, ``confirm:<hand id>``);
- a **message** (``Message``) is one event told to one person on one **channel**: ``inbox`` (always:
  kept and shown on the person's inbox page, nothing to configure), ``email``, ``push`` (web push to the
  installed app), ``telegram``, ``whatsapp``. Its idempotency key (person, event, channel) is unique: an
  event told twice is told once;
- a message's **state**: ``queued`` → ``sending`` → ``sent``, or ``failed`` with the reason; a channel's
  passing failure puts it back to ``queued`` for a retry with backoff;
- a person's **preferences** (``Preference``): their channels, the kinds they stopped, their language,
  their addresses (email, Telegram chat id, WhatsApp number) and web-push subscriptions.

Modules: ``models``; ``kinds`` (the kinds and channels); ``people`` (who a person is, their addresses and
choices); ``texts`` (a message's words in the person's language); ``events`` (what the doors call: they
queue the event's task on commit); ``notices`` (what each event tells whom, read when its task runs);
``seatings`` (a round's seating and each change of it: one event key per seat as told, the old message
replaced);
``build`` (an event's notices → its messages, idempotent, nobody outside the competition); ``channels``
(each channel's send); ``delivery`` (sending, never twice); ``links`` (absolute addresses, the signed stop
and person links); ``preferences`` (the doors of a person's choices, web push, the reminder's time);
``broadcast`` (an organiser's message, limited and audited); ``reminders`` (which nights are due);
``recipients`` (who a reminder or a broadcast goes to); ``selectors``; ``tasks`` (Celery).

What it does not do: decide who sits where (``tournament.rounds``) or make a seat's link
(``tournament.confirmations.seat_tokens``); it carries them.
"""
