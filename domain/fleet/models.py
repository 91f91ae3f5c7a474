"""Models of the fleet area (filled by its issue)."""
