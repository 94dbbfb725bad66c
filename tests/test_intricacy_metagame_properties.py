"""The metagame's rules as invariants over random games: hypothesis plays random sequences of
registrations, lock placements, retirements and declarations (refused ones included) and checks
the README's statements after every step, and how each action may change the state."""

from __future__ import annotations

from hypothesis import HealthCheck, settings, strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

from studio.games.intricacy.metagame import SLOT_COUNT, Metagame, MetagameError

CODENAMES = ("AAA", "BBB", "CCC", "DDD", "EEE")
SLOTS = range(SLOT_COUNT)


def reads_by_the_readme(game: Metagame) -> dict[str, set]:
    """What each player has read, straight from the README's sentences, independently of the
    model: your own notes and the public ones; then every note in every lock you access, where
    you access a lock in a slot by reading three notes on it or by having declared it; repeated
    over every player and lock until a whole pass adds nothing."""
    public = {n.id for n in game.notes.values() if game.locks[n.behind_lock_id].retired}
    reads = {p: public | {n.id for n in game.notes.values() if n.author == p} for p in game.players}
    changed = True
    while changed:
        changed = False
        for player in game.players:
            for lock in game.locks.values():
                if lock.retired or lock.owner == player:
                    continue
                on_it = [n for n in game.notes.values() if n.lock_id == lock.id]
                read_on_it = sum(n.id in reads[player] for n in on_it)
                declared = any(n.author == player for n in on_it)
                if read_on_it >= 3 or declared:
                    inside = {n.id for n in game.notes.values() if n.behind_lock_id == lock.id}
                    if not inside <= reads[player]:
                        reads[player] |= inside
                        changed = True
    return reads


def access_matrix(game: Metagame) -> dict[tuple, bool]:
    return {(p, o, s): game.accesses(p, o, s) for p in game.players for o in game.players if o != p for s in SLOTS}


def fallen(before: dict, after: dict, spare=lambda key: False) -> list:
    """The accesses held before and lost after (keys ``spare`` says may fall are left out)."""
    return [key for key, held in before.items() if held and not after.get(key, False) and not spare(key)]


