//! The Balance page of a tile set: what to play (rules, the sets played with it, players,
//! games, policy, threads, a comparison), a Run button, the progress of the run on its worker
//! thread with Cancel, and the results (`results`: summary, plots, the per-tile table, the
//! A/B differences). The run plays the document as it is, unsaved edits included, and never
//! starts by itself: the results say when the document has changed since. The tiles'
//! pictures for an exported page are made on the run's thread once its games are over.

mod plots;
mod results;
mod settings;

use std::path::{Path, PathBuf};
use std::time::Duration;

use egui::{Color32, RichText, Ui};

use crate::actions::PanelCtx;
use crate::pages::Page;
use tilewright_report::TilePictures;

use crate::actions::RulesSlot;
use crate::balance::{OpenSet, Outcome, Problem, RulesChoice, Run, Settings, Versus, export_html};
use crate::document::ContentKey;

pub use results::{COLUMNS, Layout, sorted};
pub use tilewright_report::presentation::TileColumn;

/// A run that has ended.
#[derive(Debug)]
pub struct Finished {
    /// What it gave.
    pub outcome: Outcome,
    /// The pictures of the tiles it played, for the exported page.
    pub pictures: TilePictures,
    /// The state of the document it played.
    pub key: ContentKey,
    /// Whether it was cancelled before every game asked for was played.
    pub cancelled: bool,
}

/// The Balance page's state.
#[derive(Default)]
pub struct BalancePanel {
    /// The settings, for the tile set (by id) they were made for.
    settings: Option<(String, Settings)>,
    running: Option<Run>,
    last: Option<Finished>,
    /// How the results are laid out (the table's order, the differences shown).
    pub layout: Layout,
}

impl BalancePanel {
    /// The settings of the next run (made when the page is first shown).
    pub fn settings_mut(&mut self) -> Option<&mut Settings> {
        self.settings.as_mut().map(|(_, s)| s)
    }

    /// Whether a run is going on.
    pub fn is_running(&self) -> bool {
        self.running.is_some()
    }

    /// Games finished by the run going on.
    pub fn games_finished(&self) -> Option<u64> {
        self.running.as_ref().map(|r| r.progress.finished())
    }

    /// The last run that ended.
    pub fn finished(&self) -> Option<&Finished> {
        self.last.as_ref()
    }

    /// Uses the rule set in the file at `path` for `slot` (a file dialog's answer).
    pub fn rules_file(&mut self, slot: RulesSlot, path: &Path) {
        let Some(settings) = self.settings_mut() else { return };
        let choice = RulesChoice::File(PathBuf::from(path));
        match slot {
            RulesSlot::Play => settings.rules = choice,
            RulesSlot::Versus => settings.versus = Versus::Rules(choice),
        }
    }

    /// Writes the last run's results as the HTML page `tilewright balance --html` writes;
    /// what to tell the user.
    pub fn export_html(&self, path: &Path) -> Result<String, String> {
        let Some(Finished {
            outcome: Ok(results),
            pictures,
            ..
        }) = &self.last
        else {
            return Err("There are no results to export: run the games first.".to_owned());
        };
        export_html(results, pictures, path)
            .map(|()| format!("Wrote the balance report to {}.", path.display()))
            .map_err(|e| format!("Cannot write the balance report: {e}"))
    }

    /// The running run's progress (shared with its games), if one runs.
    pub fn progress(&self) -> Option<std::sync::Arc<tilewright_engine::simulate::Progress>> {
        self.running.as_ref().map(|run| std::sync::Arc::clone(&run.progress))
    }

    /// Forgets a tile set no longer open (closed, or another file opened), stopping its run,
    /// whichever page is shown.
    pub fn follow(&mut self, open: Option<&str>) {
        if self.settings.as_ref().is_some_and(|(id, _)| Some(id.as_str()) != open) {
            if let Some(run) = self.running.take() {
                run.cancel();
            }
            self.last = None;
            self.settings = None;
        }
    }

