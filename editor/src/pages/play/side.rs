//! The Play view's side panel and setup form: scores, the prompt of the step with its buttons,
//! the game's controls (undo, save, records), the final scoring step by step, the event log.

use egui::{Color32, RichText, Ui};
use tilewright_engine::bundled;
use tilewright_engine::game::{Action, COLOURS, Mechanisms, Phase};
use tilewright_engine::model::Role;

use super::{BoardChoices, DocRole, MAX_SEATS, PlayView, SeatKind, Setup, prompt};
use crate::actions::{Action as PanelAction, PanelCtx};
use crate::board::{paint_art, picture_of};
use crate::images::ImageCache;
use crate::render::TileView;
use crate::theme::seat_colour;

/// The setup form: bundled sets, the rule set, the seats and the seed.
pub fn setup_form(ui: &mut Ui, setup: &mut Setup, role: &DocRole) {
    let own = match role {
        DocRole::Set(id) => Some(id.as_str()),
        _ => None,
    };
    ui.add_space(6.0);
    ui.strong("Bundled tile sets and expansions");
    for (id, on) in &mut setup.bundled_sets {
        if Some(id.as_str()) == own {
            ui.add_enabled(false, egui::Checkbox::new(&mut true, format!("{id} (the open file)")));
        } else {
            ui.checkbox(on, id.as_str());
        }
    }
    ui.add_space(6.0);
    ui.horizontal(|ui| {
        ui.strong("Rule set");
        let mut ids: Vec<String> = bundled::catalog().rulesets.iter().map(|r| r.model.id.clone()).collect();
        if let DocRole::Rules(id) = role
            && !ids.contains(id)
        {
            ids.insert(0, id.clone());
        }
        egui::ComboBox::from_id_salt("play-rules")
            .selected_text(setup.rules.as_str())
            .show_ui(ui, |ui| {
                for id in ids {
                    let label = match role {
                        DocRole::Rules(own) if *own == id => format!("{id} (the open file)"),
                        _ => id.clone(),
                    };
                    ui.selectable_value(&mut setup.rules, id, label);
                }
            });
    });
    ui.add_space(6.0);
    ui.strong("Seats");
    let mut remove = None;
    for (i, seat) in setup.seats.iter_mut().enumerate() {
        ui.horizontal(|ui| {
            let colour = COLOURS.get(i).copied().unwrap_or("player");
            swatch(ui, seat_colour(i as u8));
            ui.label(RichText::new(colour).strong());
            egui::ComboBox::from_id_salt(("play-seat", i))
                .selected_text(seat.label())
                .show_ui(ui, |ui| {
                    for kind in SeatKind::all() {
                        ui.selectable_value(seat, kind, kind.label());
                    }
                });
            if i >= 2 && ui.small_button("Remove").clicked() {
                remove = Some(i);
            }
        });
    }
    if let Some(i) = remove {
        setup.seats.remove(i);
    }
    if setup.seats.len() < MAX_SEATS && ui.button("+ Seat").clicked() {
        setup
            .seats
            .push(SeatKind::Bot(tilewright_engine::bots::BotSpec::Greedy));
    }
    ui.add_space(6.0);
    ui.horizontal(|ui| {
        ui.strong("Seed");
        ui.add(egui::DragValue::new(&mut setup.seed));
        if ui.small_button("New").on_hover_text("Another shuffle").clicked() {
            setup.seed = setup
                .seed
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407)
                >> 16;
        }
    });
}

/// A small disc of a seat's colour.
fn swatch(ui: &mut Ui, colour: Color32) {
    let (rect, _) = ui.allocate_exact_size(egui::vec2(12.0, 12.0), egui::Sense::hover());
    ui.painter().circle(
        rect.center(),
        5.5,
        colour,
        egui::Stroke::new(1.0, Color32::from_gray(200)),
    );
}

