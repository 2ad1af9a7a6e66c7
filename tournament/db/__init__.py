"""Database helpers beneath every part of the league: rows read and written in plain SQL where the ORM's
per-call cost shows on the hand post (issue 20). No part of the league is imported here."""
