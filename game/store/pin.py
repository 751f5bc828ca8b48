"""The teacher's PIN: chosen, checked, taken away, replaced with the recovery code.

Headless: no pygame here. Part of the store (`game.store.progress.ProgressStore`: ``store.pin``).

- ``is_set``, ``has_recovery_code``; ``choose(pin) -> str`` (the recovery code, shown once),
  ``check(pin) -> bool``, ``clear()``, ``reset(code, new_pin) -> str | None``,
  ``new_recovery_code() -> str | None``, ``share(record, seed) -> bool`` (a new class of a school
  takes the school's PIN): pbkdf2-sha256, salted. Where the class has a PIN, a
  teacher's change (removal, reset, undo, rename, a setting other than sound and language, the
  PIN) counts only if this window was given the PIN (``check`` or ``choose``): it is signed with
  a key made from it (`game.store.proof`, `Author.seed`). A change in the folder without that
  proof is left out, and a ``notice`` names its file. Such a window also writes, after a full
  re-read and at most every five minutes, the class as it read it, signed (`game.store.snapshot`):
  a new computer's first read takes it in place of every child's file; ``write_snapshot() ->
  bool`` writes one now.
"""

from __future__ import annotations

import hmac
import secrets

from ..i18n import _
from . import proof
from . import proof as proofs
from .author import Author
from .classes import CLASS
from .facts import Facts
from .registers import Act, Child, Reg
from .standing import CHILDRENS_SETTINGS

PIN_ITERATIONS = proof.PIN_ITERATIONS


