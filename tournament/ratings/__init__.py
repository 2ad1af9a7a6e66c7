"""Ratings across every competition (issue 35): a Bayesian skill per player, from the tables' placings."""
