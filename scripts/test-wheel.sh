#!/usr/bin/env bash
# Installs the wheel that scripts/build-wheel.sh built (or the one named) into a fresh venv and
# runs the installed `tilewright` on the bundled data, from outside the repository. Closes with
# `N passed, N failed`; exits non-zero when a check fails. Without a wheel it is skipped, with
# the reason, except in CI (CI set), where that is a failure.
set -uo pipefail
cd "$(dirname "$0")/.."
repo=$PWD

wheel=${1:-$(ls -t target/wheels/tilewright-*.whl 2>/dev/null | head -n 1)}
if [ -z "$wheel" ] || [ ! -f "$wheel" ]; then
  reason="no wheel in target/wheels (scripts/build-wheel.sh builds one, installing maturin)"
  if [ -n "${CI:-}" ]; then
    echo "test-wheel: $reason" >&2
    echo "0 passed, 1 failed"
    exit 1
  fi
  echo "test-wheel: skipped: $reason"
  echo "0 passed, 0 failed, 1 skipped"
  exit 0
fi
wheel=$(realpath "$wheel")

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
passed=0
failed=0
# check NAME COMMAND...: runs the command in $work, counting it and showing its output on failure.
check() {
  local name=$1 out
  shift
  if out=$(cd "$work" && "$@" 2>&1); then
    passed=$((passed + 1))
    echo "ok: $name"
  else
    failed=$((failed + 1))
    echo "FAILED: $name"
    printf '%s\n' "$out" | sed 's/^/    /'
  fi
}

version=$(sed -n 's/^version = "\(.*\)"$/\1/p' Cargo.toml | head -n 1)
bin=$work/venv/bin/tilewright

install() {
  python3 -m venv venv && venv/bin/pip install --quiet --no-index --disable-pip-version-check "$wheel"
}
version_matches() { [ "$("$bin" --version)" = "tilewright $version" ]; }
bundled_data_is_clean() {
  local out
  out=$("$bin" validate --format github --deny-warnings "$repo/tilesets" "$repo/rulesets") && [ -z "$out" ]
}
broken_file_is_located() {
  local out status
  printf 'id = "broken"\nname = "Broken"\n\n[[tiles]]\nid = "x"\ncount = 0\n' >broken.toml
  out=$("$bin" validate --format github broken.toml)
  status=$?
  printf '%s\n' "$out"
  [ "$status" = 1 ] && grep -q '^::error file=broken.toml,line=' <<<"$out"
}
simulates_embedded_data() { "$bin" simulate --games 20 --json | grep -q '"games": *20'; }

check "a fresh venv installs $(basename "$wheel") offline" install
check "tilewright --version prints $version" version_matches
check "the bundled tile sets validate" "$bin" validate --deny-warnings "$repo/tilesets"
check "the bundled rule sets validate" "$bin" validate --deny-warnings "$repo/rulesets"
check "both together validate, github format, nothing printed" bundled_data_is_clean
check "a broken tile set fails with a located error" broken_file_is_located
check "simulate plays the data embedded in the binary" simulates_embedded_data

echo "$passed passed, $failed failed"
[ "$failed" = 0 ]
