"""The shape the brief asks for, checked on the source: no import circles inside a package, no
module reaching for another module's `_private` names, `engine/` free of Discord, SQLite, clocks
and global random."""
from __future__ import annotations

import ast
import functools
import re
from pathlib import Path

import pytest

# one test process reads and parses the sources once for every check here (`parsed`, `imports_in`)
pytestmark = pytest.mark.xdist_group("architecture")

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("engine", "service", "cogs", "render", "db")


@functools.cache
def parsed(path: Path) -> ast.Module:
    """A file's syntax tree, read once a test process: most checks here walk the same files."""
    return ast.parse(path.read_text())


@functools.cache
def modules() -> dict[str, Path]:
    found = {}
    for package in PACKAGES:
        for path in (ROOT / package).rglob("*.py"):
            name = ".".join(path.relative_to(ROOT).with_suffix("").parts)
            found[name.removesuffix(".__init__")] = path
    return found


def imports_of(name: str, path: Path, known: dict[str, Path]) -> list[tuple[str, list[str]]]:
    """(module imported, names taken from it) for every import in the file, wherever it stands."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    out = []
    for node in ast.walk(parsed(path)):
        if isinstance(node, ast.Import):
            out += [(alias.name, []) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = package.split(".")
                base = ".".join(parts[:len(parts) - node.level + 1] + ([base] if base else []))
            names = [alias.name for alias in node.names]
            # `from . import movement` imports the module engine.aa1914.movement
            submodules = [f"{base}.{n}" for n in names if f"{base}.{n}" in known]
            out += [(m, []) for m in submodules] or [(base, names)]
    return out


@functools.cache
def imports_in(name: str) -> list[tuple[str, list[str]]]:
    """`imports_of` a module of the packages, worked out once a test process."""
    known = modules()
    return imports_of(name, known[name], known)


@functools.cache
def import_graph() -> dict[str, set[str]]:
    known = modules()
    graph = {name: {m for m, _ in imports_in(name) if m in known and m != name} for name in known}
    return graph


def test_no_modules_import_in_a_circle():
    """Across packages too: engine.aa1914 → engine.aa1914.house → engine.aa1914 would be one."""
    graph = import_graph()
    circles = []
    for start in graph:
        stack, seen = [(start, [start])], set()
        while stack:
            node, trail = stack.pop()
            for nxt in graph[node]:
                if nxt == start:
                    circles.append(" → ".join(trail + [nxt]))
                elif nxt not in seen:
                    seen.add(nxt)
                    stack.append((nxt, trail + [nxt]))
    assert not circles, circles[:5]


def test_no_module_uses_another_modules_private_helpers():
    known = modules()
    reaching = [f"{name} takes {n} from {module}" for name, path in known.items()
                for module, names in imports_in(name) if module != name
                for n in names if n.startswith("_") and not n.startswith("__")]
    assert not reaching, reaching


def imports_from(package: str, banned: tuple[str, ...]) -> list[str]:
    """Each import of a `banned` top-level package by a module of `package`, as a sentence."""
    known = modules()
    return [f"{name} imports {module}" for name, path in known.items() if name.startswith(package)
            for module, _ in imports_in(name) if module.split(".")[0] in banned]


def test_the_engine_is_pure():
    """engine/: "no Discord, no SQLite, no clock, no global random"."""
    banned = ("discord", "aiosqlite", "sqlite3", "time", "datetime", "asyncio", "service", "cogs", "render", "db")
    assert imports_from("engine", banned) == []
    for name, path in modules().items():
        if not name.startswith("engine"):
            continue
        tree = parsed(path)
        for node in ast.walk(tree):
            # random.Random(seed) objects are passed in; the module-level functions share global state
            if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id == "random":
                assert node.attr in ("Random",), f"{name} uses random.{node.attr}"


def test_the_renderer_reaches_no_store():
    """render/ "turns a state into a PNG; it never decides rules" — nor reads or writes the
    database."""
    assert imports_from("render", ("db", "service", "cogs", "aiosqlite", "asyncpg", "sqlite3")) == []


def test_every_house_option_is_one_module_with_one_rule():
    """"Each option is one object in one module (`engine/aa1914/house/<option>.py`)",
    so an option's whole behaviour is found from its name in one hop."""
    import importlib

    from engine.aa1914.house.catalog import HOUSE_OPTIONS
    from engine.aa1914.house.registry import HOUSE_RULES
    from engine.aa1914.units import HOUSE_UNITS

    assert [spec.key for spec in HOUSE_OPTIONS] == sorted(HOUSE_RULES, key=[s.key for s in HOUSE_OPTIONS].index)
    for spec in HOUSE_OPTIONS:
        module = importlib.import_module(f"engine.aa1914.house.{spec.key}")
        assert module.RULE is HOUSE_RULES[spec.key] and module.RULE.key == spec.key
        assert module.__doc__, f"house/{spec.key}.py says which rule of the seed it is"
        assert set(module.RULE.units) == {u for u, option in HOUSE_UNITS.items() if option == spec.key}


