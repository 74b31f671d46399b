"""The console's words: its help, the order words that are commands of their own, and the
example `help COMMAND` gives — the README's and `/help`'s examples, game number first."""
from __future__ import annotations

HELP = """Commands (game number first where a game is meant; `;` separates order lines):
  as NAME [admin]                 act as player NAME
  game list | game options VARIANT | game create VARIANT [name=..] [hours=..] [bots:SEAT,SEAT] [opt=val ...]
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
