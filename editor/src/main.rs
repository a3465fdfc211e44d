//! The tile editor's binary: parses the command line and opens the window.

use std::path::PathBuf;

use tilewright_editor::files::{NativeDialogs, RecentFiles};
use tilewright_editor::{EditorApp, Options};

fn main() -> eframe::Result<()> {
    let mut path = None;
    for arg in std::env::args_os().skip(1) {
        match arg.to_str() {
            Some("-h" | "--help") => {
                println!(
                    "usage: tilewright-editor [FILE.toml]\n\nOpens a tile set, expansion or rule set for editing."
                );
                return Ok(());
            }
            _ => path = Some(PathBuf::from(arg)),
        }
    }
    let options = eframe::NativeOptions {
        viewport: egui::ViewportBuilder::default()
            .with_title("Tilewright editor")
            .with_inner_size([1360.0, 860.0])
            .with_min_inner_size([800.0, 520.0])
            .with_drag_and_drop(true),
        ..Default::default()
    };
    eframe::run_native(
        "Tilewright editor",
        options,
        Box::new(move |cc| {
            Ok(Box::new(EditorApp::new(
                &cc.egui_ctx,
                Options {
                    path,
                    dialogs: Box::<NativeDialogs>::default(),
                    recent: RecentFiles::load_default(),
                },
            )))
        }),
    )
}
