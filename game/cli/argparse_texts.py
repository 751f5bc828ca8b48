"""argparse's own texts ("usage:", "options", "invalid choice: ...") in the reader's language.

argparse looks its texts up with the standard `gettext.gettext` and `gettext.ngettext`, in the
default domain, where no catalogue of ours is. `translate_argparse` routes those lookups to the
game's catalogue, and the texts below put argparse's English into it, so `update` extracts them
and every language translates them like any other text. The list is the union of what Python 3.10
to 3.13 say to a person (their errors for a programmer, like a conflicting option, are left out).
"""

from __future__ import annotations

import argparse

from .. import i18n
from ..i18n import N_, ngettext

ARGPARSE_TEXTS = (
    N_("usage: "),
    N_("positional arguments"),
    N_("options"),
    N_("subcommands"),
    N_("%(heading)s:"),
    N_("show this help message and exit"),
    N_("show program's version number and exit"),
    N_(" (default: %(default)s)"),
    N_("%(prog)s: error: %(message)s\n"),
    N_("%(prog)s: warning: %(message)s\n"),
    N_("argument %(argument_name)s: %(message)s"),
    N_("unknown parser %(parser_name)r (choices: %(choices)s)"),
    N_('argument "-" with mode %r'),
    N_("can't open '%(filename)s': %(error)s"),
    N_("unrecognized arguments: %s"),
    N_("not allowed with argument %s"),
    N_("ignored explicit argument %r"),
    N_("the following arguments are required: %s"),
    N_("one of the arguments %s is required"),
    N_("expected one argument"),
    N_("expected at most one argument"),
    N_("expected at least one argument"),
    N_("ambiguous option: %(option)s could match %(matches)s"),
    N_("unexpected option string: %s"),
    N_("invalid %(type)s value: %(value)r"),
    N_("invalid choice: %(value)r (choose from %(choices)s)"),
    N_("argument '%(argument_name)s' is deprecated"),
    N_("command '%(parser_name)s' is deprecated"),
    N_("option '%(option)s' is deprecated"),
)


def _plural_texts() -> None:
    """Never called: puts argparse's one plural text into the catalogue."""
    ngettext("expected %s argument", "expected %s arguments", 1)


def translate_argparse() -> None:
    """From now on argparse says its texts in the language in use (looked up at each call, so a
    later change of language counts too)."""
    argparse._ = i18n._  # type: ignore[attr-defined]
    argparse.ngettext = i18n.ngettext  # type: ignore[attr-defined]
