"""The teacher's proof (game/store/proof.py): Ed25519 as RFC 8032 gives it, the same signatures
as the plain-Python arithmetic the module had before (class folders keep those), and a check that
answers False, never an error, for whatever a file holds."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.store import proof

# RFC 8032, section 7.1: TEST 1 and TEST 2 (secret key, public key, message, signature).
RFC_8032 = [
    pytest.param(
        "9d61b19deffd5a60ba844af492ec2cc44449c5697b326919703bac031cae7f60",
        "d75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a",
        "",
        "e5564300c360ac729086e2cc806e828a84877f1eb8e5d974d873e065224901555fb8821590a33bacc61e39701cf9b46bd25bf5f0595bbe24655141438e7a100b",
        id="test-1",
    ),
    pytest.param(
        "4ccd089b28ff96da9db6c346ec114e0f5b8a319f35aba624da8cf6ed4fb8a6fb",
        "3d4017c3e843895a92b70aa74d1b7ebc9c982ccf2ec4968cc0cd55f12af4660c",
        "72",
        "92a009a9f0d4cab8720e820b5f642540a2b27b5416503f8fb3762223ebdb69da085ac1e43e15996e458f3613d0f11d8c387b2eaeb4302aeeb00d291612bb0c00",
        id="test-2",
    ),
]

# Made by the module's own plain-Python Ed25519 (before it used `cryptography`), from seeds that
# key_seed gave: (PIN, salt, iterations, message, public key, signature). Class folders keep such
# proofs, so they must check for ever.
OLD_OUTPUT = [
    pytest.param(
        "2468",
        "00112233445566778899aabbccddeeff",
        1000,
        b"reset Ben",
        "a72aa6a2880898569320bc05a9546871611e15c12ac94e365ebf493fd2ff61f4",
        "b3827c52ee9c6d1354fb3ff8ca349632d68982197135eb760eafbd5e15173db4f83f7c33bb1f29ff701ef478a3d42e665f2264c11b9ab1c7291cc57ab4aecf04",
        id="short",
    ),
    pytest.param(
        "2468",
        "5a1c0ffee0ddba11c0ffee0ddba11c05",
        200_000,
        b'["act", "teacher-1764000000.0", "reset", "c-ben", 1764000000.0, "teacher"]',
        "1dd6c6bff9e8305b93a9a72708d1d48d8317519eb2acadd87a5633fcbb168587",
        "7f69dc037a6a971deac956f8b71b1b0e7f1238e5b98d6fe360a45f1d12e486569cc3763205982f5f26e5b2434f2d02556505b090fa082db2be29b1417e975f09",
        id="a-reset-act",
    ),
]

SEEDS = st.binary(min_size=32, max_size=32)
MESSAGES = st.binary(max_size=300)


def test_the_self_check_says_it_signs_and_checks(capsys: pytest.CaptureFixture[str]) -> None:
    assert proof.main() == 0
    assert "Ed25519 signs and checks RFC 8032's test 2" in capsys.readouterr().out


def flipped(data: bytes, bit: int) -> bytes:
    """`data` with one bit turned over (`bit` counted from the first byte's lowest)."""
    changed = bytearray(data)
    changed[bit // 8] ^= 1 << bit % 8
    return bytes(changed)


@pytest.mark.parametrize(("secret", "public", "message", "signature"), RFC_8032)
def test_rfc_8032_vectors(secret: str, public: str, message: str, signature: str) -> None:
    seed, text = bytes.fromhex(secret), bytes.fromhex(message)
    assert proof.public_key(seed) == public
    assert proof.sign(seed, text) == signature
    assert proof.verify(public, text, signature)
    assert not proof.verify(public, text + b"!", signature)


@pytest.mark.parametrize(("pin", "salt", "iterations", "message", "public", "signature"), OLD_OUTPUT)
def test_a_proof_made_by_the_old_code_still_checks(
    pin: str, salt: str, iterations: int, message: bytes, public: str, signature: str
) -> None:
    seed = proof.key_seed(pin, bytes.fromhex(salt), iterations)
    assert proof.public_key(seed) == public
    assert proof.verify(public, message, signature)
    assert proof.sign(seed, message) == signature  # deterministic: the same bytes as before


@pytest.mark.parametrize(
    "public",
    [
        "",
        "zz" * 32,
        "d75a98",  # too short
        "d75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a00",  # too long
        "02" + "00" * 31,  # y = 2: no x makes it a point of the curve
        "ff" * 32,  # y above the field's prime
    ],
)
def test_a_key_that_is_no_key_checks_nothing(public: str) -> None:
    signature = proof.sign(bytes(32), b"x")
    assert proof.verify(public, b"x", signature) is False


@pytest.mark.parametrize("signature", ["", "00" * 64, "e556", "e5" * 65, "not hex at all", "é" * 128])
def test_a_signature_that_is_no_signature_checks_nothing(signature: str) -> None:
    public = proof.public_key(bytes(32))
    assert proof.verify(public, b"x", signature) is False


@settings(max_examples=100, deadline=None)
@given(seed=SEEDS, message=MESSAGES.filter(bool), bit=st.integers(min_value=0))
def test_a_signature_checks_and_one_bit_of_the_message_undoes_it(seed: bytes, message: bytes, bit: int) -> None:
    public, signature = proof.public_key(seed), proof.sign(seed, message)
    assert proof.verify(public, message, signature)
    assert not proof.verify(public, flipped(message, bit % (8 * len(message))), signature)


@settings(max_examples=100, deadline=None)
@given(seed=SEEDS, message=MESSAGES, bit=st.integers(min_value=0, max_value=8 * 64 - 1))
def test_one_bit_of_the_signature_undoes_it(seed: bytes, message: bytes, bit: int) -> None:
    public, signature = proof.public_key(seed), bytes.fromhex(proof.sign(seed, message))
    assert proof.verify(public, message, signature.hex())
    assert not proof.verify(public, message, flipped(signature, bit).hex())


@settings(max_examples=100, deadline=None)
@given(
    public=st.one_of(st.text(), st.binary().map(bytes.hex), st.binary(min_size=32, max_size=32).map(bytes.hex)),
    message=MESSAGES,
    signature=st.one_of(st.text(), st.binary().map(bytes.hex), st.binary(min_size=64, max_size=64).map(bytes.hex)),
)
def test_verify_never_raises(public: str, message: bytes, signature: str) -> None:
    assert proof.verify(public, message, signature) in (True, False)
