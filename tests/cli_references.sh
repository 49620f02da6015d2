#!/bin/sh
# cli_references.sh [BUILD] - every reference in the repository resolves
# inside the repository.
#
#   1. Sections.  A reference is "FORMULAS.md §LABEL" (calc/FORMULAS.md) or
#      "PERFORMANCE.md §LABEL" (sim/PERFORMANCE.md), the convention stated
#      at the top of both files: LABEL is the first word of a heading
#      ("### a.7 The rate ...").  A bare §LABEL means the document last
#      named on its line, else the file itself for the two documents, else
#      calc/FORMULAS.md.  Every §LABEL in calc, sim, tests, report, data,
#      README.md and Makefile must name an existing heading.
#   2. No vague citation: every line that names FORMULAS or PERFORMANCE.md
#      carries a §LABEL after the name, except whole-document pointers in
#      README.md, the developers' guide, the manual page and the two
#      documents themselves.
#   3. No path outside the repository: no /work/, /home/, nor a relative
#      path to the notes folder beside the checkout, anywhere in the
#      tracked files, and /tmp only as a scratch directory (the TMPDIR
#      fallback "/tmp" or a mkstemp template /tmp/NAME_XXXXXX).
#   4. Every test file that README.md, the other documents or report/ names
#      (tests/...) exists.
#
# BUILD is not used (the check reads only the sources).  With
# REFERENCES_ROOT=DIR it checks the tree at DIR instead of this one (used
# by hand to see it fail on a broken copy).
# Prints "references: N passed, N failed".
set -u
cd "${REFERENCES_ROOT:-$(dirname "$0")/..}" || exit 1

python3 - <<'EOF'
import os
import re
import subprocess
import sys

DOCS = {"FORMULAS.md": "calc/FORMULAS.md", "PERFORMANCE.md": "sim/PERFORMANCE.md"}
WHOLE_DOCUMENT_OK = {"README.md", "calc/bloomcalc.3", "calc/FORMULAS.md", "sim/PERFORMANCE.md",
                     "calc/DEVELOPERS.md"}
failures = []
checks = [0]   # references, lines and files checked, failures included


def fail(message):
    checks[0] += 1
    failures.append(message)
    print("FAIL: " + message)


def ok():
    checks[0] += 1


def tracked(paths):
    if os.path.isdir(".git") or os.path.isfile(".git"):
        out = subprocess.run(["git", "ls-files", "--"] + paths, capture_output=True, text=True)
        if out.returncode == 0:
            return [p for p in out.stdout.split("\n") if p and os.path.isfile(p)]
    found = []
    for root in paths:
        if os.path.isfile(root):
            found.append(root)
        for directory, subdirectories, names in os.walk(root):
            subdirectories[:] = [d for d in subdirectories if d != ".git"]
            found += [os.path.normpath(os.path.join(directory, n)) for n in names]
    return sorted(found)


def text_lines(path):
    try:
        with open(path, "rb") as handle:
            data = handle.read()
    except OSError:
        return None
    if b"\0" in data:
        return None
    return data.decode("utf-8", "replace").split("\n")


labels = {}
for name, path in DOCS.items():
    lines = text_lines(path)
    if lines is None:
        fail(path + " is missing")
        labels[name] = set()
        continue
    found = [m.group(1) for m in (re.match(r"#+ ([a-z][a-z0-9]*(?:\.[0-9]+)*)\.? ", l) for l in lines) if m]
    labels[name] = set(found)
    for label in sorted(labels[name]):   # a label names one heading, or a citation is ambiguous
        if found.count(label) > 1:
            fail("%s: %d headings labelled %s" % (path, found.count(label), label))
    if not labels[name]:
        fail(path + " has no labelled heading")

LABEL = r"§([a-z][a-z0-9]*(?:\.[0-9]+)*)"
TOKEN = re.compile(r"(FORMULAS\.md|PERFORMANCE\.md)|" + LABEL)
NAME = re.compile(r"FORMULAS|PERFORMANCE\.md")
scope = ["calc", "sim", "tests", "report", "data", "README.md", "Makefile"]
references = 0
for path in tracked(scope):
    lines = text_lines(path)
    if lines is None:
        continue
    own = next((name for name, doc in DOCS.items() if doc == path), "FORMULAS.md")
    for number, line in enumerate(lines, 1):
        where = "%s:%d" % (path, number)
        current = own
        for match in TOKEN.finditer(line):
            if match.group(1):
                current = match.group(1)
                continue
            references += 1
            if match.group(2) in labels[current]:
                ok()
            else:
                fail("%s: %s §%s names no heading of %s" % (where, current, match.group(2), DOCS[current]))
        if path == "tests/cli_references.sh":
            continue
        for match in NAME.finditer(line):
            rest = line[match.start():]
            if re.match(r"FORMULAS-", rest):
                fail("%s: cites a fragment (%s), not calc/FORMULAS.md" % (where, rest.split()[0]))
            elif not re.match(r"(FORMULAS|PERFORMANCE)\.md", rest):
                fail("%s: \"%s\" is not FORMULAS.md §LABEL" % (where, rest[:20]))
            elif re.search(LABEL, rest) or path in WHOLE_DOCUMENT_OK:
                ok()
            else:
                doc = rest[:rest.index(".md") + 3]
                fail("%s: cites %s without a section (write %s §LABEL)" % (where, doc, doc))
if references < 100:
    fail("only %d section references found: is the convention still FORMULAS.md §LABEL?" % references)

# 3. Absolute paths.
ABSOLUTE = re.compile(r"/work/|/home/|\.\./shared|/tmp\b[^\"'\s]*")
SCRATCH = re.compile(r"^/tmp$|^/tmp/[A-Za-z0-9_.-]*XXXXXX$")
for path in tracked(["."]):
    if path == "tests/cli_references.sh":
        continue
    lines = text_lines(path)
    if lines is None:
        continue
    clean = True
    for number, line in enumerate(lines, 1):
        for match in ABSOLUTE.finditer(line):
            if SCRATCH.match(match.group(0)):
                continue
            clean = False
            fail("%s:%d: absolute path %s" % (path, number, match.group(0)))
    if clean:
        ok()

# 4. Test files named by the documents and the report.
for path in tracked(["README.md", "report", "calc/DEVELOPERS.md", "calc/NEWS.md", "sim/SCALE-OUT.md"]):
    lines = text_lines(path)
    if lines is None:
        continue
    for number, line in enumerate(lines, 1):
        # a path inside the build tree (build/tests/calc_tests) or a pattern
        # (tests/cli_NAME.sh, tests/calc_*.c) names no one file
        for match in re.finditer(r"(?<![/\w])tests/[A-Za-z0-9_./-]*[A-Za-z0-9_/]", line):
            named = match.group(0)
            if "NAME" in named or line[match.end():match.end() + 1] == "*":
                continue
            if os.path.exists(named):
                ok()
            else:
                fail("%s:%d: names %s, which does not exist" % (path, number, named))

print("references: %d passed, %d failed" % (checks[0] - len(failures), len(failures)))
sys.exit(1 if failures else 0)
EOF
