//! The rule set the editor starts on wherever one is chosen: the Play setup, the Balance page
//! and the edition whose counts the Tiles page shows all start on the same one, so a count
//! read on one page is the count played on the others.

use tilewright_engine::bundled;

/// The rule set everything starts on: the edition in print.
pub const STARTING_RULES: &str = "new-edition";

/// The bundled rule set to start on: [`STARTING_RULES`], or the first bundled one were it
/// ever gone.
pub fn starting_rules() -> String {
    let rulesets = &bundled::catalog().rulesets;
    rulesets
        .iter()
        .find(|r| r.model.id == STARTING_RULES)
        .or(rulesets.first())
        .map(|r| r.model.id.clone())
        .unwrap_or_default()
}

/// The edition of `editions` (a tile set's) whose counts are shown first: the starting rule
/// set when the set lists it, else the set's first.
pub fn starting_edition(editions: &[String]) -> String {
    let start = starting_rules();
    if editions.contains(&start) {
        start
    } else {
        editions.first().cloned().unwrap_or_default()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::balance::{RulesChoice, Settings};
    use crate::pages::play::Setup;

    #[test]
    fn play_balance_and_the_edition_box_start_on_one_rule_set() {
        let base = &bundled::catalog().tileset("base").unwrap().model;
        assert_eq!(starting_rules(), STARTING_RULES);
        assert_eq!(Setup::default().rules, STARTING_RULES, "Play");
        assert_eq!(
            Settings::for_set(base).rules,
            RulesChoice::Bundled(STARTING_RULES.into()),
            "Balance"
        );
        assert_eq!(starting_edition(&base.editions), STARTING_RULES, "the edition box");
        assert_eq!(
            starting_edition(&["second".into()]),
            "second",
            "a set of other editions"
        );
    }
}
