"""Stages of a competition (issue 36): preliminaries, a cut, later stages seated from who qualified."""
