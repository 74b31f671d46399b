"""Rules engines. Pure Python: no Discord, no SQLite, no clock, no global random.

A phase is a function of (state, orders, seeded RNG) -> new state + a human-readable report.
Every state is plain JSON-serialisable data.
"""
