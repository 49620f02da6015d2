#!/usr/bin/env python3
"""messages_check.py BUILD - every error message's "accepted" forms are
accepted, for every option of every command of both
programs.

The commands come from each program's --help, the options from each
command's --help.  For each option that takes a value, a bad value ('@'
for numbers and choices, '' for texts; '--flag=x' for a flag) must be
refused as the programs promise bad input (exit 2, nothing on stdout, one
line on stderr naming the option).  Then every form that line names as
accepted is fed back in:

  examples   "as A, B or C" (both the list's and the items' examples)
  choices    "one of A, B, C"
  bounds     "from A to B" (A and B included), "at least A"; for sizes
             "from A to B bits" is fed as "A bit" and "B bit"

Stage 1, every option of both programs: 'PROGRAM COMMAND --OPTION FORM
--zz-sentinel' must be refused for the sentinel (unknown option), which the
parser reaches only after it accepted FORM; nothing runs.
Stage 2, the commands that run in milliseconds (bloomcalc's, and bloomsim
fpr and plan with 10 trials of 10 queries): each example or choice (not
the bounds: lsm -L 1000 takes seconds; but bloomsim's hash, index and
block widths) is given
with a base command line that is complete ('plan 1e6 1%'...), and the run
must exit 0, or at least not be refused for that option (no stderr line
'OPTION: ...').  Options the base line already gives are left to stage 1.

Also: a command given no arguments that is refused with an example ("e.g.
'bloomcalc compare 1e9 1%'") accepts that example; -V and --version, for each program and each command, print the
version line and exit 0; and -h, --help, -V and --version stand alone: a word beside them, after or
before, is refused as bad input naming that word (it was silently dropped).

Prints "cli-messages: N passed, N failed".  With MESSAGES_SELF_TEST=1 it
checks only --digits, reading each message with '0' (which --digits
refuses) added to its examples: every such run must fail
(tests/cli_messages.sh checks that it does).
"""
import os
import re
import shlex
import subprocess
import sys

BUILD = sys.argv[1]
SENTINEL = "--zz-sentinel"

# The libraries' own names for -n and -p (calc/cli/description.h): the base lines give their
# value already, under -n and -p.
NATIVE_NAMES = {"fp-chance", "error-rate", "capacity", "expected-insertions", "fpp"}

# Stage 2: a complete command line per command that runs in milliseconds, and the options it gives.
SIM_RUN = ["--trials", "10", "--queries", "10"]
SIM_GIVEN = {"trials", "queries", "keys", "bits", "memory", "bits-per-key", "hashes", "rate"} | NATIVE_NAMES
SIM_BASES = {
    "fpr": (["-m", "1e4", "-n", "1000", "-k", "3"] + SIM_RUN, SIM_GIVEN),
    "plan": (["1000", "1%"] + SIM_RUN, SIM_GIVEN),
}
BASES = {
    "plan": (["-n", "1e6", "-p", "1%"], {"keys", "rate", "bits", "memory", "bits-per-key"} | NATIVE_NAMES),
    "fpr": (["-m", "1e4", "-n", "1000", "-k", "3"], {"keys", "bits", "memory", "bits-per-key", "hashes"}
            | NATIVE_NAMES),
    "table": (["-n", "1e6", "-p", "1%"], {"keys", "rate", "bits", "memory", "bits-per-key"} | NATIVE_NAMES),
    "compare": (["1e6", "1%"], {"keys", "rate", "bits-per-key"}),
    "lsm": ([], set()),
    "grow": (["-n", "1e6"], {"keys"}),
    "structures": (["1%"], {"rate"}),
    "keys": ([], set()),
}

