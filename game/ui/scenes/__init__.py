"""The game's scenes: help, players, level select, board, victory, settings."""
