"""Public API: partners (filled by its issue)."""
