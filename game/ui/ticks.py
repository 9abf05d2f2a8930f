"""The game's fixed tick: one place for its rate.

The loop steps every screen at this rate whatever the frame rate (so tests
step ticks, not seconds), and the screens that count time in ticks (the
long press, attract mode, the replay viewer) must count at the same one:
each kept its own 60 before, a change to one would have slowed the others.
"""

TICKS_PER_SECOND = 60
TICK_MS = 1000 / TICKS_PER_SECOND     # one tick in milliseconds
