"""The level select: groups, pages of puzzle tiles, the class's own puzzles and the teacher's
shelf."""
