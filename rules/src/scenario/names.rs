//! The ids a scenario names (tiles, figure types, features, seats) looked up in its game; one
//! that is not there is refused with the closest known one.

use super::{PlayError, one_of, seat};
use crate::game::{ActionError, COLOURS, GameDef};
use crate::limits::MAX_PLAYERS;
use crate::quote::{quote, quoted_list};
use crate::suggest::did_you_mean;

/// A game definition and its seats, to look a scenario's ids up in; each look-up is given the
/// JSON Pointer of the id, for its error.
pub(super) struct Names<'a> {
    def: &'a GameDef,
    /// The seats of this game, by colour.
    seats: Vec<String>,
}

impl<'a> Names<'a> {
    /// The names of a game of `def` with `players` seats.
    pub(super) fn new(def: &'a GameDef, players: u8) -> Names<'a> {
        let seats = COLOURS
            .iter()
            .take(usize::from(players))
            .map(|c| (*c).to_owned())
            .collect();
        Names { def, seats }
    }

    /// The index of tile `id`.
    pub(super) fn tile(&self, id: &str, pointer: String) -> Result<u16, PlayError> {
        let def = self.def;
        def.tile_index(id).ok_or_else(|| {
            let known: Vec<String> = def.tables().tiles.iter().map(|t| t.id.clone()).collect();
            PlayError::at(
                pointer,
                format!("no tile {} in the tile sets", quote(id)),
                one_of(id, &known, "the tiles of the scenario's tile sets are"),
            )
        })
    }

    /// The index of figure type `id`; none given is the first.
    pub(super) fn figure(&self, id: &Option<String>, pointer: String) -> Result<u8, PlayError> {
        let def = self.def;
        match id {
            None => Ok(0),
            Some(id) => def.figure_index(id).ok_or_else(|| {
                let known: Vec<String> = def.figures().iter().map(|f| f.id.clone()).collect();
                PlayError::at(
                    pointer,
                    format!("no figure {}", quote(id)),
                    one_of(id, &known, "the figure types in play are"),
                )
            }),
        }
    }

    /// The local index of feature `id` on tile `tile`.
    pub(super) fn feature(&self, tile: u16, id: &str, pointer: String) -> Result<u8, PlayError> {
        let compiled = &self.def.tables().tiles[tile as usize];
        compiled.feature_index(id).ok_or_else(|| {
            let known: Vec<String> = compiled.features.iter().map(|f| f.id.clone()).collect();
            let features: Vec<String> = compiled
                .features
                .iter()
                .map(|f| format!("`{}` ({})", f.id, f.kind.as_str()))
                .collect();
            PlayError::at(
                pointer,
                format!("tile {} has no feature {}", quote(&compiled.id), quote(id)),
                format!("{}its features are: {}", did_you_mean(id, &known), features.join(", ")),
            )
        })
    }

    /// `error` in words, with a refused deployment's figure type and feature named by their
    /// ids on tile `tile` (the engine's message numbers them) when they are known.
    pub(super) fn action_error(&self, tile: Option<u16>, error: &ActionError) -> String {
        let ActionError::IllegalDeployment { figure, feature, why } = error else {
            return error.to_string();
        };
        let compiled = tile.and_then(|t| self.def.tables().tiles.get(usize::from(t)));
        let figure = self.def.figures().get(usize::from(*figure));
        match (
            compiled,
            compiled.and_then(|t| t.features.get(usize::from(*feature))),
            figure,
        ) {
            (Some(tile), Some(on), Some(figure)) => format!(
                "figure {} may not be deployed on feature {} ({}) of tile {}: {why}",
                quote(&figure.id),
                quote(&on.id),
                on.kind.as_str(),
                quote(&tile.id)
            ),
            _ => error.to_string(),
        }
    }

    /// The seat of colour `name`, which must be one of this game's.
    pub(super) fn seat(&self, name: &str, pointer: String) -> Result<u8, PlayError> {
        let seats = &self.seats;
        let at = seat(name).filter(|&s| usize::from(s) < seats.len());
        at.ok_or_else(|| {
            let list = quoted_list(seats.iter().map(String::as_str), MAX_PLAYERS);
            match seat(name) {
                Some(_) => PlayError::at(
                    pointer,
                    format!("{} is not a seat of this {}-player game", quote(name), seats.len()),
                    format!("the seats are: {list}; seat more with `players`"),
                ),
                None => PlayError::at(
                    pointer,
                    format!("{} is not a colour", quote(name)),
                    one_of(name, seats, "the seats are"),
                ),
            }
        })
    }
}
