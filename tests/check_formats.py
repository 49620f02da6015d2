#!/usr/bin/env python3
"""check_formats.py BUILD - every command of both programs, over a set of
option combinations, in CSV and JSON, parsed strictly:

  CSV   RFC 4180 with LF line ends by default: every record (header
        included) ends in LF and no CR appears outside a quoted field; with
        --crlf, every record ends in CRLF (RFC 4180's own line end) and no
        bare CR or LF appears outside one; quotes only around whole
        fields, doubled inside; every record has as many fields as the
        header; header names are unique and non-empty.
  JSON  RFC 8259 (Python's json module, strict), no object with a repeated
        name, no CR anywhere (one line ending, LF); an array holds objects
        that all have the same names in the same order (a rectangular
        table), a single object is one record.

A run must exit 0 and write nothing on stderr except the simulator's
progress (none here: stderr is not a terminal).  Prints
"cli-formats: N passed, N failed".
"""
import csv
import io
import json
import os
import subprocess
import sys
import tempfile

BUILD = sys.argv[1]

CALC = [
    "plan 1e9 1%", "plan 1e9 1% -k 3 -L 7", "plan -n 1000 -m 2^14", "plan -m 2^20 -p 1%",
    "plan 1e6 1e-30 --digits 30", "plan 1e9 1% --layout blocked --round pow2",
    "plan 1e9 1% --layout split-block", "plan 1e9 1% --layout partitioned --hash-bits 32",
    "plan 3 1e-20", "plan 1 0.5", "plan -n 1 -m 1", "plan 2^64 1e-30 --digits 1",
    "fpr -m 64 -n 8 -k 5", "fpr -m 64 -n 8 -k 5 --digits 40", "fpr -m 9585058378 -n 1e9 -k 7 --index-bits 31",
    "fpr -m 1e6 -n 1e5 -k 7 --layout blocked", "fpr -m 1 -n 1 -k 1", "fpr -m 2^64 -n 1 -k 1",
    "table -n 1e6,1e9 -p 0.1..1e-3", "table -n 1e6 -p 1% -L 1..5 --columns levels,read_amp_hit,read_amp_miss",
    "table -n 1e3..1e4 -m 2^16", "table -m 2^20 -p 1%,0.1% -k 3,4 --columns p,n,k",
    "converge -m 2^6..2^12", "converge -m 2^6..2^12 --fit", "converge -c 3 -k 2 -m 2^6..2^10",
    "compare 1e9 1%", "compare 1000 1e-10",
    "lsm", "lsm -L 5 -T 10 -n 1e9 -p 1%", "lsm -L 3 -T 2 -n 1e6 --per-level", "lsm -L 1 -n 1",
    "grow -n 1e6", "grow -n 1e6 --per-filter", "grow -n 1 --initial 1 -s 1",
    "structures 1%", "structures 1% -n 1e6", "structures 1e-30 -n 1 --counter-bits 1",
]
SIM = [
    "fpr -m 64 -n 8 -k 5 --trials 200 --queries 50 --seed 1",
    "fpr -m 1000 -n 100 -k 7 --trials 20 --queries 100 --hash double",
    "fpr -m 1000 -n 100 -k 7 --trials 20 --queries 100 --layout blocked --block-bits 64",
    "plan 1000 1% --trials 20 --queries 200",
    "lsm -L 3 -p 10% -n 1110 --lookups 2000 --trials 4",
    "lsm -L 3 -p 10% -n 1110 --lookups 2000 --trials 4 --allocation monkey",
    "delete -m 32 -n 3 -k 3 --trials 20",
    "grow 2000 --trials 4 --queries 500",
    "verify --budget 1e5",
    "merge @SHARD@",
]

passed = 0
failed = 0


def fail(text):
    global failed
    failed += 1
    print("FAIL: " + text)


def check_csv_bytes(name, text, end):
    """The RFC 4180 grammar with records ending in `end` ("\n" or "\r\n"),
    by hand: returns a problem or None."""
    line_end = "CRLF" if end == "\r\n" else "LF"
    if not text.endswith(end):
        return "does not end in " + line_end
    quoted = False
    at_field_start = True
    i = 0
    while i < len(text):
        c = text[i]
        if quoted:
            if c == '"':
                if i + 1 < len(text) and text[i + 1] == '"':
                    i += 1
                else:
                    quoted = False
                    if i + 1 < len(text) and text[i + 1] != "," and not text.startswith(end, i + 1):
                        return "text after a closing quote at offset %d" % i
        elif c == '"':
            if not at_field_start:
                return "a quote inside an unquoted field at offset %d" % i
            quoted = True
        elif c in "\r\n":
            if not text.startswith(end, i):
                return "%s at offset %d where %s ends a record" % ("CR" if c == "\r" else "bare LF",
                                                                   i, line_end)
            i += len(end)
            at_field_start = True
            continue
        at_field_start = not quoted and c == ","
        i += 1
    if quoted:
        return "unterminated quote"
    return None


