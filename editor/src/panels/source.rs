//! The source page: the file's text as it will be saved, editable. What is typed is read as it
//! is typed: text that reads as a model replaces the document at once (comments and layout
//! kept; all the typing until the field loses focus is one undo step), text that does not is
//! kept here as a draft, with where it stops reading, and the document keeps its last good
//! state. A draft is never dropped for the document's sake: it stays until it reads or the
//! user discards it, even when the document changes meanwhile (undo, another page).

use egui::{Color32, RichText, Ui};

use crate::actions::{Action, PanelCtx};
use crate::document::{Content, ContentKey};
use crate::memo::Memo;

/// Text typed on the page that the document does not hold (yet).
struct Draft {
    /// The text as typed.
    text: String,
    /// Why it does not read (`line L, column C: ...`), or `None` while it is being applied.
    problem: Option<String>,
    /// The document's content when the draft was last in step with it.
    base: ContentKey,
}

/// The source page.
#[derive(Default)]
pub struct SourceView {
    /// The document's text (rendering the model into TOML is too slow to do every frame).
    text: Memo<ContentKey, String>,
    draft: Option<Draft>,
    /// An edit was asked for last frame: the document's next content is the draft's.
    applying: bool,
}

impl SourceView {
    /// Draws the document's text, editable.
    pub fn ui(&mut self, ui: &mut Ui, ctx: &mut PanelCtx<'_>) {
        let doc = ctx.doc;
        let key = doc.content_key();
        if std::mem::take(&mut self.applying) {
            if let Some(draft) = &mut self.draft {
                draft.base = key;
            }
        } else if self
            .draft
            .as_ref()
            .is_some_and(|d| d.base != key && d.problem.is_none())
        {
            // Applied text that the document has since moved on from (undo, a form).
            self.draft = None;
        }
        // One line, the same height either way, so the text below never moves while typing.
        let mut discard = false;
        ui.horizontal(|ui| {
            ui.set_min_height(ui.spacing().interact_size.y);
            match self
                .draft
                .as_ref()
                .and_then(|d| d.problem.as_ref().map(|p| (p, d.base != key)))
            {
                Some((problem, moved_on)) => {
                    discard = ui.button("Discard my text").clicked();
                    let mut words = format!("Not applied: {problem}");
                    if moved_on {
                        words += " (the document changed since; once the text reads, it replaces it)";
                    }
                    let said = ui
                        .add(egui::Label::new(RichText::new(&words).color(Color32::from_rgb(235, 120, 90))).truncate())
                        .on_hover_text(words);
                    crate::app::notices::keep_clear(ui.ctx(), said.rect);
                }
                None => {
                    ui.weak(
                        "The file as it will be saved. Type to change it: the document follows while the text reads.",
                    );
                }
            }
        });
        if discard {
            self.draft = None;
        }
        let label = ui.strong(doc.title()).id;
        let shown = self.text.get(key, || doc.text().unwrap_or_else(|e| e)).clone();
        let mut text = self.draft.as_ref().map_or(shown, |d| d.text.clone());
        egui::ScrollArea::vertical().auto_shrink([false, false]).show(ui, |ui| {
            let response = ui
                .add(
                    egui::TextEdit::multiline(&mut text)
                        .code_editor()
                        .desired_width(f32::INFINITY)
                        .desired_rows(30),
                )
                .labelled_by(label);
            if response.changed() {
                self.typed(text, key, ctx);
            }
            if response.lost_focus() {
                ctx.actions.push(Action::EndGroup);
            }
        });
    }

    /// Reads what was typed: applies it if it reads (or the document is unread text too),
    /// else keeps it as a draft with the reason.
    fn typed(&mut self, text: String, key: ContentKey, ctx: &mut PanelCtx<'_>) {
        let problem = match Content::from_text(&text) {
            Content::Text { problem, .. } if !matches!(ctx.doc.content(), Content::Text { .. }) => Some(problem),
            _ => None,
        };
        if problem.is_none() {
            ctx.actions.push(Action::EditSource(text.clone()));
            self.applying = true;
        }
        let base = self.draft.as_ref().map_or(key, |d| d.base);
        self.draft = Some(Draft { text, problem, base });
    }
}
