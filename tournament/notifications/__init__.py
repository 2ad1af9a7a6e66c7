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
choices); ``texts`` (a message's words in the person's language); ``events`` (the doors call these: they
queue the event's task on commit); ``build`` (an event → its messages, idempotent); ``channels`` (each
channel's send); ``delivery`` (sending one message, never twice); ``preferences`` (the doors of a person's
choices and the signed links that stop a kind); ``broadcast`` (an organiser's message, limited and
audited); ``recipients`` (who a reminder goes to); ``selectors``; ``tasks`` (Celery).
"""