    /// Starts a run of the document as it is now.
    fn start(&mut self, egui_ctx: &egui::Context, ctx: &mut PanelCtx<'_>) {
        let (Some(set), Some((_, settings))) = (ctx.tileset(), &self.settings) else {
            return;
        };
        let text = match ctx.doc.text() {
            Ok(text) => text,
            Err(e) => {
                ctx.actions
                    .push(crate::actions::Action::Message(format!("Cannot run: {e}")));
                return;
            }
        };
        let open = OpenSet {
            path: crate::validation::source_path(ctx.doc.path.as_deref()),
            text,
            id: set.id.clone(),
            read: ctx.findings.catalog_for(ctx.doc.content_key()),
        };
        let wake = egui_ctx.clone();
        self.running = Some(Run::start(open, settings.clone(), ctx.doc.content_key(), move || {
            wake.request_repaint()
        }));
    }

    /// Takes the outcome of a run that has ended.
    fn poll(&mut self) {
        let Some(run) = &mut self.running else { return };
        if let Some((outcome, pictures)) = run.poll() {
            self.last = Some(Finished {
                outcome,
                pictures,
                key: run.key,
                cancelled: run.progress.stopped(),
            });
            self.running = None;
        }
    }

    /// What the last run gave, or why it did not play.
    fn outcome_ui(&mut self, ui: &mut Ui, ctx: &mut PanelCtx<'_>) {
        let Some(last) = &self.last else {
            if self.running.is_none() {
                ui.weak(
                    "Choose what to play and press Run: bots play the tile set as it is now, unsaved edits included.",
                );
            }
            return;
        };
        if last.key != ctx.doc.content_key() {
            ui.colored_label(
                Color32::from_rgb(230, 180, 60),
                "The tile set has changed since this run: these results are stale. Run again to see the changes.",
            );
        }
        match &last.outcome {
            Err(Problem::Invalid { errors, first }) => {
                ui.colored_label(
                    Color32::from_rgb(235, 120, 90),
                    format!(
                        "Not run: the files do not validate ({errors} error{}). Fix these first:",
                        if *errors == 1 { "" } else { "s" }
                    ),
                );
                for line in first {
                    ui.label(RichText::new(line).monospace());
                }
            }
            Err(Problem::Setup(why)) => {
                ui.colored_label(Color32::from_rgb(235, 120, 90), format!("Not run: {why}"));
            }
            Ok(results) => {
                let report = results.report();
                if last.cancelled {
                    let text = match report.games {
                        0 => "Cancelled before any game finished: nothing to show.".to_owned(),
                        n => format!(
                            "Cancelled: these are the {n} of {} games that finished.",
                            report.games_asked
                        ),
                    };
                    ui.colored_label(Color32::from_rgb(230, 180, 60), text);
                }
                if report.games > 0 {
                    results::ui(ui, results, &mut self.layout, ctx);
                }
            }
        }
    }
}

impl Page for BalancePanel {
    /// The page.
    fn ui(&mut self, ui: &mut Ui, ctx: &mut PanelCtx<'_>) {
        let Some(set) = ctx.tileset() else { return };
        if self.settings.as_ref().is_none_or(|(id, _)| *id != set.id) {
            // Another tile set: what was asked and found for the last one does not apply.
            if let Some(run) = self.running.take() {
                run.cancel();
            }
            self.last = None;
            self.settings = Some((set.id.clone(), Settings::for_set(set)));
        }
        self.poll();
        let running = self.running.is_some();
        let (_, settings) = self.settings.as_mut().expect("made above");
        ui.add_enabled_ui(!running, |ui| settings::ui(ui, settings, &set.id, ctx.actions));
        ui.add_space(4.0);
        ui.horizontal(|ui| {
            if let Some(run) = &self.running {
                let finished = run.progress.finished();
                let fraction = finished as f32 / run.asked.max(1) as f32;
                ui.add(
                    egui::ProgressBar::new(fraction)
                        .desired_width(320.0)
                        .text(format!("{finished} / {} games", run.asked)),
                );
                if ui.button("Cancel").clicked() {
                    run.cancel();
                }
                ui.ctx().request_repaint_after(Duration::from_millis(100));
            } else if ui
                .button(RichText::new("Run").strong())
                .on_hover_text("Play the games with the tile set as it is now, unsaved edits included")
                .clicked()
            {
                self.start(ui.ctx(), ctx);
            }
        });
        ui.separator();
        self.outcome_ui(ui, ctx);
    }
}
