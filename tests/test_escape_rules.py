"""The Escape rules, one test per rule, on small levels drawn in the test.

Map legend (normal layer; the bizarro layer is drawn the same way):
  .  floor       #  blue block   r  red         g  grey        G  green
  E  exit        o  hole         $  gold        L  laser       p  panel
  ,  rough       z  electric     +  ON switch   T  transporter b  broken block
  -  LR block    |  UD block     0  zero        1  one         B  button
  H  heart       S  sleeping door s steel       @  sphere      ^  hidden trap
  v  trap        x  transponder  w  wire WE     n  wire NS     X  NSWE crossing
  R  remote      l  blue light   u  blue floor up   d  blue floor down
  q  blue panel  Q  blue sphere  F K J 7  wires SE NE NW SW (as box corners)
  (space) black  P  the player, on floor
"""

from __future__ import annotations

import pytest

from studio.games.escape.engine import (
    DOWN, ESCAPE_ENGINE, LEFT, RIGHT, UP, EscapeState, initial_state, play_solution, step,
)
from studio.games.escape.engine.events import Blocked, Exploded, Killed, PanelFired, Pushed, Swapped
from studio.games.escape.level import BotPlacement, EscapeLevel
from studio.games.escape.tiles import Bot, T

LEGEND = {
    ".": T.FLOOR, "#": T.BLUE, "r": T.RED, "g": T.GREY, "G": T.GREEN, "E": T.EXIT, "o": T.HOLE,
    "$": T.GOLD, "L": T.LASER, "p": T.PANEL, ",": T.ROUGH, "z": T.ELECTRIC, "+": T.ON,
    "T": T.TRANSPORT, "b": T.BROKEN, "-": T.LR, "|": T.UD, "0": T.ZERO, "1": T.ONE, "B": T.BUTTON,
    "H": T.HEARTFRAMER, "S": T.SLEEPINGDOOR, "s": T.STEEL, "@": T.SPHERE, "^": T.TRAP2, "v": T.TRAP1,
    "x": T.TRANSPONDER, "w": T.WE, "n": T.NS, "X": T.NSWE, "R": T.REMOTE, "l": T.BLIGHT,
    "u": T.BUP, "d": T.BDOWN, "q": T.BPANEL, "Q": T.BSPHERE, " ": T.BLACK, "P": T.FLOOR,
    "F": T.SE, "K": T.NE, "J": T.NW, "7": T.SW,
}


def make_level(rows: str, bizarro: str | None = None, dests=None, bots=()) -> EscapeLevel:
    lines = rows.strip("\n").split("\n")
    width, height = max(map(len, lines)), len(lines)
    lines = [line.ljust(width, ".") for line in lines]
    level = EscapeLevel.blank(width, height)
    for y, line in enumerate(lines):
        for x, ch in enumerate(line):
            level.tiles[y * width + x] = int(LEGEND[ch])
            if ch == "P":
                level.player = (x, y)
    if bizarro:
        for y, line in enumerate(bizarro.strip("\n").split("\n")):
            for x, ch in enumerate(line):
                level.otiles[y * width + x] = int(LEGEND[ch])
    for (sx, sy), (dx, dy) in (dests or {}).items():
        level.dests[sy * width + sx] = dy * width + dx
    level.bots = [BotPlacement(y * width + x, int(kind)) for kind, (x, y) in bots]
    return level


def play(level_or_state, *moves):
    state = level_or_state if isinstance(level_or_state, EscapeState) else initial_state(level_or_state)
    result = None
    for move in moves:
        result = step(state, move)
        state = result.state
    return state, result


def tile(state, x, y, layer="tiles"):
    return getattr(state, layer)[y * state.width + x]


def bot(state, number):
    kind, cell, data = state.bots[number]
    return kind, state.board.xy(cell), data


# -- walking, walls, exits, lasers -------------------------------------------

def test_player_walks_onto_floor():
    state, result = play(make_level("P.."), RIGHT)
    assert state.guy == (1, 0) and result.moved and result.outcome == "none"


def test_walking_into_a_wall_changes_nothing():
    start = initial_state(make_level("P#"))
    result = step(start, RIGHT)
    assert not result.moved and result.state is start


