//! Courses: edge kinds a tile set declares (`[edge-kinds.<name>]`) with rules of where tiles
//! showing them may go. One generic mechanism for every declared kind; the engine knows none
//! by name.
//!
//! A declared kind's segments belong to no feature, so which edges of a tile its course joins
//! is read from the edges alone: every edge of a tile showing the kind is one end of the
//! tile's one course of it (a tile with two separate courses of one kind would need them told
//! apart, which no bundled set has). The rules, each a switch of the kind's declaration:
//!
//! - `must-continue`: one of the new tile's edges showing the kind faces an edge on the table
//!   showing it (the first such tile continues the start tile's). Facing edges still have to
//!   fit as always, so the kind only ever meets itself (or `any`).
//! - `no-u-turn`: the course may not turn back on itself. The reading taken is the one that
//!   looks two squares ahead: for each edge showing the kind that the new tile leaves open
//!   (facing an empty square, the next square), the two squares beside the next square, the
//!   square two ahead and the two beside that must all be empty, whatever lies there. Two
//!   curves turning the same way one after the other are refused by it; so is a course led
//!   back beside itself by a longer way round, which the one-curve reading would let through.
//! - `branches-apart`: a course that forks keeps its branches apart. For each edge of the kind
//!   the new tile leaves open: no tile in the strip three squares wide straight ahead of it, as
//!   far as the table (with the new tile) reaches; and once the tile is down, no two open ends
//!   of the kind heading that same way whose next squares are one apart across the way
//!   (however far apart along it). This is JCloisterZone's reading; the rulebook only says
//!   the branches may not meet.
//!
//! A tile that no rule lets go anywhere is discarded as any tile that fits nowhere. Only tiles
//! showing a kind with a rule leave the fast table paths (`Mechanism::restricts`), and only
//! while the mechanism is in play: with no kind with rules on the tiles in play, or with the
//! `edge-kind-rules` switch off, a game plays as if the mechanism did not exist.
//!
//! Hook: whether a placement is allowed.

use super::Mechanism;
use crate::compile::TileTables;
use crate::edge::{KindName, Side};
use crate::game::{Game, GameDef, Placement, SetupError};
use crate::limits::MAX_EDGE_KINDS;
use crate::model::EdgeKind;
use crate::quote::clip;

/// The edge kinds declared by the tile sets of a game, and which edge layouts show them.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct EdgeKinds {
    /// The kinds, in order of first declaration; kind `k` is bit `k` below.
    kinds: Vec<(KindName, EdgeKind)>,
    /// By edge layout code: the kinds the layout shows.
    by_code: Vec<u8>,
    /// The kinds that must continue.
    continues: u8,
    /// The kinds that may not turn back.
    no_u_turn: u8,
    /// The kinds whose branches keep apart.
    branches_apart: u8,
    /// The kinds with a rule of where tiles go that some edge layout of the game shows.
    ruled: u8,
    /// By compiled tile: whether it shows a kind with a rule (the others go where they fit).
    ruled_tiles: Vec<bool>,
}

impl EdgeKinds {
    /// The kinds `declared` by the tile sets in play (a kind declared again is the same kind,
    /// with the rules of the declaration that covers the others; two that each set a rule the
    /// other lacks are refused), and the layouts of `tables` showing each.
    pub(in crate::game) fn new<'a>(
        declared: impl IntoIterator<Item = (&'a String, &'a EdgeKind)>,
        tables: &TileTables,
    ) -> Result<EdgeKinds, SetupError> {
        let mut kinds: Vec<(KindName, EdgeKind)> = Vec::new();
        for (name, rules) in declared {
            // A name the grammar does not read as a kind is on no edge (validation says so).
            let Some(kind) = KindName::new(name) else { continue };
            match kinds.iter_mut().find(|(k, _)| *k == kind) {
                Some((_, known)) if known.covers(rules) => {}
                Some((_, known)) if rules.covers(known) => *known = *rules,
                Some(_) => return Err(SetupError::EdgeKindTwice(clip(name))),
                None => kinds.push((kind, *rules)),
            }
        }
        if kinds.len() > MAX_EDGE_KINDS {
            return Err(SetupError::TooMany("edge kinds", kinds.len(), MAX_EDGE_KINDS));
        }
        let bits = |wanted: fn(&EdgeKind) -> bool| {
            (0..)
                .zip(&kinds)
                .filter(|(_, (_, rules))| wanted(rules))
                .fold(0u8, |mask, (k, _)| mask | 1 << k)
        };
        let by_code: Vec<u8> = tables
            .layouts
            .iter()
            .map(|layout| {
                layout
                    .declared()
                    .filter_map(|name| kinds.iter().position(|(k, _)| *k == name))
                    .fold(0, |mask, k| mask | 1 << k)
            })
            .collect();
        let shown = by_code.iter().fold(0, |mask, &kinds| mask | kinds);
        let ruled = bits(|rules| rules.must_continue || rules.no_u_turn || rules.branches_apart) & shown;
        let ruled_tiles = tables
            .tiles
            .iter()
            .map(|tile| {
                tile.edges
                    .iter()
                    .any(|edge| by_code[usize::from(edge.code)] & ruled != 0)
            })
            .collect();
        Ok(EdgeKinds {
            continues: bits(|rules| rules.must_continue),
            no_u_turn: bits(|rules| rules.no_u_turn),
            branches_apart: bits(|rules| rules.branches_apart),
            ruled,
            kinds,
            by_code,
            ruled_tiles,
        })
    }

    /// The declared kinds, in order of first declaration, each with its rules.
    pub fn kinds(&self) -> impl Iterator<Item = (&str, EdgeKind)> + '_ {
        self.kinds.iter().map(|(name, rules)| (name.as_str(), *rules))
    }

    /// The kinds the edge layout `code` shows.
    #[inline]
    fn of(&self, code: u16) -> u8 {
        self.by_code.get(usize::from(code)).copied().unwrap_or(0)
    }
}

