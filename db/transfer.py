"""Copy a SQLite database into an empty PostgreSQL one (`bot.py --migrate-to postgresql://…`):
every row of every table, checked, in one transaction, or nothing.

Both databases are first migrated to this Dispatch's schema (the same numbered migrations), so
their tables and columns are the same. The copy then reads one snapshot of the SQLite file and
writes it in one PostgreSQL transaction holding the write lock: tables that others refer to
first (foreign keys), rows with the ids they have (`COPY`), and `id_sequence` as SQLite's
`sqlite_sequence` has it, so the next game is numbered as it would have been on SQLite. Before
COMMIT, it checks what it wrote: every table's row count equals the source's, and every game's
current state, decoded, equals the source's. Any difference rolls the whole copy back.

A target that already holds a row is refused before anything is written: the copy is for moving
a host onto PostgreSQL once, never for merging two databases.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

from .sql import StorageError

CHUNK = 5000                       # rows read and written at a time
CHECKED_STATES = 500               # current states compared at a time
_NOT_COPIED = ("schema_migrations", "id_sequence")    # each database keeps its own


class TransferRefused(RuntimeError):
    """The copy cannot be made (a non-empty target, a difference found); one line saying why.
    Nothing was written to the target."""


@dataclass(frozen=True)
class Transferred:
    """What was copied: rows per table, and how many games' current states were checked."""

    rows: dict[str, int]
    games_checked: int

    @property
    def total(self) -> int:
        return sum(self.rows.values())


async def copy_to_postgresql(source, target, decode: Callable[[Any], Any],
                             encode: Callable[[Any], bytes]) -> Transferred:
    """Copy SQLite `source` (a connected `Database`) into PostgreSQL `target` (a connected,
    migrated `PostgresDatabase`). `decode` reads a stored phase state (to compare the current
    states); `encode` stores one that SQLite kept as text from before compression (PostgreSQL's
    column holds bytes). `TransferRefused` when the target is not empty or the check fails."""
    async with source.read() as src:
        tables = await _tables_in_order(target)
        source_tables = {r[0] for r in await src.all(
            "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")} - set(_NOT_COPIED)
        if set(tables) != source_tables:
            differ = sorted(set(tables) ^ source_tables)
            raise TransferRefused(f"the two databases' tables differ ({', '.join(differ)}): run the same Dispatch "
                                  f"on both")
        async with target.transaction() as dst:
            await _refuse_non_empty(dst, tables, target.path)
            rows = {}
            for table in tables:
                rows[table] = await _copy_table(src, dst, table, encode)
            await _copy_sequences(src, dst)
            await _check_counts(src, dst, tables)
            checked = await _check_current_states(src, dst, decode)
    return Transferred(rows, checked)


async def _tables_in_order(target) -> list[str]:
    """The target's tables, each after every table it refers to (foreign keys)."""
    async with target.read() as r:
        names = sorted(row[0] for row in await r.all(
            "SELECT tablename FROM pg_tables WHERE schemaname = current_schema()") if row[0] not in _NOT_COPIED)
        refers: dict[str, set[str]] = {name: set() for name in names}
        for row in await r.all(
                "SELECT conrelid::regclass::text, confrelid::regclass::text FROM pg_constraint "
                "WHERE contype = 'f' AND connamespace = current_schema()::regnamespace"):
            if row[0] in refers and row[1] != row[0]:
                refers[row[0]].add(row[1])
    ordered: list[str] = []
    while len(ordered) < len(names):
        ready = [n for n in names if n not in ordered and refers[n] <= set(ordered)]
        if not ready:       # a circle of references: no order can satisfy it row by row
            raise TransferRefused("the tables refer to each other in a circle; this copy cannot order them")
        ordered.extend(ready)
    return ordered


async def _refuse_non_empty(dst, tables: list[str], where: str) -> None:
    filled = []
    for table in tables:
        count = await dst.value(f"SELECT COUNT(*) FROM {table}", default=0)
        if count:
            filled.append(f"{table}: {count}")
    if filled:
        raise TransferRefused(f"the PostgreSQL database {where} is not empty (rows in {', '.join(filled[:4])}"
                              f"{', …' if len(filled) > 4 else ''}): copy into a new, empty database "
                              f"(createdb), nothing was written")


async def _columns(dst, table: str) -> list[tuple[str, str]]:
    return [(r[0], r[1]) for r in await dst.all(
        "SELECT column_name, data_type FROM information_schema.columns "
        "WHERE table_schema = current_schema() AND table_name = ? ORDER BY ordinal_position", (table,))]


