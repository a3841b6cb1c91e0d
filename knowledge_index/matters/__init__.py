"""Matters and their store."""
