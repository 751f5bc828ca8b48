"""The grown-up gate in front of the teacher's screens."""
