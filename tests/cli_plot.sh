#!/bin/sh
# cli_plot.sh BUILD - "bloomcalc plot": pictures of the size asked for, in
# the format the file name says, read back from the files themselves (a
# PNG's signature and IHDR chunk, an SVG root's width and height), the
# terminal plot with its axis labels and legend, one curve a library, and
# the refusals and failures: bad input exit 2 and one line, a file that
# cannot be written or a gnuplot missing or failing exit 1 and one line,
# nothing on stdout and no file (nor temporary) left behind either way.
# Ends with "cli-plot: N passed, N failed".
set -u
. tests/command_checks.sh
checks_begin "$1"

# png_size FILE: "WIDTHxHEIGHT" from the IHDR chunk, when the file is a PNG (signature, then IHDR).
png_size() {
    [ "$(od -An -tx1 -N8 "$1" | tr -d ' \n')" = 89504e470d0a1a0a ] || return 1
    [ "$(od -An -c -j12 -N4 "$1" | tr -d ' \n')" = IHDR ] || return 1
    od -An -tu1 -j16 -N8 "$1" | awk '{ printf "%dx%d", (($1 * 256 + $2) * 256 + $3) * 256 + $4,
                                                  (($5 * 256 + $6) * 256 + $7) * 256 + $8 }'
}

# svg_size FILE: "WIDTHxHEIGHT" from the attributes of the <svg> root element.
svg_size() {
    tr '\n' ' ' <"$1" | sed -n 's/.*<svg\([^>]*\)>.*/\1/p' |
        sed -n 's/.* width="\([0-9]*\)".* height="\([0-9]*\)".*/\1x\2/p'
}

# drawn FILE KIND SIZE ARGS...: plot exits 0, says on one line what it wrote (the file and its
# size in bytes), nothing on stderr, and FILE is a KIND (png, svg) picture of SIZE pixels.
drawn() {
    file=$1 kind=$2 size=$3
    shift 3
    "$calc" plot "$@" --output "$file" >"$out" 2>"$err"
    rc=$?
    bytes=$(wc -c <"$file" 2>/dev/null || echo 0)
    if [ "$rc" -ne 0 ] || [ -s "$err" ]; then fail "plot $* --output $file: exit $rc: $(cat "$err")"; return; fi
    if [ "$bytes" -eq 0 ]; then fail "plot $* --output $file: empty or missing"; return; fi
    case $(cat "$out") in
    "$file: "*", $bytes bytes") ;;
    *) fail "plot $* --output $file: said '$(cat "$out")', the file has $bytes bytes"; return ;;
    esac
    [ "$(wc -l <"$out")" -eq 1 ] || { fail "plot $*: more than one line: $(cat "$out")"; return; }
    got=$("${kind}_size" "$file")
    if [ "$got" = "$size" ]; then pass; else fail "plot $* --output $file: a $kind of '$got', expected $size"; fi
}

pictures=$scratch/pictures
mkdir "$pictures"
drawn "$pictures/rate.png" png 800x500 1e6 1%
drawn "$pictures/small.png" png 640x400 1e6 1% --width 640 --height 400
drawn "$pictures/RATE.PNG" png 800x500 1e6 1% --library rocksdb
drawn "$pictures/rate.svg" svg 800x500 1e6 1%
drawn "$pictures/wide.svg" svg 1000x300 1e9 1e-3 --width 1000 --height 300 --layout blocked
drawn "$pictures/libraries.png" png 800x500 1e6 1% --libraries none,guava,rocksdb,parquet-spec
drawn "$pictures/libraries.svg" svg 800x500 1e6 1% --libraries guava,rocksdb,bloom-filters --keys-max 1e7

# One curve a library: each is titled in the SVG's legend.
for library in guava rocksdb bloom-filters; do
    grep -q ">$library<" "$pictures/libraries.svg"
    check "libraries.svg: a curve titled $library" $?
done
for line in 'target p' '2p' '10p' 'keys held' 'false-positive rate'; do
    grep -q ">$line<" "$pictures/rate.svg"
    check "rate.svg: '$line' drawn" $?
done

# The terminal: the text plot on stdout, 24 lines of gnuplot's dumb terminal, labelled.
"$calc" plot 1e6 1% --terminal --library guava >"$out" 2>"$err"
check "plot --terminal: exit 0, nothing on stderr" $(( $? + $(wc -c <"$err") ))
for text in 'keys held' 'false-positive rate' 'target p' '2p' '10p' 'guava' '1e+06'; do
    grep -q -- "$text" "$out"
    check "plot --terminal: shows '$text'" $?
done
[ "$(wc -l <"$out")" -eq 24 ]
check "plot --terminal: 24 lines" $?
"$calc" plot 1e6 1% --terminal --libraries guava,rocksdb >"$out" 2>"$err"
grep -q guava "$out" && grep -q rocksdb "$out"
check "plot --terminal --libraries: both curves in the legend" $?

