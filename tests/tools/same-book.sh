#!/usr/bin/env bash
# Checks that two builds of `worked` make the same book: byte for byte the same site from
# `worked build`, and the same `worked eval --json` for every lesson. For changes that must not
# change behaviour (moves, splits): build the binary before the change and copy it aside, build
# it again after, and compare.
#
#   cargo build && cp target/debug/worked /tmp/worked-before
#   … make the change …
#   cargo build && tests/tools/same-book.sh /tmp/worked-before target/debug/worked
#
# The book defaults to the shipped one (this repository's root); pass a folder as the third
# argument to compare another. Exits non-zero, showing the differences, when anything differs.
# Both binaries read the book's own files, and the shipped book's templates/ and static/ are the
# theme itself, so this compares what the Rust code makes of them; a change to the theme's files
# shows when the book is a copy taken before the change (`git archive`).
set -euo pipefail

if [[ $# -lt 2 || $# -gt 3 ]]; then
    echo "usage: $0 OLD_WORKED NEW_WORKED [BOOK]" >&2
    exit 2
fi
old=$(realpath "$1")
new=$(realpath "$2")
book=$(realpath "${3:-$(dirname "$0")/../..}")
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT

status=0
for side in old new; do
    binary=${!side}
    "$binary" build --root "$book" --output "$scratch/$side-site" >/dev/null
    mkdir -p "$scratch/$side-eval"
    (cd "$book" && find content -name '*.md' -print0 | sort -z) |
        while IFS= read -r -d '' lesson; do
            flat=${lesson//\//__}
            # A lesson without examples is an error for `eval`; its message is compared too.
            (cd "$book" && "$binary" eval --json "$lesson") >"$scratch/$side-eval/$flat.json" \
                2>"$scratch/$side-eval/$flat.err" || echo "exit $?" >>"$scratch/$side-eval/$flat.err"
        done
done

if ! diff -r "$scratch/old-site" "$scratch/new-site"; then
    echo "same-book: the sites differ" >&2
    status=1
fi
if ! diff -r "$scratch/old-eval" "$scratch/new-eval"; then
    echo "same-book: worked eval --json differs" >&2
    status=1
fi
if [[ $status -eq 0 ]]; then
    pages=$(find "$scratch/new-site" -type f | wc -l)
    lessons=$(find "$scratch/new-eval" -name '*.json' | wc -l)
    echo "same-book: $pages files and $lessons lessons' eval --json identical"
fi
exit $status
