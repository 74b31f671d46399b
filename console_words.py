"""The console's words: its help, the order words that are commands of their own, the example
`help COMMAND` gives — the README's and `/help`'s examples, game number first, and for a command
that names units the asker's own orders — and the console's way to say a command hint."""
from __future__ import annotations

import re

HELP = """Commands (game number first where a game is meant; `;` separates order lines):
  as NAME [admin]                 act as player NAME
  game list [PAGE] | game options VARIANT | game create VARIANT [name=..] [hours=..] [bots:SEAT,SEAT] [opt=val ...]
  game join ID [SEAT] | game leave ID [SEAT] [cancel] | game start ID | game status ID
                                  (leave once the game runs: offer your seat to a substitute)
  gm pause ID | gm resume ID | gm extend ID HOURS | gm adjudicate ID | gm rollback ID
  gm assign ID SEAT NAME | gm abandon ID | game export ID   (the gm words also work after `game`)
  gm policy ID [excused=N] [extension=H] [time=21:00|off] [zone=Europe/Paris] [pause_cap=H] [absent=bot|hold]
  gm bot ID SEAT [easy|normal|hard|off]   before the start: a bot plays SEAT (off: a person again)
  hint ID [SEAT] [LEVEL]          what the bot would order for your seat now, and why (nothing is saved)
  gm advertise ID [SEAT] | game take ID SEAT (Discord's Join button) | game seats ID
  vote ID [MOTION [HOURS] [withdraw|confirm]]   pause, resume, extend, draw, concede, rollback; alone: the
                                  tally; a draw or a concession asks first (`vote 1 draw confirm`)
  press send ID SEATS: MESSAGE    a letter to other seats, signed with your power only (`/press send`)
  game import FILE | game delete ID (server admin: `as NAME admin`)
  orders ID [SEAT:] [ORDER; ORDER ...]   show or replace orders
  order ID [SEAT:] ORDER                 add or change one order
  clear ID [SEAT] | ready ID [SEAT] [confirm] | unready ID [SEAT]
                                  (Discord's Ready / Ready anyway / Not ready buttons)
  suggest ID [SEAT:] TEXT         legal orders matching TEXT (Discord's /order autocomplete)
  choices ID [SEAT:]              the phase's menus: retreats, builds, removals
  pick ID [SEAT:] KEY OPTION[; OPTION]   choose in a menu, e.g. `pick 1 build/France Build A Par`
  history ID [PHASE]              a past phase's orders of every seat and the results, with its map
  notify [dm on|off] [quiet on|off] [reminders 24 2|none|game]   how you hear about your games
  buy ID UNITS                    A&A: buy units for this turn
  move ID UNITS FROM - TO         A&A: move units (several steps: FROM - A - B)
  casualties ID ORDER             A&A: your order of loss, any time
  place ID UNITS WHERE            A&A: where the units bought are mobilized
  attack | break | retreat | submerge | call | declare | truck | supplies ... ID ...
                                  A&A: the other orders, the same words as on Discord
  done ID [confirm]               A&A: the same as `ready ID`: your turn is finished
  odds [#ID] ATTACKERS vs DEFENDERS [options: OPT ...]
                                  battle odds under a game's house rules (or those named)
  status ID                       the game's status (same as `game status ID`)
  map ID [PHASE] [REGION]         write the map PNG to the out folder (REGION: e.g. balkans)
  map ID replay                   write the whole game so far as an animated GIF
  map ID preview [REGION]         your own current orders drawn on the board
  palette standard|colour-blind   your map colours
  rules [ID|VARIANT]              the rules, with a game's options in force
  ruling [VARIANT] TOPIC|list [PAGE]   a reading of an unclear rule with its quote (`/rules ruling:`)
  tick                            fire due reminders and deadlines
  help [COMMAND] | quit"""


# The A&A order words that are commands of their own, as on Discord (`/buy`, `/move`, …) or as
# the first word of an order (`place 3 infantry Berlin`): `place 1 3 infantry Berlin` is the
# order `place 3 infantry Berlin` for game 1.
ORDER_WORDS = ("buy", "purchase", "move", "casualties", "place", "attack", "break", "retreat", "submerge", "call",
               "declare", "truck", "supplies", "supply", "concentrate", "factory", "defect", "spain", "sub", "trains")
