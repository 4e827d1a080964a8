"""Every game's table with a "Tipp" taken, and a round's end that says the hints taken, for
`felt snapshot` (``felt.ui.snapshot.shown_for_every_game``; the Tipp itself is
``felt.ui.table_hint``)."""
from __future__ import annotations

END_PHASES = ("round_over", "match_over")


def _demo(game, seed: int, want):
    """A seeded match of ``game`` (its first template, four seats where it allows), its seats
    played by the normal bot, up to the first view of seat 0 that ``want(view)`` takes; None
    if none comes within a match."""
    rules = game.template(game.template_ids()[0])
    lo, hi = game.players_range(rules)
    n = max(lo, min(4, hi))
    state, _ = game.new_match(rules, n, seed)
    bots = [game.make_bot("normal", seed=i) for i in range(n)]
    for _ in range(2000):
        if want(game.view(state, 0)):
            return game.view(state, 0)
        if state.phase == "match_over":            # (a match of one round ends in match_over)
            return None
        if state.phase == "round_over":
            state, _ = game.next_round(state)
            continue
        seat = state.to_move
        move = bots[seat].choose(game.view(state, seat))
        game.apply_inplace(state, seat, move if not isinstance(move, dict) else game.move_from_wire(move))
    return None


def _scene(game, view: dict, w: int, h: int):
    from felt.ui.game_table import PlainTableScene
    from felt.ui.shots import NAMES
    cls = game.scene_for(view["phase"]) or PlainTableScene
    sc = cls(None, names=list(NAMES[:view["n"]]), settings={"muted": True}, on_move=lambda m: None,
             on_chat=lambda: None)
    sc.set_round_controls(lambda: None, lambda: None, lambda: None)
    sc.set_size(w, h)
    sc.set_view(view, ())
    return sc


def snapshot_scene(game, w: int, h: int, seed: int = 3):
    """``game``'s table at ``w`` x ``h`` with a Tipp taken on seat 0's turn: the first turn of a
    seeded match whose hinted move picks something before the last tap (cards raised)."""
    def picks(view: dict) -> bool:
        if view.get("to_move") != 0 or not view.get("legal") or view.get("phase") in END_PHASES:
            return False
        hint = game.hint(view)
        return bool(hint) and len(_scene(game, view, w, h).gesture(hint["move"]) or []) >= 2
    view = _demo(game, seed, picks) or _demo(game, seed, lambda v: v.get("to_move") == 0 and bool(v.get("legal")))
    sc = _scene(game, view, w, h)
    sc.take_hint()
    return sc


def snapshot_results(game, w: int, h: int, seed: int = 3):
    """``game``'s first round's end at ``w`` x ``h`` as seat 0 sees it, two seats having taken hints."""
    view = _demo(game, seed, lambda v: v.get("phase") in END_PHASES)
    sc = _scene(game, view, w, h)
    sc.set_hints(True, [2, 0, 1] + [0] * (view["n"] - 3))
    return sc