def test_reaching_an_exit_wins():
    state, result = play(make_level("P.E"), RIGHT, RIGHT)
    assert result.outcome == "won" and state.won


def test_laser_kills_the_player_at_the_end_of_a_move():
    state, result = play(make_level("P.\n..\n.L"), RIGHT)
    assert result.outcome == "dead"
    killed = [e for e in result.events if isinstance(e, Killed)]
    # the laser's cell, then the beam from it to the player
    assert killed[0].cause == "laser" and killed[0].at == 5 and killed[0].cells == (3, 1)


def test_starting_in_a_lasers_sight_is_safe_until_a_move():
    level = make_level("P.L\n...")
    assert not initial_state(level).dead
    assert play(level, DOWN)[1].outcome == "none"
    assert play(level, DOWN, UP)[1].outcome == "dead"


def test_blocks_and_bots_block_lasers_but_black_space_does_not():
    assert play(make_level("P.\n.r\n.L"), RIGHT)[1].outcome == "none"
    assert play(make_level("P..\n.  \n.L."), RIGHT)[1].outcome == "dead"
    bot_in_the_way = make_level("P.\n#.\n#L", bots=[(Bot.BROKEN, (1, 1))])
    assert play(bot_in_the_way, RIGHT)[1].outcome == "none"


# -- blocks -------------------------------------------------------------------

def test_red_block_is_pushed_one_cell_and_the_player_follows():
    state, result = play(make_level("Pr.."), RIGHT)
    assert state.guy == (1, 0) and tile(state, 2, 0) == T.RED and tile(state, 1, 0) == T.FLOOR
    assert Pushed("red block", 1, 2, "player") in result.events


def test_red_block_does_not_go_onto_rough():
    result = step(initial_state(make_level("Pr,")), RIGHT)
    assert not result.moved
    assert Blocked("red block", 1, 2) in result.events


def test_grey_block_fills_a_hole_and_red_does_not():
    state, _ = play(make_level("Pgo"), RIGHT)
    assert tile(state, 2, 0) == T.FLOOR and tile(state, 1, 0) == T.FLOOR
    assert not step(initial_state(make_level("Pro")), RIGHT).moved


def test_green_block_moves_once_then_is_blue():
    state, _ = play(make_level("PG.."), RIGHT)
    assert tile(state, 2, 0) == T.BLUE and state.guy == (1, 0)
    assert not step(state, RIGHT).moved


def test_electric_floor_consumes_pushed_blocks_and_stops_the_player():
    state, _ = play(make_level("Prz"), RIGHT)
    assert tile(state, 2, 0) == T.ELECTRIC and tile(state, 1, 0) == T.FLOOR
    assert not step(state, RIGHT).moved


def test_gold_block_flies_until_blocked_and_the_player_stays():
    state, result = play(make_level("P$...#"), RIGHT)
    assert state.guy == (0, 0) and tile(state, 4, 0) == T.GOLD and tile(state, 1, 0) == T.FLOOR


def test_gold_block_flies_over_panels_but_not_rough():
    state, _ = play(make_level("P$.p.,"), RIGHT)
    assert tile(state, 4, 0) == T.GOLD


def test_sphere_row_passes_the_push_to_the_last_sphere():
    state, _ = play(make_level("P@@@..#"), RIGHT)
    assert [tile(state, x, 0) for x in range(1, 6)] == [T.SPHERE, T.SPHERE, T.FLOOR, T.FLOOR, T.SPHERE]
    assert state.guy == (0, 0)


def test_steel_row_moves_as_one_unit():
    state, _ = play(make_level("Psss.#"), RIGHT)
    assert state.guy == (1, 0)
    assert [tile(state, x, 0) for x in range(1, 5)] == [T.FLOOR, T.STEEL, T.STEEL, T.STEEL]
    assert not step(state, RIGHT).moved  # the front steel meets the wall


def test_left_right_block_moves_only_horizontally_and_never_onto_panels():
    assert play(make_level("P-."), RIGHT)[0].guy == (1, 0)
    assert not step(initial_state(make_level("P\n-\n.")), DOWN).moved
    assert not step(initial_state(make_level("P-p")), RIGHT).moved
    assert not step(initial_state(make_level("P-z")), RIGHT).moved


