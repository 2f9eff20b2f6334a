"""The backends behind the web seam: one subpackage per provider family (see README.md)."""
