#!/usr/bin/env python3
"""csv_strict.py [--crlf] FILE... - parses each file as RFC 4180 CSV,
strictly, and prints one line per departure (exit 1 if any):

  - every record, the last included, ends with LF, as the programs write
    CSV by default (with --crlf: with CRLF, RFC 4180's own line end, as
    --crlf writes it); no other CR or LF outside a quoted field (one line
    ending throughout);
  - a field is either bare (no quote, comma, CR or LF in it) or wholly
    enclosed in quotes, with inner quotes doubled; nothing follows a
    closing quote but a comma or the record's end;
  - a header row of distinct, non-empty names, and every record has as
    many fields as the header (rectangular);
  - at least the header; UTF-8 text.

Python's csv module accepts much of this silently (bare LF, ragged rows,
stray quotes), so the parser is written out here."""
import sys


def records(text, end):
    """Yields (line number, fields) for RFC 4180 text whose records end
    with `end` ("\n" or "\r\n"), raising ValueError."""
    name = "CRLF" if end == "\r\n" else "LF"
    i, line, length = 0, 1, len(text)
    while i < length:
        fields, start_line = [], line
        while True:
            if i < length and text[i] == '"':
                i += 1
                value = []
                while True:
                    if i >= length:
                        raise ValueError(f"line {start_line}: quoted field not closed")
                    c = text[i]
                    if c == '"':
                        if i + 1 < length and text[i + 1] == '"':
                            value.append('"')
                            i += 2
                            continue
                        i += 1
                        break
                    if c == "\n":
                        line += 1
                    value.append(c)
                    i += 1
                fields.append("".join(value))
            else:
                start = i
                while i < length and text[i] not in ',"\r\n':
                    i += 1
                if i < length and text[i] == '"':
                    raise ValueError(f"line {line}: quote inside a bare field")
                fields.append(text[start:i])
            if i < length and text[i] == ",":
                i += 1
                continue
            if text.startswith(end, i):
                i += len(end)
                line += 1
                yield start_line, fields
                break
            if i >= length:
                raise ValueError(f"line {line}: last record has no {name} line end")
            what = {"\r": "a CR (not %s)" % name, "\n": "a bare LF (not CRLF)"}.get(text[i], f"{text[i]!r} after a quoted field")
            raise ValueError(f"line {line}: {what}")


def check(path, end):
    problems = []
    try:
        text = open(path, "rb").read().decode("utf-8")
    except (OSError, UnicodeDecodeError) as error:
        return [f"{path}: {error}"]
    header = None
    try:
        for number, fields in records(text, end):
            if header is None:
                header = fields
                if len(set(header)) != len(header):
                    problems.append(f"{path}: duplicate column names in the header")
                if any(name == "" for name in header):
                    problems.append(f"{path}: an empty column name in the header")
            elif len(fields) != len(header):
                problems.append(f"{path}: line {number} has {len(fields)} fields, the header {len(header)}")
    except ValueError as error:
        problems.append(f"{path}: {error}")
    if header is None and not problems:
        problems.append(f"{path}: empty (no header)")
    return problems


if __name__ == "__main__":
    crlf = sys.argv[1:2] == ["--crlf"]
    end = "\r\n" if crlf else "\n"
    failures = [problem for path in sys.argv[1 + crlf:] for problem in check(path, end)]
    for problem in failures:
        print(problem)
    sys.exit(1 if failures else 0)
