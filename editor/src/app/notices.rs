//! Notices: what the editor tells the user, drawn over the top-right corner of the central
//! page so they never move what is under the pointer. Each is tied to what it concerns (the
//! open file, a page of it, or one of its tiles) and shows only there. A notice that reports
//! something done fades after [`FADE_AFTER`] seconds shown; a failure stays until closed.

use egui::{Color32, RichText, Ui};

use crate::view::Page;

/// Seconds an informative notice stays fully shown.
pub const FADE_AFTER: f64 = 8.0;

/// Seconds it takes to fade.
const FADING: f64 = 1.5;

/// What a notice concerns: where the user must be for it to show.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Concern {
    /// Nothing in particular (no file open, or the app itself).
    Anywhere,
    /// The open file (by document serial), on any page.
    Document(u64),
    /// A page of the open file.
    Page(u64, Page),
    /// A tile of the open file (by id), while it is selected on the Tiles page.
    Tile(u64, String),
}

/// Where the user is: compared with each notice's [`Concern`].
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Here {
    /// The open document's serial.
    pub document: Option<u64>,
    /// The page shown.
    pub page: Page,
    /// The selected tile's id, on the Tiles page.
    pub tile: Option<String>,
}

impl Here {
    /// The narrowest concern for something said here: the selected tile, else the page,
    /// else anywhere.
    pub fn concern(&self) -> Concern {
        match (self.document, &self.tile) {
            (Some(d), Some(tile)) => Concern::Tile(d, tile.clone()),
            (Some(d), None) => Concern::Page(d, self.page),
            (None, _) => Concern::Anywhere,
        }
    }

    fn sees(&self, concern: &Concern) -> bool {
        match concern {
            Concern::Anywhere => true,
            Concern::Document(d) => self.document == Some(*d),
            Concern::Page(d, page) => self.document == Some(*d) && self.page == *page,
            Concern::Tile(d, tile) => self.document == Some(*d) && self.tile.as_ref() == Some(tile),
        }
    }
}

/// A notice.
#[derive(Debug, Clone, PartialEq)]
pub struct Message {
    /// The text.
    pub text: String,
    /// Whether it reports a failure (it then stays until closed).
    pub error: bool,
    /// What it concerns.
    pub concern: Concern,
    /// When it was first shown (the egui clock), so that time spent elsewhere does not fade it.
    pub shown_since: Option<f64>,
}

impl Message {
    /// How opaque it is at `now`: 1 until it has been shown [`FADE_AFTER`] seconds, then
    /// falling to 0; failures never fade.
    fn opacity(&self, now: f64) -> f32 {
        match self.shown_since {
            Some(since) if !self.error => (1.0 - (now - since - FADE_AFTER) / FADING).clamp(0.0, 1.0) as f32,
            _ => 1.0,
        }
    }
}

/// Where this frame's page shows messages of its own (a banner saying why a file is text):
/// notices go below them rather than over them.
fn keep_clear_id() -> egui::Id {
    egui::Id::unique("notices-keep-clear")
}

/// Marks `rect` as a message of the page, which notices must not cover this frame.
pub fn keep_clear(ctx: &egui::Context, rect: egui::Rect) {
    ctx.data_mut(|d| d.get_temp_mut_or_default::<Vec<egui::Rect>>(keep_clear_id()).push(rect));
}

/// Whether a rect kept clear is a panel down the right of `rect` (the Play page's scores).
fn side_panel(rect: egui::Rect, c: &egui::Rect) -> bool {
    c.height() > rect.height() / 2.0 && c.left() > rect.center().x
}

/// The right edge of the notices' column in `rect`: left of any side panel kept clear.
fn column_right(rect: egui::Rect, clear: &[egui::Rect]) -> f32 {
    clear
        .iter()
        .filter(|c| side_panel(rect, c))
        .map(|c| c.left() - 10.0)
        .fold(rect.right() - 10.0, f32::min)
}

/// The top of the notices' column `column` (its left and right) in `rect`: below any message
/// kept clear that it would cover.
fn column_top(rect: egui::Rect, column: egui::Rangef, clear: &[egui::Rect]) -> f32 {
    clear
        .iter()
        .filter(|c| !side_panel(rect, c) && c.x_range().intersects(column) && c.top() < rect.center().y)
        .map(|c| c.bottom() + 6.0)
        .fold(rect.top() + 10.0, f32::max)
}