# `help CMD`'s example: the README's and `/help`'s examples in the console's words (game number first).
EXAMPLES = {
    "buy": "buy 1 3 infantry, 1 artillery", "move": "move 1 2 infantry, 1 artillery Berlin - Silesia",
    "casualties": "casualties 1 infantry, artillery, tank", "place": "place 1 3 infantry Berlin",
    "done": "done 1   ·   done 1 confirm", "ready": "ready 1   ·   ready 1 confirm", "unready": "unready 1",
    "attack": "attack 1 Picardy", "retreat": "retreat 1 SZ 9 to SZ 10 after 1", "break": "break 1 off SZ 9 after 2",
    "submerge": "submerge 1 SZ 9   ·   submerge 1 always", "call": "call 1 off Picardy if mined",
    "declare": "declare 1 usw", "orders": "orders 1 A Par - Bur; A Mar S A Par - Bur", "order": "order 1 A Mun - Ruh",
    "clear": "clear 1", "map": "map 1 balkans   ·   map 1 3   ·   map 1 replay   ·   map 1 preview",
    "history": "history 1 2", "palette": "palette colour-blind", "vote": "vote 1 extend 24   ·   vote 1 draw   ·   vote 1 draw confirm",
    "odds": "odds 3 inf, 1 art vs 4 inf   ·   odds #1 3 inf vs 2 inf", "rules": "rules classic   ·   rules 1",
    "status": "status 1", "ruling": "ruling list   ·   ruling rx07 Rule 5: Russia in civil disorder", "hint": "hint 1   ·   hint 1 Central hard", "pick": "pick 1 build/France Build A Par",
    "press": "press send 1 France: shall we leave Burgundy empty?",
    "choices": "choices 1", "suggest": "suggest 1 A Par", "notify": "notify dm on   ·   notify reminders 24 2",
    "game": "game create rx07 name=Marne   ·   game join 1   ·   game start 1   ·   game status 1",
    "gm": "gm extend 1 24   ·   gm policy 1 excused=1 time=21:00 zone=Europe/Paris",
}


# ------------------------------------------------------------------ command hints
# The service and the rules phrase a command hint once, as Discord's slash command (`/ready
# confirm:True`); the console prints every such hint in its own words (`ready 1 confirm`), here
# and nowhere else. Each entry: the console's words for a slash command — `ID` the game number,
# `{name=SHOWN}` a slash option's value (SHOWN when the hint gives none), `[ word]` the word
# when the option `word` is on.
CONSOLE_FORMS = {
    "ready": "ready ID[ confirm]", "unready": "unready ID", "done": "done ID[ confirm]", "clear": "clear ID",
    "orders": "orders ID", "order": "order ID {text=ORDER}", "hint": "hint ID", "status": "status ID",
    "notify": "notify", "notify reminders": "notify reminders {reminders=}", "odds": "odds {battle=}",
    "palette": "palette {palette=}", "help": "help {command=}", "history": "history ID {phase=}",
    "map": "map ID {phase=}", "map replay": "map ID replay", "map preview": "map ID preview",
    "rules": "rules ID", "rules variant": "rules {variant=VARIANT}", "rules ruling": "ruling {ruling=TOPIC}",
    "vote": "vote ID {motion=} {hours=}[ withdraw][ confirm]",
    "game create": "game create {variant=VARIANT} {bots=}", "game join": "game join ID {seat=}",
    "game leave": "game leave ID {seat=}[ cancel]", "game seats": "game seats ID", "game status": "game status ID",
    "game export": "game export ID", "game import": "game import FILE", "game list": "game list",
    "game options": "game options {variant=VARIANT}", "game delete": "game delete ID", "game start": "game start ID",
    "gm assign": "gm assign ID {seat=SEAT} {member=NAME}", "gm advertise": "gm advertise ID {seat=}",
    "gm pause": "gm pause ID", "gm resume": "gm resume ID", "gm extend": "gm extend ID {hours=HOURS}",
    "gm adjudicate": "gm adjudicate ID", "gm rollback": "gm rollback ID", "gm abandon": "gm abandon ID",
    "gm bot": "gm bot ID {seat=SEAT} {level=}", "gm policy": "gm policy ID {policy=}",
    "press send": "press send ID {to=SEATS}: {message=MESSAGE}",
}
_HINT = re.compile(r"`([/!][a-z][^`\n]*)`")          # a slash command, or its prefix twin (`!ready confirm`)
_TWICE = re.compile(r"`([^`]+)`(?:,? or `\1`)+")
_OPTION = re.compile(r"(\w+):")
_SLOT = re.compile(r"\{(\w+)=([^}]*)\}")
_PATHS = {" ".join(key.split()[:n]) for key in CONSOLE_FORMS for n in (1, 2)}


