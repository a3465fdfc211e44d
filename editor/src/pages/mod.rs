//! The editor's pages that play the open document rather than edit it: Play
//! ([`play::PlayView`]), Try on table ([`sandbox::Sandbox`], a window over the Tiles page) and
//! Balance ([`balance::BalancePanel`]). Each builds its games through
//! [`document_game`](crate::document_game) and draws through the same
//! [`PanelCtx`] as the panels.

pub mod balance;
pub mod play;
pub mod sandbox;

use egui::Ui;

use crate::actions::PanelCtx;

/// A page of the editor, drawn once a frame.
pub trait Page {
    /// Draws the page into `ui` (a window draws itself over it), reading the document and
    /// asking for changes through `ctx`.
    fn ui(&mut self, ui: &mut Ui, ctx: &mut PanelCtx<'_>);
}