class MetagameMachine(RuleBasedStateMachine):
    @initialize(count=st.integers(2, len(CODENAMES)))
    def start(self, count):
        self.game = Metagame()
        for name in CODENAMES[:count]:
            self.game.register(name.lower() if count % 2 else name)
        self.notes_seen = {}
        self.reads_seen = {}
        self.retired_seen = set()

    def _pick(self, index: int) -> str:
        return self.game.players[index % len(self.game.players)]

    def _snapshot(self):
        return (access_matrix(self.game), {p: self.game.notes_read(p) for p in self.game.players},
                dict(self.game.locks), dict(self.game.notes), {p: list(s) for p, s in self.game.slots.items()})

    def _refused(self, action) -> None:
        """The action must be refused with MetagameError and change nothing."""
        before = self._snapshot()
        try:
            action()
        except MetagameError:
            pass
        else:
            raise AssertionError("the rules should have refused this action")
        assert self._snapshot() == before

    # ---- actions ----------------------------------------------------------------------------

    @rule(name=st.sampled_from(CODENAMES), capitals=st.lists(st.booleans(), min_size=3, max_size=3))
    def register(self, name, capitals):
        spelled = "".join(c if up else c.lower() for c, up in zip(name, capitals))
        if name in self.game.players:
            self._refused(lambda: self.game.register(spelled))
        else:
            assert self.game.register(spelled) == name

    @rule(who=st.integers(0, 9), slot=st.sampled_from(SLOTS))
    def place(self, who, slot):
        owner = self._pick(who)
        old = self.game.lock_in(owner, slot)
        before, reads_before, *_ = self._snapshot()
        new = self.game.place_lock(owner, slot)
        assert self.game.lock_in(owner, slot).id == new and new not in self.retired_seen
        if old is not None:
            assert self.game.locks[old.id].retired
        # Only the owner's own slots may be lost: the new lock, and empty slots by (iii).
        assert not fallen(before, access_matrix(self.game), spare=lambda key: key[1] == owner)

    @rule(who=st.integers(0, 9), slot=st.sampled_from(SLOTS))
    def retire(self, who, slot):
        owner = self._pick(who)
        lock = self.game.lock_in(owner, slot)
        if lock is None:
            self._refused(lambda: self.game.retire(owner, slot))
            return
        before, *_ = self._snapshot()
        assert self.game.retire(owner, slot) == lock.id
        # Retiring a lock never lowers anyone's access to any other slot.
        assert not fallen(before, access_matrix(self.game), spare=lambda key: key[1:] == (owner, slot))
        for note in self.game.notes_behind(lock.id):
            assert all(note.id in self.game.notes_read(p) for p in self.game.players)

    @precondition(lambda self: len(self.game.active_locks()) > 1)
    @rule(which=st.integers(0, 99), count=st.integers(1, 3))
    def several_players_declare_one_lock(self, which, count):
        """Up to three players each declare the same lock, each placing a lock of their own first
        when they hold no non-public one: the way to three notes on a lock."""
        locks = self.game.active_locks()
        target = locks[which % len(locks)]
        declared = {n.author for n in self.game.notes_on(target.id)}
        authors = [p for p in self.game.players if p != target.owner and p not in declared][:count]
        for author in authors:
            mine = [s for s in SLOTS if (lock := self.game.lock_in(author, s)) and not self.game.is_public(lock.id)]
            if not mine:
                slot = next((s for s in SLOTS if self.game.lock_in(author, s) is None), 0)
                self.place(self.game.players.index(author), slot)
                mine = [slot]
            if not self.game.locks[target.id].retired:
                self._declare(author, target, mine[0], "s")

    @precondition(lambda self: self.game.notes)
    @rule(who=st.integers(0, 9), count=st.integers(1, 3))
    def declare_the_locks_holding_notes(self, who, count):
        """A player declares the locks with the most notes secured behind them (placing a lock
        of their own first when they hold no non-public one), and so reads those notes: the way
        to access by (i), three notes read on a lock that is not public, without solving it."""
        author = self._pick(who)
        holding = sorted((lock for lock in self.game.active_locks() if lock.owner != author
                          and not any(n.author == author for n in self.game.notes_on(lock.id))),
                         key=lambda lock: (-len(self.game.notes_behind(lock.id)), lock.id))
        for target in holding[:count]:
            mine = [s for s in SLOTS if (lock := self.game.lock_in(author, s)) and not self.game.is_public(lock.id)]
            if not mine:
                slot = next((s for s in SLOTS if self.game.lock_in(author, s) is None), 0)
                self.place(self.game.players.index(author), slot)
                mine = [slot]
            if not self.game.locks[target.id].retired:
                self._declare(author, self.game.locks[target.id], mine[0], "s")

    @precondition(lambda self: self.game.notes)
    @rule(which=st.integers(0, 99))
    def retire_a_lock_holding_notes(self, which):
        """Retirements that make notes public, the way to public locks: first the locks holding
        notes on the locks with the most notes."""
        most = {n.behind_lock_id: len(self.game.notes_on(n.lock_id)) for n in self.game.notes.values()}
        holding = sorted((lock_id for lock_id in most if not self.game.locks[lock_id].retired),
                         key=lambda lock_id: (-most[lock_id], lock_id))
        if holding:
            lock = self.game.locks[holding[which % len(holding)]]
            self.retire(self.game.players.index(lock.owner), lock.slot)

    @precondition(lambda self: self.game.locks)
    @rule(who=st.integers(0, 9), which=st.integers(0, 99), behind_slot=st.sampled_from(SLOTS),
          solution=st.text("wedxzaqrsWEDXZA", max_size=6))
    def declare_any_lock(self, who, which, behind_slot, solution):
        """Any lock ever placed, behind any slot: mostly refused, which is checked too."""
        locks = sorted(self.game.locks.values(), key=lambda lock: lock.id)
        self._declare(self._pick(who), locks[which % len(locks)], behind_slot, solution)

    @precondition(lambda self: len(self.game.active_locks()) > 1)
    @rule(who=st.integers(0, 9), which=st.integers(0, 99), behind=st.integers(0, 99))
    def declare_a_lock_in_a_slot(self, who, which, behind):
        """Another player's lock in a slot, behind one of the author's locks: the declarations
        that build up notes, reading and public locks."""
        author = self._pick(who)
        # The locks with the most notes on them come first, so that notes gather on a few locks.
        targets = sorted((lock for lock in self.game.active_locks() if lock.owner != author),
                         key=lambda lock: (-len(self.game.notes_on(lock.id)), lock.id))
        mine = [slot for slot in SLOTS if self.game.lock_in(author, slot) is not None]
        if targets and mine:
            self._declare(author, targets[which % len(targets)], mine[behind % len(mine)], "s")

    def _declare(self, author, target, behind_slot, solution):
        behind = self.game.lock_in(author, behind_slot)
        allowed = (not target.retired and target.owner != author and behind is not None
                   and not self.game.is_public(behind.id)
                   and not any(n.author == author and n.lock_id == target.id for n in self.game.notes.values()))
        if not allowed:
            self._refused(lambda: self.game.declare(author, target.id, behind_slot, solution))
            return
        before, *_ = self._snapshot()
        note = self.game.declare(author, target.id, behind_slot, solution)
        assert self.game.notes[note].behind_lock_id == behind.id and self.game.notes[note].solution == solution
        assert self.game.accesses(author, target.owner, target.slot)
        assert not fallen(before, access_matrix(self.game))  # declaring never lowers an access

    # ---- the README's statements, after every step ------------------------------------------

    @invariant()
    def a_declared_note_never_moves(self):
        for note_id, note in self.notes_seen.items():
            assert self.game.notes[note_id] == note
        self.notes_seen = dict(self.game.notes)

    @invariant()
    def reading_never_ends_and_retired_locks_stay_retired(self):
        for player, seen in self.reads_seen.items():
            assert seen <= self.game.notes_read(player)
        self.reads_seen = {p: self.game.notes_read(p) for p in self.game.players}
        assert all(self.game.locks[lock_id].retired for lock_id in self.retired_seen)
        self.retired_seen = {lock.id for lock in self.game.locks.values() if lock.retired}

    @invariant()
    def reads_are_exactly_the_readmes(self):
        expected = reads_by_the_readme(self.game)
        assert {p: self.game.notes_read(p) for p in self.game.players} == expected

    @invariant()
    def a_player_reads_every_note_in_every_lock_they_access(self):
        for player in self.game.players:
            for lock in self.game.active_locks():
                if self.game.accesses(player, lock.owner, lock.slot):
                    assert {n.id for n in self.game.notes_behind(lock.id)} <= self.game.notes_read(player)

    @invariant()
    def access_is_one_of_the_three_cases(self):
        game = self.game
        for player in game.players:
            reads = game.notes_read(player)
            for owner in game.players:
                if owner == player:
                    continue
                held = {}
                for slot in SLOTS:
                    lock = game.lock_in(owner, slot)
                    if lock is not None:
                        on_it = game.notes_on(lock.id)
                        held[slot] = (sum(n.id in reads for n in on_it) >= 3  # (i)
                                      or any(n.author == player for n in on_it))  # (ii)
                for slot in SLOTS:
                    expected = held[slot] if slot in held else all(held.values())  # (iii)
                    assert game.accesses(player, owner, slot) == expected

    @invariant()
    def a_lock_with_three_public_notes_is_public_and_accessed_by_every_player(self):
        game = self.game
        for lock in game.active_locks():
            public_notes = [n for n in game.notes_on(lock.id) if game.locks[n.behind_lock_id].retired]
            assert game.is_public(lock.id) == (len(public_notes) >= 3)
            if len(public_notes) >= 3:
                assert all(game.accesses(p, lock.owner, lock.slot) for p in game.players)
        for note in game.notes.values():
            if game.is_note_public(note.id):
                assert all(note.id in game.notes_read(p) for p in game.players)

    @invariant()
    def scores_are_antisymmetric_and_count_points_by_the_rules(self):
        game = self.game
        for a in game.players:
            assert game.score(a, a) == 0
            for b in game.players:
                assert game.score(a, b) == -game.score(b, a)
                if a != b:
                    assert game.score(a, b) == self._points(a, b) - self._points(b, a)

    def _points(self, player: str, owner: str) -> int:
        """Slots of ``owner`` that ``player`` accesses, less those held by (ii) alone whose note
        the owner has read."""
        game, points = self.game, 0
        for slot in SLOTS:
            if not game.accesses(player, owner, slot):
                continue
            lock = game.lock_in(owner, slot)
            if lock is None:
                points += 1
                continue
            on_it = game.notes_on(lock.id)
            if sum(n.id in game.notes_read(player) for n in on_it) >= 3:
                points += 1
            elif not any(n.author == player and n.id in game.notes_read(owner) for n in on_it):
                points += 1
        return points

    @invariant()
    def notes_and_slots_keep_their_shape(self):
        game = self.game
        pairs = [(n.author, n.lock_id) for n in game.notes.values()]
        assert len(pairs) == len(set(pairs))  # one declaration per player and lock
        for note in game.notes.values():
            assert game.locks[note.behind_lock_id].owner == note.author != game.locks[note.lock_id].owner
        for owner, held in game.slots.items():
            for slot, lock_id in enumerate(held):
                if lock_id is not None:
                    lock = game.locks[lock_id]
                    assert (lock.owner, lock.slot, lock.retired) == (owner, slot, False)
        assert len(game.active_locks()) == sum(1 for lock in game.locks.values() if not lock.retired)

    @invariant()
    def the_stored_records_rebuild_the_same_game(self):
        game = self.game
        again = Metagame.from_records(game.players, game.locks.values(), game.notes.values())
        for player in game.players:
            assert again.notes_read(player) == game.notes_read(player)
            assert again.scores(player) == game.scores(player)


MetagameMachine.TestCase.settings = settings(
    max_examples=150, stateful_step_count=50, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
test_metagame_rules_hold_over_random_games = MetagameMachine.TestCase