# Options that their own messages say go with another: "accepted: --layout
# split-block with --block-words W"; in fpr, "-k equal to --block-words".
NEEDS = {"block-words": lambda form: ["--layout", "split-block"],
         # RocksDB's SST files: "accepted: --library rocksdb ... with --entry-size"
         "file-size": lambda form: ["--library", "rocksdb", "-c", "10", "--entry-size", "8"],
         "entry-size": lambda form: ["--library", "rocksdb", "-c", "10"],
         # the tree of a deployment's files: "accepted: --l0-files with --keys-per-filter N"
         "l0-files": lambda form: ["--keys-per-filter", "1000"],
         "coverage": lambda form: ["--keys-per-filter", "1000"],
         # LevelDB's data blocks: "read only with --library leveldb and --entry-size"
         "block-size": lambda form: ["--library", "leveldb", "-c", "10", "--entry-size", "100"]}
# lsm's default tree (10^9 keys at 10 bits a key over 5 levels) is beyond
# libbloom (2^31 bits) and its top level below it (1000 keys): --library is
# tried on a tree every library builds, two levels of 0.9 and 9.1 million keys.
NEEDS_IN = {("fpr", "block-words"): lambda form: ["-m", "1e4", "-n", "1000", "-k", form,
                                                  "--layout", "split-block"],
            ("lsm", "library"): lambda form: ["-n", "1e7", "-L", "2"],
            # lsm has no -n/-p base to refuse first: a file large enough for every form of an entry
            ("lsm", "entry-size"): lambda form: ["--library", "rocksdb", "-c", "10", "--file-size", "2GiB"],
            ("lsm", "l0-files"): lambda form: ["-n", "1e7", "-L", "2", "--keys-per-filter", "1e6"]}

# bloomsim options whose bounds are cheap to run: the widths the description accepts.
SIM_BOUNDED = {"hash-bits", "index-bits", "block-bits"}

SELF_TEST = os.environ.get("MESSAGES_SELF_TEST") == "1"
passed = 0
failed = 0


def ok():
    global passed
    passed += 1


def bad(text):
    global failed
    failed += 1
    print("FAIL: " + text)


def run(arguments):
    try:
        done = subprocess.run(arguments, capture_output=True, text=True, timeout=60)
    except subprocess.TimeoutExpired:
        return None, "", "timeout"
    return done.returncode, done.stdout, done.stderr


def commands_of(program):
    _, out, _ = run([os.path.join(BUILD, program), "--help"])
    names, inside = [], False
    for line in out.splitlines():
        if line.startswith("Commands:"):
            inside = True
        elif inside and not line.strip():
            break
        elif inside:
            match = re.match(r"^  ([a-z]+)\b", line)
            if match:
                names.append(match.group(1))
    return names


OPTION_LINE = re.compile(r"^  (?:-(\w), )?\s*--([a-z][\w-]*)(?: ([A-Z]\S*))?(?:\s|$)")


def options_of(program, command):
    """(long name, short name, takes a value, has an accepted line) for each option."""
    _, out, _ = run([os.path.join(BUILD, program), command, "--help"])
    lines = out.splitlines()
    options = []
    for i, line in enumerate(lines):
        match = OPTION_LINE.match(line)
        if not match or match.group(2) in ("help", "version"):
            continue
        accepted = i + 1 < len(lines) and lines[i + 1].lstrip().startswith("(")
        options.append((match.group(2), match.group(1), match.group(3) is not None, accepted))
    return options


def split_forms(text):
    return [form for form in re.split(r", | or ", text) if form]


def forms_named(accepted):
    """The forms an "accepted: ..." text names, as values to give the option:
    (examples and choices, bounds)."""
    forms = []
    for match in re.finditer(r"(?:^|, )as (.+?)(?=, each |$)", accepted):
        forms += split_forms(match.group(1))
    match = re.match(r"one of (.+)$", accepted)
    if match:
        forms += match.group(1).split(", ")
    bounds = []
    size = "a size from" in accepted
    for match in re.finditer(r"\bfrom (\S+) to (\S+?)(?=[ ,:]|$)", accepted):
        for bound in match.groups():
            if bound not in ("any",):
                bounds.append(bound + " bit" if size else bound)
    for match in re.finditer(r"\bfrom (\S+?) up\b", accepted):
        bounds.append(match.group(1))
    for match in re.finditer(r"\bat least (\S+?)(?=[,;]|$)", accepted):
        bounds.append(match.group(1))
    return forms, bounds