def test_zero_block_swaps_sliders_and_turns_into_one():
    state, result = play(make_level("P0.-|"), RIGHT)
    assert result.moved and state.guy == (0, 0)
    assert tile(state, 1, 0) == T.ONE and tile(state, 3, 0) == T.UD and tile(state, 4, 0) == T.LR


def test_broken_block_crumbles_and_the_player_stays():
    state, _ = play(make_level("Pb."), RIGHT)
    assert tile(state, 1, 0) == T.FLOOR and state.guy == (0, 0)


def test_on_switch_turns_off_and_clears_electric_floor():
    state, _ = play(make_level("P+\nzz"), RIGHT)
    assert tile(state, 1, 0) == T.OFF and tile(state, 0, 1) == T.FLOOR and tile(state, 1, 1) == T.FLOOR


# -- panels and the bizarro layer --------------------------------------------

def test_panel_swaps_destination_at_end_of_move():
    level = make_level("Pp.r", bizarro="...g", dests={(1, 0): (3, 0)})
    state, result = play(level, RIGHT)
    assert tile(state, 3, 0) == T.GREY and tile(state, 3, 0, "otiles") == T.RED
    assert PanelFired(1, 3) in result.events and Swapped(3) in result.events


def test_panel_fires_again_when_stepped_off():
    level = make_level("Pp.r", dests={(1, 0): (3, 0)})
    state, _ = play(level, RIGHT, RIGHT)
    assert tile(state, 3, 0) == T.RED


def test_panel_swap_is_the_last_act_of_the_move():
    # gold resting on a panel whose destination is the wall in its way: pushed off, it
    # fires the panel, but the wall swaps away only after the flight has ended
    level = make_level("P$.#.", bizarro=".....", dests={(1, 0): (3, 0)})
    start = initial_state(level)
    start = start._replace(flags=bytes([0, 1, 0, 0, 0]))  # a panel under the gold
    state, _ = play(start, RIGHT)
    assert tile(state, 1, 0) == T.PANEL and tile(state, 2, 0) == T.GOLD and tile(state, 3, 0) == T.FLOOR


def test_two_firings_at_one_destination_in_a_move_cancel():
    level = make_level("Ppp.#", bizarro="....r", dests={(1, 0): (4, 0), (2, 0): (4, 0)})
    state, result = play(level, RIGHT)
    assert tile(state, 4, 0) == T.RED
    state, result = play(state, RIGHT)  # off one panel and onto the other
    assert [e for e in result.events if isinstance(e, PanelFired)] == [PanelFired(1, 4), PanelFired(2, 4)]
    assert not any(isinstance(e, Swapped) for e in result.events) and tile(state, 4, 0) == T.RED


def test_block_pushed_onto_a_panel_that_targets_itself_vanishes():
    level = make_level("Prp", dests={(2, 0): (2, 0)})
    state, _ = play(level, RIGHT)
    assert tile(state, 2, 0) == T.FLOOR and tile(state, 2, 0, "otiles") == T.RED
    assert state.flags[2] & 2  # the panel went along, under the block


def test_panel_flag_stays_when_a_block_leaves_it():
    state, _ = play(make_level("Prp..", dests={(2, 0): (4, 0)}), RIGHT, RIGHT)
    assert tile(state, 2, 0) == T.PANEL and state.flags[2] & 1 and tile(state, 3, 0) == T.RED


def test_coloured_panel_fires_only_for_its_own_sphere():
    dests = {(2, 0): (4, 0)}
    grey = play(make_level("P@q.r", dests=dests), RIGHT)[0]
    blue = play(make_level("PQq#r", dests=dests), RIGHT)[0]
    assert tile(grey, 4, 0) == T.RED  # the grey sphere flew over, and it would not press it anyway
    assert tile(blue, 4, 0) == T.FLOOR and tile(blue, 2, 0) == T.BSPHERE


def test_transporter_sends_the_player_to_its_destination():
    state, result = play(make_level("PT..", dests={(1, 0): (3, 0)}), RIGHT)
    assert state.guy == (3, 0)
    occupied = make_level("PT..", dests={(1, 0): (3, 0)}, bots=[(Bot.BROKEN, (3, 0))])
    assert play(occupied, RIGHT)[1].outcome == "dead"  # he lands on the bot


