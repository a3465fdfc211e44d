//! What the player to move may do, drawn on the board, and what their pointer chooses: a cell
//! and rotation for the tile in hand, a feature or corner to deploy on, a feature a
//! mechanism's decision names (where a waiting figure goes).

use tilewright_engine::game::{Action, Game, Phase, Takes};

use crate::board::{Ghost, Laid, Scene, Spot, Target};

/// The choices of the current step that are made on the board.
#[derive(Debug, Clone, Default)]
pub struct BoardChoices {
    /// Placements: cell, rotation, and the action that makes each.
    pub placements: Vec<(i16, i16, u8, Action)>,
    /// The tile those placements lay.
    pub tile: Option<u16>,
    /// Targets (features, corners) with the action each makes.
    pub targets: Vec<(Target, Action)>,
}

impl BoardChoices {
    /// The board choices of `game`'s current step; deployments only of figure type `figure`.
    pub fn of(game: &Game, figure: Option<u8>, held: Option<u16>) -> BoardChoices {
        let mut out = BoardChoices::default();
        let legal = game.legal_actions();
        match game.phase() {
            Phase::Place { tile } => {
                out.tile = Some(tile);
                for action in legal {
                    if let Action::Place { x, y, rotation } = action {
                        out.placements.push((x, y, rotation, action));
                    }
                }
            }
            Phase::Choose { .. } => {
                let first_held = legal.iter().find_map(|a| match a {
                    Action::PlaceHeld { tile, .. } => Some(*tile),
                    _ => None,
                });
                let tile = held.filter(|h| {
                    legal
                        .iter()
                        .any(|a| matches!(a, Action::PlaceHeld { tile, .. } if tile == h))
                });
                out.tile = tile.or(first_held);
                for action in legal {
                    if let Action::PlaceHeld { tile, x, y, rotation } = action
                        && Some(tile) == out.tile
                    {
                        out.placements.push((x, y, rotation, action));
                    }
                }
            }
            Phase::Deploy { placed } => {
                let Some(tile) = game.board().placed.get(usize::from(placed)) else {
                    return out;
                };
                let (x, y) = (tile.x, tile.y);
                for action in legal {
                    let target = match action {
                        Action::Deploy { figure: f, feature } if Some(f) == figure => Target {
                            x,
                            y,
                            spot: Spot::Feature(feature),
                        },
                        Action::Mechanism(step)
                            if Some(step.figure) == figure && step.words().takes == Takes::FigureOnCorner =>
                        {
                            Target {
                                x,
                                y,
                                spot: Spot::Corner(step.spot),
                            }
                        }
                        // A deployment of the figure chosen elsewhere on the table (a portal).
                        Action::Mechanism(step) if step.words().takes == Takes::FigureOnFeature => {
                            if Some(step.figure) != figure {
                                continue;
                            }
                            Target {
                                x: step.x,
                                y: step.y,
                                spot: Spot::Feature(step.spot),
                            }
                        }
                        // A choice instead of deploying, on a feature anywhere on the table (a
                        // figure taken back).
                        _ => match on_a_feature(action) {
                            Some(target) => target,
                            None => continue,
                        },
                    };
                    out.targets.push((target, action));
                }
            }
            // A mechanism's decision: what it takes on the table is a target; what it takes
            // nothing for is a button (`Mechanisms::action_words`).
            Phase::Decide { .. } => {
                for action in legal {
                    if let Some(target) = on_a_feature(action) {
                        out.targets.push((target, action));
                    }
                }
            }
            Phase::Over => {}
        }
        out
    }

    /// The figure types with a deployment now, in type order.
    pub fn deployable(game: &Game) -> Vec<u8> {
        let mut types: Vec<u8> = game
            .legal_actions()
            .into_iter()
            .filter_map(|a| match a {
                Action::Deploy { figure, .. } => Some(figure),
                Action::Mechanism(step)
                    if matches!(step.words().takes, Takes::FigureOnCorner | Takes::FigureOnFeature) =>
                {
                    Some(step.figure)
                }
                _ => None,
            })
            .collect();
        types.sort_unstable();
        types.dedup();
        types
    }

