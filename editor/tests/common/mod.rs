//! What the GUI tests share: the real editor in a kittest harness, answering file dialogs
//! from a script.

#![allow(clippy::unwrap_used)]
#![allow(dead_code)]

use std::path::{Path, PathBuf};

use egui::{Event, Modifiers, PointerButton, Pos2, Vec2};
use egui_kittest::Harness;
use tilewright_editor::files::{RecentFiles, ScriptedDialogs};
use tilewright_editor::{EditorApp, Options};

/// The base game's tile set.
pub const BASE: &str = tilewright_engine::bundled::FILES[0].1;

/// The editor in a 1400×900 window, opened on `path`, answering dialogs from `dialogs`.
pub fn editor(path: Option<PathBuf>, dialogs: ScriptedDialogs) -> Harness<'static, EditorApp> {
    Harness::builder()
        .with_size(Vec2::new(1400.0, 900.0))
        .build_eframe(move |cc| app(&cc.egui_ctx, path, dialogs))
}

/// The editor opened on `path`, answering dialogs from `dialogs`.
pub fn app(ctx: &egui::Context, path: Option<PathBuf>, dialogs: ScriptedDialogs) -> EditorApp {
    EditorApp::new(
        ctx,
        Options {
            path,
            dialogs: Box::new(dialogs),
            recent: RecentFiles::default(),
        },
    )
}

/// A few frames, for answers and layouts to arrive.
pub fn settle(h: &mut Harness<'_, EditorApp>) {
    h.run_steps(4);
}

/// Writes `text` to `dir/name`.
pub fn write(dir: &Path, name: &str, text: &str) -> PathBuf {
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    path
}

/// The editor opened on a copy of the base game's tile set in `dir`, settled; with the copy's
/// path.
pub fn base_editor(dir: &Path) -> (Harness<'static, EditorApp>, PathBuf) {
    let path = write(dir, "base.toml", BASE);
    let mut h = editor(Some(path.clone()), ScriptedDialogs::default());
    settle(&mut h);
    (h, path)
}

/// Moves the pointer to `pos` and clicks the primary button there, then lets the editor
/// answer.
pub fn click_at(h: &mut Harness<'_, EditorApp>, pos: Pos2) {
    h.hover_at(pos);
    h.step();
    for pressed in [true, false] {
        h.event(Event::PointerButton {
            pos,
            button: PointerButton::Primary,
            pressed,
            modifiers: Modifiers::NONE,
        });
    }
    h.step();
    h.step();
}
