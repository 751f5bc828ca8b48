"""The help: pages of moving pictures that show the rules."""
