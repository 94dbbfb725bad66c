"""Compiled motions: moves.py, blocks.py, switches.py, electricity.py and hearts.py of
the reference engine, on kernel.py's arrays (see its docstring)."""

import numpy as np
from numba import njit

from studio.games.escape.compiled.kernel import (
    BLIGHT, BOMB, BROKEN, BUP, BDOWN, CELLS, DALEK, DALEK_ASLEEP, DESTROYED, ELECTRIC, EXIT, FLOOR, GLIGHT,
    GREY, GUP, GDOWN, HEARTFRAMER, HOLE, HUGBOT, HUGBOT_ASLEEP, K_BLOCK, K_BLOCKED, K_BROKEN, K_BUTTON,
    K_ELECTRIC, K_EXIT, K_GOLD, K_GREEN, K_HEART, K_ON, K_OPEN, K_SLIDER, K_SPHERES, K_STEELS, K_SWAPPER,
    K_TRANSPORT, KIND, LANDS, LR, NSWE, OFF, ONE, OPPOSITE, PANEL, PASSES, TRAP1, TRAP2, PLAYER, PUSHED_TO, REMOTE, RLIGHT, RUP,
    RDOWN, SLEEPINGDOOR, STAMP, TRANSPONDER, UD, WALKS, WIRE_OUT, ZERO, BLUE, GUY, bot_at, come_to_rest,
    fire, kill, lift_block, occupied, place, step_off, walk,
)
from studio.games.escape.engine.tilesets import SPHERES as _SPHERE_TILES, STEELS as _STEEL_TILES
from studio.games.escape.compiled.kernel import _table, rules

SPHERE_TILES, STEEL_TILES = _table(_SPHERE_TILES), _table(_STEEL_TILES)


@rules()
def move_from(L, B, G, m, W, who, here, d):
    """moves.move_from: an entity on ``here`` tries to go one cell in direction ``d``."""
    there = G[d, here]
    if there < 0:
        return False
    tile = L[0, there]
    kind = KIND[tile]
    if kind == K_BLOCKED or (not WALKS[tile] and occupied(B, m, there)):
        return False
    if kind == K_OPEN:
        if there != m[GUY] and bot_at(B, there) < 0:
            # Nobody there: a plain walk (kernel.walk written out here, where most moves
            # go: a numba call costs more than the walk itself)
            left = L[0, here]
            if left == PANEL or left == TRAP1 or left == TRAP2:
                step_off(L, G, m, W, here)
            if who == PLAYER:
                m[GUY] = there
            else:
                B[1, who] = there
            if L[0, there] == PANEL:
                fire(L, G, m, W, there)
            return True
        return enter_open(L, B, G, m, W, who, here, there, d)
    if kind == K_BLOCK:
        return push_block(L, B, G, m, W, who, here, there, d)
    if kind == K_SLIDER:
        return push_slider(L, B, G, m, W, who, here, there, d)
    if kind == K_SPHERES:
        return push_sphere_chain(L, B, G, m, W, there, d)
    if kind == K_STEELS:
        return push_steel_train(L, B, G, m, W, who, here, there, d)
    if kind == K_GREEN:
        return push_green(L, B, G, m, W, who, here, there, d)
    if kind == K_GOLD:
        return fly(L, B, G, m, W, there, d)
    if kind == K_EXIT:
        if occupied(B, m, there):
            return False
        return enter_open(L, B, G, m, W, who, here, there, d)
    if kind == K_ELECTRIC:
        if who == PLAYER or B[0, who] != DALEK or occupied(B, m, there):
            return False
        walk(L, B, G, m, W, who, here, there)
        B[0, who] = DESTROYED
        return True
    if kind == K_HEART:
        if who != PLAYER or bot_at(B, there) >= 0:
            return False
        take_heart_framer(L, B, there)
        walk(L, B, G, m, W, who, here, there)
        return True
    if kind == K_TRANSPORT:
        return enter_transporter(L, B, G, m, W, who, here, there)
    if kind == K_ON:
        L[0, there] = OFF
        for c in range(m[CELLS]):
            if L[0, c] == ELECTRIC:
                L[0, c] = FLOOR
        return True
    if kind == K_SWAPPER:
        toggle(L, LR, UD)
        L[0, there] = ONE if L[0, there] == ZERO else ZERO
        return True
    if kind == K_BROKEN:
        L[0, there] = FLOOR
        return True
    if kind == K_BUTTON:
        press_button(L, B, G, m, W, there)
        return True
    return False


