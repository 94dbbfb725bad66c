"""Intricacy's metagame as a pure model: codenames, three lock slots each, notes, access and
relative scores, by the rules of the original README ("Full details of the metagame mechanics").

The rules, and how this model reads them:

- A player holds three lock slots (0, 1, 2); each is empty or holds one lock. Putting a lock in
  a slot that holds one replaces ("retires") the old lock; so does emptying the slot.
- A *note on a lock* is a declared solution of that lock. It is *secured behind* (is "in") a lock
  of its author's own, chosen when declaring; that lock must be in one of the author's slots and
  must not be public. Once placed a note never moves: it stays behind that lock even after the
  lock is retired. A player declares at most one note on a lock, and never on their own lock.
- A note is *public* once the lock it is secured behind has been retired. A lock is *public*
  when three notes on it are public.
- Reading: a player has read the notes they wrote, every public note, and every note in every
  lock they access. Reading never ends, so what a player has read follows from the present state
  (the least fixed point of these three rules, `notes_read`).
- A player *accesses* another player's lock slot when (i) they have read three notes on the lock
  in it, or (ii) they have declared a note on that lock (solved it and declared the solution), or
  (iii) the slot is empty and they access every slot of that player that holds a lock (so every
  empty slot of a player with no locks). A player's own slots count as accessed by them; they
  never score.
- Scores are relative: ``score(a, b)`` is the number of b's slots a accesses minus the number of
  a's slots b accesses, except that an access by (ii) alone earns no point when the lock's owner
  has read the note. So ``score(a, b) == -score(b, a)``.

Nothing here checks that a lock opens or that a solution is right: whoever calls ``place_lock``
and ``declare`` (the server) has the engine verify them first. Every refused action raises
``MetagameError`` with a message that says which rule it breaks, and leaves the state unchanged.
"""

from __future__ import annotations

from dataclasses import dataclass, field

SLOT_COUNT = 3
NOTES_FOR_ACCESS = 3  # notes on a lock a player must read to access it; also makes a lock public


class MetagameError(ValueError):
    """An action the metagame's rules refuse; the message names the rule."""


def normal_codename(codename: str) -> str:
    """The codename in capitals; MetagameError unless it is exactly three letters A-Z."""
    text = str(codename)
    if len(text) != 3 or not (text.isascii() and text.isalpha()):
        raise MetagameError(f"A codename is exactly three letters (A to Z), not {text!r}.")
    return text.upper()


def split_solution(data: bytes) -> tuple[bytes, str]:
    """A .lock file as other players get it, without its ``solution:`` header line, and that
    line's moves ("" when it has none). Lines are only removed, so the rest stays byte for byte."""
    lines = data.splitlines(keepends=True)
    kept, solution = [], ""
    in_header = True
    for number, line in enumerate(lines):
        if in_header and number > 0 and not line.strip():
            in_header = False
        if in_header and number > 0 and line.startswith(b"solution:"):
            solution = line[len(b"solution:"):].decode("utf-8", "replace").strip()
            continue
        kept.append(line)
    return b"".join(kept), solution


@dataclass(frozen=True)
class LockRecord:
    """A lock put in a slot. ``retired`` once it left the slot."""

    id: int
    owner: str
    slot: int
    retired: bool = False


@dataclass(frozen=True)
class Note:
    """A declared solution of lock ``lock_id`` by ``author``, secured behind ``behind_lock_id``."""

    id: int
    author: str
    lock_id: int
    behind_lock_id: int
    solution: str = ""


@dataclass(frozen=True)
class SlotView:
    """One slot as ``viewer`` sees it: the lock in it (or None), whether that lock is public, and
    whether the viewer accesses the slot."""

    owner: str
    slot: int
    lock_id: int | None
    public: bool
    accessed: bool


