"""`studio generate --game GAME --width W --height H --seed S -o FILE [--json]`: write a generated level.

The game's generator (``Game.generate``, see studio/core/generation.py)
makes the level; the game's own format writes it. The same arguments always
give the same file, byte for byte. Without ``--game`` the game is the one that
reads FILE's name; without ``--seed`` a random seed is drawn and reported, so
the level can be made again.

Exit status: 0 when the file was written; 1 when it could not be (a size the
game refuses, an unwritable file); 2 for bad arguments.
"""

from __future__ import annotations

import argparse
import json
import secrets
import sys

from studio.core.errors import LevelLimitError
from studio.core.files import write_atomic
from studio.core.game import game_by_id, game_for_path
from studio.core.generation import games_that_generate, generate

DEFAULT_SIZE = 20


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--game", metavar="GAME",
                        help="the game to generate for (" + ", ".join(g.id for g in games_that_generate())
                             + "; default: the one whose files are named like FILE)")
    parser.add_argument("--width", type=int, default=DEFAULT_SIZE, metavar="W",
                        help=f"squares across (default {DEFAULT_SIZE})")
    parser.add_argument("--height", type=int, default=DEFAULT_SIZE, metavar="H",
                        help=f"squares down (default {DEFAULT_SIZE})")
    parser.add_argument("--seed", metavar="TEXT", help="any text; the same seed gives the same level "
                                                        "(default: a random one, reported)")
    parser.add_argument("-o", "--output", metavar="FILE", required=True, help="the level file to write")
    parser.add_argument("--json", action="store_true", help="print the result as one JSON line")


def run(args: argparse.Namespace) -> int:
    game = _choose_game(args)
    if isinstance(game, str):
        print(f"studio generate: {game}", file=sys.stderr)
        return 2
    seed = args.seed if args.seed is not None else secrets.token_hex(4)
    try:
        level = generate(game, args.width, args.height, seed)
        data = game.save(level)
    except (LevelLimitError, ValueError) as error:
        return _fail(args, str(error))
    try:
        write_atomic(args.output, data)
    except OSError as error:
        return _fail(args, f"{args.output}: {error.strerror or error}")
    if args.json:
        print(json.dumps({"game": game.id, "output": args.output, "width": args.width, "height": args.height,
                          "seed": seed, "bytes": len(data)}))
    else:
        print(f"Wrote {args.output}: a {args.width}x{args.height} {game.name} level from seed {seed!r}")
    return 0


def _choose_game(args: argparse.Namespace):
    """The Game to generate for, or a message saying why there is none."""
    if args.game is None:
        game = game_for_path(args.output)
        if game is None:
            return f"no game writes files named like {args.output}: name one with --game"
    else:
        try:
            game = game_by_id(args.game)
        except KeyError:
            return f"unknown game {args.game!r}"
    if game.generate is None:
        known = ", ".join(g.id for g in games_that_generate()) or "none"
        return f"{game.name} has no level generator (games that have one: {known})"
    return game


def _fail(args: argparse.Namespace, reason: str) -> int:
    print(f"studio generate: {reason}", file=sys.stderr)
    if args.json:
        print(json.dumps({"output": args.output, "error": reason}))
    return 1
