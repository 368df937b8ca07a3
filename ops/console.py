"""What of the services' output reaches the console: all of it but known-harmless noise.

The launcher and the build keep every line in a log file of the instance folder and show the
console the rest of it, so that an operator does not read these as failures (issue 34):

- TensorFlow's C++ log lines below error (``... I tensorflow/...cc:123] ...``, ``W ...``) and
  TensorFlow Lite's ``INFO: ...`` lines;
- deprecation warnings raised inside installed packages (``site-packages``), which only their
  authors can act on;
- Rasa's UserWarnings that are known to be harmless here (:data:`HARMLESS_USER_WARNINGS`);
- absl's warning about untraced functions while the sentence model is converted
  (:class:`HarmlessAbslWarnings`, a logging filter of ``ops.build``'s own process).

A hidden record's indented lines (the source line under a warning) and at most one plain
line after it (the second line of a multi-line message, such as TensorFlow's "To enable the
following instructions: ...") are hidden with it. Everything else is shown, errors and
tracebacks first of all: nothing is hidden that is not named here.
"""
from __future__ import annotations

import logging
import re
import sys
import threading
from typing import BinaryIO, Callable, Iterable, Optional, TextIO

_ANSI = re.compile(r"\x1b\[[0-9;]*m")
# "2026-12-03 15:03:07.618004: I tensorflow/tsl/cuda/cudart_stub.cc:28] Could not find ..."
_TF_CPP = re.compile(r"^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\.\d+: (?P<level>[IWEF]) \S+:\d+\]")
# TensorFlow Lite's own logger: "INFO: Created TensorFlow Lite XNNPACK delegate for CPU."
_TFLITE_INFO = re.compile(r"^INFO: ")
# Python's warning format: "/path/module.py:39: DeprecationWarning: message"
_PY_WARNING = re.compile(r"^(?P<path>\S+\.py):\d+: (?P<category>\w+): (?P<message>.*)$")
_DEPRECATIONS = re.compile(r"(Deprecation|MovedIn20)Warning$")
# Rasa's validation says these of this project's data; each is checked by a test instead.
HARMLESS_USER_WARNINGS = (
    # Responses sent by custom actions and by the report form, not by a rule: Rasa's check
    # sees only rules. tests/rasa/test_responses_used.py checks every response is used.
    re.compile(r"^The utterance '\w+' is not used in any story or rule\."),
    # The village and discharge annotations in data/nlu/ are read by the spaCy entity ruler
    # and the regex extractor, which Rasa does not count as trained extractors.
    re.compile(r"^You have defined training data consisting of entity examples, but your NLU configuration does not include an entity extractor"),
)
# The start of a record of its own: a log line, a warning, a traceback, a launcher line.
_RECORD_START = re.compile(
    r"^(\d{4}-\d\d-\d\d|\[|\S+\.py:\d+: \w+: |Traceback |INFO: |WARNING|ERROR|CRITICAL|!!|\w+(Error|Exception|Warning)\b)"
)


class HarmlessAbslWarnings(logging.Filter):
    """Drops absl's "Found untraced functions ..." warning of a Keras model saved for
    conversion (``ops.build``): the converter traces the one function it needs itself."""

    def filter(self, record: logging.LogRecord) -> bool:
        return not str(record.msg).startswith("Found untraced functions")


def _harmless_warning(path: str, category: str, message: str) -> bool:
    if _DEPRECATIONS.search(category):
        return "site-packages" in path
    if category == "UserWarning":
        return any(pattern.search(message) for pattern in HARMLESS_USER_WARNINGS)
    return False


class ConsoleFilter:
    """Decides, line by line, whether a line of a service's output is shown (stateful: a
    hidden record's continuation lines are hidden with it)."""

    def __init__(self) -> None:
        self._hiding = False
        self._plain_lines_hidden = 0  # plain (not indented) lines hidden after the record's first

    def show(self, line: str) -> bool:
        """Whether ``line`` (with or without its newline) reaches the console."""
        text = _ANSI.sub("", line).rstrip("\r\n")
        if not text.strip():
            return not self._hiding
        if self._hiding and not _RECORD_START.match(text):
            if text[0].isspace():
                return False  # the source line under a warning
            if self._plain_lines_hidden == 0:
                self._plain_lines_hidden = 1
                return False  # a message's second line
        self._hiding = self._noise(text)
        self._plain_lines_hidden = 0
        return not self._hiding

    @staticmethod
    def _noise(text: str) -> bool:
        tf = _TF_CPP.match(text)
        if tf:
            return tf.group("level") in "IW"
        if _TFLITE_INFO.match(text):
            return True
        warning = _PY_WARNING.match(text)
        if warning:
            return _harmless_warning(warning.group("path"), warning.group("category"), warning.group("message"))
        return False


def shown(lines: Iterable[str]) -> list:
    """The lines of ``lines`` that reach the console."""
    console = ConsoleFilter()
    return [line for line in lines if console.show(line)]


def say(text: str, console: Optional[TextIO] = None) -> bool:
    """Print one line of the launcher's own to ``console`` (stdout by default); ``False``
    when the console is gone (a closed pipe), instead of an error that would stop the
    launcher before it stops its services."""
    try:
        print(text, file=console or sys.stdout, flush=True)
        return True
    except (OSError, ValueError):  # BrokenPipeError, or a stream already closed
        return False


def pump(source: BinaryIO, log: Optional[BinaryIO], console: Optional[TextIO],
         on_console_closed: Optional[Callable[[], None]] = None) -> None:
    """Copy ``source`` line by line into ``log`` (all of it) and ``console`` (what
    :class:`ConsoleFilter` shows) until it ends; then close ``log``. A console that closes
    (a pipe whose reader left) is dropped and ``on_console_closed`` called; the log goes on,
    so the service never blocks on output nobody reads."""
    keep = ConsoleFilter()
    try:
        for raw in iter(source.readline, b""):
            if log is not None:
                log.write(raw)
                log.flush()
            if console is not None:
                # A progress bar redraws itself with "\r": the console gets its last state.
                line = raw.decode("utf-8", "replace").rstrip("\r\n").rsplit("\r", 1)[-1] + "\n"
                if keep.show(line) and not _write(console, line):
                    console = None
                    if on_console_closed is not None:
                        on_console_closed()
    finally:
        if log is not None:
            log.close()


def _write(console: TextIO, line: str) -> bool:
    try:
        console.write(line)
        console.flush()
        return True
    except (OSError, ValueError):
        return False


def start_pump(source: BinaryIO, log: Optional[BinaryIO], console: Optional[TextIO],
               on_console_closed: Optional[Callable[[], None]] = None) -> threading.Thread:
    """:func:`pump` in a daemon thread (it ends with the process whose output it reads)."""
    thread = threading.Thread(target=pump, args=(source, log, console, on_console_closed), daemon=True)
    thread.start()
    return thread