def test_hidden_trap_becomes_a_trap_then_a_hole():
    state, _ = play(make_level("P^.."), RIGHT, RIGHT)
    assert tile(state, 1, 0) == T.TRAP1
    state, _ = play(state, LEFT, RIGHT)
    assert tile(state, 1, 0) == T.HOLE


def test_last_heart_framer_wakes_sleeping_doors_and_bots():
    level = make_level("PHH.\nS...\n####", bots=[(Bot.DALEK_ASLEEP, (3, 1))])
    state, _ = play(level, RIGHT)
    assert tile(state, 0, 1) == T.SLEEPINGDOOR and bot(state, 0)[0] == Bot.DALEK_ASLEEP
    state, _ = play(state, RIGHT)
    assert tile(state, 0, 1) == T.EXIT and bot(state, 0)[0] == Bot.DALEK


# -- electricity --------------------------------------------------------------

def test_button_pulse_runs_along_wire_and_toggles_the_lights_floors():
    state, result = play(make_level("PBwwl\nud..."), RIGHT)
    assert result.moved and state.guy == (0, 0)
    assert tile(state, 0, 1) == T.BDOWN and tile(state, 1, 1) == T.BUP


def test_two_pulses_at_one_light_cancel():
    one = play(make_level("....\nPBwl\nu..."), RIGHT)[0]
    assert tile(one, 0, 2) == T.BDOWN
    two = play(make_level(".Fw7\nPBwl\nu..."), RIGHT)[0]  # a second wire round the top
    assert tile(two, 0, 2) == T.BUP


def test_transponder_beams_the_pulse_through_the_air():
    state, _ = play(make_level("PBx..xl\nu......"), RIGHT)
    assert tile(state, 0, 1) == T.BDOWN
    blocked = play(make_level("PBx.rxl\nu......"), RIGHT)[0]
    assert tile(blocked, 0, 1) == T.BUP


def test_remote_fires_like_a_panel_when_a_pulse_passes():
    state, _ = play(make_level("PBRwl\n.r...\nu....", dests={(2, 0): (1, 1)}), RIGHT)
    assert tile(state, 1, 1) == T.FLOOR and tile(state, 0, 2) == T.BDOWN


# -- bots -----------------------------------------------------------------------

def test_hugbot_prefers_to_move_horizontally_towards_the_player():
    state, _ = play(make_level("P....\n.....\n.....", bots=[(Bot.HUGBOT, (4, 2))]), DOWN)
    assert bot(state, 0)[1] == (3, 2)


def test_hugbot_moves_vertically_when_blocked_or_in_the_players_column():
    blocked = play(make_level("P....\n.....\n...#.", bots=[(Bot.HUGBOT, (4, 2))]), DOWN)[0]
    assert bot(blocked, 0)[1] == (4, 1)
    column = play(make_level("P.\n..\n..\n..", bots=[(Bot.HUGBOT, (1, 3))]), RIGHT)[0]
    assert bot(column, 0)[1] == (1, 2)


def test_hugbot_pushes_the_player():
    state, result = play(make_level("#P..", bots=[(Bot.HUGBOT, (3, 0))]), RIGHT)
    assert state.guy == (1, 0) and bot(state, 0)[1] == (2, 0) and result.outcome == "none"


def test_dalek_kills_the_player_by_walking_into_him():
    state, result = play(make_level("#P..", bots=[(Bot.DALEK, (3, 0))]), RIGHT)
    assert result.outcome == "dead"
    assert [e for e in result.events if isinstance(e, Killed)][0].bot == 0


def test_dalek_walks_into_electric_floor_and_is_destroyed():
    state, _ = play(make_level("Pz.\n...", bots=[(Bot.DALEK, (2, 0))]), DOWN)
    assert bot(state, 0) == (-2, (1, 0), -1)


def test_dalek_walking_into_a_bot_fuses_both_into_broken_metal():
    state, _ = play(make_level("P....", bots=[(Bot.BROKEN, (3, 0)), (Bot.DALEK, (4, 0))]), RIGHT)
    assert bot(state, 1)[0] == Bot.BROKEN and bot(state, 0)[0] == -2 and bot(state, 1)[1] == (3, 0)


def test_player_pushes_bots_and_dies_sharing_a_cell_with_one():
    state, result = play(make_level("P...", bots=[(Bot.BROKEN, (1, 0))]), RIGHT)
    assert bot(state, 0)[1] == (2, 0) and state.guy == (1, 0) and result.outcome == "none"