/// The mechanism keeps no state: what it checks is on the table.
#[derive(Debug, Clone, Default)]
pub struct Continuation;

impl Mechanism for Continuation {
    const NAME: &'static str = "edge-kind-rules";

    fn in_play(def: &GameDef) -> bool {
        def.rules.switches.edge_kind_rules && def.edge_kinds.ruled != 0
    }

    fn new(_def: &GameDef) -> Continuation {
        Continuation
    }

    const RESTRICTS_PLACEMENT: bool = true;

    /// Only tiles showing a kind with a rule: the others keep the fast table paths.
    fn restricts(game: &Game, tile: u16) -> bool {
        game.def
            .edge_kinds
            .ruled_tiles
            .get(usize::from(tile))
            .copied()
            .unwrap_or(false)
    }

    fn placement_allowed(game: &Game, tile: u16, at: Placement) -> bool {
        let kinds = &game.def.edge_kinds;
        let codes = game.def.tables.tiles[usize::from(tile)].codes[usize::from(at.rotation & 3)];
        let shown = codes.iter().fold(0, |mask, &code| mask | kinds.of(code)) & kinds.ruled;
        if shown == 0 {
            return true;
        }
        let (x, y) = (i32::from(at.x), i32::from(at.y));
        let mut continued = 0;
        for side in Side::ALL {
            let mine = kinds.of(codes[side as usize]) & shown;
            if mine == 0 {
                continue;
            }
            let (dx, dy) = side.offset();
            let next = (x + dx, y + dy);
            match game.board.at(next.0, next.1) {
                Some(placed) => {
                    let theirs = game.board.placed[placed].codes[side.opposite() as usize];
                    continued |= mine & kinds.of(theirs);
                }
                None if mine & kinds.no_u_turn != 0 && !clear_ahead(game, next, (dx, dy)) => return false,
                None if mine & kinds.branches_apart != 0 && !branches_apart(game, (x, y), side, mine) => {
                    return false;
                }
                None => {}
            }
        }
        shown & kinds.continues & !continued == 0
    }
}

/// Whether the squares a course leaving into the empty square `next` in direction `(dx, dy)`
/// would need are empty: the two beside `next`, the one beyond it and the two beside that.
fn clear_ahead(game: &Game, next: (i32, i32), (dx, dy): (i32, i32)) -> bool {
    let (px, py) = (-dy, dx);
    let (bx, by) = (next.0 + dx, next.1 + dy);
    [
        (next.0 + px, next.1 + py),
        (next.0 - px, next.1 - py),
        (bx, by),
        (bx + px, by + py),
        (bx - px, by - py),
    ]
    .into_iter()
    .all(|(x, y)| game.board.at(x, y).is_none())
}

/// Whether an end of kinds `mine` left open on `side` of a tile placed at `at` keeps apart
/// from the other branches: no tile in the strip ahead of it as far as the table reaches, and
/// no two open ends heading its way with next squares one apart across it.
fn branches_apart(game: &Game, at: (i32, i32), side: Side, mine: u8) -> bool {
    let (dx, dy) = side.offset();
    let (px, py) = (-dy, dx);
    let (mut low, mut high) = (at, at);
    for tile in &game.board.placed {
        let (x, y) = (i32::from(tile.x), i32::from(tile.y));
        low = (low.0.min(x), low.1.min(y));
        high = (high.0.max(x), high.1.max(y));
    }
    let within = |(x, y): (i32, i32)| x >= low.0 && x <= high.0 && y >= low.1 && y <= high.1;
    let mut ahead = (at.0 + dx, at.1 + dy);
    while within(ahead) {
        let strip = [ahead, (ahead.0 + px, ahead.1 + py), (ahead.0 - px, ahead.1 - py)];
        if strip.into_iter().any(|(x, y)| game.board.at(x, y).is_some()) {
            return false;
        }
        ahead = (ahead.0 + dx, ahead.1 + dy);
    }
    // Where open ends heading this way lead once the tile is down: its own, and those of the
    // tiles on the table (not the square it fills).
    let kinds = &game.def.edge_kinds;
    let back = side.opposite() as usize;
    let mut next: Vec<i32> = vec![if dx == 0 { at.0 } else { at.1 }];
    next.extend(
        game.board
            .frontier
            .iter()
            .filter(|cell| (i32::from(cell.x), i32::from(cell.y)) != at)
            .filter(|cell| kinds.of(cell.facing[back]) & mine != 0)
            .map(|cell| if dx == 0 { i32::from(cell.x) } else { i32::from(cell.y) }),
    );
    !next
        .iter()
        .enumerate()
        .any(|(i, a)| next[i + 1..].iter().any(|b| (a - b).abs() == 1))
}
