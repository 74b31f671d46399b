"""Axis & Allies 1914 under Larry Harris' Tournament Rules (seeds 000/001)."""
