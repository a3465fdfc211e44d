//! A bot named in text, as the command line and the editor take it: `random`, `greedy`,
//! `mcts` (1,000 playouts), `mcts:2000` (playouts per choice), `mcts:500ms` (time per
//! choice), with options after further colons: the rollout policy (`random`, `greedy`) and
//! the reward (`margin`, `win`) and how far playouts look ahead (`ahead16`: 16 tiles, the
//! default; `to-end`: to the end of the game), as in `mcts:2000:greedy` or `mcts:500ms:win`.

use std::fmt;
use std::str::FromStr;

use super::mcts::{Budget, MctsBot, MctsConfig, RewardKind, Rollout};
use super::{Bot, GreedyBot, RandomBot, StopFlag};
use crate::game::MAX_TILES;

/// Most playouts a choice may be given.
pub const MAX_PLAYOUTS: u32 = 100_000_000;

/// Most milliseconds a choice may be given (an hour).
pub const MAX_MILLIS: u64 = 3_600_000;

/// A bot as named in text.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum BotSpec {
    /// [`RandomBot`].
    Random,
    /// [`GreedyBot`].
    Greedy,
    /// [`MctsBot`] with this configuration.
    Mcts(MctsConfig),
}

impl BotSpec {
    /// A new bot of this kind, its choices drawn from `seed`.
    pub fn bot(&self, seed: u64) -> Box<dyn Bot + Send> {
        self.bot_stopped_by(seed, &StopFlag::default())
    }

    /// A new bot as [`BotSpec::bot`] makes, whose searches end early once `stop` is set (the
    /// other bots choose at once anyway).
    pub fn bot_stopped_by(&self, seed: u64, stop: &StopFlag) -> Box<dyn Bot + Send> {
        match *self {
            BotSpec::Random => Box::new(RandomBot::new(seed)),
            BotSpec::Greedy => Box::new(GreedyBot::new(seed)),
            BotSpec::Mcts(config) => {
                let mut bot = MctsBot::new(config, seed);
                bot.stop_with(stop.clone());
                Box::new(bot)
            }
        }
    }
}

impl fmt::Display for BotSpec {
    /// The text that parses back to this spec, options left out where they are the default.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BotSpec::Random => f.write_str("random"),
            BotSpec::Greedy => f.write_str("greedy"),
            BotSpec::Mcts(config) => {
                let default = MctsConfig::default();
                write!(f, "mcts:{}", config.budget)?;
                if config.rollout != default.rollout {
                    write!(f, ":{}", config.rollout.as_str())?;
                }
                if config.reward != default.reward {
                    write!(f, ":{}", config.reward.as_str())?;
                }
                if config.horizon != default.horizon {
                    match config.horizon {
                        Some(tiles) => write!(f, ":ahead{tiles}")?,
                        None => f.write_str(":to-end")?,
                    }
                }
                Ok(())
            }
        }
    }
}

/// Why a text names no bot.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SpecError {
    /// The first word is not a bot.
    #[error("no bot `{0}`: expected random, greedy or mcts (as in mcts:2000, mcts:500ms, mcts:2000:greedy)")]
    UnknownBot(String),
    /// An option of `mcts` is none of the known ones.
    #[error(
        "`{option}` in `{spec}` is not an mcts option: expected a budget (playouts such as 2000, or milliseconds such as 500ms), a rollout (random, greedy), a reward (margin, win) or a horizon (ahead16, to-end)"
    )]
    UnknownOption {
        /// The whole text.
        spec: String,
        /// The option.
        option: String,
    },
    /// A budget out of range.
    #[error(
        "the budget `{option}` in `{spec}` is out of range: 1 to {MAX_PLAYOUTS} playouts, or 1ms to {MAX_MILLIS}ms"
    )]
    BudgetRange {
        /// The whole text.
        spec: String,
        /// The budget as written.
        option: String,
    },
    /// A horizon out of range.
    #[error("the horizon `{option}` in `{spec}` is out of range: ahead1 to ahead{MAX_TILES} tiles")]
    HorizonRange {
        /// The whole text.
        spec: String,
        /// The horizon as written.
        option: String,
    },
    /// The same kind of option twice.
    #[error("`{spec}` gives the {what} twice")]
    Repeated {
        /// The whole text.
        spec: String,
        /// Which kind of option: budget, rollout, reward or horizon.
        what: &'static str,
    },
    /// Options after a bot that takes none.
    #[error("`{0}` takes no options")]
    NoOptions(String),
}

