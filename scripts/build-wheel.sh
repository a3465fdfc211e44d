#!/usr/bin/env bash
# Builds the command line's Python wheel into target/wheels/ with maturin, in the `dist` profile
# that pyproject.toml names. Uses `maturin` from PATH, or installs a pinned one with pip into
# target/maturin-venv/. Extra arguments go to `maturin build`.
set -euo pipefail
cd "$(dirname "$0")/.."

maturin=$(command -v maturin || true)
if [ -z "$maturin" ]; then
  venv=target/maturin-venv
  if [ ! -x "$venv/bin/maturin" ]; then
    python3 -m venv "$venv"
    "$venv/bin/pip" install --quiet --disable-pip-version-check 'maturin==1.16.0'
  fi
  maturin=$venv/bin/maturin
fi

# Only the wheel built now is left for scripts/test-wheel.sh to find.
rm -f target/wheels/tilewright-*.whl
start=$SECONDS
"$maturin" build --out target/wheels "$@"
echo "wheel built in $((SECONDS - start)) s: $(ls target/wheels/tilewright-*.whl)"