def check_csv(name, text, end="\n"):
    problem = check_csv_bytes(name, text, end)
    if problem:
        return problem
    rows = list(csv.reader(io.StringIO(text, newline=""), strict=True))
    if len(rows) < 2:
        return "fewer than a header and one record"
    header = rows[0]
    if len(set(header)) != len(header) or "" in header:
        return "header with repeated or empty names: %r" % header
    for number, row in enumerate(rows[1:], 2):
        if len(row) != len(header):
            return "record %d has %d fields, the header %d" % (number, len(row), len(header))
    return None


class JsonObject(list):
    """An object as its (name, value) pairs, in order."""


def no_duplicates(pairs):
    names = [name for name, _ in pairs]
    if len(set(names)) != len(names):
        raise ValueError("repeated name in %r" % names)
    return dict(pairs)


def strict_constant(word):
    raise ValueError("non-standard constant " + word)


def check_json(name, text):
    if "\r" in text:
        return "CR in JSON"
    try:
        pairs_value = json.loads(text, object_pairs_hook=JsonObject, parse_constant=strict_constant)
        json.loads(text, object_pairs_hook=no_duplicates, parse_constant=strict_constant)
    except ValueError as error:
        return str(error)
    if isinstance(pairs_value, JsonObject):
        return None
    if not isinstance(pairs_value, list) or not pairs_value:
        return "neither an object nor a non-empty array of objects"
    if not isinstance(pairs_value[0], JsonObject):
        return "an array of something else than objects"
    first = [key for key, _ in pairs_value[0]]
    for number, item in enumerate(pairs_value, 1):
        if not isinstance(item, JsonObject) or [key for key, _ in item] != first:
            return "object %d has other names than the first" % number
    return None


def check_csv_crlf(name, text):
    return check_csv(name, text, "\r\n")


def run(program, arguments):
    global passed
    for form, check in (("csv", check_csv), ("csv --crlf", check_csv_crlf), ("json", check_json)):
        command = [BUILD + "/" + program] + arguments.split() + ["--format"] + form.split()
        name = " ".join([program, arguments, "--format", form])
        try:
            result = subprocess.run(command, capture_output=True, timeout=120)
        except subprocess.TimeoutExpired:
            fail("%s: no answer within 120 s" % name)
            continue
        if result.returncode != 0:
            fail("%s: exit %d: %s" % (name, result.returncode, result.stderr.decode()[:300]))
            continue
        try:
            text = result.stdout.decode("utf-8", errors="strict")
        except UnicodeDecodeError as error:
            fail("%s: not UTF-8: %s" % (name, error))
            continue
        problem = check(name, text)
        if problem:
            fail("%s: %s" % (name, problem))
        else:
            passed += 1


# A check that cannot fail is a defect: the checkers must reject broken samples.
for sample, check in (("a,b\n1,2,3\n", check_csv), ("a,b\r\n1,2\r\n", check_csv),
                      ("a,b\n1,2\n", check_csv_crlf), ("a,a\n1,2\n", check_csv),
                      ('a,b\n1,x"y\n', check_csv), ("a,b\r\n1,2\n", check_csv),
                      ("a,b\r\n1,2\n", check_csv_crlf), ("a,b\n1,2\r\n", check_csv_crlf),
                      ('{"a": 1, "a": 2}\n', check_json),
                      ('[{"a": 1}, {"b": 2}]\n', check_json), ('{"a": NaN}\n', check_json),
                      ('{"a": 1}\r\n', check_json)):
    if check("sample", sample) is None:
        fail("the checker accepts the broken sample %r" % sample)
    else:
        passed += 1
for sample, check in (('a,b\n"1,""2""",3\n', check_csv), ('a,b\r\n"1,""2""",3\r\n', check_csv_crlf),
                      ('a,b\n"x\r\ny",3\n', check_csv), ('[{"a": 1}, {"a": 2}]\n', check_json)):
    if check("sample", sample) is not None:
        fail("the checker refuses the good sample %r" % sample)
    else:
        passed += 1

for arguments in CALC:
    run("bloomcalc", arguments)
SHARD = tempfile.NamedTemporaryFile(prefix="bloomsim-shard-", delete=False)
subprocess.run([BUILD + "/bloomsim"] + "fpr -m 64 -n 8 -k 5 --trials 200 --queries 50 --seed 1 --shard 1/1".split(),
               stdout=SHARD, check=True)
SHARD.close()
try:
    for arguments in SIM:
        run("bloomsim", arguments.replace("@SHARD@", SHARD.name))
finally:
    os.unlink(SHARD.name)

print("cli-formats: %d passed, %d failed" % (passed, failed))
sys.exit(1 if failed else 0)