def test_the_turn_asks_no_house_option_by_name():
    """The mixin and the scattered `if rules.X` checks are gone: the turn (and the
    phase modules, the standing orders, the setup) call the hooks of the options a game uses, and
    never name an option themselves."""
    from engine.aa1914.house.catalog import HOUSE_KEYS

    assert not (ROOT / "engine" / "aa1914" / "house_turn.py").exists()
    for module in ("turn", "movement", "battles", "standing", "setup"):
        source = (ROOT / "engine" / "aa1914" / f"{module}.py").read_text()
        assert "HouseTurnMixin" not in source
        asks = ("rules.{}", 'options.get("{}")', 'options["{}"]', '"{}" in options')
        named = [key for key in HOUSE_KEYS if any(a.format(key) in source for a in asks)]
        assert not named, f"{module}.py asks whether {named} is on"


def test_the_phase_modules_know_no_house_option_and_no_turn():
    """docs/architecture.md: imports only point down the picture — the phase modules (movement,
    battles, combat, …) sit below the house options and the turn, which they reach only through
    the `TurnContext` they are handed."""
    graph = import_graph()
    below = ("board", "units", "state", "model", "grammar", "position", "progress", "rules", "context", "ledger",
             "combat", "movement", "battles", "odds")
    for name in below:
        module = f"engine.aa1914.{name}"
        reached = {m for m in graph[module] if m.startswith("engine.aa1914.house") or m == "engine.aa1914.turn"}
        assert not reached, f"{module} imports {sorted(reached)}"


def test_only_an_options_own_module_names_its_key():
    """Adding a house option is one module plus its registry line: its key, as a word of the code,
    is written only in house/<option>.py, the catalog (its name and section) and the registry —
    and in units.py's table of the house units. The board itself is the one place that asks two
    options by name: Spain as a ninth power (4.17) and a neutral Italy (4.16) change the map that
    the renderer reads from the options alone, before any rule object exists. A key that is also
    a unit's name (`coastal_artillery`) is that unit anywhere else."""
    from engine.aa1914.house.catalog import HOUSE_KEYS
    from engine.aa1914.units import UNIT_TYPES

    allowed = {"engine/aa1914/house/catalog.py", "engine/aa1914/house/registry.py", "engine/aa1914/units.py"}
    the_board = {"spain_balance", "italian_dilemma"}
    named = []
    for path in sorted((ROOT / "engine").rglob("*.py")):
        where = str(path.relative_to(ROOT))
        if where in allowed:
            continue
        for node in ast.walk(parsed(path)):
            if not (isinstance(node, ast.Constant) and node.value in HOUSE_KEYS):
                continue
            key = node.value
            if where == f"engine/aa1914/house/{key}.py" or (where == "engine/aa1914/board.py" and key in the_board):
                continue
            if key in UNIT_TYPES:
                continue
            named.append(f"{where} names `{key}`")
    assert not named, named


