//! What a balance run plays: rules, the bundled sets played with the open one, players,
//! games, seed, policy, threads and the comparison.

use egui::Ui;
use tilewright_engine::bots::Policy;
use tilewright_engine::bundled;
use tilewright_engine::limits::MAX_PLAYERS;
use tilewright_engine::simulate::MAX_THREADS;

use crate::actions::RulesSlot;
use crate::actions::{Action, Actions};
use crate::balance::{RulesChoice, Settings, Versus};

/// Most games one run may be asked for from the page.
pub const MAX_GAMES: u64 = 1_000_000;

/// The bundled rule sets' ids.
fn bundled_rules() -> impl Iterator<Item = &'static str> {
    bundled::catalog().rulesets.iter().map(|r| r.model.id.as_str())
}

/// The settings' widgets; `open` is the open tile set's id.
pub fn ui(ui: &mut Ui, settings: &mut Settings, open: &str, actions: &mut Actions) {
    egui::Grid::new("balance-settings")
        .num_columns(2)
        .spacing([12.0, 6.0])
        .show(ui, |ui| {
            ui.label("Rules");
            rules_menu(ui, "balance-rules", &mut settings.rules, RulesSlot::Play, actions);
            ui.end_row();

            ui.label("Play with").on_hover_text(
                "Bundled tile sets and expansions played together with this one (an expansion needs the base game)",
            );
            ui.horizontal_wrapped(|ui| companions(ui, &mut settings.companions, open));
            ui.end_row();

            ui.label("Game");
            ui.horizontal(|ui| {
                ui.add(egui::DragValue::new(&mut settings.plan.players).range(2..=MAX_PLAYERS as u8))
                    .on_hover_text("Players at each table");
                ui.label("players ·");
                ui.add(
                    egui::DragValue::new(&mut settings.plan.games)
                        .range(1..=MAX_GAMES)
                        .speed(10.0),
                )
                .on_hover_text("Games to play (each with its own seed: seed, seed + 1, ...)");
                ui.label("games · seed");
                ui.add(egui::DragValue::new(&mut settings.plan.seed));
                ui.label("·");
                egui::ComboBox::from_id_salt("balance-policy")
                    .selected_text(settings.plan.policy.as_str())
                    .show_ui(ui, |ui| {
                        for policy in Policy::ALL {
                            ui.selectable_value(&mut settings.plan.policy, policy, policy.as_str());
                        }
                    })
                    .response
                    .on_hover_text("How every seat plays: random legal moves, or the move that scores most at once");
                ui.label("bots · threads");
                ui.add(egui::DragValue::new(&mut settings.plan.threads).range(1..=MAX_THREADS))
                    .on_hover_text("Threads the games are played on; all cores but one leave the window quick");
            });
            ui.end_row();

            ui.label("Compare with").on_hover_text(
                "Play the same seeds a second time, changed, and show each figure's difference with its 95% interval",
            );
            versus_menu(ui, settings, open, actions);
            ui.end_row();
        });
}

/// A menu of the bundled rule sets, the file chosen and "Rule-set file…".
fn rules_menu(ui: &mut Ui, salt: &str, choice: &mut RulesChoice, slot: RulesSlot, actions: &mut Actions) {
    egui::ComboBox::from_id_salt(salt)
        .selected_text(choice.label())
        .show_ui(ui, |ui| rules_items(ui, choice, slot, actions));
}

fn rules_items(ui: &mut Ui, choice: &mut RulesChoice, slot: RulesSlot, actions: &mut Actions) {
    for id in bundled_rules() {
        ui.selectable_value(choice, RulesChoice::Bundled(id.to_owned()), id);
    }
    if let RulesChoice::File(path) = choice.clone() {
        let label = path.display().to_string();
        ui.selectable_value(choice, RulesChoice::File(path), label);
    }
    if ui.selectable_label(false, "Rule-set file…").clicked() {
        actions.push(Action::ChooseBalanceRules(slot));
    }
}

/// A checkbox per bundled tile set and expansion other than the open set.
fn companions(ui: &mut Ui, chosen: &mut Vec<String>, open: &str) {
    let catalog = bundled::catalog();
    let ids = catalog
        .tilesets
        .iter()
        .map(|t| t.model.id.as_str())
        .chain(catalog.expansions.iter().map(|e| e.model.id.as_str()));
    for id in ids.filter(|id| *id != open) {
        let mut on = chosen.iter().any(|c| c == id);
        if ui.checkbox(&mut on, id).changed() {
            if on {
                chosen.push(id.to_owned());
            } else {
                chosen.retain(|c| c != id);
            }
        }
    }
}

/// The comparison: nothing, the game without the open set, its saved file, or other rules.
fn versus_menu(ui: &mut Ui, settings: &mut Settings, open: &str, actions: &mut Actions) {
    let label = match &settings.versus {
        Versus::Nothing => "nothing".to_owned(),
        Versus::WithoutOpenSet => format!("without {open}"),
        Versus::SavedFile => "its saved file".to_owned(),
        Versus::Rules(choice) => format!("rules {}", choice.label()),
    };
    egui::ComboBox::from_id_salt("balance-versus")
        .selected_text(label)
        .width(220.0)
        .show_ui(ui, |ui| {
            ui.selectable_value(&mut settings.versus, Versus::Nothing, "nothing");
            let alone = settings.companions.is_empty();
            ui.add_enabled_ui(!alone, |ui| {
                ui.selectable_value(&mut settings.versus, Versus::WithoutOpenSet, format!("without {open}"))
                    .on_disabled_hover_text("Choose a set to play with first: without this one, nothing is left");
            });
            ui.selectable_value(&mut settings.versus, Versus::SavedFile, "its saved file")
                .on_hover_text("The tile set as you have edited it (A) against the version saved on disk (B)");
            ui.separator();
            for id in bundled_rules() {
                let choice = Versus::Rules(RulesChoice::Bundled(id.to_owned()));
                ui.selectable_value(&mut settings.versus, choice, format!("rules {id}"));
            }
            if let Versus::Rules(RulesChoice::File(path)) = settings.versus.clone() {
                let label = format!("rules {}", path.display());
                ui.selectable_value(&mut settings.versus, Versus::Rules(RulesChoice::File(path)), label);
            }
            if ui.selectable_label(false, "Rule-set file…").clicked() {
                actions.push(Action::ChooseBalanceRules(RulesSlot::Versus));
            }
        });
}
