#!/usr/bin/env bash
# Makes the picture of the balance report in docs/balance.md again: 2000 random two-player games of the
# base game, drawn by headless Chromium at 1200×2400 into docs/balance-report.png.
set -euo pipefail
cd "$(dirname "$0")/.."
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cargo run --quiet --release -- balance --games 2000 --html "$work/report.html" >/dev/null
"${CHROMIUM:-chromium}" --headless --no-sandbox --disable-gpu --disable-background-networking \
  --disable-component-update --disable-sync --no-first-run --hide-scrollbars \
  --user-data-dir="$work/profile" --window-size=1200,2400 \
  --screenshot="$PWD/docs/balance-report.png" "file://$work/report.html" 2>/dev/null
ls -l docs/balance-report.png
