"""The puzzle maker and the share codes (typing a code to play a friend's puzzle)."""
