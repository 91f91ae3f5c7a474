"""Public API: ciot (filled by its issue)."""
