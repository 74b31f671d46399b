"""The numbered migrations on PostgreSQL: one set of files, written in portable SQL, translated
here; a PostgreSQL file of the same name in `migrations/postgresql/` only where no translation
can work (a trigger, a SQLite-only clause such as `COLLATE NOCASE` or `rowid`).

What a portable migration may say, and what it becomes on PostgreSQL:

| migration (SQLite)                    | PostgreSQL                                        |
|---------------------------------------|---------------------------------------------------|
| `id INTEGER PRIMARY KEY AUTOINCREMENT`| `id BIGINT PRIMARY KEY` numbered by `next_id()`    |
| `INTEGER` (64-bit in SQLite)          | `BIGINT` (Discord ids need 64 bits)               |
| `REAL` (8 bytes in SQLite)            | `DOUBLE PRECISION`                                |
| `BLOB`                                | `BYTEA`                                           |
| a `TEXT` column                       | `TEXT COLLATE "C"`                                |

`next_id()` (a trigger, migration 0001's PostgreSQL file) numbers rows as SQLite's AUTOINCREMENT
does: one more than the highest id the table ever had (kept in `id_sequence`, as SQLite keeps
`sqlite_sequence`), in the inserting transaction, so a row rolled back gives its number back and
game numbers run #1, #2, #3 without gaps, on both databases alike. (A PostgreSQL sequence would
skip the number of every refused insert; writes are one at a time anyway, see db/postgres.py.)

`COLLATE "C"` makes text compare, sort and `lower()` byte-wise and ASCII-only, as SQLite's BINARY
collation and built-in `lower()` do, whatever the database's locale: ISO timestamps compare as
strings, a name prefix is a range of the `lower(name)` index, on both databases alike.

Anything else SQLite-only is refused by name (`Untranslatable`) with the file to write, so a
new migration that is not portable fails on the PostgreSQL test run, never on a host's start.
"""
from __future__ import annotations

import re
from pathlib import Path

POSTGRESQL_DIR = "postgresql"          # under the migrations folder: files that replace a translation

# SQLite words with no translation: the migration needs a PostgreSQL file of its own.
_SQLITE_ONLY = {
    "TRIGGER": "a trigger (PostgreSQL's need a function)",
    "NOCASE": "COLLATE NOCASE (index lower(x) instead)",
    "ROWID": "rowid (PostgreSQL rows have none: use a column)",
    "PRAGMA": "a PRAGMA",
    "GLOB": "GLOB",
    "WITHOUT": "WITHOUT ROWID",
    "VIRTUAL": "a virtual table",
    "REPLACE": "INSERT OR REPLACE / REPLACE INTO (write ON CONFLICT … DO UPDATE)",
    "IGNORE": "INSERT OR IGNORE (write ON CONFLICT … DO NOTHING)",
    "STRICT": "a STRICT table",
}
_TOKENS = re.compile(r"'(?:[^']|'')*'|\"[^\"]*\"|--[^\n]*|/\*.*?\*/|\w+|\s+|.", re.S)
_COLUMN_STATEMENT = re.compile(r"^\s*(CREATE\s+TABLE|ALTER\s+TABLE\s+\S+\s+ADD\b)", re.I)
_TABLE_NAME = re.compile(r"^\s*CREATE\s+TABLE\s+(?:IF\s+NOT\s+EXISTS\s+)?(\w+)", re.I)


class Untranslatable(ValueError):
    """A migration says something only SQLite understands; it needs its PostgreSQL file."""


