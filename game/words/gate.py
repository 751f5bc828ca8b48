"""The grown-up gate's sentences."""

from __future__ import annotations

from ..i18n import _


def settings_closed_by_pin() -> str:
    """Settings were open on this computer when the class got a PIN elsewhere: why they closed."""
    return _("Settings closed: the class has a PIN now. Type it to open them again.")
