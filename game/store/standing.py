"""What stands of a class's facts once the teacher's proofs are checked.

Headless: no pygame here. Where the class has a PIN, a teacher's change (a removal, a reset, an
undo, a rename, a setting, the PIN, a class of the school added, renamed or archived) counts only
with a proof made from the PIN (`game.store.proof`); `stand` says, for the joined `Facts` of the
class, what stands and what was refused, by writer. `Facts.standing()` remembers it until the
facts change.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from . import proof as proofs
from .classes import CLASS
from .registers import REMOVE, RESET, Act, Child, Reg

if TYPE_CHECKING:
    from .facts import Facts

PIN_RESET = "pin-reset"
CHILDRENS_SETTINGS = ("sound", "language")  # changed from the children's screens: no PIN asked


@dataclass(frozen=True)
class Refused:
    """A teacher's change left out of the class: it has no valid proof of the PIN."""

    writer: str
    what: str  # "remove", "reset", "undo", "name", "setting", "pin", "pin-reset", "class"
    subject: str  # the child, the setting's name, the act's id, the class's id
    at: float = 0.0  # when it says it was made (held to the share's time)


@dataclass
class Standing:
    """What stands of a class's facts once the teacher's proofs are checked."""

    pin: Reg | None = None
    removed: set[str] = field(default_factory=set)
    resets: dict[str, float] = field(default_factory=dict)
    acts: dict[str, Act] = field(default_factory=dict)  # every act that counts (undone or not)
    undone: dict[str, Reg] = field(default_factory=dict)
    names: dict[str, Reg] = field(default_factory=dict)  # the name that counts, by child
    given: dict[str, list[Reg]] = field(default_factory=dict)  # the names that counted, in order
    settings: dict[str, Reg] = field(default_factory=dict)
    classes: dict[str, list[Reg]] = field(default_factory=dict)  # the school's: each class's registers that count
    refused: list[Refused] = field(default_factory=list)
    # Since when the class is without a guarding PIN: -inf when it never had one, the time the
    # teacher took it away, or None while one guards it.
    opened: float | None = float("-inf")
    chain: list[Reg] = field(default_factory=list)  # the PIN registers that counted, in order


def guards(pin: object) -> list[str]:
    """The keys that may prove a change where `pin` is in force: its own and its recovery key."""
    if not isinstance(pin, dict):
        return []
    return [key for key in (pin.get("key"), pin.get("recovery")) if isinstance(key, str)]


def stand(facts: Facts) -> Standing:
    """The PIN in force and every change that counts: where a PIN with a key is in force, a
    teacher's change counts only with a proof from one of the class's PINs."""
    standing = Standing()
    keys = _pin_chain(facts, standing)
    guarded = guards(standing.pin.value if standing.pin is not None else None) != []
    # Unguarded now: since when. A change the PIN left out stays left out under every later
    # PIN and after the PIN is taken away (only what was stamped after that counts unsigned).
    if guarded:
        standing.opened = None
    opened = standing.opened

    def proven(message: bytes, proof: str, at: float) -> bool:
        if any(proofs.verify(key, message, proof) for key in keys):
            return True
        return opened is not None and at > opened

    _stand_acts(facts, standing, proven)
    _stand_settings(facts, standing, proven)
    _stand_classes(facts, standing, proven)
    for child_id, child in facts.children.items():
        standing.names[child_id] = _name(child_id, child, proven, standing)
    return standing