impl PlayView {
    /// The side panel of a game.
    pub(super) fn side_ui(&mut self, ui: &mut Ui, ctx: &mut PanelCtx<'_>) {
        ui.add_space(4.0);
        self.scores_ui(ui);
        ui.separator();
        if self.viewing_record {
            self.record_controls(ui);
        } else {
            self.prompt_ui(ui, ctx.images);
        }
        if let Some(notice) = &self.notice {
            ui.colored_label(Color32::from_rgb(240, 190, 90), notice);
        }
        self.finale_ui(ui);
        ui.separator();
        ui.horizontal_wrapped(|ui| {
            if !self.viewing_record
                && ui
                    .button("Undo turn")
                    .on_hover_text("Take back your last turn")
                    .clicked()
            {
                self.undo();
            }
            if ui.button("Save record…").clicked() {
                ctx.actions.push(PanelAction::SaveRecord);
            }
            if ui.button("Load record…").clicked() {
                ctx.actions.push(PanelAction::LoadRecord);
            }
            if ui.button("New game").on_hover_text("Back to the setup").clicked() {
                if self.game_unfinished() {
                    self.confirm_new_game = true;
                } else {
                    self.close_game();
                }
            }
        });
        if self.confirm_new_game {
            ui.horizontal_wrapped(|ui| {
                ui.colored_label(Color32::from_rgb(240, 190, 90), "This game is not finished.");
                if ui.button("Drop it").clicked() {
                    self.close_game();
                }
                if ui.button("Keep playing").clicked() {
                    self.confirm_new_game = false;
                }
            });
        }
        ui.separator();
        self.log_ui(ui);
    }

    fn scores_ui(&self, ui: &mut Ui) {
        let Some(session) = &self.session else { return };
        let game = &session.game;
        let scores = session.shown_scores();
        let followers: Vec<usize> = game
            .def()
            .figures()
            .iter()
            .enumerate()
            .filter(|(_, f)| f.role == Role::Follower)
            .map(|(i, _)| i)
            .collect();
        egui::Grid::new("play-scores")
            .num_columns(4)
            .striped(true)
            .show(ui, |ui| {
                for (p, score) in scores.iter().enumerate() {
                    let seat = p as u8;
                    let to_move = game.to_move() == Some(seat);
                    let name = COLOURS.get(p).copied().unwrap_or("player");
                    let mut text = RichText::new(name).strong();
                    if to_move {
                        text = text.underline();
                    }
                    ui.horizontal(|ui| {
                        swatch(ui, seat_colour(seat));
                        ui.label(text);
                    });
                    let kind = self.seats.get(p).map_or_else(String::new, |s| s.label());
                    ui.weak(kind);
                    ui.label(RichText::new(format!("{score}")).strong())
                        .on_hover_text("points");
                    let supply = &game.players()[p].supply;
                    let left: u32 = followers.iter().map(|&f| u32::from(supply[f])).sum();
                    ui.weak(if left == 1 {
                        "1 follower".to_owned()
                    } else {
                        format!("{left} followers")
                    });
                    ui.end_row();
                }
            });
    }

    /// The step's prompt and the buttons of choices not made on the board.
    fn prompt_ui(&mut self, ui: &mut Ui, images: &mut ImageCache) {
        let Some(session) = &self.session else { return };
        let game = &session.game;
        let phase = game.phase();
        if phase == Phase::Over {
            ui.strong("The game is over.");
            return;
        }
        if !self.human_to_move() {
            let who = game
                .to_move()
                .and_then(|p| COLOURS.get(usize::from(p)))
                .copied()
                .unwrap_or("");
            ui.label(format!("{who} is thinking…"));
            return;
        }
        let figures = game.def().figures();
        let types = BoardChoices::deployable(game);
        let chosen = self.chosen_figure();
        let name = |f: u8| figures.get(usize::from(f)).map_or("figure", |t| t.id.as_str());
        ui.label(RichText::new(prompt(phase, chosen.map_or("figure", name))).strong());
        if let Some(tile) = BoardChoices::of(game, None, None).tile
            && let Some(art) = self.art.get(tile)
        {
            ui.horizontal(|ui| {
                let (rect, _) = ui.allocate_exact_size(egui::vec2(72.0, 72.0), egui::Sense::hover());
                let view = TileView {
                    rect,
                    turns: self.rotation % 4,
                };
                paint_art(ui.painter(), images, art, view);
                ui.vertical(|ui| {
                    ui.label(format!("In hand: {}", art.tile.id));
                    ui.weak("R or Shift+wheel turns it among the ways it fits; F fits the table in view.");
                });
            });
        }
        let mut chosen_action = None;
        ui.horizontal_wrapped(|ui| match phase {
            Phase::Deploy { .. } => {
                if types.len() > 1 {
                    for &f in &types {
                        let label = format!("{} ({})", name(f), picture_of(&figures[usize::from(f)]).name());
                        if ui.selectable_label(chosen == Some(f), label).clicked() {
                            self.figure = Some(f);
                        }
                    }
                }
                if ui.button("Pass").on_hover_text("Deploy nothing").clicked() {
                    chosen_action = Some(Action::Pass);
                }
            }
            Phase::Place { .. } | Phase::Over => {}
            // A mechanism's own phase: a button for each choice it words (the others are on
            // the table).
            phase => {
                for action in game.legal_actions() {
                    if let Some(words) = Mechanisms::action_words(phase, action)
                        && ui.button(words).clicked()
                    {
                        chosen_action = Some(action);
                    }
                }
            }
        });
        if let Some(action) = chosen_action {
            let now = ui.input(|i| i.time);
            self.apply(action, now);
        }
    }

