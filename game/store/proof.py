"""The teacher's proof: a change signed with a key that only someone who knows the PIN can make.

Headless: no pygame here. A MAC (HMAC with a key from the PIN) could be checked only by a
computer that knows the PIN, and the children's computers do not; so the key derived from the
PIN (PBKDF2-SHA256 with the class's salt, a salt apart from the PIN's own hash) is the seed of
an Ed25519 key pair (RFC 8032). Its public half is kept in the PIN's record, where every
computer can check a proof and none can make one without the PIN.

The signing and checking are pyca `cryptography`'s (OpenSSL underneath), not curve arithmetic of
our own. Ed25519 is deterministic, so a seed and a message give the same signature whoever makes
it: the proofs written before, by this module's own plain-Python arithmetic, still check
(tests/store/test_proof.py keeps two). Checks are remembered, so a re-read checks only what is
new. It proves who knew the PIN, not more: a four-digit PIN whose salted hash is in the class
folder can be found by trying them all, which takes a pupil minutes of a program, not a text editor.

``key_seed(pin, salt, iterations) -> bytes``, ``public_key(seed) -> str`` (hex),
``sign(seed, message) -> str`` (hex), ``verify(public, message, proof) -> bool`` (never raises).
``valid_pin_record(pin)``, ``hash_pin(pin, salt, iterations)``: the PIN's own record (its salted
hash, what a typed PIN is checked against). ``python -m game.store.proof`` signs and checks RFC
8032's second test vector with the `cryptography` at hand and says so in a line:
`tools/build_app.py` runs it in the standalone build (as ``solochess -m game.store.proof``),
`tools/check_lowest.py` with the lowest versions.
"""

from __future__ import annotations

import functools
import hashlib
import secrets

import cryptography
from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey, Ed25519PublicKey

from .checks import is_count


def key_seed(pin: str, salt: bytes, iterations: int) -> bytes:
    """The signing key's seed; its salt differs from the PIN hash's, so the hash does not give it."""
    return hashlib.pbkdf2_hmac("sha256", pin.encode("utf-8"), b"solochess teacher's proof" + salt, iterations)


def public_key(seed: bytes) -> str:
    """The public half of the key pair whose seed is `seed` (32 bytes), in hex."""
    return Ed25519PrivateKey.from_private_bytes(seed).public_key().public_bytes_raw().hex()


def sign(seed: bytes, message: bytes) -> str:
    """The signature of `message` by the key whose seed is `seed` (32 bytes), in hex."""
    return Ed25519PrivateKey.from_private_bytes(seed).sign(message).hex()


@functools.lru_cache(maxsize=4096)
def verify(public: str, message: bytes, proof: str) -> bool:
    """Whether `proof` is a signature of `message` by `public` (both in hex). False, never an
    error, for anything else: not hex, the wrong length, a key that is not a point of the curve."""
    try:
        key = Ed25519PublicKey.from_public_bytes(bytes.fromhex(public))
        key.verify(bytes.fromhex(proof), message)
    except (ValueError, TypeError, InvalidSignature):
        return False
    return True


# The recovery code: shown once when the PIN is chosen, printed or written down by the teacher.
# Sixteen letters from 32 (80 bits, no 0/O or 1/I to mistake), so no one finds it by trying.
RECOVERY_LETTERS = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"
RECOVERY_ITERATIONS = 10_000


def new_recovery_code() -> str:
    letters = "".join(secrets.choice(RECOVERY_LETTERS) for _ in range(16))
    return "-".join(letters[start : start + 4] for start in range(0, 16, 4))


def recovery_seed(code: str, salt: bytes) -> bytes:
    """The recovery key's seed: the code as typed, whatever the case, spaces and dashes."""
    typed = "".join(letter for letter in code.upper() if letter.isalnum())
    return key_seed(typed, salt + b" recovery", RECOVERY_ITERATIONS)


# The PIN's own record: its salted hash, to check a typed PIN

PIN_ITERATIONS = 200_000


def valid_pin_record(pin: object) -> bool:
    if not isinstance(pin, dict):
        return False
    try:
        bytes.fromhex(pin["salt"]), bytes.fromhex(pin["hash"])
    except (KeyError, TypeError, ValueError):
        return False
    # Bounded: a hostile file must not make check_pin run for minutes.
    return is_count(pin.get("iterations")) and 0 < pin["iterations"] <= 1_000_000


def hash_pin(pin: str, salt: bytes, iterations: int) -> bytes:
    return hashlib.pbkdf2_hmac("sha256", pin.encode("utf-8"), salt, iterations)


def main() -> int:
    """Sign and check RFC 8032's TEST 2 (section 7.1); 0 when the bytes are the RFC's."""
    seed = bytes.fromhex("4ccd089b28ff96da9db6c346ec114e0f5b8a319f35aba624da8cf6ed4fb8a6fb")
    public, signature = public_key(seed), sign(seed, b"\x72")
    expected = (
        "3d4017c3e843895a92b70aa74d1b7ebc9c982ccf2ec4968cc0cd55f12af4660c",
        "92a009a9f0d4cab8720e820b5f642540a2b27b5416503f8fb3762223ebdb69da085ac1e43e15996e458f3613d0f11d8c387b2eaeb4302aeeb00d291612bb0c00",
    )
    good = (public, signature) == expected and verify(public, b"\x72", signature)
    good = good and not verify(public, b"\x73", signature)
    said = "signs and checks RFC 8032's test 2" if good else "FAILS RFC 8032's test 2"
    print(f"proof: Ed25519 {said} (cryptography {cryptography.__version__})")
    return 0 if good else 1


if __name__ == "__main__":
    raise SystemExit(main())
