//! Printed tokens played: games with Traders & Builders finish and report every point and
//! every token taken, base games do not play them, and the expansion guide's invented set (spice)
//! plays as it says.

// Test code: a failed unwrap is a failed test, with its message.
#![allow(clippy::unwrap_used)]

use std::sync::Arc;

use tilewright_load::FromCatalog;
use tilewright_load::bundled;
use tilewright_load::catalog::Catalog;
use tilewright_load::scenario::run_text;
use tilewright_load::source::Source;
use tilewright_load::validate::validate_sources;
use tilewright_rules::bots::Policy;
use tilewright_rules::game::{Event, Game, GameDef, Mechanisms, NO_NODE, Reason};
use tilewright_rules::simulate::{Observer, Plan, Progress, run_observed};

fn def(sets: &[&str], rules: &str) -> Arc<GameDef> {
    let sets: Vec<String> = sets.iter().map(|s| s.to_string()).collect();
    Arc::new(GameDef::from_catalog(bundled::catalog(), &sets, rules).unwrap())
}

/// Follows the tokens taken and the points scored for them through the events, and checks
/// them at the end against the holdings and the scores.
#[derive(Default)]
struct Tokens {
    points: Vec<u64>,
    /// By seat and kind, from the events.
    taken: Vec<[u64; 8]>,
    /// Games in which some token was taken, and points scored for the most tokens.
    games_with_tokens: u64,
    token_points: u64,
    /// Who placed the last tile.
    placer: Option<u8>,
}

impl Observer for Tokens {
    fn event(&mut self, game: &Game, event: &Event) {
        let players = game.players().len();
        self.points.resize(players, 0);
        self.taken.resize(players, [0; 8]);
        match *event {
            Event::TilePlaced { player, .. } => self.placer = Some(player),
            Event::TokensTaken {
                player, token, count, ..
            } => {
                assert!(count > 0);
                assert_eq!(Some(player), self.placer, "the player who placed the tile takes them");
                self.taken[usize::from(player)][usize::from(token)] += u64::from(count);
            }
            Event::Scored {
                players,
                points,
                reason,
                node,
            } => {
                if let Reason::MostTokens { token, count } = reason {
                    assert_eq!(node, NO_NODE);
                    assert_eq!(points, game.def().printed_tokens()[usize::from(token)].majority);
                    // Every scorer holds the most, and nobody holds more.
                    let most = self.taken.iter().map(|t| t[usize::from(token)]).max().unwrap();
                    assert_eq!(u64::from(count), most);
                    for (p, held) in self.taken.iter().enumerate() {
                        assert_eq!(players.contains(p as u8), held[usize::from(token)] == most);
                    }
                    self.token_points += u64::from(points) * u64::from(players.0.count_ones());
                }
                for p in players.iter() {
                    self.points[usize::from(p)] += u64::from(points);
                }
            }
            _ => {}
        }
    }

    fn game_over(&mut self, game: &Game) {
        self.points.resize(game.players().len(), 0);
        self.taken.resize(game.players().len(), [0; 8]);
        assert_eq!(self.points, game.scores(), "every point is reported as scored");
        let held = game.mechanisms().printed_tokens();
        let mut any = false;
        for (p, taken) in self.taken.iter().enumerate() {
            for (token, &count) in taken.iter().enumerate().take(game.def().printed_tokens().len()) {
                assert_eq!(u64::from(held.held(p as u8, token as u8)), count);
                any |= count > 0;
            }
        }
        self.games_with_tokens += u64::from(any);
        self.points.clear();
        self.taken.clear();
    }
}

#[test]
fn games_with_traders_and_builders_take_and_score_goods() {
    let def = def(&["base", "traders-and-builders"], "new-edition");
    assert!(Mechanisms::plays_in(&def, "tokens"));
    for policy in [Policy::Random, Policy::Greedy] {
        let played = run_observed(
            Arc::clone(&def),
            &Plan {
                players: 3,
                games: 60,
                seed: 9,
                threads: 1,
                policy,
            },
            Tokens::default,
            &Progress::default(),
        )
        .unwrap();
        let tokens = played.workers.into_iter().next().unwrap();
        assert!(tokens.games_with_tokens > 30, "{}", tokens.games_with_tokens);
        assert!(tokens.token_points >= 10 * tokens.games_with_tokens);
    }
}

#[test]
fn tokens_do_not_play_in_a_base_game_or_switched_off() {
    let base = def(&["base"], "new-edition");
    assert!(!Mechanisms::plays_in(&base, "tokens") && base.printed_tokens().is_empty());
    let with = def(&["base", "traders-and-builders"], "new-edition");
    let mut rules = with.rules().clone();
    rules.switches.tokens = false;
    let off = (*with).clone().with_rules(rules).unwrap();
    assert!(!Mechanisms::plays_in(&off, "tokens"));
    assert_eq!(off.printed_tokens().len(), 3, "still declared, for names");
}

/// The expansion guide's example set, as written there.
fn spice() -> String {
    let readme = include_str!("../../docs/expansions.md");
    let start = readme
        .find("```toml\n#:schema ../schemas/tileset.schema.json\nid = \"spice\"")
        .expect("the spice example in docs/expansions.md");
    let text = &readme[start + "```toml\n".len()..];
    text[..text.find("```").unwrap()].to_owned()
}

fn catalog() -> Catalog {
    let report = validate_sources(vec![Source::new("spice.toml", spice())], bundled::catalog());
    assert!(report.diagnostics.is_empty(), "{:#?}", report.diagnostics);
    report.catalog.with_base(bundled::catalog())
}

#[test]
fn the_readme_spice_goes_to_the_completer_and_scores_its_majority() {
    // Two spice corners close a city of four segments with two city corners of the base game:
    // 4 spice to RED, who places the last tile; BLUE's knight scores the city.
    let scenario = r#"
description = "spice"
tilesets = ["base", "spice"]
final-scoring = true

[[layout]]
tile = "SPICE/Cc"
at = [0, -1]
rotation = 2
figures = [{ player = "blue", feature = "c" }]

[[layout]]
tile = "SPICE/Cc"
at = [1, -1]
rotation = 3

[[layout]]
tile = "N"
at = [0, 0]
rotation = 1

[[turns]]
player = "red"
tile = "N"
at = [1, 0]

[expect]
scores = { red = 8, blue = 8 }
events = [
    "RED takes 4 spice",
    "BLUE scores 8 points: completed city: 4 segments",
    "RED scores 8 points: most spice (4)",
]
"#;
    let (scenario, outcome) = run_text(scenario, &catalog()).unwrap_or_else(|e| panic!("{e}"));
    tilewright_load::scenario::check(&scenario, &outcome).unwrap_or_else(|e| panic!("{e}"));
}