# ------------------------------------------------------------------ the service's parts
def service_parts() -> dict[type, dict[str, type]]:
    """Each part of `GameService` → its constructor's dependencies on other parts (name → class)."""
    import dataclasses
    import typing

    from service.games import Parts

    classes = {typing.get_type_hints(Parts)[field.name] for field in dataclasses.fields(Parts)}
    return {cls: {name: hint for name, hint in typing.get_type_hints(cls.__init__).items() if hint in classes}
            for cls in classes}


def test_the_service_parts_depend_on_each_other_one_way():
    """Every part is handed the parts it uses when it is built, and those dependencies form no
    circle: where two parts would need each other, both use a third below them (the store, the
    outbox, the schedule) instead."""
    parts = service_parts()
    circles = []
    for start in parts:
        stack = [(start, [start.__name__])]
        while stack:
            node, trail = stack.pop()
            for dependency in parts[node].values():
                if dependency is start:
                    circles.append(" → ".join(trail + [start.__name__]))
                elif dependency.__name__ not in trail:
                    stack.append((dependency, trail + [dependency.__name__]))
    assert not circles, circles[:5]
    assert len(parts) >= 15


def test_a_parts_module_imports_no_part_above_it():
    """A part's module imports only the modules of parts it may depend on, never one that
    depends on it (directly or through others): the imports draw the same picture."""
    parts = service_parts()

    def above(part: type) -> set[type]:
        users = {p for p, deps in parts.items() if part in deps.values()}
        for user in list(users):
            users |= above(user)
        return users

    graph = import_graph()
    wrong = []
    for part in parts:
        reached, stack = set(), [part.__module__]
        while stack:
            for module in graph[stack.pop()]:
                if module.startswith("service.") and module not in reached:
                    reached.add(module)
                    stack.append(module)
        wrong += [f"{part.__module__} ({part.__name__}) imports {user.__module__} ({user.__name__})"
                  for user in above(part) if user.__module__ in reached and user.__module__ != part.__module__]
    assert not wrong, wrong


def test_no_part_reaches_into_another_parts_private_state():
    """A part uses another through its public methods: `self.adjudicator.adjudicate_in(…)`, never
    `self.adjudicator._adjudicate_one(…)` nor `self.store._one(…)`."""
    reaching = []
    for name, path in modules().items():
        if not name.startswith("service."):
            continue
        for node in ast.walk(parsed(path)):
            if (isinstance(node, ast.Attribute) and node.attr.startswith("_") and not node.attr.startswith("__")
                    and isinstance(node.value, ast.Attribute) and isinstance(node.value.value, ast.Name)
                    and node.value.value.id == "self"):
                reaching.append(f"{name}:{node.lineno} self.{node.value.attr}.{node.attr}")
    assert not reaching, reaching


def test_the_service_is_a_facade_of_its_parts():
    """`GameService` keeps the front ends' one entry: each of its actions is carried out by the
    part that owns it (`service.games.action`), none written on the facade itself."""
    import inspect

    from service import GameService

    own = [name for name, value in vars(GameService).items()
           if inspect.iscoroutinefunction(value) and not hasattr(value, "__wrapped__")]
    assert not own, f"GameService does itself: {own}"


def test_every_part_checks_the_ids_it_is_given():
    """`service.ids.checked_ids` on every part: a public method given a game, phase or Discord id
    checks it before its body runs, whichever front end or part calls it."""
    import inspect

    from service.ids import ID_PARAMETERS

    unchecked = [f"{part.__name__}.{name}" for part in service_parts()
                 for name, method in inspect.getmembers(part, inspect.iscoroutinefunction)
                 if not name.startswith("_") and not getattr(method, "ids_checked", False)
                 and not {"tx", "conn"} & set(inspect.signature(method).parameters)
                 and set(ID_PARAMETERS) & set(inspect.signature(method).parameters)]
    assert not unchecked, unchecked


