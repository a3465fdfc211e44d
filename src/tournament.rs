//! `tournament`: bots against each other on the same deals. Every table (each pairing, or each
//! choice of `--players` bots among those given) plays the same deals, each deal once per
//! seating turned round the table, so every bot sits in every seat equally and meets the same
//! tiles. Games run in parallel; results are merged in game order, so they do not depend on
//! the thread count (a bot with a time budget is the exception: its choices depend on speed).

use std::collections::HashSet;
use std::process::ExitCode;
use std::sync::Arc;
use std::time::{Duration, Instant};

use clap::Args;
use serde_json::{Value, json};
use tilewright_engine::bots::{Bot, BotSpec, SpecError, StopFlag};
use tilewright_engine::game::{Event, Game, GameDef, Rng};
use tilewright_engine::simulate::{self, MAX_THREADS, Progress, policy_seed};

use crate::play::{GameArgs, PlayedWith, parse_players, threads};
use crate::played::{self, Run};
use crate::{escape, fail, progress, say_json, usage_fail};

/// Most bots one tournament takes.
const MAX_BOTS: usize = 16;

/// Most games one tournament plays, over all its tables: each game's outcome is kept (a few
/// hundred bytes) until the run ends, so this bounds its memory to a few hundred MB.
const MAX_GAMES: u64 = 1_000_000;

/// Options of `tournament`.
#[derive(Debug, Args)]
pub struct TournamentArgs {
    /// The bots, separated by commas: `random`, `greedy`, `mcts` (1,000 playouts a choice),
    /// `mcts:N` (N playouts), `mcts:Nms` (N milliseconds), with `:greedy` for greedy rollouts,
    /// `:win` for win/loss rewards, or `:to-end` for playouts to the end of the game instead of
    /// 16 tiles ahead (`:ahead8` for 8), as in `mcts:2000:greedy`. A bot may be named twice.
    #[arg(long, value_delimiter = ',', required = true, value_parser = parse_bot)]
    bots: Vec<BotSpec>,
    /// Games per table: each deal is played once per seating turned round the table, so a
    /// multiple of `--players` seats every bot in every seat equally.
    #[arg(long, default_value_t = 200)]
    games: u64,
    #[command(flatten)]
    with: PlayedWith,
    /// Players at each table (2 to 6); every choice of that many bots among `--bots` is a table.
    #[arg(long, default_value_t = 2, value_parser = parse_players)]
    players: u8,
    /// Seed of the first deal; deal `d` of every table uses `seed + d`.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Games played at once, 1 to 16; 0: one per core (at most 16). Each bot searches on one
    /// thread.
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u16).range(0..=MAX_THREADS as i64))]
    threads: u16,
    /// Print one JSON object instead of text.
    #[arg(long)]
    json: bool,
}

/// One game to play: its table, the deal, and the turn of the seating.
#[derive(Debug, Clone, Copy)]
struct Job {
    table: usize,
    deal_seed: u64,
    rotation: usize,
}

/// What one game gave each seat.
#[derive(Debug, Clone)]
struct Outcome {
    scores: Vec<u64>,
    choices: Vec<u64>,
    time: Vec<Duration>,
}

/// One bot of `--bots`; spaces around it are allowed (`--bots "greedy, random"`).
fn parse_bot(text: &str) -> Result<BotSpec, String> {
    text.trim().parse().map_err(|e: SpecError| e.to_string())
}

/// The tables: every choice of `players` bots among `bots` (by index, in the order given).
fn tables(bots: usize, players: usize) -> Vec<Vec<usize>> {
    let mut out = Vec::new();
    let mut pick: Vec<usize> = (0..players).collect();
    if players == 0 || players > bots {
        return out;
    }
    loop {
        out.push(pick.clone());
        // The next combination in lexicographic order, if any.
        let Some(i) = (0..players).rev().find(|&i| pick[i] < bots - players + i) else {
            return out;
        };
        pick[i] += 1;
        for j in i + 1..players {
            pick[j] = pick[j - 1] + 1;
        }
    }
}

