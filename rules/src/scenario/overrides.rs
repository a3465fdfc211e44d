//! A scenario's house rules (scoring values, switches, figure counts, marks, values, tokens)
//! layered on its rule set, as a rule set's are on the defaults.

use super::problems::declared;
use super::{PlayError, Scenario};
use crate::game::GameDef;
use crate::model::{ScoringValues, SwitchValues, layer_marks, layer_tokens, layer_values};

/// `def` under its rules with the scenario's overrides layered on; the marks, values and
/// tokens overridden must be ones the scenario's tile sets declare.
pub(super) fn layered(scenario: &Scenario, def: GameDef) -> Result<GameDef, PlayError> {
    let mut scoring = scenario.scoring.clone();
    let mut switches = scenario.switches.clone();
    scoring.merge_from(&ScoringValues::from(&def.rules().scoring));
    switches.merge_from(&SwitchValues::from(&def.rules().switches));
    let mut rules = def.rules().clone();
    rules.scoring = scoring.resolve().map_err(|m| format!("missing {m:?}"))?;
    rules.switches = switches.resolve().map_err(|m| format!("missing {m:?}"))?;
    rules.figures.extend(scenario.figures.clone());
    let marks: Vec<String> = def.marks().iter().map(|m| m.id.clone()).collect();
    declared(
        "marks",
        scenario.marks.keys(),
        &marks,
        "mark",
        "the scenario's tile sets declare the marks",
    )?;
    layer_marks(&mut rules.marks, &scenario.marks);
    let values: Vec<String> = def.values().keys().cloned().collect();
    declared("values", scenario.values.keys(), &values, "value", "they declare")?;
    layer_values(&mut rules.values, &scenario.values);
    let tokens: Vec<String> = def.printed_tokens().iter().map(|t| t.id.clone()).collect();
    declared(
        "tokens",
        scenario.tokens.keys(),
        &tokens,
        "token",
        "the scenario's tile sets declare the tokens",
    )?;
    layer_tokens(&mut rules.tokens, &scenario.tokens);
    def.with_rules(rules).map_err(|e| PlayError::from(e.to_string()))
}
