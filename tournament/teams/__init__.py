"""Team events (issue 35): teams with a captain, the night's lineups, team standings."""