impl FromStr for BotSpec {
    type Err = SpecError;

    fn from_str(text: &str) -> Result<BotSpec, SpecError> {
        let mut parts = text.split(':');
        let name = parts.next().unwrap_or_default();
        let simple = match name {
            "random" => Some(BotSpec::Random),
            "greedy" => Some(BotSpec::Greedy),
            "mcts" => None,
            _ => return Err(SpecError::UnknownBot(name.to_owned())),
        };
        if let Some(spec) = simple {
            return match parts.next() {
                None => Ok(spec),
                Some(_) => Err(SpecError::NoOptions(name.to_owned())),
            };
        }
        let mut config = MctsConfig::default();
        let (mut budget, mut rollout, mut reward, mut horizon) = (false, false, false, false);
        let repeated = |seen: &mut bool, what| {
            if std::mem::replace(seen, true) {
                Err(SpecError::Repeated {
                    spec: text.to_owned(),
                    what,
                })
            } else {
                Ok(())
            }
        };
        for option in parts {
            match option {
                "random" | "greedy" => {
                    repeated(&mut rollout, "rollout")?;
                    config.rollout = if option == "random" {
                        Rollout::Random
                    } else {
                        Rollout::Greedy
                    };
                }
                _ if option == "to-end" || option.starts_with("ahead") => {
                    repeated(&mut horizon, "horizon")?;
                    config.horizon = parse_horizon(text, option)?;
                }
                "margin" | "win" => {
                    repeated(&mut reward, "reward")?;
                    config.reward = if option == "win" {
                        RewardKind::Win
                    } else {
                        RewardKind::Margin
                    };
                }
                _ => {
                    repeated(&mut budget, "budget")?;
                    config.budget = parse_budget(text, option)?;
                }
            }
        }
        Ok(BotSpec::Mcts(config))
    }
}

/// `to-end` (no horizon) or `ahead16` (16 tiles), in range.
fn parse_horizon(spec: &str, option: &str) -> Result<Option<u32>, SpecError> {
    let Some(digits) = option.strip_prefix("ahead") else {
        return Ok(None);
    };
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return Err(SpecError::UnknownOption {
            spec: spec.to_owned(),
            option: option.to_owned(),
        });
    }
    match digits.parse() {
        Ok(tiles) if (1..=MAX_TILES as u32).contains(&tiles) => Ok(Some(tiles)),
        _ => Err(SpecError::HorizonRange {
            spec: spec.to_owned(),
            option: option.to_owned(),
        }),
    }
}