def option_label(long_name, short_name):
    return "-%s/--%s" % (short_name, long_name) if short_name else "--" + long_name


def check_stage1(program, command, long_name, short_name, form):
    path = os.path.join(BUILD, program)
    rc, out, err = run([path, command, "--" + long_name, form, SENTINEL])
    if rc == 2 and not out and ("unknown option '%s'" % SENTINEL) in err:
        ok()
    else:
        bad("%s %s --%s '%s' (named as accepted) is refused: %s" %
            (program, command, long_name, form, err.strip() or "exit %s" % rc))


def check_stage2(program, command, long_name, short_name, form):
    base, given = (BASES if program == "bloomcalc" else SIM_BASES)[command]
    if long_name in given:
        return
    if (command, long_name) in NEEDS_IN:
        base = NEEDS_IN[(command, long_name)](form)
    elif long_name in NEEDS:
        base = base + NEEDS[long_name](form)
    label = option_label(long_name, short_name)
    rc, out, err = run([os.path.join(BUILD, program), command] + base + ["--" + long_name, form])
    refused_for_it = rc == 2 and any(line.split(": ", 2)[1:2] == [label] or
                                     (": %s:" % label) in line for line in err.splitlines())
    if rc == 0 or (rc in (1, 2) and not refused_for_it):
        ok()
    else:
        bad("%s %s %s --%s '%s' (named as accepted) fails: exit %s, %s" %
            (program, command, " ".join(base), long_name, form, rc, err.strip()))


def check_option(program, command, option):
    long_name, short_name, takes_value, has_accepted = option
    path = os.path.join(BUILD, program)
    label = option_label(long_name, short_name)
    if not takes_value:
        arguments = [path, command, "--%s=x" % long_name]
    else:
        arguments = [path, command, "--" + long_name, "@" if has_accepted else ""]
    rc, out, err = run(arguments)
    lines = err.splitlines()
    if rc != 2 or out or len(lines) != 1 or label not in lines[0]:
        bad("%s %s: a bad value for %s: exit %s, stdout %r, stderr %r" %
            (program, command, label, rc, out[:80], err))
        return
    ok()
    if "; accepted: " not in lines[0]:
        return
    accepted = lines[0].split("; accepted: ", 1)[1]
    if SELF_TEST:   # a deliberately wrong message: 0 digits are refused
        accepted = accepted.replace(" as ", " as 0, ", 1)
    forms, bounds = forms_named(accepted)
    if takes_value and has_accepted and not forms:
        bad("%s %s %s: the message names no accepted form: %s" % (program, command, label, lines[0]))
    for form in forms + bounds:
        check_stage1(program, command, long_name, short_name, form)
    for form in forms:   # the bounds are left to stage 1: some run for seconds (lsm -L 1000)
        if command in (BASES if program == "bloomcalc" else SIM_BASES):
            check_stage2(program, command, long_name, short_name, form)
    for form in bounds:   # bounds too where the run stays small
        if program == "bloomsim" and command in SIM_BASES and long_name in SIM_BOUNDED:
            check_stage2(program, command, long_name, short_name, form)


def format_of(text):
    """csv, json or table: what a command printed."""
    first = text.split("\n", 1)[0]
    if first.startswith("{") or first.startswith("["):
        return "json"
    return "csv" if "," in first and "  " not in first else "table"