def to_postgresql(statement: str) -> list[str]:
    """One portable migration statement in PostgreSQL's words (see the table above): the
    statement, and the trigger numbering its table's rows if it makes an AUTOINCREMENT id.
    String literals, quoted names and comments are left as they are."""
    bare = _without_comments(statement)
    declares_columns = bool(_COLUMN_STATEMENT.match(bare))
    tokens = _TOKENS.findall(statement)
    words = [(i, t.upper()) for i, t in enumerate(tokens) if t[:1].isalnum() or t[:1] == "_"]
    numbered_table = None
    skip: set[int] = set()
    for n, (i, word) in enumerate(words):
        if i in skip:
            continue
        if word in _SQLITE_ONLY and not (word == "REPLACE" and _is_function(tokens, i)):
            raise Untranslatable(f"{_SQLITE_ONLY[word]} cannot be translated")
        ahead = [w for _, w in words[n + 1:n + 4]]
        if word == "INTEGER" and ahead == ["PRIMARY", "KEY", "AUTOINCREMENT"]:
            table = _TABLE_NAME.match(bare)
            if table is None or n == 0 or words[n - 1][1] != "ID":
                raise Untranslatable("AUTOINCREMENT is translated only for a column named id in CREATE TABLE")
            numbered_table = table.group(1)
            tokens[i] = "BIGINT PRIMARY KEY"
            for j in range(i + 1, words[n + 3][0] + 1):
                skip.add(j)
                tokens[j] = ""
        elif word == "AUTOINCREMENT":
            raise Untranslatable("AUTOINCREMENT outside `id INTEGER PRIMARY KEY AUTOINCREMENT`")
        elif word == "INTEGER":
            tokens[i] = "BIGINT"
        elif word == "REAL":
            tokens[i] = "DOUBLE PRECISION"
        elif word == "BLOB":
            tokens[i] = "BYTEA"
        elif word == "TEXT" and declares_columns:
            tokens[i] = 'TEXT COLLATE "C"'
    translated = [re.sub(r"[ \t]+\n", "\n", "".join(tokens))]
    if numbered_table is not None:
        translated.append(numbering(numbered_table))
    return translated


def numbering(table: str) -> str:
    """The trigger that numbers `table`'s new rows as SQLite's AUTOINCREMENT (module docstring)."""
    return f"CREATE TRIGGER {table}_next_id BEFORE INSERT ON {table} FOR EACH ROW EXECUTE FUNCTION next_id()"


def _is_function(tokens: list[str], i: int) -> bool:
    """`replace(` the string function, not `REPLACE INTO`."""
    for token in tokens[i + 1:]:
        if token.isspace():
            continue
        return token == "("
    return False


def _without_comments(statement: str) -> str:
    return "".join(t for t in _TOKENS.findall(statement) if not t.startswith(("--", "/*")))


def postgresql_file(path: Path) -> Path | None:
    """The PostgreSQL file that replaces the translation of migration `path`, if there is one."""
    own = path.parent / POSTGRESQL_DIR / path.name
    return own if own.is_file() else None


_PG_TOKENS = re.compile(r"'(?:[^']|'')*'|\"[^\"]*\"|--[^\n]*|/\*.*?\*/|(\$\w*\$).*?\1|;|[^'\"$;/-]+|.", re.S)


def split_postgresql(script: str) -> list[str]:
    """A PostgreSQL file's statements: split at each `;` outside literals, comments and
    dollar-quoted bodies (`$$ … $$`, a function's)."""
    statements, buffer = [], []
    for match in _PG_TOKENS.finditer(script):
        if match.group(0) == ";":
            statement = "".join(buffer).strip()
            if _without_comments(statement).strip():
                statements.append(statement)
            buffer = []
        else:
            buffer.append(match.group(0))
    if _without_comments("".join(buffer)).strip():
        raise ValueError(f"a PostgreSQL migration ends with an incomplete statement: {''.join(buffer).strip()[:80]!r}")
    return statements


def postgresql_statements(path: Path, split) -> list[str]:
    """Migration `path` as PostgreSQL runs it: its own file's statements as written, else each
    portable statement (`split`: as SQLite splits it) translated (`Untranslatable` names the
    file to write)."""
    own = postgresql_file(path)
    if own is not None:
        return split_postgresql(own.read_text())
    try:
        return [out for statement in split(path.read_text()) for out in to_postgresql(statement)]
    except Untranslatable as exc:
        raise Untranslatable(f"migration {path.name}: {exc}; write its PostgreSQL text as "
                             f"db/migrations/{POSTGRESQL_DIR}/{path.name}") from None


def stray_postgresql_files(directory: Path, known: list[Path]) -> list[str]:
    """PostgreSQL files that replace no numbered migration (a misspelt name would be ignored)."""
    folder = directory / POSTGRESQL_DIR
    if not folder.is_dir():
        return []
    names = {path.name for path in known}
    return sorted(p.name for p in folder.iterdir() if p.suffix == ".sql" and p.name not in names)
