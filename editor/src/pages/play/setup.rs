//! What a game is played with: the open document as it is in memory (built by
//! [`document_game`]), the bundled sets chosen beside it, a rule set, and the seats.

use tilewright_engine::bundled;

use super::seats::SeatKind;
use crate::document::{Content, Document};
use crate::document_game::{self, DocRole, Prepared, role_of};
use crate::validation::Findings;

/// The game setup form's values.
#[derive(Debug, Clone)]
pub struct Setup {
    /// Bundled tile sets and expansions by id, and whether each is played.
    pub bundled_sets: Vec<(String, bool)>,
    /// The rule set's id (a bundled one, or the open rule set's).
    pub rules: String,
    /// The seats, 2 to 6.
    pub seats: Vec<SeatKind>,
    /// The seed of the shuffle.
    pub seed: u64,
}

impl Default for Setup {
    fn default() -> Self {
        let catalog = bundled::catalog();
        let sets = catalog.tilesets.iter().map(|t| t.model.id.clone());
        let expansions = catalog.expansions.iter().map(|e| e.model.id.clone());
        Setup {
            bundled_sets: sets.chain(expansions).map(|id| (id, false)).collect(),
            rules: crate::editions::starting_rules(),
            seats: vec![SeatKind::Human, SeatKind::Bot(tilewright_engine::bots::BotSpec::Greedy)],
            seed: 1,
        }
    }
}

/// The most seats a game has.
pub const MAX_SEATS: usize = 6;

impl Setup {
    /// Fits the form to the document: a tile set without a start tile (or a rule set) is
    /// played with the base game; the open rule set is the rules.
    pub fn adapt_to(&mut self, doc: &Document) {
        let needs_base = match doc.content() {
            Content::TileSet(set) => set.start_tile.is_none(),
            _ => true,
        };
        if needs_base
            && !self.bundled_sets.iter().any(|(_, on)| *on)
            && let Some(first) = self.bundled_sets.first_mut()
        {
            first.1 = true;
        }
        if let DocRole::Rules(id) = role_of(doc) {
            self.rules = id;
        }
    }

    /// The tile sets and expansions to play, by id: the document's first, then the chosen
    /// bundled ones (the document's own id played once).
    pub fn set_ids(&self, role: &DocRole) -> Vec<String> {
        let own = match role {
            DocRole::Set(id) => Some(id.clone()),
            _ => None,
        };
        own.iter()
            .cloned()
            .chain(
                self.bundled_sets
                    .iter()
                    .filter(|(id, on)| *on && Some(id) != own.as_ref())
                    .map(|(id, _)| id.clone()),
            )
            .collect()
    }
}

/// The game `setup` describes with `doc` as it is in memory.
pub fn prepare(doc: &Document, findings: &Findings, setup: &Setup) -> Result<Prepared, Vec<String>> {
    document_game::prepare(doc, findings, &setup.set_ids(&role_of(doc)), &setup.rules)
}