# Bad input: exit 2, one line naming the argument, nothing on stdout, no file.
refuse --output "$calc" plot 1e6 1% --output "$pictures/rate.jpg"
refuse --output "$calc" plot 1e6 1% --output "$pictures/rate"
refuse --output "$calc" plot 1e6 1% --output "$pictures/.png"
refuse --keys "$calc" plot 0 1% --output "$pictures/bad.png"
refuse --rate "$calc" plot 1e6 2 --output "$pictures/bad.png"
refuse --terminal "$calc" plot 1e6 1%
refuse --terminal "$calc" plot 1e6 1% --terminal --output "$pictures/bad.png"
refuse --keys-max "$calc" plot 1e6 1% --terminal --keys-max 1e6
refuse --width "$calc" plot 1e6 1% --output "$pictures/bad.png" --width 10
refuse --libraries "$calc" plot 1e6 1% --terminal --libraries guava,nosuch
refuse --libraries "$calc" plot 1e6 1% --terminal --libraries guava --layout blocked
refuse --library "$calc" plot 1e6 1% --terminal --library rocksdb-ribbon
refuse --libraries "$calc" plot 1e6 1% --terminal --libraries guava,rocksdb-ribbon
refuse --library "$calc" plot 100 1% --terminal --library libbloom
# The same planning as plan: its refusals, word for word (the filter of --library libbloom, of
# --layout blocked with a block larger than the filter).
for arguments in "100 1% --library libbloom" "10 10% --layout blocked --block-bits 4096"; do
    # shellcheck disable=SC2086
    "$calc" plan $arguments >/dev/null 2>"$scratch/plan.err"
    # shellcheck disable=SC2086
    "$calc" plot $arguments --terminal >/dev/null 2>"$scratch/plot.err"
    sed 's/^bloomcalc plan:/bloomcalc plot:/' "$scratch/plan.err" | cmp -s - "$scratch/plot.err" &&
        [ -s "$scratch/plot.err" ]
    check "plot $arguments: refused as plan refuses it" $?
done
ls "$pictures" | grep -q -v -e '^rate\.png$' -e '^small\.png$' -e '^RATE\.PNG$' -e '^rate\.svg$' \
    -e '^wide\.svg$' -e '^libraries\.png$' -e '^libraries\.svg$'
check "refused plots leave no file" $(( ! $? ))

# failed COMMENT ARGS...: exit 1, one line on stderr, nothing on stdout.
failed() {
    what=$1
    shift
    "$@" >"$out" 2>"$err"
    rc=$?
    if [ "$rc" -ne 1 ]; then fail "$what: exit $rc, expected 1: $(cat "$err")"; return; fi
    if [ -s "$out" ]; then fail "$what: printed on stdout"; return; fi
    if [ "$(wc -l <"$err")" -eq 1 ]; then pass; else fail "$what: not one stderr line: $(cat "$err")"; fi
}
failed "a folder that does not exist" "$calc" plot 1e6 1% --output "$scratch/missing/rate.png"
grep -q "$scratch/missing/rate.png" "$err"
check "the failed write names the file" $?
: >"$scratch/plain"
failed "a folder that is a file" "$calc" plot 1e6 1% --output "$scratch/plain/rate.png"
"$calc" plot 1e6 1% --terminal >/dev/full 2>"$err"
[ $? -eq 1 ] && [ "$(wc -l <"$err")" -eq 1 ] && grep -q "standard output" "$err"
check "plot --terminal >/dev/full: exit 1, one line naming standard output" $?
"$calc" plot 1e6 1% --terminal >&- 2>"$err"
check "plot --terminal >&-: exit 1" $(( $? != 1 ))

# gnuplot missing, and gnuplot failing (a stand-in that says why and exits 1): FILE untouched.
failed "gnuplot missing" env PATH="$scratch/nowhere" "$calc" plot 1e6 1% --output "$pictures/rate.png"
grep -q gnuplot "$err"
check "gnuplot missing: the line names gnuplot" $?
mkdir "$scratch/bin"
printf '#!/bin/sh\ncat >/dev/null\necho "line 3: no such terminal" >&2\nexit 1\n' >"$scratch/bin/gnuplot"
chmod +x "$scratch/bin/gnuplot"
cp "$pictures/rate.png" "$scratch/before.png"
failed "gnuplot failing" env PATH="$scratch/bin" "$calc" plot 1e6 1% --output "$pictures/rate.png"
grep -q "no such terminal" "$err"
check "gnuplot failing: its reason is the line" $?
cmp -s "$pictures/rate.png" "$scratch/before.png"
check "gnuplot failing: the existing file is untouched" $?
printf '#!/bin/sh\nexit 0\n' >"$scratch/bin/gnuplot"
failed "gnuplot drawing nothing" env PATH="$scratch/bin" "$calc" plot 1e6 1% --output "$pictures/none.png"
[ -z "$(ls -A "$pictures" | grep -v -e '^rate\.png$' -e '^small\.png$' -e '^RATE\.PNG$' -e '^rate\.svg$' \
    -e '^wide\.svg$' -e '^libraries\.png$' -e '^libraries\.svg$')" ]
check "failed plots leave neither a file nor a temporary" $?
checks_end cli-plot
