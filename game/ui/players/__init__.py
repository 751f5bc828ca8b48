"""Who is playing? The children's cards and the name typed on the screen's own keyboard."""
