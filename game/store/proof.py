"""The teacher's proof: a change signed with a key that only someone who knows the PIN can make.

Headless: no pygame here. A MAC (HMAC with a key from the PIN) could be checked only by a
computer that knows the PIN, and the children's computers do not; so the key derived from the
PIN (PBKDF2-SHA256 with the class's salt, a salt apart from the PIN's own hash) is the seed of
an Ed25519 key pair (RFC 8032). Its public half is kept in the PIN's record, where every
computer can check a proof and none can make one without the PIN.

This is Ed25519 in plain Python (a few milliseconds a signature; a class has a handful of
teacher's changes), and checks are remembered, so a re-read checks only what is new. It
proves who knew the PIN, not more: a four-digit PIN whose salted hash is in the class folder
can be found by trying them all, which takes a pupil minutes of a program, not a text editor.

``key_seed(pin, salt, iterations) -> bytes``, ``public_key(seed) -> str`` (hex),
``sign(seed, message) -> str`` (hex), ``verify(public, message, proof) -> bool`` (never raises).
"""

from __future__ import annotations

import functools
import hashlib
import secrets

_P = 2**255 - 19
_L = 2**252 + 27742317777372353535851937790883648493
_D = -121665 * pow(121666, _P - 2, _P) % _P
_I = pow(2, (_P - 1) // 4, _P)  # a square root of -1

Point = tuple[int, int, int, int]  # extended coordinates (X, Y, Z, T), x = X/Z, y = Y/Z, xy = T/Z


def _x_from_y(y: int, sign: int) -> int | None:
    xx = (y * y - 1) * pow(_D * y * y + 1, _P - 2, _P) % _P
    x = pow(xx, (_P + 3) // 8, _P)
    if (x * x - xx) % _P:
        x = x * _I % _P
    if (x * x - xx) % _P:
        return None
    if x == 0 and sign:
        return None
    return _P - x if x & 1 != sign else x


_BY = 4 * pow(5, _P - 2, _P) % _P
_BX = _x_from_y(_BY, 0) or 0
_BASE: Point = (_BX, _BY, 1, _BX * _BY % _P)
_ZERO: Point = (0, 1, 1, 0)


def _add(first: Point, second: Point) -> Point:
    x1, y1, z1, t1 = first
    x2, y2, z2, t2 = second
    a = (y1 - x1) * (y2 - x2) % _P
    b = (y1 + x1) * (y2 + x2) % _P
    c = 2 * t1 * t2 * _D % _P
    d = 2 * z1 * z2 % _P
    e, f, g, h = b - a, d - c, d + c, b + a
    return e * f % _P, g * h % _P, f * g % _P, e * h % _P


def _times(scalar: int, point: Point) -> Point:
    result = _ZERO
    while scalar:
        if scalar & 1:
            result = _add(result, point)
        point = _add(point, point)
        scalar >>= 1
    return result


def _same(first: Point, second: Point) -> bool:
    x1, y1, z1, _t1 = first
    x2, y2, z2, _t2 = second
    return (x1 * z2 - x2 * z1) % _P == 0 and (y1 * z2 - y2 * z1) % _P == 0


def _encode(point: Point) -> bytes:
    x, y, z, _t = point
    inverse = pow(z, _P - 2, _P)
    x, y = x * inverse % _P, y * inverse % _P
    return (y | (x & 1) << 255).to_bytes(32, "little")


def _decode(data: bytes) -> Point | None:
    if len(data) != 32:
        return None
    number = int.from_bytes(data, "little")
    y, sign = number & ((1 << 255) - 1), number >> 255
    if y >= _P:
        return None
    x = _x_from_y(y, sign)
    return None if x is None else (x, y, 1, x * y % _P)


def _hash(*parts: bytes) -> int:
    return int.from_bytes(hashlib.sha512(b"".join(parts)).digest(), "little")


def _secret(seed: bytes) -> tuple[int, bytes]:
    digest = hashlib.sha512(seed).digest()
    scalar = int.from_bytes(digest[:32], "little")
    scalar &= (1 << 254) - 8
    scalar |= 1 << 254
    return scalar, digest[32:]


def key_seed(pin: str, salt: bytes, iterations: int) -> bytes:
    """The signing key's seed; its salt differs from the PIN hash's, so the hash does not give it."""
    return hashlib.pbkdf2_hmac("sha256", pin.encode("utf-8"), b"solochess teacher's proof" + salt, iterations)


def public_key(seed: bytes) -> str:
    scalar, _prefix = _secret(seed)
    return _encode(_times(scalar, _BASE)).hex()


def sign(seed: bytes, message: bytes) -> str:
    scalar, prefix = _secret(seed)
    public = _encode(_times(scalar, _BASE))
    nonce = _hash(prefix, message) % _L
    point = _encode(_times(nonce, _BASE))
    challenge = _hash(point, public, message) % _L
    return (point + ((nonce + challenge * scalar) % _L).to_bytes(32, "little")).hex()


@functools.lru_cache(maxsize=4096)
def verify(public: str, message: bytes, proof: str) -> bool:
    try:
        key, signature = bytes.fromhex(public), bytes.fromhex(proof)
    except ValueError:
        return False
    if len(signature) != 64:
        return False
    point, key_point = _decode(signature[:32]), _decode(key)
    scalar = int.from_bytes(signature[32:], "little")
    if point is None or key_point is None or scalar >= _L:
        return False
    challenge = _hash(signature[:32], key, message) % _L
    return _same(_times(scalar, _BASE), _add(point, _times(challenge, key_point)))


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
