"""The league REST API (../shared/spec/league-api.md) under /api/v1/."""
