"""Public API: fleet (filled by its issue)."""
