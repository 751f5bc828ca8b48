"""The teacher's assignments: what each child is asked to play."""
