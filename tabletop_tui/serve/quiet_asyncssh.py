"""asyncssh, imported without cryptography's deprecation warnings.

asyncssh still names DSA key classes at import time, and cryptography warns about each
use: about ten `CryptographyDeprecationWarning` lines on the server's error output at every
start, none of them about anything the server does (it never makes or accepts DSA keys).
They are silenced here, where asyncssh is imported, and nowhere else: any other warning,
from asyncssh or anyone, still shows.
"""

from __future__ import annotations

import importlib.util
import warnings

# asyncssh first: without the serve extra, the player is told the package it names
if importlib.util.find_spec("asyncssh") is None:
    raise ModuleNotFoundError("No module named 'asyncssh'", name="asyncssh")

from cryptography.utils import CryptographyDeprecationWarning  # noqa: E402 - (after the check)

with warnings.catch_warnings():
    warnings.filterwarnings("ignore", category=CryptographyDeprecationWarning, module="asyncssh")
    import asyncssh

__all__ = ["asyncssh"]
