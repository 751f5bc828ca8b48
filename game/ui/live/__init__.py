"""The teacher's live view of the class while it plays."""
