"""The organiser's pages (mounted at /organise/, see ``tournament.views.organiser.urls``).

Every page is for organisers only: an anonymous visitor is sent to the login
page, a signed-in user without the organiser role gets 403, and an organiser
may change only the competitions they organise (``can_manage_competition``;
403 otherwise). Views translate forms into calls of the one function that
does the work (``players_import``, ``round_seat``, ``round_swap`` ...).
"""
