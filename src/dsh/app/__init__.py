"""Assembly of a context from configuration (surfaces)."""
