"""The big screen (issue 36): a public page for the room's TV or projector, and its one JSON read."""
