"""The teacher's class table: a row per child."""
