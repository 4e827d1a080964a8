"""The pure, deterministic Präsident engine (see core.py) and per-seat views (view.py)."""
from felt.games.praesident.engine.core import (
    PASS,
    IllegalMove,
    IllegalPlay,
    Move,
    Play,
    State,
    apply,
    apply_inplace,
    beats,
    check_move,
    classify,
    end_match,
    is_legal,
    legal_moves,
    match_winner,
    move_from_wire,
    move_to_wire,
    new_match,
    next_round,
    position,
)
from felt.games.praesident.engine.view import filter_events, view, views, why_not_play

__all__ = [
    "PASS", "IllegalMove", "IllegalPlay", "Move", "Play", "State", "apply", "apply_inplace", "beats", "check_move",
    "classify", "end_match", "filter_events", "is_legal", "legal_moves", "match_winner", "move_from_wire",
    "move_to_wire", "new_match", "next_round", "position", "view", "views", "why_not_play",
]