@dataclass
class Metagame:
    """The whole metagame's state. Build it empty and play actions on it, or rebuild a stored
    state with ``from_records``."""

    slots: dict[str, list] = field(default_factory=dict)  # codename -> [lock id or None] * 3
    locks: dict[int, LockRecord] = field(default_factory=dict)
    notes: dict[int, Note] = field(default_factory=dict)
    _cache: "_Derived | None" = field(default=None, repr=False, compare=False)

    # ---- building -------------------------------------------------------------------------

    @classmethod
    def from_records(cls, codenames, locks, notes) -> "Metagame":
        """A state rebuilt from stored rows: the codenames, every lock ever placed (with its
        ``retired`` flag) and every note. MetagameError when the rows break a rule (two locks in
        one slot, a note behind someone else's lock, ...)."""
        game = cls()
        for codename in codenames:
            game.register(codename)
        for lock in sorted(locks, key=lambda lock: lock.id):
            owner = game._player(lock.owner)
            game._check_slot(lock.slot)
            if lock.id in game.locks:
                raise MetagameError(f"Lock {lock.id} is stored twice.")
            if not lock.retired:
                if game.slots[owner][lock.slot] is not None:
                    raise MetagameError(f"{owner}'s slot {lock.slot} holds two locks.")
                game.slots[owner][lock.slot] = lock.id
            game.locks[lock.id] = LockRecord(lock.id, owner, lock.slot, bool(lock.retired))
        for note in sorted(notes, key=lambda note: note.id):
            author = game._player(note.author)
            if note.id in game.notes:
                raise MetagameError(f"Note {note.id} is stored twice.")
            target, behind = game._lock(note.lock_id), game._lock(note.behind_lock_id)
            if behind.owner != author or target.owner == author:
                raise MetagameError(f"Note {note.id} must be on another player's lock, behind its author's own.")
            if any(n.author == author and n.lock_id == target.id for n in game.notes.values()):
                raise MetagameError(f"{author} declared lock {target.id} twice.")
            game.notes[note.id] = Note(note.id, author, target.id, behind.id, note.solution)
        game._changed()
        return game

    # ---- actions --------------------------------------------------------------------------

    def register(self, codename: str) -> str:
        """Add a player with three empty slots; returns the codename in capitals."""
        name = normal_codename(codename)
        if name in self.slots:
            raise MetagameError(f"The codename {name} is taken (codenames ignore case).")
        self.slots[name] = [None] * SLOT_COUNT
        self._changed()
        return name

    def place_lock(self, owner: str, slot: int, lock_id: int | None = None) -> int:
        """Put a new lock in ``owner``'s ``slot``, retiring the lock there. Returns its id."""
        owner = self._player(owner)
        self._check_slot(slot)
        if lock_id is None:
            lock_id = max(self.locks, default=0) + 1
        elif lock_id in self.locks:
            raise MetagameError(f"Lock {lock_id} already exists.")
        if self.slots[owner][slot] is not None:
            self._retire_lock(self.slots[owner][slot])
        self.locks[lock_id] = LockRecord(lock_id, owner, slot)
        self.slots[owner][slot] = lock_id
        self._changed()
        return lock_id

    def retire(self, owner: str, slot: int) -> int:
        """Empty ``owner``'s ``slot``: its lock is retired and every note behind it becomes public.
        Returns the retired lock's id."""
        owner = self._player(owner)
        self._check_slot(slot)
        lock_id = self.slots[owner][slot]
        if lock_id is None:
            raise MetagameError(f"{owner}'s slot {slot} is empty: there is no lock to retire.")
        self._retire_lock(lock_id)
        self.slots[owner][slot] = None
        self._changed()
        return lock_id

    def declare(self, author: str, lock_id: int, behind_slot: int, solution: str = "",
                note_id: int | None = None) -> int:
        """Declare a (verified) solution of another player's lock by securing a note on it behind
        the author's own non-public lock in ``behind_slot``. Returns the note's id."""
        author = self._player(author)
        self._check_slot(behind_slot)
        target = self._lock(lock_id)
        if target.retired:
            raise MetagameError(f"Lock {lock_id} has been retired: only a lock in a slot can be declared.")
        if target.owner == author:
            raise MetagameError("A player cannot declare a solution of their own lock.")
        if any(n.author == author and n.lock_id == lock_id for n in self.notes.values()):
            raise MetagameError(f"{author} has already declared a solution of lock {lock_id}.")
        behind_id = self.slots[author][behind_slot]
        if behind_id is None:
            raise MetagameError(f"{author}'s slot {behind_slot} is empty: a note is secured behind a lock "
                                f"in one of your own slots.")
        if self.is_public(behind_id):
            raise MetagameError(f"The lock in {author}'s slot {behind_slot} is public: a note must be secured "
                                f"behind a non-public lock.")
        if note_id is None:
            note_id = max(self.notes, default=0) + 1
        elif note_id in self.notes:
            raise MetagameError(f"Note {note_id} already exists.")
        self.notes[note_id] = Note(note_id, author, lock_id, behind_id, solution)
        self._changed()
        return note_id

    # ---- what follows from the state ------------------------------------------------------

    @property
    def players(self) -> list[str]:
        return list(self.slots)

    def lock_in(self, owner: str, slot: int) -> LockRecord | None:
        lock_id = self.slots[self._player(owner)][slot]
        return None if lock_id is None else self.locks[lock_id]

    def active_locks(self) -> list[LockRecord]:
        return [self.locks[lock_id] for held in self.slots.values() for lock_id in held if lock_id is not None]

    def notes_on(self, lock_id: int) -> list[Note]:
        """The notes declaring a solution of the lock."""
        return list(self._derived().on.get(lock_id, ()))

    def notes_behind(self, lock_id: int) -> list[Note]:
        """The notes secured behind the lock ("in" it)."""
        return list(self._derived().behind.get(lock_id, ()))

    def is_note_public(self, note_id: int) -> bool:
        return self.locks[self.notes[note_id].behind_lock_id].retired

    def is_public(self, lock_id: int) -> bool:
        """Three notes on the lock are public, so every player accesses it."""
        self._lock(lock_id)
        return lock_id in self._derived().public_locks

    def notes_read(self, player: str) -> frozenset:
        """The ids of the notes ``player`` has read."""
        return self._derived().reads[self._player(player)]

    def accesses(self, player: str, owner: str, slot: int) -> bool:
        """Does ``player`` access ``owner``'s ``slot``? (A player holds their own slots.)"""
        player, owner = self._player(player), self._player(owner)
        self._check_slot(slot)
        return player == owner or self._derived().access[player, owner, slot]

    def earns_point(self, player: str, owner: str, slot: int) -> bool:
        """Does ``player``'s access to ``owner``'s ``slot`` score? Not when it rests on (ii) alone
        and the owner has read the player's note on the lock."""
        player, owner = self._player(player), self._player(owner)
        self._check_slot(slot)
        return player != owner and self._derived().point[player, owner, slot]

    def points(self, player: str, owner: str) -> int:
        """How many of ``owner``'s slots ``player`` accesses, counting only those that score."""
        return sum(self.earns_point(player, owner, slot) for slot in range(SLOT_COUNT))

    def score(self, player: str, other: str) -> int:
        """``player``'s score relative to ``other``."""
        return self.points(player, other) - self.points(other, player)

    def scores(self, player: str) -> dict[str, int]:
        """``player``'s score relative to each other player."""
        player = self._player(player)
        return {other: self.score(player, other) for other in self.slots if other != player}

    def slot_views(self, viewer: str) -> dict[str, list[SlotView]]:
        """Every player's three slots as ``viewer`` sees them."""
        return {
            owner: [SlotView(owner, slot, lock_id, lock_id is not None and self.is_public(lock_id),
                             self.accesses(viewer, owner, slot))
                    for slot, lock_id in enumerate(held)]
            for owner, held in self.slots.items()
        }

    # ---- inside ---------------------------------------------------------------------------

    def _player(self, codename: str) -> str:
        if codename in self.slots:
            return codename
        name = normal_codename(codename)
        if name not in self.slots:
            raise MetagameError(f"There is no player {name}.")
        return name

    @staticmethod
    def _check_slot(slot: int) -> None:
        if not isinstance(slot, int) or isinstance(slot, bool) or not 0 <= slot < SLOT_COUNT:
            raise MetagameError(f"A lock slot is 0, 1 or 2, not {slot!r}.")

    def _lock(self, lock_id: int) -> LockRecord:
        lock = self.locks.get(lock_id)
        if lock is None:
            raise MetagameError(f"There is no lock {lock_id}.")
        return lock

    def _retire_lock(self, lock_id: int) -> None:
        lock = self.locks[lock_id]
        self.locks[lock_id] = LockRecord(lock.id, lock.owner, lock.slot, True)

    def _changed(self) -> None:
        self._cache = None

    def _declared_note(self, player: str, lock_id: int) -> Note | None:
        return self._derived().declared.get((player, lock_id))

    def _derived(self) -> "_Derived":
        if self._cache is None:
            self._cache = _Derived(self)
        return self._cache


