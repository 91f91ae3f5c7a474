"""Public API: CIOT operation PDFs, single and batch (filled by its issue)."""
