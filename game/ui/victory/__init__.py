"""The screen after a solved puzzle."""
