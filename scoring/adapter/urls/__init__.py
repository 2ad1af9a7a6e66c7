"""URL modules of the scoring engine's Django layer: the API (/api/v1/) and the calculator (/calculator/)."""
