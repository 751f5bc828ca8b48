"""The school's classes for the teacher: a new class, a school year kept."""
