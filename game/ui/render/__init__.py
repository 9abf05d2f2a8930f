"""Drawing: the sprite atlas, the board's dirty cells, the counters and face."""
