//! What stops a scenario playing, and how it is worded: a [`PlayError`] names the value at
//! fault by its JSON Pointer (the load side locates it in the file), the closest known name, a
//! tile's features, or the edge that clashes.

use crate::game::Game;
use crate::pointer::escape_segment;
use crate::quote::{clip, quote, quoted_list};
use crate::suggest::did_you_mean;

/// Why a scenario cannot be played: where in the file, what, and what would fix it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PlayError {
    /// JSON Pointer of the value at fault (`""` for the file).
    pub pointer: String,
    /// What is wrong, quoting at most
    /// [`MAX_QUOTED_CHARS`](crate::quote::MAX_QUOTED_CHARS) characters of any value.
    pub message: String,
    /// What would fix it.
    pub help: String,
    /// Whether the fault is the key at `pointer` (a name nothing declares), not its value.
    pub key: bool,
}

impl PlayError {
    /// A problem with the value at `pointer`.
    pub fn at(pointer: impl Into<String>, message: impl Into<String>, help: impl Into<String>) -> PlayError {
        PlayError {
            pointer: pointer.into(),
            message: message.into(),
            help: help.into(),
            key: false,
        }
    }

    /// The problem is the key at `pointer`.
    pub(super) fn at_key(pointer: String, message: String, help: String) -> PlayError {
        PlayError {
            key: true,
            ..PlayError::at(pointer, message, help)
        }
    }

    /// The error with its message and help clipped ([`clip`]): what a scenario quotes is short.
    #[must_use]
    pub fn clipped(self) -> PlayError {
        PlayError {
            message: clip(&self.message),
            help: clip(&self.help),
            ..self
        }
    }
}

impl std::fmt::Display for PlayError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} (help: {})", self.message, self.help)
    }
}

/// What a value that does not fit the scenario format is to be compared with.
pub const FORMAT_HELP: &str =
    "compare it with the scenario format (the documentation of `tilewright_engine::scenario`)";

/// A refusal with no better place: the file, compared with the format.
impl From<String> for PlayError {
    fn from(message: String) -> PlayError {
        PlayError::at("", message, FORMAT_HELP)
    }
}

/// Refuses the first key of the scenario's `[table]` (house rules on marks, tokens or values)
/// that is not among `known`, what the scenario's tile sets declare: a slip is not ignored.
pub(super) fn declared<'a>(
    table: &str,
    keys: impl IntoIterator<Item = &'a String>,
    known: &[String],
    what: &str,
    listed: &str,
) -> Result<(), PlayError> {
    match keys.into_iter().find(|key| !known.contains(key)) {
        None => Ok(()),
        Some(key) => Err(PlayError::at_key(
            format!("/{table}/{}", escape_segment(key)),
            format!("no file of the scenario's tile sets declares a {what} {}", quote(key)),
            one_of(key, known, listed),
        )),
    }
}

/// Help for an id of a tile's feature, figure type or colour not among `known`.
pub fn one_of(id: &str, known: &[String], what: &str) -> String {
    format!(
        "{}{what}: {}",
        did_you_mean(id, known),
        quoted_list(known.iter().map(String::as_str), 20)
    )
}

/// A tile the scenario places: what its message starts with (`turn 3: `), its id, where it goes, and the
/// JSON Pointer of its entry (a turn's or a layout tile's).
pub(super) struct Placing<'a> {
    pub(super) what: String,
    pub(super) id: &'a str,
    pub(super) at: [i16; 2],
    pub(super) rotation: u8,
    pub(super) entry: String,
    /// Whether it is a turn's (which may expect the refusal with `illegal = true`).
    pub(super) turn: bool,
}

/// Why a tile (`tile`, not yet placed) was refused where `placing` puts it: the edge that
/// clashes and the neighbour's it meets, else what else stands in the way.
pub(super) fn misfit(game: &Game, tile: u16, placing: &Placing<'_>) -> PlayError {
    let ([x, y], rotation) = (placing.at, placing.rotation);
    let tables = &game.def().tables();
    let placed = format!(
        "{}{} does not fit at ({x}, {y}) turned {rotation}",
        placing.what,
        quote(placing.id)
    );
    let expected = if placing.turn {
        "; add `illegal = true` if the scenario means it to be refused"
    } else {
        ""
    };
    let (field, why, help) = if game.board().at(i32::from(x), i32::from(y)).is_some() {
        (
            "at",
            "a tile is there already".to_owned(),
            "place it on a free position".to_owned(),
        )
    } else if let Some(clash) = game.clash_at(tile, x, y, rotation) {
        let (dx, dy) = clash.side.offset();
        let why = format!(
            "its {} edge `{}` meets the {} edge `{}` of {} at ({}, {})",
            clash.side.name(),
            tables.layouts[clash.mine as usize],
            clash.side.opposite().name(),
            tables.layouts[clash.theirs as usize],
            quote(&tables.tiles[clash.neighbour as usize].id),
            i32::from(x) + dx,
            i32::from(y) + dy,
        );
        let help = format!("turn it (`rotation`, quarter turns clockwise) or place it elsewhere (`at`){expected}");
        ("rotation", why, help)
    } else if !game.board().neighbour_sides(i32::from(x), i32::from(y)).contains(&true) {
        (
            "at",
            "no tile is next to it".to_owned(),
            "place it beside a tile on the table".to_owned(),
        )
    } else {
        (
            "at",
            "its edges fit, but a placement rule of the tile or of its edge kinds refuses it".to_owned(),
            format!("place it where its rules allow{expected}"),
        )
    };
    // A rotation left out is shown at `at`.
    let field = if field == "rotation" && rotation == 0 {
        "at"
    } else {
        field
    };
    PlayError::at(format!("{}/{field}", placing.entry), format!("{placed}: {why}"), help)
}

/// Refuses a rotation that is not 0 to 3 quarter turns, at `entry`'s `rotation`.
pub(super) fn check_rotation(rotation: u8, entry: &str) -> Result<(), PlayError> {
    if rotation <= 3 {
        return Ok(());
    }
    Err(PlayError::at(
        format!("{entry}/rotation"),
        format!("`rotation = {rotation}` is not a number of quarter turns"),
        "give 0 to 3 quarter turns clockwise",
    ))
}