/// `2000` (playouts) or `500ms`, in range.
fn parse_budget(spec: &str, option: &str) -> Result<Budget, SpecError> {
    let unknown = || SpecError::UnknownOption {
        spec: spec.to_owned(),
        option: option.to_owned(),
    };
    let range = || SpecError::BudgetRange {
        spec: spec.to_owned(),
        option: option.to_owned(),
    };
    let (digits, millis) = match option.strip_suffix("ms") {
        Some(digits) => (digits, true),
        None => (option, false),
    };
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return Err(unknown());
    }
    let n: u64 = digits.parse().map_err(|_| range())?;
    match millis {
        true if (1..=MAX_MILLIS).contains(&n) => Ok(Budget::Millis(n)),
        false if (1..=u64::from(MAX_PLAYOUTS)).contains(&n) => Ok(Budget::Playouts(n as u32)),
        _ => Err(range()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn mcts(budget: Budget, rollout: Rollout, reward: RewardKind) -> BotSpec {
        BotSpec::Mcts(MctsConfig {
            budget,
            rollout,
            reward,
            ..MctsConfig::default()
        })
    }

    #[test]
    fn specs_parse_and_print_back() {
        let cases = [
            ("random", BotSpec::Random),
            ("greedy", BotSpec::Greedy),
            ("mcts:1000", BotSpec::Mcts(MctsConfig::default())),
            (
                "mcts:2000",
                mcts(Budget::Playouts(2000), Rollout::Random, RewardKind::Margin),
            ),
            (
                "mcts:500ms",
                mcts(Budget::Millis(500), Rollout::Random, RewardKind::Margin),
            ),
            (
                "mcts:2000:greedy",
                mcts(Budget::Playouts(2000), Rollout::Greedy, RewardKind::Margin),
            ),
            (
                "mcts:300:win",
                mcts(Budget::Playouts(300), Rollout::Random, RewardKind::Win),
            ),
            (
                "mcts:300:greedy:win",
                mcts(Budget::Playouts(300), Rollout::Greedy, RewardKind::Win),
            ),
        ];
        for (text, spec) in cases {
            assert_eq!(text.parse::<BotSpec>(), Ok(spec), "{text}");
            assert_eq!(spec.to_string(), text);
        }
        assert_eq!("mcts".parse::<BotSpec>(), Ok(BotSpec::Mcts(MctsConfig::default())));
        assert_eq!(
            "mcts:win:250".parse::<BotSpec>(),
            Ok(mcts(Budget::Playouts(250), Rollout::Random, RewardKind::Win))
        );
        let horizon = |horizon| {
            BotSpec::Mcts(MctsConfig {
                budget: Budget::Playouts(200),
                horizon,
                ..MctsConfig::default()
            })
        };
        for (text, spec) in [
            ("mcts:200:ahead8", horizon(Some(8))),
            ("mcts:200:to-end", horizon(None)),
        ] {
            assert_eq!(text.parse::<BotSpec>(), Ok(spec), "{text}");
            assert_eq!(spec.to_string(), text);
        }
        let default = format!("mcts:200:ahead{}", super::super::mcts::DEFAULT_HORIZON);
        assert_eq!(default.parse::<BotSpec>().unwrap().to_string(), "mcts:200");
    }

    #[test]
    fn bad_specs_say_what_is_wrong() {
        let err = |text: &str| text.parse::<BotSpec>().unwrap_err().to_string();
        assert!(err("smart").starts_with("no bot `smart`"), "{}", err("smart"));
        assert!(err("").starts_with("no bot ``"));
        assert!(err("mcts:fast").starts_with("`fast` in `mcts:fast` is not an mcts option"));
        assert!(err("mcts:").starts_with("`` in `mcts:` is not an mcts option"));
        assert!(err("mcts:-5").starts_with("`-5` in `mcts:-5` is not an mcts option"));
        assert!(err("mcts:1.5s").starts_with("`1.5s` in `mcts:1.5s` is not an mcts option"));
        assert!(err("mcts:0").starts_with("the budget `0` in `mcts:0` is out of range"));
        assert!(err("mcts:0ms").starts_with("the budget `0ms`"));
        assert!(err("mcts:100000001").contains("out of range"));
        assert!(err("mcts:99999999999999999999999").contains("out of range"));
        assert!(err("mcts:3600001ms").contains("out of range"));
        assert_eq!(err("mcts:10:20"), "`mcts:10:20` gives the budget twice");
        assert_eq!(
            err("mcts:greedy:random"),
            "`mcts:greedy:random` gives the rollout twice"
        );
        assert_eq!(err("mcts:win:margin"), "`mcts:win:margin` gives the reward twice");
        assert_eq!(err("greedy:100"), "`greedy` takes no options");
        assert!(err("mcts:ahead").starts_with("`ahead` in `mcts:ahead` is not an mcts option"));
        assert!(err("mcts:ahead-3").starts_with("`ahead-3` in"));
        assert!(err("mcts:ahead0").starts_with("the horizon `ahead0` in `mcts:ahead0` is out of range"));
        assert!(err("mcts:ahead10001").contains("out of range"));
        assert!(err("mcts:ahead99999999999").contains("out of range"));
        assert_eq!(
            err("mcts:ahead8:to-end"),
            "`mcts:ahead8:to-end` gives the horizon twice"
        );
    }

    #[test]
    fn every_spec_makes_a_bot_that_plays() {
        use std::sync::Arc;

        use crate::game::{Game, GameDef};

        let bundled = crate::testing::bundled();
        let def = Arc::new(GameDef::from_files(bundled, &["base".to_owned()], "new-edition").unwrap());
        for text in [
            "random",
            "greedy",
            "mcts:20",
            "mcts:5ms",
            "mcts:10:greedy",
            "mcts:10:to-end",
        ] {
            let spec: BotSpec = text.parse().unwrap();
            let mut bot = spec.bot(7);
            let game = Game::new(Arc::clone(&def), 2, 3).unwrap();
            let action = bot.choose(&game);
            assert!(game.legal_actions().contains(&action), "{text}: {action:?}");
        }
    }
}