/// `tables` without those seating the same bots as an earlier one (a bot named twice makes
/// such tables, and they would play the same games).
fn distinct_tables(tables: Vec<Vec<usize>>, names: &[String]) -> Vec<Vec<usize>> {
    let mut seen: HashSet<Vec<&str>> = HashSet::new();
    tables
        .into_iter()
        .filter(|table| seen.insert(table.iter().map(|&b| names[b].as_str()).collect()))
        .collect()
}

/// The games of every table in order: game `g` of a table plays deal `g / players` (seed
/// `seed + g / players`) with the seating turned by `g % players`, so each deal is played once
/// per seating.
fn jobs(tables: usize, games: u64, seed: u64, players: usize) -> Vec<Job> {
    (0..tables)
        .flat_map(|table| {
            (0..games).map(move |g| Job {
                table,
                deal_seed: seed.wrapping_add(g / players as u64),
                rotation: (g % players as u64) as usize,
            })
        })
        .collect()
}

/// The seed of the bot at `seat` in a game: apart for every seat, deal and seating.
fn bot_seed(deal_seed: u64, seat: usize, rotation: usize) -> u64 {
    Rng::new(policy_seed(deal_seed) ^ ((seat as u64) << 40) ^ ((rotation as u64) << 48)).next_u64()
}

/// The bot (index into the table) at `seat` when the seating is turned by `rotation`.
fn seated(table: &[usize], seat: usize, rotation: usize) -> usize {
    table[(seat + rotation) % table.len()]
}

/// Plays one game to the end, timing each seat's choices; `None` if `stop` is set before it
/// ends (its searches were cut short, so it is left out).
fn play(def: &Arc<GameDef>, specs: &[BotSpec], table: &[usize], job: Job, stop: &StopFlag) -> Option<Outcome> {
    let players = table.len();
    let mut game = Game::new(Arc::clone(def), players as u8, job.deal_seed).expect("the players were checked");
    let mut bots: Vec<Box<dyn Bot + Send>> = (0..players)
        .map(|seat| {
            let spec = &specs[seated(table, seat, job.rotation)];
            spec.bot_stopped_by(bot_seed(job.deal_seed, seat, job.rotation), stop)
        })
        .collect();
    let mut outcome = Outcome {
        scores: Vec::new(),
        choices: vec![0; players],
        time: vec![Duration::ZERO; players],
    };
    let mut events: Vec<Event> = Vec::new();
    while let Some(p) = game.to_move() {
        let seat = usize::from(p);
        let started = Instant::now();
        events.clear();
        bots[seat].play(&mut game, &mut events);
        outcome.time[seat] += started.elapsed();
        outcome.choices[seat] += 1;
        if stop.is_set() {
            return None;
        }
    }
    outcome.scores = game.scores();
    Some(outcome)
}

/// Plays every job on `threads` threads (simulate's runner: each thread takes the next job not
/// yet taken); returns the outcomes by job (`None` for a job not played, or not finished,
/// because the run was stopped: a stop cuts the searches in play short).
fn play_all(
    def: &Arc<GameDef>,
    specs: &[BotSpec],
    tables: &[Vec<usize>],
    jobs: &[Job],
    threads: usize,
    progress: &Progress,
) -> Vec<Option<Outcome>> {
    let played = simulate::on_threads(
        jobs.len() as u64,
        threads,
        progress,
        || Ok::<_, std::convert::Infallible>(Vec::new()),
        |mine: &mut Vec<(usize, Outcome)>, i| {
            let job = jobs[i as usize];
            if let Some(outcome) = play(def, specs, &tables[job.table], job, progress.stop_flag()) {
                mine.push((i as usize, outcome));
            }
        },
    );
    let Ok(played) = played;
    let mut outcomes = vec![None; jobs.len()];
    for (i, outcome) in played.workers.into_iter().flatten() {
        outcomes[i] = Some(outcome);
    }
    outcomes
}

