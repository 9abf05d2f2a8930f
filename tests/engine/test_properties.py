"""Properties that hold for every board, size, seed and sequence of moves."""

from hypothesis import given, settings
from hypothesis import strategies as st

from game.engine import Minefield

RULES = ("opening", "safe", "classic")


@st.composite
def games(draw):
    w = draw(st.integers(8, 20))
    h = draw(st.integers(8, 20))
    mines = draw(st.integers(1, (w - 1) * (h - 1)))
    seed = draw(st.integers(0, 2**32))
    rule = draw(st.sampled_from(RULES))
    first = (draw(st.integers(0, w - 1)), draw(st.integers(0, h - 1)))
    return w, h, mines, seed, rule, first


@st.composite
def move_lists(draw, w, h):
    kinds = st.sampled_from(["R", "F", "C"])
    return draw(st.lists(st.tuples(kinds, st.integers(0, w - 1), st.integers(0, h - 1)),
                         max_size=60))


def play(f, moves):
    for kind, x, y in moves:
        f.apply(f"{kind} {x} {y}")


@given(games())
@settings(max_examples=150, derandomize=True, deadline=None)
def test_the_board_holds_exactly_the_mines_asked_for(game):
    w, h, mines, seed, rule, (x, y) = game
    f = Minefield(w, h, mines, seed=seed, first_click=rule)
    f.reveal(x, y)
    assert sum(row.count("*") for row in f.layout()) == mines


@given(games())
@settings(max_examples=150, derandomize=True, deadline=None)
def test_the_first_click_is_never_a_mine_and_opening_opens_an_area(game):
    w, h, mines, seed, rule, (x, y) = game
    f = Minefield(w, h, mines, seed=seed, first_click=rule)
    f.reveal(x, y)
    assert f.status in ("playing", "won")
    if rule == "opening":          # on the custom sizes there is always room
        assert f.cell(x, y) == "0"


@given(games(), st.data())
@settings(max_examples=150, derandomize=True, deadline=None)
def test_every_revealed_zero_has_no_covered_unflagged_neighbour(game, data):
    """A cascade opens every neighbour of a zero but flags. A flag it skipped
    may later be cycled to ? or cleared by the player, so the neighbours of a
    zero are open or were flagged at some point."""
    w, h, mines, seed, rule, (x, y) = game
    f = Minefield(w, h, mines, seed=seed, first_click=rule)
    f.reveal(x, y)
    moves = data.draw(move_lists(w, h))
    play(f, moves)
    ever_flagged = {(mx, my) for kind, mx, my in moves if kind == "F"}
    view = f.view()
    for cy, row in enumerate(view):
        for cx, c in enumerate(row):
            if c == "0":
                for nx, ny in f.neighbours(cx, cy):
                    assert view[ny][nx] in "012345678F" or (nx, ny) in ever_flagged


@given(games(), st.data())
@settings(max_examples=150, derandomize=True, deadline=None)
def test_the_game_is_won_exactly_when_every_safe_cell_is_open(game, data):
    w, h, mines, seed, rule, (x, y) = game
    f = Minefield(w, h, mines, seed=seed, first_click=rule)
    f.reveal(x, y)
    play(f, data.draw(move_lists(w, h)))
    layout = "".join(f.layout())
    opened = sum(c in "012345678" for c in "".join(f.view()))
    if f.status == "lost":
        return
    assert (f.status == "won") == (opened == layout.count("."))
    assert f.safe_left == layout.count(".") - opened
    if f.status == "won":
        assert f.mines_left == 0
        assert all(v == "F" for v, m in zip("".join(f.view()), layout, strict=True) if m == "*")


@given(games(), st.data())
@settings(max_examples=100, derandomize=True, deadline=None)
def test_seed_plus_moves_replays_to_the_same_view(game, data):
    w, h, mines, seed, rule, (x, y) = game
    f = Minefield(w, h, mines, seed=seed, first_click=rule)
    f.reveal(x, y)
    play(f, data.draw(move_lists(w, h)))
    g = Minefield(w, h, mines, seed=seed, first_click=rule)
    for move in f.moves:
        g.apply(str(move))
    assert g.view() == f.view()
    assert g.status == f.status and g.mines_left == f.mines_left


@given(games(), st.data())
@settings(max_examples=100, derandomize=True, deadline=None)
def test_the_changed_cells_are_exactly_the_cells_whose_view_changed(game, data):
    w, h, mines, seed, rule, (x, y) = game
    f = Minefield(w, h, mines, seed=seed, first_click=rule)
    moves = [("R", x, y)] + data.draw(move_lists(w, h))
    for kind, mx, my in moves:
        before = f.view()
        changed = f.apply(f"{kind} {mx} {my}")
        after = f.view()
        diff = {(cx, cy) for cy in range(h) for cx in range(w) if before[cy][cx] != after[cy][cx]}
        assert set(changed) == diff
        assert len(changed) == len(diff)
