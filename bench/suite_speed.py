"""`make test` speed (goal: the whole suite ≤ 90 s wall on this 2-core machine,
not one test dropped). Runs the suite exactly as `make test` does (pytest-xdist on every core)
and prints the wall time, the CPU time of pytest and its workers, the load the machine carried
before the run (other work on a shared machine stretches the wall time, not the CPU time), and
pytest's closing line. With `--serial` it also runs the fake-Discord tests alone in one process,
the part that used to wait in real time.

Run: `.venv/bin/python bench/suite_speed.py [--serial]`."""
from __future__ import annotations

import argparse
import os
import re
import resource
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
GOAL_SECONDS = 90.0
MAKE_TEST = ["-m", "pytest", "-q", "-n", "auto", "--dist", "loadgroup", "-p", "no:cacheprovider"]


def fake_discord_tests() -> list[str]:
    """The test files that drive the real bot through the fake Discord."""
    marks = ("make_world", "BotHarness", "discord_world")
    return sorted(str(path.relative_to(ROOT)) for path in (ROOT / "tests").glob("test_*.py")
                  if any(mark in path.read_text() for mark in marks))


def timed(args: list[str]) -> tuple[float, float, str, int]:
    """Wall seconds, CPU seconds (the process and every worker it waited for), closing line, code."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run([sys.executable, *args], cwd=ROOT, capture_output=True, text=True)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    lines = [line for line in done.stdout.splitlines() if re.search(r"\d+ (passed|failed)", line)]
    return wall, cpu, (lines[-1].strip("= ") if lines else done.stdout[-300:]), done.returncode


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--serial", action="store_true", help="also time the fake-Discord tests in one process")
    options = parser.parse_args(argv)
    load = os.getloadavg()[0]
    print(f"cores {os.cpu_count()}, load average before the run {load:.2f}")
    wall, cpu, closing, code = timed(MAKE_TEST)
    verdict = "meets" if wall <= GOAL_SECONDS and code == 0 else "misses"
    print(f"make test (xdist -n auto): {wall:.1f} s wall, {cpu:.1f} s CPU ({cpu / wall:.0%} of one core) "
          f"-> {verdict} the goal of {GOAL_SECONDS:.0f} s wall")
    print(f"  pytest: {closing} (exit {code})")
    if options.serial:
        files = fake_discord_tests()
        wall, cpu, closing, code = timed(["-m", "pytest", "-q", "-p", "no:cacheprovider", *files])
        print(f"fake-Discord tests alone, one process ({len(files)} files): {wall:.1f} s wall, {cpu:.1f} s CPU")
        print(f"  pytest: {closing} (exit {code})")
    return code


if __name__ == "__main__":
    sys.exit(main())