def check_defaults(program, command):
    """One default per option: no option entry says "default" twice, the
    description names no format default (the --format entry does, from the
    value the command starts from), and what a bloomcalc command prints
    without --format is the format its help calls the default."""
    _, out, _ = run([os.path.join(BUILD, program), command, "--help"])
    entries, description = [], []
    for line in out.splitlines():
        if OPTION_LINE.match(line):
            entries.append(line)
        elif entries and line.startswith("    "):
            entries[-1] += " " + line.strip()
        elif not entries:
            description.append(line)
    for entry in entries:
        if entry.count("default") > 1:
            bad("%s %s --help: an option states two defaults: %s" % (program, command, entry))
        else:
            ok()
    text = " ".join(description)
    if re.search(r"(?i)default format|\b(csv|json|table)\b by default|format is (csv|json|a table)", text):
        bad("%s %s --help: the description states a format default too" % (program, command))
    else:
        ok()
    stated = [re.search(r"default (\w+)\)", e) for e in entries if re.match(r"^\s+--format ", e)]
    if program != "bloomcalc" or command not in BASES or not stated or not stated[0]:
        return
    _, printed, _ = run([os.path.join(BUILD, program), command] + BASES[command][0])
    if format_of(printed) == stated[0].group(1):
        ok()
    else:
        bad("bloomcalc %s: --help says the default format is %s, it prints %s" %
            (command, stated[0].group(1), format_of(printed)))


def check_example(program, command):
    """A command given nothing: if its refusal names an example command
    ("e.g. 'bloomcalc compare 1e9 1%'", "e.g. -m 64 -n 8 -k 5)"), that
    example runs (bloomcalc: exit 0; bloomsim, whose runs take seconds: its
    arguments parse, the sentinel after them being what is refused)."""
    path = os.path.join(BUILD, program)
    rc, out, err = run([path, command])
    match = re.search(r"e\.g\. '([^']+)'|e\.g\. ([^)]+)\)", err)
    if rc == 0 or not match:
        return
    words = shlex.split(match.group(1) or match.group(2))
    if words[:1] == [program]:
        words = words[1:]
    if words[:1] == [command]:
        words = words[1:]
    if program == "bloomcalc":
        rc, out, err = run([path, command] + words)
        good = rc == 0
    else:
        rc, out, err = run([path, command] + words + [SENTINEL])
        good = rc == 2 and ("unknown option '%s'" % SENTINEL) in err
    if good:
        ok()
    else:
        bad("%s %s: the example its message gives, %r, fails: exit %s, %s" %
            (program, command, " ".join(words), rc, err.strip()))


def check_version(arguments):
    rc, out, err = run(arguments)
    if rc == 0 and re.match(r"^bloom(calc|sim) \d+\.\d+\.\d+", out) and out.count("\n") == 1 and not err:
        ok()
    else:
        bad("%s: exit %s, stdout %r, stderr %r" % (" ".join(arguments[1:]) or arguments[0], rc, out, err))


def check_alone(arguments, word):
    """A word beside --help or --version is refused: exit 2, no stdout, one stderr line naming it."""
    rc, out, err = run(arguments)
    if rc == 2 and not out and err.count("\n") == 1 and ("'%s'" % word) in err:
        ok()
    else:
        bad("%s: exit %s, stdout %r, stderr %r (expected a refusal naming %r)" %
            (" ".join(arguments[1:]), rc, out[:80], err, word))


EXTRA = "x-extra"
for program in ("bloomcalc", "bloomsim"):
    path = os.path.join(BUILD, program)
    for flag in ("-h", "--help", "-V", "--version"):
        check_alone([path, flag, EXTRA], EXTRA)
        for command in commands_of(program):
            check_alone([path, command, flag, EXTRA], EXTRA)
            check_alone([path, command, EXTRA, flag], EXTRA)


for program in ("bloomcalc", "bloomsim"):
    path = os.path.join(BUILD, program)
    commands = commands_of(program)
    if len(commands) < 5:
        bad("%s --help lists %d commands" % (program, len(commands)))
    for flag in ("-V", "--version"):
        check_version([path, flag])
    for command in commands:
        for flag in ("-V", "--version"):
            check_version([path, command, flag])
        if not SELF_TEST:
            check_defaults(program, command)
            check_example(program, command)
        options = options_of(program, command)
        if command != "keys" and not options:
            bad("%s %s --help lists no options" % (program, command))
        for option in options:
            if not SELF_TEST or option[0] == "digits":
                check_option(program, command, option)

print("cli-messages: %d passed, %d failed" % (passed, failed))
sys.exit(1 if failed else 0)
