//! The values of mechanisms a game plays with: the defaults the files in play declare
//! (`[values]`), replaced where the rules' `[values]` say. Worked out once at setup; each
//! mechanism reads its own values when it is built, so no turn looks one up.

use std::collections::BTreeMap;

use super::mechanisms::MechanismSet;
use super::setup::{FigureType, SetupError};
use crate::model::Rules;
use crate::quote::clip;

/// Adds the values a file declares to those of the files before it: a value declared again
/// with the same default is the same value; with another default it is refused, since a game
/// plays one value of each key.
pub(super) fn declare_values(
    values: &mut BTreeMap<String, u32>,
    declared: &BTreeMap<String, u32>,
) -> Result<(), SetupError> {
    for (key, &value) in declared {
        match values.get(key) {
            Some(&known) if known != value => return Err(SetupError::ValueTwice(clip(key))),
            Some(_) => {}
            None => {
                values.insert(key.clone(), value);
            }
        }
    }
    Ok(())
}

/// The values in play: the files' defaults (`declared`), each replaced by the rules' own where
/// they give one (a value the files do not declare belongs to a mechanism not in play, and is
/// left out). Every value a mechanism in play reads (the figures' with a count above 0 and
/// `mechanisms`') must be declared, but one added later, which files without it play at its
/// `undeclared` value.
pub(super) fn values_under_rules(
    declared: &BTreeMap<String, u32>,
    rules: &Rules,
    figures: &[FigureType],
    mechanisms: MechanismSet,
) -> Result<BTreeMap<String, u32>, SetupError> {
    // Each with who reads them, for the message: the figure's id, or the mechanism's word.
    let figure_reads = figures
        .iter()
        .filter(|f| f.count > 0)
        .filter_map(|f| Some((f.mechanism?.values(), f.id.clone())));
    let mechanism_reads = mechanisms.iter().map(|m| (m.values(), format!("{m:?}").to_lowercase()));
    let mut values = declared.clone();
    for (reads, by) in figure_reads.chain(mechanism_reads) {
        for read in reads {
            if values.contains_key(read.key) {
                continue;
            }
            let Some(value) = read.undeclared else {
                return Err(SetupError::MissingValue {
                    key: read.key.to_owned(),
                    by: clip(&by),
                });
            };
            values.insert(read.key.to_owned(), value);
        }
    }
    for (key, value) in values.iter_mut() {
        if let Some(&house) = rules.values.get(key) {
            *value = house;
        }
    }
    Ok(values)
}
