"""Query plans on the backend the suite runs on, as steps the index tests read alike.

SQLite: `EXPLAIN QUERY PLAN`'s details as SQLite writes them ("SEARCH games USING INDEX
games_open_id (guild_id=? AND id>?)", "SCAN games", "USE TEMP B-TREE FOR ORDER BY").
PostgreSQL: `EXPLAIN`'s nodes, planned after ANALYZE with sequential scans, hash joins and
merge joins priced out (`enable_seqscan=off`, …), so a test's few rows are planned as a large
table's would be: through an index, row by row, wherever one can serve, each named in SQLite's words: "SCAN t" for a sequential scan, "SEARCH t USING
INDEX i (condition)" for an index scan, "USE TEMP B-TREE" for a sort."""
from __future__ import annotations

import re

_NODE = re.compile(r"^\s*(?:->\s*)?(?P<node>[A-Z][A-Za-z ]+?)(?: using (?P<index>\w+))?(?: on (?P<table>\w+))?"
                   r"(?: \w+)?\s+\(cost")


class Steps(list):
    """A plan's steps, and the database that planned them."""

    def __init__(self, steps, dialect: str):
        super().__init__(steps)
        self.dialect = dialect


async def plan(db, sql: str, params: tuple) -> Steps:
    """The steps of `sql`'s plan."""
    if getattr(db, "dialect", "sqlite") == "sqlite":
        async with db.conn.execute("EXPLAIN QUERY PLAN " + sql, params) as cursor:
            return Steps([row[3] for row in await cursor.fetchall()], "sqlite")
    conn = db.conn
    await conn.execute("BEGIN")
    try:
        await conn.execute("ANALYZE")           # the test's rows counted, as a live database's are
        for kind in ("seqscan", "hashjoin", "mergejoin"):
            await conn.execute(f"SET LOCAL enable_{kind} = off")
        rows = await (await conn.execute("EXPLAIN " + sql, params)).fetchall()
    finally:
        await conn.execute("ROLLBACK")
    return Steps(postgresql_steps([row[0] for row in rows]), "postgresql")


def postgresql_steps(lines: list[str]) -> list[str]:
    steps: list[str] = []
    for line in lines:
        condition = re.match(r"^\s*(Index Cond|Recheck Cond): (.*)$", line)
        if condition and steps and steps[-1].startswith("SEARCH") and "(" not in steps[-1]:
            steps[-1] += f" ({condition.group(2)})"
            continue
        node = _NODE.match(line)
        if node is None:
            continue
        kind, index, table = node.group("node"), node.group("index"), node.group("table")
        if kind == "Seq Scan":
            steps.append(f"SCAN {table}")
        elif kind in ("Index Scan", "Index Scan Backward", "Index Only Scan", "Index Only Scan Backward"):
            steps.append(f"SEARCH {table} USING INDEX {index}")
        elif kind == "Bitmap Index Scan":
            steps.append(f"SEARCH USING INDEX {table}")          # `on` names the index here
        elif kind in ("Sort", "Incremental Sort"):
            steps.append("USE TEMP B-TREE FOR ORDER BY")
        else:
            steps.append(kind.upper())
    return steps


def uses_index(steps: list[str], index: str, *columns: str) -> bool:
    """Whether a step reads through `index` with a condition on each of `columns` (`lower(name)`
    is SQLite's `<expr>`). On PostgreSQL, through any index with such a condition: its planner
    chooses among the indexes that serve by their cost, and a test's few rows make that choice
    (the primary key's range or the index named) a toss-up; what holds on both is that the
    rows are found through an index on the last of `columns` (the one that picks the rows: an
    id, a name's start), never by a scan."""
    wanted = f"INDEX {index}"
    if getattr(steps, "dialect", "sqlite") == "postgresql":
        wanted, columns = "INDEX ", columns[-1:]      # the rows' own key: the primary key serves as well
    for step in steps:
        if wanted not in step:
            continue
        condition = step.split(wanted, 1)[1]
        if all(_conditions(condition, column) for column in columns):
            return True
    return False


def reads_through(steps: list[str], index: str) -> bool:
    """Whether the plan reads through `index` (SQLite), or through an index and scans no table
    (PostgreSQL: see `uses_index`)."""
    if getattr(steps, "dialect", "sqlite") != "postgresql":
        return any(f"INDEX {index}" in step for step in steps)
    return any(" USING INDEX " in step for step in steps) and not any(s.startswith("SCAN ") for s in steps)


def _conditions(condition: str, column: str) -> bool:
    if column.startswith("lower("):
        return "<expr>" in condition or column in condition
    return re.search(rf"(?<![\w.]){column}\s*(=|>|<|>=|<=)", condition) is not None