    /// Cells the tile may go to, each once.
    pub fn open_cells(&self) -> Vec<(i16, i16)> {
        let mut cells: Vec<(i16, i16)> = self.placements.iter().map(|&(x, y, _, _)| (x, y)).collect();
        cells.sort_unstable();
        cells.dedup();
        cells
    }

    /// The rotations that fit at a cell, rising.
    pub fn rotations_at(&self, x: i16, y: i16) -> Vec<u8> {
        let mut turns: Vec<u8> = self
            .placements
            .iter()
            .filter(|p| p.0 == x && p.1 == y)
            .map(|p| p.2)
            .collect();
        turns.sort_unstable();
        turns
    }

    /// The rotation shown at a cell for the preferred `rotation`: it, if it fits there, else
    /// the next that fits clockwise (or `rotation` where nothing fits).
    pub fn shown_rotation(&self, x: i16, y: i16, rotation: u8) -> u8 {
        let fits = self.rotations_at(x, y);
        (0..4)
            .map(|k| (rotation + k) % 4)
            .find(|r| fits.contains(r))
            .unwrap_or(rotation)
    }

    /// The next rotation clockwise (or back, for negative `steps`) among those that fit at the
    /// cell, from `rotation`; any rotation off the open cells.
    pub fn turn(&self, cell: Option<(i16, i16)>, rotation: u8, steps: i32) -> u8 {
        let fits = cell.map(|(x, y)| self.rotations_at(x, y)).unwrap_or_default();
        let mut r = cell.map_or(rotation, |(x, y)| self.shown_rotation(x, y, rotation));
        for _ in 0..steps.unsigned_abs() {
            let step = if steps > 0 { 1 } else { 3 };
            r = (1..=4)
                .map(|k| (r + step * k) % 4)
                .find(|c| fits.is_empty() || fits.contains(c))
                .unwrap_or(r);
        }
        r
    }

    /// The placement action at a cell turned `rotation`, if legal.
    pub fn placement(&self, x: i16, y: i16, rotation: u8) -> Option<Action> {
        self.placements
            .iter()
            .find(|p| p.0 == x && p.1 == y && p.2 == rotation)
            .map(|p| p.3)
    }

    /// Draws the choices into `scene`: open cells, the tile in hand at `hovered`, targets.
    pub fn draw(&self, scene: &mut Scene, hovered: Option<(i16, i16)>, rotation: u8) {
        scene.open = self.open_cells();
        if let (Some(tile), Some((x, y))) = (self.tile, hovered)
            && !scene.tiles.iter().any(|t| t.x == x && t.y == y)
        {
            let shown = self.shown_rotation(x, y, rotation);
            let fits = self.placement(x, y, shown).is_some();
            let beside =
                scene.open.contains(&(x, y)) || scene.tiles.iter().any(|t| (t.x - x).abs() + (t.y - y).abs() == 1);
            if beside {
                scene.ghost = Some(Ghost {
                    laid: Laid {
                        x,
                        y,
                        tile,
                        rotation: shown,
                    },
                    fits,
                });
            }
        }
        scene.targets = self.targets.iter().map(|(t, _)| *t).collect();
    }
}

/// Where a mechanism's action taking a feature or a tile on the table points (none for
/// another action).
fn on_a_feature(action: Action) -> Option<Target> {
    let Action::Mechanism(step) = action else {
        return None;
    };
    let spot = match step.words().takes {
        Takes::Feature => Spot::Feature(step.spot),
        Takes::Tile => Spot::Tile,
        _ => return None,
    };
    Some(Target {
        x: step.x,
        y: step.y,
        spot,
    })
}
