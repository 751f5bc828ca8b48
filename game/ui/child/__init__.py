"""A child's page, behind the grown-up gate: her puzzles, solved and tried, and the teacher's
changes to her."""
