"""The settings and the language choice."""
