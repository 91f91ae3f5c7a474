"""Models of the ciot area (filled by its issue)."""
