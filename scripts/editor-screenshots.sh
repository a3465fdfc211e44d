#!/usr/bin/env bash
# Takes the README's real-window pictures of the editor again: the Tiles page with the Abbey &
# Mayor abbey selected (editor/screenshot.png), and the Play page mid-game between two greedy
# bots (editor/play.png). The editor runs in a 1200×800 Xvfb screen, driven by xdotool (the
# clicks are at the places the 1200×800 layout puts the widgets); ImageMagick's `import`
# takes the pictures.
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --quiet -p tilewright-editor
work=$(mktemp -d)
display=:${SCREENSHOT_DISPLAY:-99}
Xvfb "$display" -screen 0 1200x800x24 >/dev/null 2>&1 &
xvfb=$!
trap 'kill "$xvfb" 2>/dev/null; rm -rf "$work"' EXIT
export DISPLAY=$display
sleep 2
HOME="$work" XDG_RUNTIME_DIR="$work" target/debug/tilewright-editor tilesets/abbey-and-mayor.toml >/dev/null 2>&1 &
editor=$!
trap 'kill "$editor" "$xvfb" 2>/dev/null; rm -rf "$work"' EXIT
sleep 6
# The abbey, last of the thumbnails; the pointer then rests on the status bar.
xdotool mousemove 127 648 click 1; sleep 2
xdotool mousemove 1100 760; sleep 1
import -window root editor/screenshot.png
# The Play page: red's seat a greedy bot too, start, let them play, zoom out over the table.
xdotool mousemove 238 39 click 1; sleep 1.5
xdotool mousemove 105 332 click 1; sleep 1
xdotool mousemove 104 405 click 1; sleep 1
xdotool mousemove 47 438 click 1; sleep 50
xdotool mousemove 430 360
for _ in 1 2 3 4 5 6; do xdotool click 5; sleep 0.2; done
sleep 1
xdotool mousemove 1190 790; sleep 0.5
import -window root editor/play.png
ls -l editor/screenshot.png editor/play.png
