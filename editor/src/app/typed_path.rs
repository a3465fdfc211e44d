//! A typed path in place of a file dialog, where the system cannot show one (see
//! [`crate::dialog_support`]): a field with the folder filled in, *Open* or *Save*, and what is
//! wrong with the path typed, if anything. The answer goes where the dialog's would have.

use std::path::{Path, PathBuf};

use super::EditorApp;
use super::dialogs::Purpose;
use crate::actions::Actions;
use crate::files::Request;

/// A path being typed for a question a dialog could not ask.
#[derive(Debug, Clone, PartialEq)]
pub struct TypedPath {
    /// What the answer is for.
    pub purpose: Purpose,
    /// The question.
    pub request: Request,
    /// The path as typed.
    pub text: String,
    /// Why the dialog was not shown.
    pub why: String,
    /// What is wrong with the path last confirmed.
    pub problem: Option<String>,
}

impl TypedPath {
    /// The field for `request`, starting at `folder` (with the suggested name, for a save).
    pub fn new(purpose: Purpose, request: Request, folder: Option<&Path>, why: String) -> TypedPath {
        let folder = folder.map(Path::to_owned).unwrap_or_default();
        let start = match &request {
            Request::SaveFile(name)
            | Request::SaveRecord(name)
            | Request::SaveHtml(name)
            | Request::SaveAddon(name) => folder.join(name),
            Request::PickFile(_) | Request::PickFolder => folder.join(""),
        };
        TypedPath {
            purpose,
            request,
            text: start.display().to_string(),
            why,
            problem: None,
        }
    }

    fn saves(&self) -> bool {
        !matches!(self.request, Request::PickFile(_) | Request::PickFolder)
    }

    /// The title and the button that confirms.
    fn words(&self) -> (&'static str, &'static str) {
        match self.request {
            Request::PickFile(_) => ("Open a file", "Open"),
            Request::PickFolder => ("Choose a folder", "Choose"),
            _ => ("Save as", "Save"),
        }
    }

    /// The path typed, if it can answer the question: a file that is there to open, a folder
    /// that is there, or a file name in a folder that is there to save into.
    pub fn checked(&self) -> Result<PathBuf, String> {
        let path = PathBuf::from(self.text.trim());
        if path.as_os_str().is_empty() {
            return Err("Type a path.".into());
        }
        match self.request {
            Request::PickFile(_) if !path.is_file() => Err(format!("There is no file {}.", path.display())),
            Request::PickFolder if !path.is_dir() => Err(format!("There is no folder {}.", path.display())),
            _ if self.saves() && (path.is_dir() || path.file_name().is_none()) => {
                Err(format!("{} is a folder: add a file name.", path.display()))
            }
            _ if self.saves() && !path.parent().is_none_or(|p| p.as_os_str().is_empty() || p.is_dir()) => Err(format!(
                "There is no folder {}.",
                path.parent().unwrap_or(&path).display()
            )),
            _ => Ok(path),
        }
    }
}

/// What the field's buttons said.
enum Answer {
    Confirm,
    Cancel,
}

impl EditorApp {
    /// Shows the typed-path field, if one is asked, and carries on with its answer.
    pub(super) fn typed_path_modal(&mut self, ctx: &egui::Context, actions: &mut Actions) {
        let Some(typed) = self.workspace.typed_path.as_mut() else {
            return;
        };
        let (title, confirm) = typed.words();
        let mut answer = None;
        egui::Modal::new(egui::Id::unique("typed-path")).show(ctx, |ui| {
            ui.set_width(460.0);
            ui.heading(title);
            ui.label(&typed.why);
            ui.add_space(6.0);
            let field = ui.add(
                egui::TextEdit::singleline(&mut typed.text)
                    .desired_width(f32::INFINITY)
                    .hint_text("a path"),
            );
            if field.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter)) {
                answer = Some(Answer::Confirm);
            }
            if let Some(problem) = &typed.problem {
                ui.colored_label(ui.visuals().error_fg_color, problem);
            }
            ui.horizontal(|ui| {
                if ui.button(confirm).clicked() {
                    answer = Some(Answer::Confirm);
                }
                if ui.button("Cancel").clicked() {
                    answer = Some(Answer::Cancel);
                }
            });
        });
        match answer {
            Some(Answer::Confirm) => match typed.checked() {
                Ok(path) => {
                    let purpose = typed.purpose.clone();
                    self.workspace.typed_path = None;
                    self.answered(purpose, path, actions);
                }
                Err(problem) => typed.problem = Some(problem),
            },
            Some(Answer::Cancel) => self.workspace.typed_path = None,
            None => {}
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::files::FileFilter;

    #[test]
    fn a_typed_path_must_answer_the_question() {
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("set.toml");
        std::fs::write(&file, "").unwrap();
        let why = String::new();
        let mut open = TypedPath::new(
            Purpose::Open,
            Request::PickFile(FileFilter::Toml),
            Some(dir.path()),
            why.clone(),
        );
        assert!(open.checked().is_err(), "a folder is not a file to open");
        open.text = file.display().to_string();
        assert_eq!(open.checked(), Ok(file.clone()));
        let mut save = TypedPath::new(
            Purpose::SaveAs(None),
            Request::SaveFile("new.toml".into()),
            Some(dir.path()),
            why,
        );
        assert_eq!(save.checked(), Ok(dir.path().join("new.toml")), "the suggested name");
        save.text = dir.path().join("nowhere/new.toml").display().to_string();
        assert!(save.checked().unwrap_err().starts_with("There is no folder"));
        save.text = dir.path().display().to_string();
        assert!(save.checked().unwrap_err().contains("add a file name"));
    }
}
