"""What the server and a served app process agree on about a crash: where the report goes,
its size, and the exit status that says the app crashed (see `serve.child`)."""

#: the exit status of an app that crashed (EX_SOFTWARE)
CRASH_STATUS = 70
#: names the file descriptor the app writes its crash report to
CRASH_FD_VARIABLE = "TABLETOP_TUI_CRASH_FD"
CRASH_MESSAGE = (
    "tabletop-tui: the game stopped because of an internal error (logged on the server)."
)
#: the most of a crash report sent to the server
MAX_REPORT = 64 * 1024
