"""Freights and the offers carriers make on them."""