/// One bot's figures at one table.
#[derive(Debug, Default, Clone)]
struct Standing {
    games: u64,
    /// Wins, a tie at the top shared among the tied.
    wins: f64,
    /// Sum and sum of squares of the score minus the mean of the others' scores.
    difference: f64,
    difference_squares: f64,
    choices: u64,
    time: Duration,
}

impl Standing {
    fn add(&mut self, outcome: &Outcome, seat: usize) {
        let scores = &outcome.scores;
        let mine = scores[seat] as f64;
        let best = scores.iter().copied().max().unwrap_or(0);
        if scores[seat] == best {
            self.wins += 1.0 / scores.iter().filter(|&&s| s == best).count() as f64;
        }
        let others = (scores.iter().sum::<u64>() as f64 - mine) / (scores.len() - 1) as f64;
        let difference = mine - others;
        self.games += 1;
        self.difference += difference;
        self.difference_squares += difference * difference;
        self.choices += outcome.choices[seat];
        self.time += outcome.time[seat];
    }

    fn win_rate(&self) -> f64 {
        self.wins / self.games.max(1) as f64
    }

    /// The Wilson score interval at 95% of the win rate (a tie counted as its share of a win).
    fn win_interval(&self) -> (f64, f64) {
        let n = self.games.max(1) as f64;
        let (p, z) = (self.win_rate(), Z95);
        let centre = (p + z * z / (2.0 * n)) / (1.0 + z * z / n);
        let half = z / (1.0 + z * z / n) * (p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt();
        ((centre - half).max(0.0), (centre + half).min(1.0))
    }

    fn mean_difference(&self) -> f64 {
        self.difference / self.games.max(1) as f64
    }

    /// Half the width of the 95% interval of the mean score difference (normal approximation;
    /// none for fewer than two games).
    fn difference_half_width(&self) -> Option<f64> {
        (self.games >= 2).then(|| {
            let n = self.games as f64;
            let variance = (self.difference_squares - self.difference * self.difference / n) / (n - 1.0);
            Z95 * (variance.max(0.0) / n).sqrt()
        })
    }

    fn millis_per_choice(&self) -> Option<f64> {
        (self.choices > 0).then(|| self.time.as_secs_f64() * 1000.0 / self.choices as f64)
    }
}

/// The normal quantile of a two-sided 95% interval.
const Z95: f64 = 1.959_963_984_540_054;

/// Runs `tournament`.
pub fn tournament(args: TournamentArgs) -> ExitCode {
    let progress = progress::stopped_by_ctrl_c();
    let specs = &args.bots;
    let players = usize::from(args.players);
    if specs.len() > MAX_BOTS {
        return usage_fail(format!("--bots: at most {MAX_BOTS} bots, not {}", specs.len()));
    }
    if specs.len() < players {
        return usage_fail(format!(
            "{players} players need at least {players} bots in --bots (a bot may be named twice), not {}",
            specs.len()
        ));
    }
    let (def, changed) = match GameArgs::def_of(&args.with.tilesets, &args.with.rules) {
        Ok(prepared) => (prepared.def, prepared.changed),
        Err(e) => return fail(e),
    };
    if let Err(e) = Game::new(Arc::clone(&def), args.players, args.seed) {
        return fail(e);
    }
    let names: Vec<String> = specs.iter().map(|s| escape::line(&s.to_string())).collect();
    let tables = distinct_tables(tables(specs.len(), players), &names);
    let total = (tables.len() as u64).saturating_mul(args.games);
    if total > MAX_GAMES {
        let tables = match tables.len() {
            1 => "1 table".to_owned(),
            n => format!("{n} tables"),
        };
        return usage_fail(format!(
            "{tables} of {} games is more than the {MAX_GAMES} games a tournament plays; ask for fewer with --games",
            args.games
        ));
    }
    let jobs = jobs(tables.len(), args.games, args.seed, players);
    let threads = threads(args.threads);
    let run = Run::Simulate {
        players: args.players,
        seed: args.seed,
        games: total,
        threads,
    };
    if !args.json {
        for line in played::lines(&def, &changed, &run) {
            say!("{line}");
        }
    }
    let started = Instant::now();
    let outcomes = progress::show(total, &progress, || {
        play_all(&def, specs, &tables, &jobs, threads, &progress)
    });
    let elapsed = started.elapsed();
    let finished = outcomes.iter().flatten().count() as u64;
    // One pass over the games, in game order (the sums are of floats).
    let mut standings: Vec<Vec<Standing>> = tables.iter().map(|t| vec![Standing::default(); t.len()]).collect();
    for (job, outcome) in jobs.iter().zip(&outcomes) {
        let Some(outcome) = outcome else { continue };
        let table = &mut standings[job.table];
        let seats = table.len();
        for seat in 0..seats {
            table[(seat + job.rotation) % seats].add(outcome, seat);
        }
    }
    let stopped = finished < total;
    if args.json {
        let mut json = report_json(&names, &tables, &standings);
        if let Some(object) = json.as_object_mut() {
            object.insert("played".into(), played::json(&def, &changed, &run));
            object.insert("games".into(), finished.into());
            object.insert("games_asked".into(), total.into());
            object.insert("stopped".into(), stopped.into());
            object.insert("elapsed_seconds".into(), elapsed.as_secs_f64().into());
        }
        say_json(&json);
    } else {
        let stop = if stopped {
            format!(" of {total} asked (stopped by Ctrl-C)")
        } else {
            String::new()
        };
        say!(
            "games: {finished}{stop} in {:.2} s on {threads} thread(s)",
            elapsed.as_secs_f64()
        );
        for line in report_lines(&names, &tables, &standings) {
            say!("{line}");
        }
    }
    if stopped {
        ExitCode::from(progress::STOPPED)
    } else {
        ExitCode::SUCCESS
    }
}

/// The tables' figures as text lines.
fn report_lines(names: &[String], tables: &[Vec<usize>], standings: &[Vec<Standing>]) -> Vec<String> {
    let mut lines = Vec::new();
    for (table, standings) in tables.iter().zip(standings) {
        let bots: Vec<&str> = table.iter().map(|&b| names[b].as_str()).collect();
        let games = standings.first().map_or(0, |s| s.games);
        lines.push(format!("{}: {games} games", bots.join(" vs ")));
        if games == 0 {
            lines.push("  no game was played at this table".into());
            continue;
        }
        for (&b, s) in table.iter().zip(standings) {
            let (low, high) = s.win_interval();
            let difference = match s.difference_half_width() {
                Some(half) => format!("{:+.2} ± {half:.2}", s.mean_difference()),
                None => format!("{:+.2}", s.mean_difference()),
            };
            let time = s
                .millis_per_choice()
                .map_or(String::new(), |ms| format!(", {ms:.2} ms a choice"));
            lines.push(format!(
                "  {}: wins {:.1}% (95%: {:.1}–{:.1}%), score difference {difference}{time}",
                names[b],
                s.win_rate() * 100.0,
                low * 100.0,
                high * 100.0,
            ));
        }
    }
    lines
}

/// The tables' figures as JSON: `tables`, each with its `bots` and per bot `games`, `wins`
/// (ties shared), `win_rate`, `win_interval` (95%, Wilson), `mean_score_difference` (score
/// minus the others' mean), `score_difference_interval` (95%; null under two games) and
/// `ms_per_choice` (a timing: it varies from run to run).
fn report_json(names: &[String], tables: &[Vec<usize>], standings: &[Vec<Standing>]) -> Value {
    let tables: Vec<Value> = tables
        .iter()
        .zip(standings)
        .map(|(table, standings)| {
            let results: Vec<Value> = table
                .iter()
                .zip(standings)
                .map(|(&b, s)| {
                    let (low, high) = s.win_interval();
                    let mean = s.mean_difference();
                    let interval = s.difference_half_width().map(|h| json!([mean - h, mean + h]));
                    json!({
                        "bot": names[b],
                        "games": s.games,
                        "wins": s.wins,
                        "win_rate": s.win_rate(),
                        "win_interval": [low, high],
                        "mean_score_difference": mean,
                        "score_difference_interval": interval,
                        "ms_per_choice": s.millis_per_choice(),
                    })
                })
                .collect();
            let bots: Vec<&str> = table.iter().map(|&b| names[b].as_str()).collect();
            json!({ "bots": bots, "results": results })
        })
        .collect();
    json!({ "tables": tables })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tables_are_every_choice_of_bots() {
        assert_eq!(tables(3, 2), vec![vec![0, 1], vec![0, 2], vec![1, 2]]);
        assert_eq!(tables(2, 2), vec![vec![0, 1]]);
        assert_eq!(tables(4, 3).len(), 4);
        assert_eq!(tables(5, 5), vec![vec![0, 1, 2, 3, 4]]);
        assert!(tables(1, 2).is_empty());
    }

    #[test]
    fn a_bot_named_twice_makes_no_table_twice() {
        let names: Vec<String> = ["mcts:10", "greedy", "random", "random"].map(String::from).to_vec();
        let tables = distinct_tables(tables(4, 3), &names);
        assert_eq!(tables, vec![vec![0, 1, 2], vec![0, 2, 3], vec![1, 2, 3]]);
    }

    #[test]
    fn rotations_seat_every_bot_in_every_seat_once() {
        let table = [4, 7, 9];
        for seat in 0..3 {
            let mut bots: Vec<usize> = (0..3).map(|r| seated(&table, seat, r)).collect();
            bots.sort_unstable();
            assert_eq!(bots, vec![4, 7, 9]);
        }
    }

    #[test]
    fn each_deal_is_played_once_per_seating() {
        let jobs = jobs(2, 6, 10, 3);
        assert_eq!(jobs.len(), 12);
        for table in 0..2 {
            let mut seen: Vec<(u64, usize)> = jobs
                .iter()
                .filter(|j| j.table == table)
                .map(|j| (j.deal_seed, j.rotation))
                .collect();
            seen.sort_unstable();
            assert_eq!(seen, vec![(10, 0), (10, 1), (10, 2), (11, 0), (11, 1), (11, 2)]);
        }
    }

    fn outcome(scores: &[u64]) -> Outcome {
        Outcome {
            scores: scores.to_vec(),
            choices: vec![1; scores.len()],
            time: vec![Duration::ZERO; scores.len()],
        }
    }

    #[test]
    fn standings_split_ties_and_measure_differences() {
        let mut s = Standing::default();
        s.add(&outcome(&[10, 4]), 0);
        s.add(&outcome(&[7, 7]), 0);
        s.add(&outcome(&[3, 9]), 0);
        s.add(&outcome(&[8, 8, 2]), 1);
        assert_eq!(s.games, 4);
        assert_eq!(s.wins, 1.0 + 0.5 + 0.0 + 0.5);
        // 6, 0, -6 and 8 - 5 = 3.
        assert_eq!(s.mean_difference(), 3.0 / 4.0);
        let (low, high) = s.win_interval();
        assert!(low < 0.5 && 0.5 < high && high < 1.0, "{low} {high}");
        let half = s.difference_half_width().unwrap();
        // Sample variance of 6, 0, -6, 3 around 0.75: (27.5625 + 0.5625 + 45.5625 + 5.0625) / 3.
        let expected = Z95 * (78.75 / 3.0 / 4.0f64).sqrt();
        assert!((half - expected).abs() < 1e-9, "{half} {expected}");
    }

    #[test]
    fn a_clean_sweep_still_has_an_interval() {
        let mut s = Standing::default();
        for _ in 0..20 {
            s.add(&outcome(&[10, 4]), 0);
        }
        let (low, high) = s.win_interval();
        assert_eq!(high, 1.0);
        assert!(low > 0.8 && low < 0.9, "{low}");
    }
}
