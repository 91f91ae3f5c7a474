"""Models of the partners area (filled by its issue)."""
