"""What became of a page sent to the printer, as the teacher reads it."""

from __future__ import annotations

from ..i18n import _


def printed(path: str, job: str, printer: str = "") -> str:
    if printer and job:
        return _("Sent to the printer {printer} (job {job}). The file is kept at {path}.").format(
            printer=printer, job=job, path=path
        )
    if job:
        return _("Sent to the printer (job {job}). The file is kept at {path}.").format(job=job, path=path)
    return _("Sent to the printer. The file is kept at {path}.").format(path=path)


def no_printer(path: str) -> str:
    return _("This computer has no printer set up. The file is at {path}: print it from there.").format(path=path)


def no_default_printer(path: str) -> str:
    return _(
        "This computer has several printers and none is the default: choose one in the computer's "
        "settings. The file is at {path}."
    ).format(path=path)


def no_such_printer(printer: str, path: str) -> str:
    return _("There is no printer called '{printer}'. The file is at {path}.").format(printer=printer, path=path)


def no_print_service(path: str) -> str:
    return _("The computer's printing service is not answering. The file is at {path}.").format(path=path)


def no_file(path: str) -> str:
    return _("There is no file to print at {path}.").format(path=path)


def refused(reason: str, path: str) -> str:
    return _("The printer did not take the file: {reason}. The file is at {path}.").format(reason=reason, path=path)
