#!/usr/bin/env bash
# Copies the project's bundled files and schemas into the crate that embeds them
# (load/data/), which `cargo package` needs inside the crate. `load/tests/bundled_copies.rs`
# fails until the copies match.
set -euo pipefail
cd "$(dirname "$0")/.."
for folder in tilesets rulesets schemas; do
  rm -rf "load/data/$folder"
  mkdir -p "load/data/$folder"
  cp "$folder"/* "load/data/$folder/"
done
