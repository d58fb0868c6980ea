"""The ``pinochle`` command's standard output when writing to it fails (README, "The command line").

Two failures end a command, each the way other command-line tools end:

* **A closed pipe** (``pinochle replay - < records.jsonl | head -1``): whoever read the output has
  gone. The command stops at once, silently, with the status :data:`CLOSED_PIPE_STATUS` (141, what a
  shell reports for ``seq`` or ``cat`` stopped by the same closed pipe).
* **A failed write** (``pinochle games > /dev/full``: no space left, an I/O error): one line on
  standard error names the cause (``pinochle: cannot write output: No space left on device``), and the
  status is 1.

Neither prints a traceback, nor Python's "Exception ignored" when it flushes standard output at exit:
once a write has failed, the process's standard output is pointed at the null device (the pattern of
the Python documentation's note on SIGPIPE).

>>> import io
>>> class Full(io.StringIO):
...     def write(self, text: str) -> int:
...         raise OSError(28, "No space left on device")
>>> try:
...     Guarded(Full()).write("{}\\n")
... except OutputError as err:
...     print(err)
cannot write output: No space left on device
"""

from __future__ import annotations

import errno
import os
import sys
from typing import IO, Any, cast

#: The exit status when the reader of the output has gone: 128 + SIGPIPE (13), as a shell reports a
#: coreutils command (``seq``, ``cat``) that the closed pipe stopped.
CLOSED_PIPE_STATUS = 141

#: The error numbers of a closed pipe (a reader that has gone, through a pipe or a socket).
_CLOSED = (errno.EPIPE, errno.ESHUTDOWN)


class OutputError(Exception):
    """Writing or flushing the command's output failed: ``cause`` is the :class:`OSError`, ``stream``
    the stream that refused it.

    Not an :class:`OSError` nor a :class:`ValueError`: no handler of bad input or of an unreadable
    file takes it for one of those; only :func:`output_failed` handles it.
    """

    def __init__(self, cause: OSError, stream: IO[str] | None = None) -> None:
        self.cause, self.stream = cause, stream
        super().__init__(f"cannot write output: {cause.strerror or cause}")

    @property
    def closed(self) -> bool:
        """Whether the reader has gone (a closed pipe), rather than the write failing."""
        return isinstance(self.cause, BrokenPipeError) or self.cause.errno in _CLOSED


class Guarded:
    """A text stream whose failed writes and flushes raise :class:`OutputError`; everything else
    (``encoding``, ``isatty``, ``fileno``...) is the stream's own.

    A :class:`UnicodeEncodeError` is left as it is: the writers answer it with plainer text.
    """

    def __init__(self, stream: IO[str]) -> None:
        self.stream = stream

    def write(self, text: str) -> int:
        """Write ``text``.

        Raises:
            OutputError: the stream refused it.
        """
        try:
            return self.stream.write(text)
        except OSError as err:
            raise OutputError(err, self.stream) from None

    def flush(self) -> None:
        """Flush the stream.

        Raises:
            OutputError: the stream refused it.
        """
        try:
            self.stream.flush()
        except OSError as err:
            raise OutputError(err, self.stream) from None

    def __getattr__(self, name: str) -> Any:
        return getattr(self.stream, name)


def guarded(stream: IO[str]) -> IO[str]:
    """``stream`` behind a :class:`Guarded` (itself when it already is one), typed as the stream it
    stands for: every writer of the command (JSON lines, the terminal game, the arena's table) writes
    to it as to any text stream."""
    if isinstance(stream, Guarded):
        return cast(IO[str], stream)
    return cast(IO[str], Guarded(stream))


def output_failed(err: OutputError) -> int:
    """End the command after ``err``: say nothing for a closed pipe, else one line on standard error.

    When the stream that failed is the process's standard output, it is pointed at the null device
    first, so that what is left in its buffer goes nowhere when Python flushes it at exit (no
    "Exception ignored").

    Returns:
        The exit status: :data:`CLOSED_PIPE_STATUS` for a closed pipe, else 1.
    """
    if err.stream is not None and err.stream is sys.stdout:
        try:
            devnull = os.open(os.devnull, os.O_WRONLY)
            os.dup2(devnull, err.stream.fileno())
            os.close(devnull)
        except (OSError, ValueError):  # no file descriptor (a replaced sys.stdout): nothing to flush at exit
            pass
    if err.closed:
        return CLOSED_PIPE_STATUS
    try:
        print(f"pinochle: {err}", file=sys.stderr, flush=True)
    except (OSError, ValueError):  # standard error is gone too: the status alone says it
        pass
    return 1