class _Derived:
    """Everything that follows from one state, worked out once: the notes on and behind each
    lock, who read what, who accesses which slot and which accesses score."""

    def __init__(self, game: Metagame):
        self.on: dict[int, list[Note]] = {}
        self.behind: dict[int, list[Note]] = {}
        self.declared: dict[tuple[str, int], Note] = {}
        for note in game.notes.values():
            self.on.setdefault(note.lock_id, []).append(note)
            self.behind.setdefault(note.behind_lock_id, []).append(note)
            self.declared[note.author, note.lock_id] = note
        public_notes = {n.id for n in game.notes.values() if game.locks[n.behind_lock_id].retired}
        self.public_locks = frozenset(
            lock_id for lock_id, on in self.on.items() if sum(n.id in public_notes for n in on) >= NOTES_FOR_ACCESS
        )
        active = game.active_locks()
        self.reads = {player: self._reads(player, public_notes, active) for player in game.slots}
        self.access: dict[tuple[str, str, int], bool] = {}
        self.point: dict[tuple[str, str, int], bool] = {}
        for player in game.slots:
            for owner, held in game.slots.items():
                if owner != player:
                    self._judge_slots(player, owner, held)

    def _read_enough(self, reads, lock_id: int) -> bool:
        return sum(1 for note in self.on.get(lock_id, ()) if note.id in reads) >= NOTES_FOR_ACCESS

    def _reads(self, player: str, public_notes: set, active: list) -> frozenset:
        """The player's own notes and the public ones, then, until nothing changes, those in every
        lock the player accesses (by (i) or (ii); reading notes can open the way to more)."""
        seen = public_notes | {n.id for (author, _), n in self.declared.items() if author == player}
        grown = True
        while grown:
            grown = False
            for lock in active:
                if lock.owner == player:
                    continue
                if (player, lock.id) in self.declared or self._read_enough(seen, lock.id):
                    inside = {note.id for note in self.behind.get(lock.id, ())} - seen
                    if inside:
                        seen |= inside
                        grown = True
        return frozenset(seen)

    def _judge_slots(self, player: str, owner: str, held: list) -> None:
        """Access to each of ``owner``'s slots by (i), (ii) or, for empty slots, (iii), and
        whether it scores: not by (ii) alone when the owner has read the note."""
        reads = self.reads[player]
        for slot, lock_id in enumerate(held):
            if lock_id is None:
                continue
            by_reading = self._read_enough(reads, lock_id)
            note = self.declared.get((player, lock_id))
            self.access[player, owner, slot] = by_reading or note is not None
            self.point[player, owner, slot] = by_reading or (note is not None and note.id not in self.reads[owner])
        every_lock = all(self.access[player, owner, slot] for slot, lock_id in enumerate(held) if lock_id is not None)
        for slot, lock_id in enumerate(held):
            if lock_id is None:
                self.access[player, owner, slot] = self.point[player, owner, slot] = every_lock