@rules()
def enter_open(L, B, G, m, W, who, here, there, d):
    """moves.enter_open (a bot on the player is a wall)."""
    if who != PLAYER and there == m[GUY]:
        if bot_at(B, there) >= 0:
            return False
        if B[0, who] == DALEK:
            walk(L, B, G, m, W, who, here, there)
            kill(m)
            return True
        if not (B[0, who] == HUGBOT and push_player(L, B, G, m, W, d)):
            return False
    else:
        other = bot_at(B, there)
        if other >= 0:
            if who != PLAYER and B[0, who] == DALEK:
                walk(L, B, G, m, W, who, here, there)
                fuse(B, who, other)
                return True
            if not push_bot(L, B, G, m, W, other, d):
                return False
    walk(L, B, G, m, W, who, here, there)
    return True


@rules()
def enter_transporter(L, B, G, m, W, who, here, there):
    """moves.enter_transporter (landing on two)."""
    if (who != PLAYER and B[0, who] == HUGBOT) or occupied(B, m, there):
        return False
    dest = G[0, there]
    other = bot_at(B, dest)
    step_off(L, G, m, W, here)
    place(B, m, who, dest)
    if L[0, dest] == PANEL:  # walking.step_on
        fire(L, G, m, W, dest)
    if who != PLAYER:
        if other >= 0 and other != who:
            fuse(B, who, other)
        if dest == m[GUY]:
            kill(m)
    return True


@rules()
def push_bot(L, B, G, m, W, bot, d):
    """moves.push_bot (lit on the way in)."""
    here = B[1, bot]
    there = G[d, here]
    if there < 0 or occupied(B, m, there):
        return False
    tile = L[0, there]
    if tile != ELECTRIC and not PUSHED_TO[tile]:
        return False
    kind = B[0, bot]
    if kind >= BOMB:
        B[2, bot] = kind - BOMB
    walk(L, B, G, m, W, bot, here, there)
    if tile == ELECTRIC:
        B[0, bot] = DESTROYED
    return True


@rules()
def push_player(L, B, G, m, W, d):
    here = m[GUY]
    there = G[d, here]
    if there < 0 or bot_at(B, there) >= 0 or not PUSHED_TO[L[0, there]]:
        return False
    walk(L, B, G, m, W, PLAYER, here, there)
    return True


@rules()
def fuse(B, dalek, other):
    B[0, dalek] = BROKEN
    B[0, other] = DESTROYED


@rules()
def take_heart_framer(L, B, cell):
    """hearts.take_heart_framer: the last one wakes the sleeping doors and bots."""
    L[0, cell] = FLOOR
    for c in range(L.shape[1]):
        if L[0, c] == HEARTFRAMER:
            return
    for c in range(L.shape[1]):
        if L[0, c] == SLEEPINGDOOR:
            L[0, c] = EXIT
    for i in range(B.shape[1]):
        if B[0, i] == DALEK_ASLEEP:
            B[0, i] = DALEK
        elif B[0, i] == HUGBOT_ASLEEP:
            B[0, i] = HUGBOT


# -- blocks (blocks.py) --------------------------------------------------------------------

@rules()
def push_block(L, B, G, m, W, who, here, there, d):
    block = L[0, there]
    beyond = G[d, there]
    if beyond < 0:
        return False
    under = L[0, beyond]
    if not (LANDS[under] or under == ELECTRIC or (under == HOLE and block == GREY)):
        return False
    if occupied(B, m, beyond):
        return False
    lift_block(L, G, m, W, there)
    come_to_rest(L, G, m, W, block, beyond)
    walk(L, B, G, m, W, who, here, there)
    return True


@rules()
def push_green(L, B, G, m, W, who, here, there, d):
    beyond = G[d, there]
    if beyond < 0 or L[0, beyond] != FLOOR or occupied(B, m, beyond):
        return False
    lift_block(L, G, m, W, there)
    L[0, beyond] = BLUE
    walk(L, B, G, m, W, who, here, there)
    return True