async def _copy_table(src, dst, table: str, encode: Callable[[Any], bytes]) -> int:
    """Every row of `table`, with its own ids. The triggers numbering new rows are off for the
    copy (inside the transaction: a rollback turns them on again); `id_sequence` is set after."""
    columns = await _columns(dst, table)
    source_columns = {r[1] for r in await src.all(f"SELECT * FROM pragma_table_info('{table}')")}
    missing = [name for name, _ in columns if name not in source_columns]
    if missing:
        raise TransferRefused(f"table {table} has no column {missing[0]} in the SQLite database")
    numbering = await dst.value("SELECT tgname FROM pg_trigger WHERE tgrelid = ?::regclass AND tgname = ?",
                                (table, f"{table}_next_id"))
    if numbering:
        await dst.run(f"ALTER TABLE {table} DISABLE TRIGGER {numbering}")
    converters = [_converter(table, name, kind, encode) for name, kind in columns]
    names = [name for name, _ in columns]
    copied = 0
    async with src.execute(f"SELECT {', '.join(names)} FROM {table}") as cursor:
        while True:
            chunk = await cursor.fetchmany(CHUNK)
            if not chunk:
                break
            records = [tuple(convert(value) for convert, value in zip(converters, row)) for row in chunk]
            await dst.conn.copy_rows(table, names, records)
            copied += len(records)
    if numbering:
        await dst.run(f"ALTER TABLE {table} ENABLE TRIGGER {numbering}")
    return copied


def _converter(table: str, column: str, kind: str, encode: Callable[[Any], bytes]) -> Callable[[Any], Any]:
    """A SQLite value as the PostgreSQL column's type takes it (SQLite keeps any value in any
    column: an id written as text, a flag as a float)."""
    def convert(value: Any) -> Any:
        if value is None:
            return None
        try:
            if kind in ("bigint", "integer", "smallint"):
                if isinstance(value, float) and not value.is_integer():
                    raise ValueError(value)
                return int(value)
            if kind in ("double precision", "real", "numeric"):
                return float(value)
            if kind == "bytea":
                return bytes(value) if isinstance(value, (bytes, bytearray, memoryview)) else encode(value)
            if kind == "text":
                return value.decode() if isinstance(value, bytes) else str(value)
        except (ValueError, TypeError, UnicodeDecodeError):
            raise TransferRefused(f"{table}.{column} holds {value!r:.40}, which is not a {kind}: correct it in "
                                  f"the SQLite database first; nothing was written") from None
        return value
    return convert


async def _copy_sequences(src, dst) -> None:
    """The next id of each numbered table as SQLite would give it: one more than the highest it
    ever gave (`sqlite_sequence`, which remembers rows deleted since), or than the rows copied."""
    known = {r[0]: r[1] for r in await src.all("SELECT name, seq FROM sqlite_sequence")}
    for row in await dst.all("SELECT c.relname FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid "
                             "WHERE t.tgname = c.relname || '_next_id'"):
        table = row[0]
        highest = max(int(known.get(table) or 0), int(await dst.value(f"SELECT MAX(id) FROM {table}", default=0)))
        if highest:
            await dst.run("INSERT INTO id_sequence (name, seq) VALUES (?, ?) "
                          "ON CONFLICT (name) DO UPDATE SET seq = EXCLUDED.seq", (table, highest))


async def _check_counts(src, dst, tables: list[str]) -> None:
    for table in tables:
        theirs = await src.value(f"SELECT COUNT(*) FROM {table}", default=0)
        ours = await dst.value(f"SELECT COUNT(*) FROM {table}", default=0)
        if theirs != ours:
            raise TransferRefused(f"table {table} has {ours} rows in PostgreSQL but {theirs} in SQLite; "
                                  f"nothing was written")


async def _check_current_states(src, dst, decode: Callable[[Any], Any]) -> int:
    """Every game's current phase state, decoded on both sides, equal; the number checked."""
    current = [(r[0], r[1]) for r in await src.all(
        "SELECT id, current_phase FROM games WHERE current_phase IS NOT NULL ORDER BY id")]
    for at in range(0, len(current), CHECKED_STATES):
        chunk = current[at:at + CHECKED_STATES]
        marks = ", ".join("?" * len(chunk))
        phases = tuple(phase for _, phase in chunk)
        theirs = {r[0]: r[1] for r in await src.all(f"SELECT id, state FROM phases WHERE id IN ({marks})", phases)}
        ours = {r[0]: r[1] for r in await dst.all(f"SELECT id, state FROM phases WHERE id IN ({marks})", phases)}
        for game, phase in chunk:
            if phase not in theirs:
                continue                # a dangling pointer in the source: nothing to compare
            try:
                same = phase in ours and decode(ours[phase]) == decode(theirs[phase])
            except Exception as exc:  # noqa: BLE001 - zlib's, json's: any unreadable state is named
                raise TransferRefused(f"game #{game}'s current state cannot be read ({exc}); nothing was "
                                      f"written") from None
            if not same:
                raise TransferRefused(f"game #{game}'s current state differs after the copy; nothing was written")
    return len(current)


__all__ = ["StorageError", "TransferRefused", "Transferred", "copy_to_postgresql"]
