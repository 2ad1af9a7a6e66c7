"""The Django adapter of the scoring engine: everything of ``scoring`` that imports Django.

The rules core (every other module of ``scoring``) is plain Python and knows
nothing of requests, forms or commands; this subpackage only translates
between them and the core's two doors, ``scoring.score_hand`` and
``scoring.settle`` (../shared/spec/scoring-api.md):

- ``api``: the HTTP views (``/api/v1/score/``, ``/settle/``, ``/rulesets/``),
  and ``openapi`` the schemas and examples they declare;
- ``views``: the hand calculator page (``/calculator/``);
- ``urls``: their URL modules, included by ``tournament/project/urls.py``;
- ``management/commands``: ``score_hand``, ``settle`` and ``make_tile_images``;
- ``apps``: the app config (label ``scoring``);
- ``templatetags``: ``rule_source``, a rule's citation in the reader's words.

Words for people are the core's (``scoring.words``, marked for ``makemessages``); the views and template
tags translate them where they are shown.
"""
