//! The values of mechanisms a game plays with: the defaults the files in play declare
//! (`[values]`), replaced where the rules' `[values]` say. Worked out once at setup; each
//! mechanism reads its own values when it is built, so no turn looks one up.

use std::collections::BTreeMap;

use super::mechanisms::MechanismSet;
use super::setup::{FigureType, SetupError};
use crate::diagnostic::clip;
use crate::model::Rules;

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
/// `mechanisms`') must be declared.
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
    for (reads, by) in figure_reads.chain(mechanism_reads) {
        if let Some(missing) = reads.iter().find(|v| !declared.contains_key(v.key)) {
            return Err(SetupError::MissingValue {
                key: missing.key.to_owned(),
                by: clip(&by),
            });
        }
    }
    let mut values = declared.clone();
    for (key, value) in values.iter_mut() {
        if let Some(&house) = rules.values.get(key) {
            *value = house;
        }
    }
    Ok(values)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalog::Catalog;
    use crate::game::GameDef;
    use crate::model::{ExpansionFile, Figure, FigureMechanism, Role, Spot, Strength};
    use crate::source::Source;

    /// The bundled files with the rule sets `rules` (`(file name, text)`), which must validate.
    fn catalog(rules: &[(&str, &str)]) -> Catalog {
        let sources = rules.iter().map(|(path, text)| Source::new(*path, *text)).collect();
        let report = crate::validate::validate_sources(sources, crate::bundled::catalog());
        assert_eq!(report.errors(), 0, "{:#?}", report.diagnostics);
        report.catalog.with_base(crate::bundled::catalog())
    }

    fn values_of(catalog: &Catalog, sets: &[&str], rules: &str) -> Vec<(String, u32)> {
        let sets: Vec<String> = sets.iter().map(|s| (*s).to_owned()).collect();
        let def = GameDef::from_catalog(catalog, &sets, rules).unwrap();
        def.values().clone().into_iter().collect()
    }

    #[test]
    fn rule_sets_replace_the_files_values_down_their_extends_chain() {
        let catalog = catalog(&[
            (
                "rich.toml",
                "id = \"rich\"\nname = \"r\"\nextends = \"new-edition\"\n[values]\nbarn-final-per-city = 5\nvineyard = 1\n",
            ),
            (
                "richer.toml",
                "id = \"richer\"\nname = \"r\"\nextends = \"rich\"\n[values]\nbarn-final-per-city = 6\n",
            ),
        ]);
        let all = ["base", "abbey-and-mayor", "hills-and-sheep"];
        let pair = |k: &str, v: u32| (k.to_owned(), v);
        assert_eq!(
            values_of(&catalog, &all, "new-edition"),
            [
                pair("barn-final-per-city", 4),
                pair("barn-joined-per-city", 1),
                pair("barn-placed-per-city", 3),
                pair("vineyard", 3)
            ]
        );
        assert_eq!(
            values_of(&catalog, &all, "richer"),
            [
                pair("barn-final-per-city", 6),
                pair("barn-joined-per-city", 1),
                pair("barn-placed-per-city", 3),
                pair("vineyard", 1)
            ]
        );
        // A value of a mechanism not in play is not a value of the game.
        assert_eq!(
            values_of(&catalog, &["base", "hills-and-sheep"], "rich"),
            [pair("vineyard", 1)]
        );
        assert!(values_of(&catalog, &["base"], "richer").is_empty());
    }

    #[test]
    fn setup_refuses_a_mechanism_without_its_values_and_two_defaults_of_one_value() {
        let bundled = crate::bundled::catalog();
        let base = &bundled.tileset("base").unwrap().model;
        let all: Vec<_> = bundled.rulesets.iter().map(|r| &r.model).collect();
        let rules = crate::model::resolve("new-edition", &all).unwrap();
        let barn = Figure {
            role: Role::Special,
            count: 1,
            strength: Strength::default(),
            stands_on: vec![Spot::FieldCorner],
            mechanism: Some(FigureMechanism::Barn),
            joins: None,
            effect: None,
        };
        let expansion = |id: &str, values: &[(&str, u32)]| ExpansionFile {
            id: id.into(),
            name: id.into(),
            figures: BTreeMap::from([(format!("{id}-barn"), barn.clone())]),
            bags: BTreeMap::new(),
            mechanisms: Vec::new(),
            marks: BTreeMap::new(),
            tokens: BTreeMap::new(),
            values: values.iter().map(|&(k, v)| (k.to_owned(), v)).collect(),
        };
        let setup = |expansions: &[&ExpansionFile]| GameDef::new(&[(base, None)], expansions, rules.clone());
        let bare = expansion("bare", &[]);
        assert_eq!(
            setup(&[&bare]).unwrap_err(),
            SetupError::MissingValue {
                key: "barn-placed-per-city".into(),
                by: "bare-barn".into()
            }
        );
        let full = |id: &str, at_end: u32| {
            expansion(
                id,
                &[
                    ("barn-placed-per-city", 3),
                    ("barn-joined-per-city", 1),
                    ("barn-final-per-city", at_end),
                ],
            )
        };
        let (four, same, five) = (full("four", 4), full("same", 4), full("five", 5));
        assert_eq!(setup(&[&four, &same]).unwrap().value("barn-final-per-city"), 4);
        assert_eq!(
            setup(&[&four, &five]).unwrap_err(),
            SetupError::ValueTwice("barn-final-per-city".into())
        );
        // Without a count, the barn is out of play and its values are not needed.
        let mut off = rules.clone();
        off.figures.insert("bare-barn".into(), 0);
        assert!(GameDef::new(&[(base, None)], &[&bare], off).is_ok());
    }
}