def test_bot_pushed_into_electric_floor_is_destroyed():
    state, _ = play(make_level("P.z", bots=[(Bot.BROKEN, (1, 0))]), RIGHT)
    assert bot(state, 0)[0] == -2


def test_bots_move_in_bot_order_each_motion_ending_with_its_panel_swaps():
    # bot 0 steps onto a panel that swaps away the wall in bot 1's way, before bot 1 moves
    level = make_level("P....\n.....\n.#.p.", bizarro="\n\n.....", dests={(3, 2): (1, 2)},
                       bots=[(Bot.HUGBOT, (4, 2)), (Bot.HUGBOT, (0, 2))])
    state, _ = play(level, RIGHT)
    assert bot(state, 0)[1] == (3, 2) and bot(state, 1)[1] == (1, 2)
    reversed_order = make_level("P....\n.....\n.#.p.", bizarro="\n\n.....", dests={(3, 2): (1, 2)},
                                bots=[(Bot.HUGBOT, (0, 2)), (Bot.HUGBOT, (4, 2))])
    state, _ = play(reversed_order, RIGHT)
    assert bot(state, 0)[1] == (0, 1)  # the wall was still there when it moved


# -- bombs ----------------------------------------------------------------------

def test_pushing_a_bomb_lights_it_and_it_explodes_when_the_fuse_runs_out():
    level = make_level("P.....\n......\n......", bots=[(Bot.BOMB + 2, (1, 0))])
    state, _ = play(level, RIGHT)
    assert bot(state, 0) == (Bot.BOMB + 2, (2, 0), 1)  # lit with 2, then counted down once
    state, _ = play(state, DOWN)
    assert bot(state, 0)[2] == 0
    state, result = play(state, DOWN)
    assert bot(state, 0)[0] == -3 and result.outcome == "none"
    assert any(isinstance(e, Exploded) for e in result.events)
    state, _ = play(state, RIGHT)
    assert bot(state, 0)[0] == -2  # gone for good on the next turn


def test_explosion_destroys_bombable_tiles_and_bots_and_sets_off_bombs():
    level = make_level("..b...\nP...r.\n..,...",
                       bots=[(Bot.BROKEN, (2, 2)), (Bot.BOMB + 1, (1, 1)), (Bot.BOMB + 5, (3, 1))])
    state, _ = play(level, RIGHT)  # light the short fuse
    state, result = play(state, LEFT)  # step back out of reach: it explodes
    assert result.outcome == "none"
    assert tile(state, 2, 0) == T.FLOOR  # a broken block, bombable
    assert tile(state, 2, 2) == T.ROUGH  # not bombable
    assert bot(state, 0)[0] == -2  # the bot beside it
    assert bot(state, 2)[0] == -3 and tile(state, 4, 1) == T.FLOOR  # the bomb beside it went off too


def test_explosion_next_to_the_player_kills_him():
    level = make_level("P..", bots=[(Bot.BOMB, (1, 0))])
    state, result = play(level, RIGHT)
    assert result.outcome == "dead"
    assert [e for e in result.events if isinstance(e, Killed)][0].cause == "bomb"


# -- states and the verdict ---------------------------------------------------

def test_states_are_immutable_and_hashable():
    level = make_level("P.r.")
    a = play(level, RIGHT)[0]
    b = play(level, RIGHT)[0]
    assert a == b and hash(a) == hash(b) and len({a, b}) == 1
    with pytest.raises(AttributeError):
        a.player = 3
    assert a.dests is b.dests or a.dests == b.dests


def test_a_move_that_changes_nothing_still_counts_in_the_verdict():
    level = make_level("P.E\n#..")
    assert tuple(play_solution(initial_state(level), (DOWN, RIGHT, RIGHT))[:2]) == ("won", 3)
    assert tuple(play_solution(initial_state(level), (RIGHT,))[:2]) == ("open", 1)


def test_engine_object_follows_the_engine_protocol():
    state = ESCAPE_ENGINE.initial_state(make_level("P.E"))
    assert ESCAPE_ENGINE.step(ESCAPE_ENGINE.step(state, RIGHT).state, RIGHT).outcome == "won"
