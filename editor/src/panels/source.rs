//! The source page: the file's text as it will be saved. Read-only while the file reads as a
//! model (it is edited through the forms); editable while it does not read yet, so a broken
//! file can be fixed in place.

use egui::Ui;

use super::{Action, PanelCtx};
use crate::document::{Content, ContentKey, Edit};
use crate::memo::Memo;

/// The source page.
#[derive(Default)]
pub struct SourceView {
    /// The document's text (rendering the model into TOML is too slow to do every frame).
    text: Memo<ContentKey, String>,
}

impl SourceView {
    /// Draws the document's text.
    pub fn ui(&mut self, ui: &mut Ui, ctx: &mut PanelCtx<'_>) {
        let doc = ctx.doc;
        let editable = matches!(doc.content(), Content::Text { .. });
        let text = self.text.get(doc.content_key(), || doc.text().unwrap_or_else(|e| e));
        if !editable {
            ui.weak("The file as it will be saved. Edit it in the forms; this view is read-only.");
        }
        let label = ui.strong(doc.title()).id;
        egui::ScrollArea::vertical().auto_shrink([false, false]).show(ui, |ui| {
            let response = ui
                .add(
                    egui::TextEdit::multiline(text)
                        .code_editor()
                        .interactive(editable)
                        .desired_width(f32::INFINITY)
                        .desired_rows(30),
                )
                .labelled_by(label);
            if editable && response.changed() {
                ctx.actions.edit_grouped(
                    Edit::Replace(Box::new(Content::Text {
                        text: text.clone(),
                        problem: String::new(),
                    })),
                    "source-text",
                );
            }
            if response.lost_focus() {
                ctx.actions.push(Action::EndGroup);
            }
        });
    }
}
