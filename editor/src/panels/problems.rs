//! The problems panel: the engine validator's diagnostics for the open file; clicking one
//! selects its tile and feature.

use egui::{Color32, RichText, Ui};
use tilewright_engine::{Diagnostic, Severity};

use crate::actions::PanelCtx;
use crate::validation::selection_of;
use crate::view::Page;

/// The problems panel.
#[derive(Default)]
pub struct Problems;

impl Problems {
    /// Draws the list; returns whether a diagnostic was clicked.
    pub fn ui(&mut self, ui: &mut Ui, ctx: &mut PanelCtx<'_>) -> bool {
        let (findings, view) = (ctx.findings, &mut *ctx.view);
        let mut clicked = false;
        ui.horizontal(|ui| {
            ui.strong("Problems");
            let (e, w) = (findings.errors(), findings.warnings());
            if e == 0 && w == 0 {
                ui.colored_label(Color32::from_rgb(90, 190, 110), "valid");
            } else {
                if e > 0 {
                    ui.colored_label(
                        Color32::from_rgb(235, 90, 80),
                        format!("{e} error{}", if e == 1 { "" } else { "s" }),
                    );
                }
                if w > 0 {
                    ui.colored_label(
                        Color32::from_rgb(230, 180, 60),
                        format!("{w} warning{}", if w == 1 { "" } else { "s" }),
                    );
                }
            }
            if ctx.validating {
                ui.spinner();
            }
            ui.weak("checked by the same validator as `tilewright validate`");
        });
        egui::ScrollArea::vertical().auto_shrink([false, false]).show(ui, |ui| {
            for (i, d) in findings.diagnostics.iter().enumerate() {
                if row(ui, d, i).clicked() {
                    let (tile, feature) = selection_of(&d.pointer);
                    if let Some(t) = tile {
                        view.select_tile(t);
                        view.selection.feature = feature;
                        view.page = Page::Tiles;
                    } else if d.pointer.starts_with("/figures")
                        || d.pointer.starts_with("/bags")
                        || d.pointer.starts_with("/mechanisms")
                    {
                        view.page = Page::Set;
                    }
                    clicked = true;
                }
            }
        });
        clicked
    }
}

fn row(ui: &mut Ui, d: &Diagnostic, i: usize) -> egui::Response {
    let (icon, colour) = match d.severity {
        Severity::Error => ("E", Color32::from_rgb(235, 90, 80)),
        Severity::Warning => ("W", Color32::from_rgb(230, 180, 60)),
    };
    let text = format!("{icon}  {}:{}  {}", d.line, d.column, d.message);
    let response = ui
        .push_id(i, |ui| ui.selectable_label(false, RichText::new(text).color(colour)))
        .inner;
    if d.help.is_empty() {
        response
    } else {
        response.on_hover_text(format!("help: {}\n{}", d.help, d.pointer))
    }
}
