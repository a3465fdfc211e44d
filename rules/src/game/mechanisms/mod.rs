//! The expansions' mechanisms: each a module with its state and rules, registered below, and
//! played by the core game through the hooks of [`Mechanism`] (`hooks.rs`).
//!
//! The core (turn, placement, deployment, scoring: `turn.rs` lists where each hook is called)
//! names no mechanism. A mechanism keeps its state in its own type, which [`Mechanisms`] holds
//! beside the others in every game, and acts only through its hooks; what it shows readers
//! (its state, its prompts, its figures' pictures, its actions' keys) it answers itself, through
//! [`Mechanisms`]. A new mechanism is a module here implementing [`Mechanism`] and one line in
//! the list below; a player choice of its own is a [`Phase`](super::Phase) and
//! [`Action`](super::Action)s that its hooks list and apply.
//!
//! Which mechanisms a game plays with is decided once, when it is set up
//! ([`Mechanism::in_play`]: the files' mechanisms as [`MechanismSet`] keeps them under the
//! rules, and figure types with a count above 0), so no turn tests a switch: a mechanism out
//! of play costs each hook it implements one well-predicted branch.

mod hooks;
mod set;

use hooks::mechanisms;
pub use hooks::{Arrival, Flow, Mechanism, OwnFigure, Registered, carries_word};
pub use set::{MechanismSet, apply_switches, bag_drawn, tiles_held};

mechanisms! {
    // Before the abbey: the fairy's turn bonus comes first, whatever the turn offers.
    fairy: Fairy,
    abbey: Abbey,
    barn: Barns,
    companions: Companions,
    extra_turn: ExtraTurns,
    field_bonus: FieldBonuses,
    continuation: Continuation,
    dragon: Dragon,
    hills: Hills,
    marks: Marks,
    printed_tokens: PrintedTokens,
    shepherd: Shepherds,
    vineyard: Vineyards,
    wagon: Wagons,
    take_back: TakeBack,
    send_home: SendHome,
    portals: Portals,
    #[cfg(any(test, feature = "probe"))]
    probe: Probe,
}

pub use continuation::EdgeKinds;
pub use shepherd::Flock;
pub use wagon::WaitingWagon;

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use super::*;
    use crate::game::{Action, Award, Game, GameDef, Phase, Reason, Step};

    fn def(sets: &[&str]) -> Arc<GameDef> {
        let sets: Vec<String> = sets.iter().map(|s| (*s).to_owned()).collect();
        Arc::new(GameDef::from_files(crate::testing::bundled(), &sets, "new-edition").unwrap())
    }

    #[test]
    fn mechanisms_answer_readers_for_themselves() {
        let all = def(&["base", "abbey-and-mayor", "hills-and-sheep"]);
        let game = Game::new(Arc::clone(&all), 2, 1).unwrap();
        let names: Vec<&str> = game.mechanisms().in_play().collect();
        assert_eq!(names, ["abbey", "barn", "hills", "shepherd", "vineyards", "wagon"]);
        assert!(names.iter().all(|name| Mechanisms::plays_in(&all, name)));
        let base = def(&["base"]);
        assert_eq!(
            Game::new(Arc::clone(&base), 2, 1)
                .unwrap()
                .mechanisms()
                .in_play()
                .count(),
            0
        );
        assert!(!Mechanisms::plays_in(&base, "barn") && !Mechanisms::plays_in(&all, "river"));

        let looks: Vec<Option<&str>> = all.figures().iter().map(Mechanisms::figure_look).collect();
        assert_eq!(looks, [None, Some("barn"), None, Some("wagon"), Some("shepherd")]);
        let type_of = |id| 1 << all.figure_index(id).unwrap();
        let paid = |name| Mechanisms::paid_figures(&all, Reason::Mechanism(Award::named(name, 1).unwrap()));
        assert_eq!(paid("barn"), Some(type_of("barn")));
        assert_eq!(paid("flocks"), Some(type_of("shepherd")));
        assert_eq!(paid("barn-meeting"), None);
        assert_eq!(Mechanisms::paid_figures(&all, Reason::Farm { cities: 1 }), None);

        let decision = |name| Phase::Decide {
            mechanism: NAMES.iter().position(|n| *n == name).unwrap() as u8,
            decision: 0,
            player: 1,
        };
        assert!(Mechanisms::prompt(decision("shepherd")).is_some());
        assert!(Mechanisms::prompt(decision("wagon")).is_some());
        assert_eq!(decision("wagon").mechanism(), Some("wagon"));
        let choose = Phase::Choose {
            may_draw: true,
            may_pass: false,
        };
        assert_eq!(
            Mechanisms::prompt(choose).as_deref(),
            Some("Place your abbey in a highlighted hole, or draw a tile.")
        );
        assert_eq!(Mechanisms::prompt(Phase::Place { tile: 0 }), None);
        assert_eq!(Mechanisms::action_words(choose, Action::Draw), Some("Draw a tile"));
        assert_eq!(
            Mechanisms::action_words(choose, Action::Pass),
            None,
            "no pass before the end game"
        );
        let guide = Action::Mechanism(Step::named("guide").unwrap());
        assert_eq!(
            Mechanisms::action_words(decision("shepherd"), guide),
            Some("Guide it home")
        );
        assert_eq!(Mechanisms::action_words(decision("wagon"), guide), None);
    }

    #[test]
    fn every_action_has_a_name_of_its_own() {
        let mut names: Vec<&str> = ["place", "draw", "place-held", "deploy", "pass"].into();
        names.extend(Mechanisms::all_words().map(|w| w.name));
        let count = names.len();
        names.sort_unstable();
        names.dedup();
        assert_eq!(names.len(), count, "{names:?}");
        for (kind, words) in Mechanisms::all_words().enumerate() {
            let step = Step::named(words.name).unwrap();
            assert_eq!((usize::from(step.kind), step.words()), (kind, words));
        }
        assert_eq!(Step::named("place"), None, "the core's actions are no mechanism's");
    }
}