/// The notices, oldest first.
#[derive(Debug, Default)]
pub struct Notices {
    /// Every notice not yet closed or faded.
    pub list: Vec<Message>,
}

/// At most this many notices are kept.
const KEPT: usize = 6;

impl Notices {
    /// Adds a notice (the same text said again replaces the older one).
    pub fn add(&mut self, text: String, error: bool, concern: Concern) {
        self.list.retain(|m| m.text != text);
        self.list.push(Message {
            text,
            error,
            concern,
            shown_since: None,
        });
        if self.list.len() > KEPT {
            self.list.remove(0);
        }
    }

    /// Draws the notices that concern `here` over the top-right corner of `rect`, each with a
    /// button that closes it; forgets the ones that have faded.
    pub fn show(&mut self, ui: &Ui, rect: egui::Rect, here: &Here) {
        let now = ui.input(|i| i.time);
        let clear: Vec<egui::Rect> = ui
            .ctx()
            .data_mut(|d| d.remove_temp(keep_clear_id()).unwrap_or_default());
        self.list.retain(|m| m.opacity(now) > 0.0);
        let mut close = None;
        let mut fading = false;
        let shown: Vec<usize> = (0..self.list.len())
            .filter(|&i| here.sees(&self.list[i].concern))
            .collect();
        if shown.is_empty() {
            return;
        }
        let right = column_right(rect, &clear);
        let width = (right - rect.left() - 10.0).clamp(120.0, 460.0);
        let top = column_top(rect, egui::Rangef::new(right - width, right), &clear);
        egui::Area::new(egui::Id::unique("notices"))
            .order(egui::Order::Foreground)
            .pivot(egui::Align2::RIGHT_TOP)
            .fixed_pos(egui::pos2(right, top))
            .interactable(true)
            .show(ui.ctx(), |ui| {
                ui.set_max_width(width);
                for i in shown {
                    let m = &mut self.list[i];
                    m.shown_since.get_or_insert(now);
                    let opacity = m.opacity(now);
                    fading |= !m.error;
                    let colour = if m.error {
                        Color32::from_rgb(120, 40, 36)
                    } else {
                        Color32::from_rgb(36, 70, 110)
                    };
                    ui.scope(|ui| {
                        ui.multiply_opacity(opacity);
                        egui::Frame::new()
                            .fill(colour)
                            .inner_margin(6.0)
                            .corner_radius(4.0)
                            .shadow(ui.style().visuals.popup_shadow)
                            .show(ui, |ui| {
                                ui.horizontal(|ui| {
                                    if ui.small_button("x").on_hover_text("Close").clicked() {
                                        close = Some(i);
                                    }
                                    ui.add(egui::Label::new(RichText::new(&m.text).color(Color32::WHITE)).wrap());
                                });
                            });
                    });
                    ui.add_space(4.0);
                }
            });
        if let Some(i) = close {
            self.list.remove(i);
        }
        if fading {
            ui.ctx().request_repaint_after(std::time::Duration::from_millis(100));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_notice_shows_only_where_it_belongs_and_only_reports_fade() {
        let tile = Here {
            document: Some(1),
            page: Page::Tiles,
            tile: Some("A".into()),
        };
        assert_eq!(tile.concern(), Concern::Tile(1, "A".into()));
        let other_tile = Here {
            tile: Some("B".into()),
            ..tile.clone()
        };
        let source = Here {
            page: Page::Source,
            tile: None,
            ..tile.clone()
        };
        assert!(tile.sees(&tile.concern()) && !other_tile.sees(&tile.concern()));
        assert!(!source.sees(&tile.concern()) && source.sees(&Concern::Document(1)));
        assert!(!source.sees(&Concern::Document(2)), "another file's notice");
        assert!(source.sees(&Concern::Anywhere));

        let mut m = Message {
            text: "done".into(),
            error: false,
            concern: Concern::Anywhere,
            shown_since: Some(10.0),
        };
        assert_eq!(m.opacity(10.0 + FADE_AFTER), 1.0);
        assert!(m.opacity(10.0 + FADE_AFTER + FADING / 2.0) < 1.0);
        assert_eq!(m.opacity(10.0 + FADE_AFTER + FADING), 0.0);
        m.error = true;
        assert_eq!(m.opacity(1000.0), 1.0, "failures stay until closed");
    }
}