@rules()
def push_slider(L, B, G, m, W, who, here, there, d):
    block = L[0, there]
    if (d >= 3) != (block == LR):
        return False
    beyond = G[d, there]
    if beyond < 0 or L[0, beyond] != FLOOR or occupied(B, m, beyond):
        return False
    lift_block(L, G, m, W, there)
    L[0, beyond] = block
    walk(L, B, G, m, W, who, here, there)
    return True


@rules()
def fly(L, B, G, m, W, start, d):
    """blocks.fly: gold flight; the pusher stays put."""
    block = L[0, start]
    end = start
    while True:
        ahead = G[d, end]
        if ahead < 0:
            break
        under = L[0, ahead]
        if not (LANDS[under] or under == ELECTRIC) or occupied(B, m, ahead):
            break
        end = ahead
        if under == ELECTRIC:
            break
    if end == start:
        return False
    lift_block(L, G, m, W, start)
    come_to_rest(L, G, m, W, block, end)
    return True


@rules()
def push_sphere_chain(L, B, G, m, W, there, d):
    last = there
    while True:
        ahead = G[d, last]
        if ahead < 0 or not SPHERE_TILES[L[0, ahead]] or occupied(B, m, ahead):
            break
        last = ahead
    return fly(L, B, G, m, W, last, d)


@rules()
def push_steel_train(L, B, G, m, W, who, here, there, d):
    """blocks.push_steel_train: the train moves front first, walked back by the opposite direction."""
    last = there
    while True:
        ahead = G[d, last]
        if ahead < 0 or not STEEL_TILES[L[0, ahead]] or occupied(B, m, ahead):
            break
        last = ahead
    front = G[d, last]
    if front < 0:
        return False
    under = L[0, front]
    if not (LANDS[under] or under == ELECTRIC) or occupied(B, m, front):
        return False
    back = OPPOSITE[d]
    cell = last
    while True:
        block = lift_block(L, G, m, W, cell)
        come_to_rest(L, G, m, W, block, G[d, cell])
        if cell == there:
            break
        cell = G[back, cell]
    walk(L, B, G, m, W, who, here, there)
    return True


# -- electricity (electricity.py) ---------------------------------------------------------

@njit(cache=True, _nrt=True)
def press_button(L, B, G, m, W, there):
    lights = np.zeros(3, dtype=np.int64)
    for direction in range(1, 5):
        send_pulse(L, B, G, m, W, there, direction, lights)
    if lights[0] & 1:
        toggle(L, BUP, BDOWN)
    if lights[1] & 1:
        toggle(L, RUP, RDOWN)
    if lights[2] & 1:
        toggle(L, GUP, GDOWN)


@rules()
def toggle(L, up, down):
    """Every ``up`` tile of the normal layer becomes ``down`` and every ``down`` one ``up``."""
    for c in range(L.shape[1]):
        if L[0, c] == up:
            L[0, c] = down
        elif L[0, c] == down:
            L[0, c] = up


@rules()
def send_pulse(L, B, G, m, W, source, d, lights):
    """electricity._send_pulse: one pulse; each (cell, direction) is met once (a stamp a pulse)."""
    m[STAMP] += 1
    stamp = m[STAMP]
    cell = G[d, source]
    while cell >= 0 and W[cell * 5 + d] != stamp:
        W[cell * 5 + d] = stamp
        tile = L[0, cell]
        out = WIRE_OUT[tile, d]
        if out >= 0:
            if out == 0:
                break
            d = out
        elif tile == NSWE:
            pass
        elif tile == REMOTE:
            fire(L, G, m, W, cell)
        elif tile == BLIGHT or tile == RLIGHT or tile == GLIGHT:
            lights[tile - BLIGHT] += 1
            break
        elif tile == TRANSPONDER:
            receiver = beam(L, B, G, m, cell, d)
            if receiver < 0:
                break
            cell = receiver
        else:
            break
        cell = G[d, cell]


@rules()
def beam(L, B, G, m, cell, d):
    cell = G[d, cell]
    while cell >= 0:
        if not PASSES[L[0, cell]] or occupied(B, m, cell):
            break
        cell = G[d, cell]
    if cell >= 0 and L[0, cell] == TRANSPONDER:
        return cell
    return -1