def test_the_service_writes_no_sql_and_the_repositories_write_portable_sql():
    """All SQL lives in the repositories of `db/`; the service neither writes a statement nor
    knows the driver (no sqlite3, aiosqlite, or their errors). The statements run unchanged on
    SQLite and PostgreSQL: no `INSERT OR …`, `rowid`, `lastrowid`, `COLLATE NOCASE` or
    `json_extract`; `BEGIN IMMEDIATE` only in db/database.py, behind `db.transaction()`."""
    import re

    def texts(path: Path) -> list[str]:
        """The string constants of a module that are not docstrings (its SQL, among others)."""
        tree = parsed(path)
        docs = {id(node.value) for node in ast.walk(tree) if isinstance(node, ast.Expr)}
        return [node.value for node in ast.walk(tree)
                if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docs]

    statement = re.compile(r"\b(SELECT\s+[\w*(]|INSERT\s+INTO|UPDATE\s+\w+\s+SET|DELETE\s+FROM)\b")
    known = modules()
    for name, path in known.items():
        if name.startswith("service."):
            found = [text for text in texts(path) if statement.search(text)]
            assert not found, f"{name} writes SQL: {found[0][:80]}"
            imported = {module.split(".")[0] for module, _ in imports_in(name)}
            assert not imported & {"sqlite3", "aiosqlite"}, f"{name} imports the driver"
        # db.dialect names the SQLite-only words in order to refuse them in a migration
        if name.startswith("db.") and name not in ("db.backup", "db.seasons", "db.database", "db.dialect"):
            for text in texts(path):
                for word in ("INSERT OR ", "rowid", "COLLATE NOCASE", "json_extract", "BEGIN IMMEDIATE"):
                    assert word not in text, f"{name} uses {word}: {text[:80]}"
            assert "lastrowid" not in path.read_text().replace("never `lastrowid`", ""), name


# Tests and comments name the rule or behaviour they protect, never a tracker's issue: the tracker is
# not in the repository, so its numbers tell the next reader nothing. Other projects' issues keep their
# numbers (Discord's, dipvis's), and the DATC's "issue 4.B.4" is a section of the DATC itself.
TRACKER_ISSUE = re.compile(r"(?P<before>\w+ )?(?P<issue>\bissues? ?#?\d+)(?P<section>\.[A-Z])?", re.IGNORECASE)
OTHER_PROJECTS = ("discord ", "dipvis ")


def source_and_docs() -> list[Path]:
    files = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
    for top in sorted(ROOT.iterdir()):
        if top.name.startswith(".") or not top.is_dir():
            continue
        files += sorted(top.rglob("*.py"))
    return files + sorted(ROOT.glob("*.py"))


def tracker_issues(text: str) -> list[str]:
    return [m.group("issue") for m in TRACKER_ISSUE.finditer(text)
            if not m.group("section") and (m.group("before") or "").lower() not in OTHER_PROJECTS]


def test_nothing_names_an_issue_of_our_tracker():
    named = []
    for path in source_and_docs():
        found = tracker_issues(path.read_text(encoding="utf-8"))
        if found:
            named.append(f"{path.relative_to(ROOT).as_posix()}: {', '.join(found[:3])}")
    assert not named, "name the rule or behaviour instead: " + "; ".join(named)


def test_the_tracker_words_are_told_apart():
    ours = ["issue " + "23", "Issue #" + "11", "issues " + "25"]
    assert tracker_issues(f"{ours[0]}, {ours[1]} and {ours[2]} are ours") == ours
    assert tracker_issues("Discord issue #7896, dipvis issue #250, the DATC's issue 4.B.4") == []


def test_no_test_file_is_named_after_an_issue_a_turn_or_a_round():
    """Test files are found by what they protect (tests/engine/aa1914/house/test_<option>.py, tests/service/,
    tests/discord/, …), not by the piece of work that wrote them."""
    badly_named = [path.relative_to(ROOT).as_posix() for path in (ROOT / "tests").rglob("*.py")
                   if re.search(r"issue|(turn|round)_?\d", path.stem, re.IGNORECASE)]
    assert not badly_named, badly_named
    assert [p.name for p in (ROOT / "tests").glob("test_*.py")] == ["test_architecture.py"], \
        "new tests go in a feature folder (tests/engine/…, tests/service/, tests/discord/, …)"