def _stand_acts(facts: Facts, standing: Standing, proven: Callable[[bytes, str, float], bool]) -> None:
    """Each act's and undo's latest version with a proof; the children hidden by them."""
    for act_id, newest in facts.acts.items():
        for tried in facts.every("act", act_id, newest):
            if tried.kind in (REMOVE, RESET) and proven(tried.message(act_id), tried.proof, tried.at):
                standing.acts[act_id] = tried
                break
            standing.refused.append(Refused(tried.writer, tried.kind, tried.child, tried.at))
    class_changes = {
        str(register.value.get("change"))
        for registers in facts.classes.values()
        for register in registers
        if isinstance(register.value, dict)
    }
    for act_id, newest_undo in facts.undone.items():
        for undo_tried in facts.every("undo", act_id, newest_undo):
            if isinstance(undo_tried.value, bool) and proven(
                undo_tried.message("undo", act_id), undo_tried.proof, undo_tried.at
            ):
                standing.undone[act_id] = undo_tried
                break
            if act_id in standing.acts:
                hidden = standing.acts[act_id].child
                standing.refused.append(Refused(undo_tried.writer, "undo", hidden, undo_tried.at))
            elif act_id in class_changes:  # a change to the school's list of classes, hidden
                standing.refused.append(Refused(undo_tried.writer, CLASS, "", undo_tried.at))
    for act_id, act in standing.acts.items():
        undo = standing.undone.get(act_id)
        if undo is not None and undo.value:
            continue
        if act.kind == REMOVE:
            standing.removed.add(act.child)
        else:
            standing.resets[act.child] = max(act.at, standing.resets.get(act.child, act.at))


def _stand_settings(facts: Facts, standing: Standing, proven: Callable[[bytes, str, float], bool]) -> None:
    """Each setting's latest version with a proof (the children's own need none)."""
    for name, setting in facts.settings.items():
        if name in CHILDRENS_SETTINGS:
            standing.settings[name] = setting
            continue
        for set_to in facts.every("setting", name, setting):
            if proven(set_to.message("setting", name), set_to.proof, set_to.at):
                standing.settings[name] = set_to
                break
            standing.refused.append(Refused(set_to.writer, "setting", name, set_to.at))


def _stand_classes(facts: Facts, standing: Standing, proven: Callable[[bytes, str, float], bool]) -> None:
    """Each register of the school's classes that has a proof (every one counts, oldest first:
    a class's adding, renames and archiving are each a change of its own, `game.store.classes`)."""
    for class_id, registers in facts.classes.items():
        # One written before the PIN and signed when it was chosen is there twice: once is enough.
        endorsed = {(reg.value_key, reg.ts, reg.writer) for reg in registers if reg.proof}
        for register in sorted(registers, key=Reg.key):
            if not register.proof and (register.value_key, register.ts, register.writer) in endorsed:
                continue
            if proven(register.message(CLASS, class_id), register.proof, register.at):
                standing.classes.setdefault(class_id, []).append(register)
            else:
                standing.refused.append(Refused(register.writer, CLASS, class_id, register.at))


def _pin_chain(facts: Facts, standing: Standing) -> list[str]:
    """The PIN in force (into `standing`) and the keys of every PIN that was. Where the PIN
    in force has a key, a new PIN, or none, needs a proof from that key or from its recovery
    key (the code shown once when the PIN was chosen: `solochess teacher --reset-pin`); without
    it the register is left out, and the PIN stays."""
    keys: list[str] = []
    standing.opened = float("-inf")
    for register in sorted(facts.pins | ({facts.pin} if facts.pin else set()), key=Reg.key):
        guarding = guards(standing.pin.value if standing.pin is not None else None)
        message = register.message("pin", "")
        if guarding and not any(proofs.verify(key, message, register.proof) for key in guarding):
            standing.refused.append(Refused(register.writer, "pin" if register.value else PIN_RESET, "", register.at))
            continue
        if guarding and register.value is None:
            standing.opened = register.at
        standing.pin = register if register.value is not None else None
        standing.chain.append(register)
        keys.extend(guards(register.value))
    return keys


def _name(child_id: str, child: Child, proven: Callable[[bytes, str, float], bool], standing: Standing) -> Reg:
    """Her first name, then each rename that counts (a rename is a teacher's change)."""
    every = child.names | ({child.name} if child.name else set())
    endorsed = {(reg.value_key, reg.ts, reg.writer) for reg in every if reg.proof}
    # A name given before the PIN and signed when it was chosen is there twice: once is enough.
    given = sorted(
        (reg for reg in every if reg.proof or (reg.value_key, reg.ts, reg.writer) not in endorsed), key=Reg.key
    )
    name = given[0] if given else Reg("", 0.0)
    counted = standing.given.setdefault(child_id, [name])
    for register in given[1:]:
        if register.value == name.value or proven(register.message("name", child_id), register.proof, register.at):
            name = register
            counted.append(register)
        else:
            standing.refused.append(Refused(register.writer, "name", child_id, register.at))
    return name