def console_hint(slash: str, game_id: int | None = None) -> str:
    """One slash command as the console says it: `/ready confirm:True` → `ready 1 confirm`,
    `/rules ruling:list` → `ruling list`, `/press send to: France message: …` → `press send 1
    France: …`. A command the console does not have (`/game spectate`, `/press open`) keeps
    Discord's words, marked "(on Discord)"."""
    words = slash.lstrip("/").split()
    path: list[str] = []
    while words and ":" not in words[0] and " ".join(path + words[:1]) in _PATHS:
        path.append(words.pop(0))
    key, rest = " ".join(path), " ".join(words)
    pieces = _OPTION.split(rest)
    positional = pieces[0].split()
    options = {name.lower(): value.strip() for name, value in zip(pieces[1::2], pieces[2::2])}
    if f"{key} {next(iter(options), '')}" in CONSOLE_FORMS:             # `/rules ruling:list`, `/map preview:True`
        key += f" {next(iter(options))}"
        if f"{{{key.split()[-1]}=" not in CONSOLE_FORMS[key]:
            options.pop(key.split()[-1])
    elif positional and f"{key} {positional[0]}" in CONSOLE_FORMS:     # `/map replay`
        key += f" {positional.pop(0)}"
    form = CONSOLE_FORMS.get(key)
    if form is None:
        return f"{slash} (on Discord)"
    number = str(game_id) if game_id is not None else "ID"
    if "ID" in form and positional and positional[0].lstrip("#").isdigit():     # `/game join 3`
        number = positional.pop(0).lstrip("#")
    text = form.replace("ID", number)
    for flag in re.findall(r"\[ (\w+)\]", form):
        on = flag in options and options.pop(flag).lower() in ("true", "yes", "on", "")
        text = text.replace(f"[ {flag}]", f" {flag}" if on else "")
    extra = [w for w in positional if w == "…"]
    positional = [w for w in positional if w != "…"]
    slots = _SLOT.findall(form)
    for index, (name, shown) in enumerate(slots):
        value = options.pop(name, "")
        if name == "policy":
            value, options = " ".join(f"{k}={v}" for k, v in options.items()), {}
        elif name == "bots" and value:
            value = f"bots:{value}"
        if not value and positional:                    # the hint's own words fill the slots in order
            value = " ".join(positional) if index == len(slots) - 1 else positional.pop(0)
            positional = [] if index == len(slots) - 1 else positional
        text = text.replace(f"{{{name}={shown}}}", _placeholder(value or shown))
    tail = [_placeholder(v) for v in (*positional, *extra, *options.values()) if v]
    return " ".join(f"{text} {' '.join(tail)}".split()).replace(" :", ":")


def in_console_words(text: str, game_id: int | None = None) -> str:
    """Every backquoted slash command in `text` (and its `!` twin), in the console's words
    (`console_hint`); the same words offered twice are said once."""
    said = _HINT.sub(lambda m: f"`{console_hint('/' + m.group(1)[1:], game_id)}`", text)
    return _TWICE.sub(r"`\1`", said)


def _placeholder(value: str) -> str:
    """`<seat>` as the console's help writes a thing to fill in: SEAT."""
    return re.sub(r"<([^<>]+)>", lambda m: m.group(1).upper(), value.strip())


# ------------------------------------------------------------------ `help COMMAND`
# Commands whose example names units or places: a seat's own. To a player of a running game,
# `help` gives their own legal orders, never another power's (with none to give now, words only);
# to someone in no game, the README's example.
OWN_EXAMPLES = ("order", "orders", "suggest", "pick", *ORDER_WORDS)


async def help_answer(service, actor, word: str) -> str:
    """`help WORD`: the help lines that name it and an example in the console's words."""
    found = [line for line in HELP.splitlines()[1:] if re.search(rf"(^|[\s|]){re.escape(word)}\b", line)]
    if not found:
        return f"no console command `{word[:30]}`; type `help`"
    example = EXAMPLES.get(word)
    if word in OWN_EXAMPLES:
        running = [g for g in await service.games_of_user(actor.user_id) if g.status in ("active", "paused")]
        if running:
            example = await own_example(service, actor, word, running) or (
                f"`suggest {running[0].id}` lists the orders your seat can give now")
    return "\n".join(found) + (f"\n  for example: {example}" if example else "")


async def own_example(service, actor, word: str, games) -> str | None:
    """`word`'s example from the orders the asker's seat may give now, in the first of `games`
    where they have something to order, or None."""
    if word == "pick":           # a menu's keys and options are the seat's own: `choices` lists them
        return f"choices {games[0].id}   ·   then `pick {games[0].id} KEY OPTION` with one of them"
    for game in games:
        try:
            orders = await service.example_orders(game.id, actor)
        except Exception:  # noqa: BLE001 - no example is better than a failing help
            continue
        if orders and word in ("order", "orders", "suggest"):
            return {"order": f"order {game.id} {orders[0]}", "orders": f"orders {game.id} {'; '.join(orders[:2])}",
                    "suggest": f"suggest {game.id} {' '.join(orders[0].split()[:2])}"}[word]
        mine = [o for o in orders if o.split()[0].lower() == word]
        if mine:
            return f"{word} {game.id} {mine[0].split(' ', 1)[1]}"
    return None
