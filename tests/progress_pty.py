#!/usr/bin/env python3
"""progress_pty.py MODE COMMAND - runs COMMAND (a shell command line whose
stdout the caller redirects to a file) with stderr on a pseudo-terminal and
checks bloomsim's progress line (sim/bloomsim/progress.h):

  complete   progress lines with an estimate of the time left appear, and
             the last one is erased before anything else is written (a
             message, or the record on stdout, starts on a clean line);
  interrupt  once a progress line has appeared, Ctrl-C is typed on the
             terminal (the character ETX, so the terminal sends SIGINT to the
             foreground process group as it would for a person); the line is
             erased and the command exits with status 130.

Prints what it found and exits 0 when the checks pass, 1 otherwise."""
import fcntl
import os
import re
import select
import signal
import sys
import termios
import time

mode, command = sys.argv[1], sys.argv[2]
# The pseudo-terminal is opened here and its slave side kept open by this
# process too: with pty.fork() the slave closes when the child exits, and
# Linux may then answer the master's read with EIO before the child's last
# bytes (the line's erasure) have been moved to the master, so a correct run
# could read as a wrong one.  The child is made a session leader with the
# terminal as its controlling terminal, so Ctrl-C reaches it as SIGINT.
fd, slave = os.openpty()
pid = os.fork()
if pid == 0:
    os.close(fd)
    # A job started in the background by a shell without job control runs
    # with SIGINT ignored (POSIX 2.11), and an ignored signal stays ignored
    # across exec: Ctrl-C would then never stop the command.  The terminal's
    # user expects the default, so the child gets it back.
    signal.signal(signal.SIGINT, signal.SIG_DFL)
    signal.signal(signal.SIGQUIT, signal.SIG_DFL)
    os.setsid()
    fcntl.ioctl(slave, termios.TIOCSCTTY, 0)
    # Ctrl-C makes the line discipline send SIGINT and then, unless NOFLSH
    # is set, discard the output still queued towards the master (POSIX
    # 11.1.9; Linux n_tty isig()).  A program that erases its line at once
    # can have the erasure discarded by that flush, which happens after the
    # signal: the terminal loses it, not the program.  NOFLSH keeps the
    # queue, so what the program wrote is what is read here.
    attributes = termios.tcgetattr(slave)
    attributes[3] |= termios.NOFLSH
    termios.tcsetattr(slave, termios.TCSANOW, attributes)
    for target in (0, 1, 2):
        os.dup2(slave, target)
    os.close(slave)
    os.execvp("sh", ["sh", "-c", command])

PROGRESS = re.compile(rb"\r\x1b\[K[a-z ]+: [0-9]+ %, [0-9][^\r]*, about [0-9][^\r]* left[^\r]*")
ERASE = b"\r\x1b[K"
seen = b""
interrupted = False
status = None
quiet_since = None
deadline = time.monotonic() + 600
while time.monotonic() < deadline:
    ready, _, _ = select.select([fd], [], [], 0.1)
    if ready:
        seen += os.read(fd, 4096)
        quiet_since = None
    if mode == "interrupt" and not interrupted and PROGRESS.search(seen):
        os.write(fd, b"\x03")
        interrupted = True
    if status is None:
        done, status_now = os.waitpid(pid, os.WNOHANG)
        status = status_now if done else None
    if status is not None and not ready:   # exited: read until 0.5 s pass with nothing more
        quiet_since = quiet_since or time.monotonic()
        if time.monotonic() - quiet_since > 0.5:
            break
if status is None:
    os.kill(pid, 9)
    _, status = os.waitpid(pid, 0)
os.close(slave)
code = os.waitstatus_to_exitcode(status)
lines = PROGRESS.findall(seen)
failures = []
if not lines:
    failures.append("no progress line with the time left")
match = None
for match in PROGRESS.finditer(seen):
    pass
last = match.end() if match else -1
after = seen[last:] if last >= 0 else b""
if after.startswith(b"^C"):      # the terminal's echo of Ctrl-C, on the progress line
    after = after[2:]
if last < 0 or not after.startswith(ERASE):
    failures.append(f"the progress line was not erased before anything else: {after[:80]!r}")
if mode == "interrupt" and code != 130:
    failures.append(f"exit status {code} after Ctrl-C, not 130")
if mode == "complete" and code != 0:
    failures.append(f"exit status {code}")
print(f"{len(lines)} progress lines, exit {code}; last: {lines[-1][4:] if lines else b''!r}")
for failure in failures:
    print("FAIL:", failure)
if failures:   # what the terminal showed, to tell a slow run from a wrong line
    print(f"read {len(seen)} bytes from the terminal; the last 300: {seen[-300:]!r}")
sys.exit(1 if failures else 0)
