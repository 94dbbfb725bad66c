"""Compiled turns and verdicts: bots.py, bombs.py, lasers.py, step.advance and
verdict.play_solution of the reference engine, on kernel.py's arrays."""

from numba import njit

from studio.games.escape.compiled.kernel import (
    BLAST_CELLS, BLASTS, BOMB, BOMBS_TAKE, CELLS, COLUMN_COUNTS, DALEK, DEAD, DESTROYED, DOWN, EXIT, EXPLODED, FLOOR,
    GUY, HUGBOT, KILLED, LASER, LASERS, LEFT, NOT_NORMAL_PANEL_FLAGS, ROW_COUNTS, NOTHING, OPEN, OVERFLOW, PASSES, PLAYER, RIGHT, TOUCHED, UNSURE, UP,
    WIDTH, WON, bot_at, count_laser, end_motion, rules,
)
from studio.games.escape.compiled.motion import move_from


@rules(inline="always")
def bots_take_turns(L, B, G, m, W):
    for bot in range(B.shape[1]):  # (read as it comes: a bot's type may change as others move)
        kind = B[0, bot]
        if kind == HUGBOT or kind == DALEK:
            chase(L, B, G, m, W, bot)
            if m[TOUCHED]:
                end_motion(L, m, W)


@rules(inline="always")
def chase(L, B, G, m, W, bot):
    width = m[WIDTH]
    cell, guy = B[1, bot], m[GUY]
    bx, gx = cell % width, guy % width
    if bx != gx and move_from(L, B, G, m, W, bot, cell, RIGHT if gx > bx else LEFT):
        return True
    by, gy = cell // width, guy // width
    if by != gy:
        return move_from(L, B, G, m, W, bot, cell, DOWN if gy > by else UP)
    return False


@rules()
def bombs_tick(L, B, G, m):
    for bomb in range(B.shape[1]):
        if B[0, bomb] >= BOMB and B[2, bomb] >= 0:
            if B[2, bomb] == 0:
                explode(L, B, G, m, bomb, bomb)
            else:
                B[2, bomb] -= 1


@rules()
def _blast_cell(G, cell, k):
    """The k-th cell of a blast around ``cell`` (its own, then up, down, left, right), or -1."""
    return cell if k == 0 else G[k, cell]


@rules()
def _set_off(L, B, G, m, bomb):
    cell = B[1, bomb]
    B[0, bomb] = EXPLODED
    m[BLAST_CELLS + m[BLASTS]] = cell
    m[BLASTS] += 1
    for k in range(5):
        c = _blast_cell(G, cell, k)
        if c >= 0 and BOMBS_TAKE[L[0, c]]:
            if L[0, c] == LASER and m[LASERS]:
                count_laser(m, c, -1)
            L[0, c] = FLOOR
            L[2, c] &= NOT_NORMAL_PANEL_FLAGS


@njit(cache=True, _nrt=True)
def explode(L, B, G, m, bomb, cursor):
    """bombs.explode, its recursion (a bomb whose turn has passed explodes at once, depth
    first) kept on an explicit stack of (bomb, next blast cell)."""
    stack_bomb = [bomb]
    stack_next = [0]
    _set_off(L, B, G, m, bomb)
    while stack_bomb:
        top = len(stack_bomb) - 1
        k = stack_next[top]
        if k > 4:
            stack_bomb.pop()
            stack_next.pop()
            continue
        stack_next[top] = k + 1
        c = _blast_cell(G, B[1, stack_bomb[top]], k)
        if c < 0:
            continue
        other = bot_at(B, c)
        if other < 0:
            continue
        if B[0, other] >= BOMB:
            if other > cursor:
                B[2, other] = 0
            else:
                _set_off(L, B, G, m, other)
                stack_bomb.append(other)
                stack_next.append(0)
        else:
            B[0, other] = DESTROYED


@rules()
def _bot_between(B, lo, hi, step, player):
    """Does a live bot other than on the player's cell stand on lo, lo+step, ... < hi?"""
    for i in range(B.shape[1]):
        c = B[1, i]
        if B[0, i] >= 0 and c != player and lo <= c < hi and (c - lo) % step == 0:
            return True
    return False


@rules(inline="always")
def laser_sees(L, B, m, cell):
    """lasers.laser_that_sees: the nearest blocker each way along the row, then the
    column, is a laser with no live bot in between (only a row or column holding one is looked along)."""
    width = m[WIDTH]
    height = m[CELLS] // width
    y, x = cell // width, cell % width
    start = y * width
    if m[ROW_COUNTS + y]:
        c = x - 1
        while c >= 0 and PASSES[L[0, start + c]]:
            c -= 1
        if c >= 0 and L[0, start + c] == LASER and not _bot_between(B, start + c + 1, cell, 1, cell):
            return True
        c = x + 1
        while c < width and PASSES[L[0, start + c]]:
            c += 1
        if c < width and L[0, start + c] == LASER and not _bot_between(B, cell + 1, start + c, 1, cell):
            return True
    if not m[m[COLUMN_COUNTS] + x]:
        return False
    r = y - 1
    while r >= 0 and PASSES[L[0, r * width + x]]:
        r -= 1
    if r >= 0 and L[0, r * width + x] == LASER and not _bot_between(B, (r + 1) * width + x, cell, width, cell):
        return True
    r = y + 1
    while r < height and PASSES[L[0, r * width + x]]:
        r += 1
    if r < height and L[0, r * width + x] == LASER and not _bot_between(B, cell + width, r * width + x, width, cell):
        return True
    return False


@rules(inline="always")  # (its one caller, play: a numba call costs more than most moves)
def advance(L, B, G, m, W, direction):
    """step.advance: WON, DEAD, OPEN (a move that left neither) or NOTHING (it changed nothing)."""
    if not move_from(L, B, G, m, W, PLAYER, m[GUY], direction):
        return NOTHING
    if m[TOUCHED]:
        end_motion(L, m, W)
    bots = B.shape[1]
    if bots:
        for i in range(bots):
            if B[0, i] == EXPLODED:
                B[0, i] = DESTROYED
        bots_take_turns(L, B, G, m, W)
        for i in range(bots):
            if B[0, i] >= BOMB:
                bombs_tick(L, B, G, m)
                break
    if m[KILLED]:
        return DEAD
    guy = m[GUY]
    if bots:
        for k in range(m[BLASTS]):
            cell = m[BLAST_CELLS + k]
            if cell == guy or G[1, cell] == guy or G[2, cell] == guy or G[3, cell] == guy or G[4, cell] == guy:
                return DEAD
        if bot_at(B, guy) >= 0:
            return DEAD
    if m[LASERS] and laser_sees(L, B, m, guy):
        return DEAD
    return WON if L[0, guy] == EXIT else OPEN


@rules()
def play(L, B, G, m, W, moves):
    """verdict.play_solution from a start no move has decided: (verdict, moves counted).
    UNSURE when a motion marked more cells than the scratch space holds (the caller then
    plays the reference engine)."""
    count = 0
    for move in moves:
        count += 1
        if move < 1 or move > 4:
            continue
        m[BLASTS] = 0
        outcome = advance(L, B, G, m, W, move)
        if m[OVERFLOW]:
            return UNSURE, count
        if outcome == WON or outcome == DEAD:
            return outcome, count
    # the last look (verdict._last_look)
    if count:
        guy = m[GUY]
        if bot_at(B, guy) >= 0 or (m[LASERS] and laser_sees(L, B, m, guy)):
            return DEAD, count
    return OPEN, count