class Pin:
    def __init__(self, by: Author) -> None:
        self._author = by

    @property
    def is_set(self) -> bool:
        return self._author.state.pin is not None

    @property
    def has_recovery_code(self) -> bool:
        """Whether the PIN in force can be replaced with a recovery code (one chosen before
        codes were given cannot: only the PIN itself changes it)."""
        pin = self._author.state.pin
        return pin is not None and isinstance(pin.get("recovery"), str)

    def _set_pin_record(self, record: dict[str, object] | None, seed: bytes | None = None) -> None:
        """A new PIN (or none), proven with the PIN in force; with a new key, everything that
        stands is signed with it too, so that it keeps counting where that key is asked for."""
        old = self._author.state.facts.pin
        ts = self._author.time() if old is None else self._author.time(old.at)
        register = self._author.signed(Reg(record, ts, self._author.writer), "pin", "")
        facts = Facts(pin=register, pins=frozenset({register}))
        if seed is not None:
            self._author.seed = seed
            facts = facts.join(self._endorsed(seed))
        self._author.change(facts)

    def _endorsed(self, seed: bytes) -> Facts:
        """What stands now, signed with the new PIN's key (the same changes, now with proof)."""
        standing = self._author.state.standing

        def sign(register: Reg, what: str, subject: str) -> Reg:
            proof = proofs.sign(seed, register.message(what, subject))
            return Reg(register.value, register.ts, register.writer, proof, register.held)

        facts = Facts()
        for act_id, act in standing.acts.items():
            facts.acts[act_id] = Act(
                act.kind, act.child, act.ts, act.writer, proofs.sign(seed, act.message(act_id)), act.held
            )
        for act_id, register in standing.undone.items():
            facts.undone[act_id] = sign(register, "undo", act_id)
        for name, register in standing.settings.items():
            if name not in CHILDRENS_SETTINGS:
                facts.settings[name] = sign(register, "setting", name)
        for child_id, given in standing.given.items():
            names = frozenset(sign(register, "name", child_id) for register in given[1:])
            if names:
                facts.children[child_id] = Child(names=names)
        for class_id, registers in standing.classes.items():  # the school's classes (`game.store.school`)
            facts.classes[class_id] = frozenset(sign(register, CLASS, class_id) for register in registers)
        return facts

    def _new_pin(self, pin: str, salt: bytes, iterations: int, digest: bytes, recovery: str | None = None) -> None:
        seed = proofs.key_seed(pin, salt, iterations)
        record: dict[str, object] = {
            "salt": salt.hex(),
            "iterations": iterations,
            "hash": digest.hex(),
            "key": proofs.public_key(seed),
        }
        if recovery is not None:
            record["recovery"] = proofs.public_key(proofs.recovery_seed(recovery, salt))
        self._set_pin_record(record, seed)

    def choose(self, pin: str) -> str:
        """Choose the class's PIN (proven with the PIN in force, if there is one); returns the
        recovery code, shown once: only it can take a forgotten PIN away (`reset`)."""
        if not pin:
            raise ValueError(_("Please type a PIN."))
        salt = secrets.token_bytes(16)
        code = proofs.new_recovery_code()
        self._new_pin(pin, salt, PIN_ITERATIONS, proof.hash_pin(pin, salt, PIN_ITERATIONS), code)
        return code

    def reset(self, recovery_code: str, new_pin: str) -> str | None:
        """A forgotten PIN replaced by `new_pin`, proven with the recovery code shown when it was
        chosen; returns the new recovery code, or None when the code is not the class's (then
        nothing changes). A pupil, who has no code, cannot take the PIN away."""
        record = self._author.state.pin
        if record is None or not isinstance(record.get("recovery"), str) or not new_pin:
            return None
        seed = proofs.recovery_seed(recovery_code, bytes.fromhex(record["salt"]))
        if proofs.public_key(seed) != record["recovery"]:
            return None
        self._author.seed = seed  # proves the new PIN's register, as the PIN itself would
        return self.choose(new_pin)

    def new_recovery_code(self) -> str | None:
        """A recovery code for the PIN in force (one chosen before codes were given has none):
        only in a window that was given the PIN; None otherwise."""
        record, seed = self._author.state.pin, self._author.seed
        if record is None or seed is None or proofs.public_key(seed) != record.get("key"):
            return None
        code = proofs.new_recovery_code()
        renewed = {**record, "recovery": proofs.public_key(proofs.recovery_seed(code, bytes.fromhex(record["salt"])))}
        self._set_pin_record(renewed, seed)
        return code

    def share(self, record: dict[str, object], seed: bytes) -> bool:
        """The school's PIN (`record`, its folder's own class's, and `seed`, the key its PIN
        gave the window that typed it) for this class, while it has none of its own: the same
        digits and recovery code from now on, each class's to change on its own later
        (`game.store.school.add_class`). False, and nothing changes, where the class has a PIN."""
        if self.is_set or proofs.public_key(seed) != record.get("key"):
            return False
        self._set_pin_record(dict(record), seed)
        return True

    def check(self, pin: str) -> bool:
        """True for the class's PIN; then this window may make the teacher's changes (and a PIN
        of before the teacher's proof gets its key)."""
        record = self._author.state.pin
        if record is None:
            return False
        salt, iterations = bytes.fromhex(record["salt"]), record["iterations"]
        digest = proof.hash_pin(pin, salt, iterations)
        if not hmac.compare_digest(digest, bytes.fromhex(record["hash"])):
            return False
        if "key" in record:
            self._author.seed = proofs.key_seed(pin, salt, iterations)
        elif not self._author.sync.read_only:
            self._new_pin(pin, salt, iterations, digest)
        return True

    def write_snapshot(self) -> bool:
        """The class as this window read it last, signed, for new computers' first read
        (`game.store.snapshot`): only in a window given the PIN; False when none was written."""
        self._author.sync.settle()
        return self._author.sync.disk.write_snapshot(self._author.seed, now=True)

    def clear(self) -> None:
        self._set_pin_record(None)

    def undo_reset(self) -> None:
        """The PIN taken away last is back (the undo of its line in the history)."""
        pins = sorted(self._author.state.facts.pins, key=Reg.key)
        before = next((reg for reg in reversed(pins) if reg.value is not None), None)
        if before is not None:
            self._set_pin_record(before.value)
