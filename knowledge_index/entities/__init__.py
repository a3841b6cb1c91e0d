"""Entities (companies, persons) and their store."""
