//! Run B of an A/B as the options ask (`--compare-rules`, `--without`, `--compare-tilesets`):
//! the options read into the engine's A/B [`Variant`] (the files they name read for the ids
//! they hold), B made from A by [`Variant::b_of`], and its refusals worded with the option.

use std::path::{Path, PathBuf};

use tilewright_engine::balance::{RunB, SetName, Side, SidesError, Variant, Version};
use tilewright_engine::game::{GameDef, set_id};
use tilewright_engine::selection::{Data, Named};

use super::{BalanceArgs, edition_played};
use crate::escape;
use crate::play::{GameArgs, Prepared, selection_message};

/// Run A as the engine's A/B builder takes it: the sets of `--tilesets`, each with the ids it
/// stands for, and `--rules`.
fn side_a(game: &GameArgs, a: &Prepared) -> Side {
    let sets = game.tilesets().iter().zip(&a.named_ids);
    Side {
        sets: sets
            .map(|(name, ids)| SetName {
                name: name.clone(),
                ids: ids.clone(),
            })
            .collect(),
        rules: game.rules().to_owned(),
    }
}

/// Run B, made from A (`a`) by the engine's A/B builder ([`Variant::b_of`]) as the arguments
/// ask; `None` for a single run.
pub(super) fn run_b(args: &BalanceArgs, a: &Prepared) -> Result<Option<RunB>, String> {
    let variant = if let Some(rules) = &args.compare_rules {
        Variant::Rules(rules.clone())
    } else if !args.compare_tilesets.is_empty() {
        Variant::Versions(versions(&args.compare_tilesets)?)
    } else if let Some(left_out) = &args.without {
        Variant::Without(left_out_set(&a.def, left_out)?)
    } else {
        return Ok(None);
    };
    variant.b_of(&side_a(&args.game, a)).map(Some).map_err(|e| refusal(&e))
}

/// The set `--without` names, by its id as the run prints it (`my-tiles`,
/// `base@first-edition`: the id before any edition is compared, so `base` leaves out
/// `base@first-edition` too, but an edition that `a` does not play is refused) or by a path of
/// its file.
fn left_out_set(a: &GameDef, left_out: &str) -> Result<SetName, String> {
    match Named::parse(left_out) {
        Named::Id(id) => {
            let set = a.sets().iter().chain(a.expansions()).find(|s| s.id == set_id(&id));
            if let Some(set) = set {
                edition_played("--without", left_out, set)?;
            }
            Ok(SetName::id(&id))
        }
        Named::Path(path) => Ok(SetName {
            name: left_out.to_owned(),
            ids: ids_in(&path).map_err(|e| format!("`--without {}`: {e}", escape::line(left_out)))?,
        }),
    }
}

/// The ids of the tile sets and expansions the file or folder `path` holds.
fn ids_in(path: &Path) -> Result<Vec<String>, String> {
    let catalog = Data::load([path]).map_err(selection_message)?.into_catalog();
    let sets = catalog.tilesets.iter().map(|t| t.model.id.clone());
    Ok(sets
        .chain(catalog.expansions.iter().map(|e| e.model.id.clone()))
        .collect())
}

/// The files of `--compare-tilesets`, each with the sets it holds, named so that B reads it
/// as a path, never as an id (`Named::parse`).
fn versions(files: &[PathBuf]) -> Result<Vec<Version>, String> {
    files
        .iter()
        .map(|file| {
            let shown = file.display().to_string();
            let ids = ids_in(file).map_err(|e| format!("`--compare-tilesets {}`: {e}", escape::line(&shown)))?;
            let name = if Named::parse(&shown) == Named::Id(shown.clone()) {
                format!("./{shown}")
            } else {
                shown.clone()
            };
            Ok(Version { shown, name, ids })
        })
        .collect()
}

/// Why B cannot be played, said with the option at fault.
fn refusal(error: &SidesError) -> String {
    let line = |text: &str| escape::line(text);
    match error {
        SidesError::NotPlayed { left_out, played } => format!(
            "`--without {}`: it is not one of the tile sets played ({})",
            line(left_out),
            line(&played.join(", "))
        ),
        SidesError::HeldWithOthers { left_out, name, ids } => format!(
            "`--without {}`: `{}` holds it with others ({}); name its file in `--tilesets` instead of the folder",
            line(left_out),
            line(name),
            ids.join(", ")
        ),
        SidesError::NothingLeft { left_out } => format!("`--without {}` leaves no tile set to play", line(left_out)),
        SidesError::NotOneSet { file, ids } => format!(
            "`--compare-tilesets {}` holds {} tile sets and expansions ({}); give the file of one",
            line(file),
            ids.len(),
            ids.join(", ")
        ),
        SidesError::VersionNotPlayed { file, id, played } => format!(
            "`--compare-tilesets {}`: it holds the set `{}`, which is not played (the sets \
             played: {}); B replaces the set with the same id, so give a version of one of those \
             or add the set to `--tilesets`",
            line(file),
            line(id),
            played.join(", ")
        ),
        SidesError::VersionOfFolder { file, id, name, ids } => format!(
            "`--compare-tilesets {}`: the set `{}` comes from `{}` with others ({}); name \
             its file in `--tilesets` instead of the folder",
            line(file),
            line(id),
            line(name),
            ids.join(", ")
        ),
        SidesError::ReplacedTwice { file, id, earlier } => format!(
            "`--compare-tilesets {}`: the set `{}` is replaced already, by {}; give one \
             version of each set",
            line(file),
            line(id),
            line(earlier)
        ),
    }
}