    /// Stepping through a record: first, back, forward, last.
    fn record_controls(&mut self, ui: &mut Ui) {
        let Some(session) = &self.session else { return };
        let (k, n) = (session.cursor(), session.len());
        ui.label(format!("Record: step {k} of {n}"));
        let mut go = None;
        ui.horizontal(|ui| {
            if ui.add_enabled(k > 0, egui::Button::new("First")).clicked() {
                go = Some(0);
            }
            if ui.add_enabled(k > 0, egui::Button::new("Back")).clicked() {
                go = Some(k - 1);
            }
            if ui.add_enabled(k < n, egui::Button::new("Forward")).clicked() {
                go = Some(k + 1);
            }
            if ui.add_enabled(k < n, egui::Button::new("Last")).clicked() {
                go = Some(n);
            }
        });
        let over = session.game.is_over();
        if ui
            .add_enabled(!over, egui::Button::new("Play on from here"))
            .on_hover_text("Take the game up at this step, with the seats as recorded")
            .clicked()
        {
            self.play_on();
        }
        if let Some(k) = go {
            self.go_to(k);
        }
    }

    /// The final scoring, one event at a time.
    fn finale_ui(&mut self, ui: &mut Ui) {
        let Some(finale) = self.session.as_ref().and_then(|s| s.finale.clone()) else {
            return;
        };
        if finale.shown < finale.total {
            ui.label(format!("Final scoring: {} of {} shown", finale.shown, finale.total));
            ui.horizontal(|ui| {
                if ui.button("Next").clicked() {
                    self.reveal(false);
                }
                if ui.button("All").clicked() {
                    self.reveal(true);
                }
            });
        } else {
            let Some(session) = &self.session else { return };
            let scores = session.shown_scores();
            let best = scores.iter().copied().max().unwrap_or(0);
            let winners: Vec<&str> = scores
                .iter()
                .enumerate()
                .filter(|(_, s)| **s == best)
                .map(|(p, _)| COLOURS.get(p).copied().unwrap_or("player"))
                .collect();
            ui.strong(format!("Final scores — {} wins with {best}.", winners.join(" and ")));
        }
    }

    fn reveal(&mut self, all: bool) {
        if let Some(session) = &mut self.session {
            session.reveal(all);
            let last = session.shown_log().len().checked_sub(1);
            self.selected_line = last;
        }
    }

    fn log_ui(&mut self, ui: &mut Ui) {
        let Some(session) = &self.session else { return };
        ui.strong("Events");
        let mut clicked = None;
        let lines = session.shown_log();
        // A new event brings the list to it, wherever it was scrolled.
        let newer = lines.len() > self.log_shown;
        self.log_shown = lines.len();
        egui::ScrollArea::vertical()
            .auto_shrink([false, false])
            .stick_to_bottom(true)
            .show(ui, |ui| {
                for (i, line) in lines.iter().enumerate() {
                    let selected = self.selected_line == Some(i);
                    let response = ui.selectable_label(selected, &line.text);
                    if response.clicked() {
                        clicked = Some(i);
                    }
                    if newer && i + 1 == lines.len() {
                        response.scroll_to_me(Some(egui::Align::BOTTOM));
                    }
                }
            });
        if let Some(i) = clicked {
            self.selected_line = if self.selected_line == Some(i) { None } else { Some(i) };
        }
    }
}
