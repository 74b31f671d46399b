"""Leagues and tournaments, the pure part: seeding rounds of many boards, standings with their
tie-breaks, bidding for sides, two-game matches and playoffs. No database, Discord or clock: the
service layer stores the values these functions take and return (docs/tournaments.md).

    shapes      BoardShape, Seat, the families' boards, dipvis preference lists
    boards      SeededRound / SeatedBoard / Place (a round as values), history readers
    assignment  who takes which seat on one board (min-cost assignment, or choosing in order)
    grouping    players into boards with the fewest repeat meetings (tabu search)
    seeding     seed_round, top_board, seed_final_round
    ranking     tie-break chains (shared by the two kinds of standings)
    standings   tournament round and overall standings
    league      league standings
    bids        sealed bids for sides and who plays which side
    matches     two-game matches with sides swapped
    playoffs    the top 8's bracket and its advancing
"""
from .bids import Bid, BidOutcome, BidView, SealedBids
from .boards import Fill, Meeting, Place, SeatedBoard, SeededRound, meetings, seats_played, waits
from .errors import (BidError, BidPlacementError, PlayoffError, PreferenceError, SeedingError, StandingsError,
                     TournamentError)
from .league import GamePoints, LeagueGame, LeagueRow, LeagueRules, LeagueStandings, league_standings
from .matches import GameOutcome, MatchResult, TwoGameMatch
from .playoffs import Bracket, PlayoffMatch, advance, playoff_bracket
from .seeding import seed_final_round, seed_round, top_board
from .shapes import SHAPES, BoardShape, Preferences, Seat, parse_preferences, shape_for
from .standings import BoardResult, BoardScore, Standings, StandingsRow, round_standings, tournament_standings

__all__ = [
    "Bid", "BidOutcome", "BidView", "SealedBids", "Fill", "Meeting", "Place", "SeatedBoard", "SeededRound",
    "meetings", "seats_played", "waits", "BidError", "BidPlacementError", "PlayoffError", "PreferenceError",
    "SeedingError", "StandingsError", "TournamentError", "GamePoints", "LeagueGame", "LeagueRow", "LeagueRules",
    "LeagueStandings", "league_standings", "GameOutcome", "MatchResult", "TwoGameMatch", "Bracket",
    "PlayoffMatch", "advance", "playoff_bracket", "seed_final_round", "seed_round", "top_board", "SHAPES",
    "BoardShape", "Preferences", "Seat", "parse_preferences", "shape_for", "BoardResult", "BoardScore",
    "Standings", "StandingsRow", "round_standings", "tournament_standings",
]
