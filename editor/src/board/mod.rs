//! The board: a table of laid tiles drawn from their images or schematics, turned, with
//! figures in seat colours on their features, and what a player may do next drawn over it
//! (cells a tile may go to, the tile in hand at the pointer, deployment options, lit features).
//!
//! It knows nothing of turns: a caller describes what to draw in a [`Scene`] and reads what the
//! pointer did from the [`BoardResponse`]. Drag pans, the wheel (or a pinch) zooms about the
//! pointer, the wheel with Shift held asks to rotate.

mod art;

use egui::{Align2, Color32, FontId, Pos2, Rect, Sense, Stroke, StrokeKind, Ui, Vec2, pos2, vec2};
use tilewright_engine::game::{FigureType, Game, Mechanisms, PlacedTile};
use tilewright_engine::model::{Role, Strength};

pub use art::{ArtTile, MARKER_RADIUS, TileArt};

use crate::figure_art::{self, Picture};
use crate::images::{ImageCache, tile_texture};
use crate::render::{TileView, paint_image, paint_schematic};
use crate::theme::seat_colour;

/// What a figure type looks like: the picture its mechanism names, else by its strength and
/// role.
pub fn picture_of(figure: &FigureType) -> Picture {
    if let Some(picture) = Mechanisms::figure_look(figure).and_then(Picture::named) {
        return picture;
    }
    match (figure.strength, figure.role) {
        (Strength::Named(_), _) => Picture::Mayor,
        (_, Role::Special) => Picture::Special,
        (Strength::Fixed(s), Role::Follower) => Picture::Follower { big: s > 1 },
    }
}

/// Where the board looks: the table point at the centre of the view (in cells) and the size
/// of a cell on screen.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct BoardCamera {
    /// The table point shown at the centre, in cells (cell `(x, y)` spans `x - 0.5..x + 0.5`).
    pub centre: Vec2,
    /// Points per cell.
    pub cell: f32,
    /// The board's rectangle on screen in the last frame drawn.
    pub area: Option<Rect>,
}

impl Default for BoardCamera {
    fn default() -> Self {
        BoardCamera {
            centre: Vec2::ZERO,
            cell: 96.0,
            area: None,
        }
    }
}

/// The smallest and largest cell sizes, in points.
const CELL_RANGE: (f32, f32) = (16.0, 400.0);

impl BoardCamera {
    fn origin(&self) -> Pos2 {
        self.area.map_or(Pos2::ZERO, |a| a.center())
    }

    /// The screen square of cell `(x, y)`.
    pub fn cell_rect(&self, x: i16, y: i16) -> Rect {
        let centre = self.origin() + (vec2(f32::from(x), f32::from(y)) - self.centre) * self.cell;
        Rect::from_center_size(centre, Vec2::splat(self.cell))
    }

    /// The centre of cell `(x, y)` on screen.
    pub fn cell_centre(&self, x: i16, y: i16) -> Pos2 {
        self.cell_rect(x, y).center()
    }

    /// The cell under a screen position.
    pub fn cell_at(&self, pos: Pos2) -> (i16, i16) {
        let p = (pos - self.origin()) / self.cell + self.centre;
        let clamp = |v: f32| (v + 0.5).floor().clamp(f32::from(i16::MIN), f32::from(i16::MAX)) as i16;
        (clamp(p.x), clamp(p.y))
    }

    /// Zooms by `factor` keeping the table point under `pointer` where it is.
    pub fn zoom_about(&mut self, factor: f32, pointer: Pos2) {
        let before = (pointer - self.origin()) / self.cell + self.centre;
        self.cell = (self.cell * factor).clamp(CELL_RANGE.0, CELL_RANGE.1);
        self.centre = before - (pointer - self.origin()) / self.cell;
    }

    /// Pans (without zooming) just enough to show cell `(x, y)` with the cells around it,
    /// where the next tiles go; a view too small for them is centred on the cell.
    pub fn follow(&mut self, x: i16, y: i16) {
        let Some(area) = self.area else { return };
        let wanted = self.cell_rect(x, y).expand(self.cell);
        let shift = |lo: f32, hi: f32, min: f32, max: f32| {
            if hi - lo > max - min {
                (lo + hi) / 2.0 - (min + max) / 2.0
            } else if lo < min {
                lo - min
            } else if hi > max {
                hi - max
            } else {
                0.0
            }
        };
        let delta = vec2(
            shift(wanted.min.x, wanted.max.x, area.min.x, area.max.x),
            shift(wanted.min.y, wanted.max.y, area.min.y, area.max.y),
        );
        self.centre += delta / self.cell;
    }

    /// Centres the view on the tiles and sizes cells so they fit `area` (one cell of margin).
    pub fn fit(&mut self, tiles: &[Laid], area: Rect) {
        let Some(first) = tiles.first() else { return };
        let (mut min, mut max) = ((first.x, first.y), (first.x, first.y));
        for t in tiles {
            min = (min.0.min(t.x), min.1.min(t.y));
            max = (max.0.max(t.x), max.1.max(t.y));
        }
        let span = vec2(f32::from(max.0 - min.0) + 3.0, f32::from(max.1 - min.1) + 3.0);
        self.centre = vec2(
            (f32::from(min.0) + f32::from(max.0)) / 2.0,
            (f32::from(min.1) + f32::from(max.1)) / 2.0,
        );
        self.cell = (area.width() / span.x)
            .min(area.height() / span.y)
            .clamp(CELL_RANGE.0, 120.0);
    }
}

/// A tile on the table.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Laid {
    /// Column, east positive.
    pub x: i16,
    /// Row, south positive.
    pub y: i16,
    /// Compiled tile index.
    pub tile: u16,
    /// Quarter turns clockwise.
    pub rotation: u8,
}

impl From<&PlacedTile> for Laid {
    fn from(p: &PlacedTile) -> Laid {
        Laid {
            x: p.x,
            y: p.y,
            tile: p.tile,
            rotation: p.rotation,
        }
    }
}

/// Where on a tile something stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Spot {
    /// On a feature (local index).
    Feature(u8),
    /// On a corner (clockwise from north-west, as the table lies).
    Corner(u8),
    /// On the whole tile, at its centre (where the dragon goes).
    Tile,
}

/// A figure on the table.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Token {
    /// Column of its tile.
    pub x: i16,
    /// Row of its tile.
    pub y: i16,
    /// Where on the tile.
    pub spot: Spot,
    /// Its owner's seat.
    pub seat: u8,
    /// What it looks like.
    pub picture: Picture,
}

/// Something the player may pick on the table: a feature or a corner of a tile.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Target {
    /// Column.
    pub x: i16,
    /// Row.
    pub y: i16,
    /// Where on the tile.
    pub spot: Spot,
}

/// The tile in hand, drawn at a cell.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Ghost {
    /// Where and how it would lie.
    pub laid: Laid,
    /// Whether it fits there.
    pub fits: bool,
}

/// Everything the board draws in one frame.
#[derive(Debug, Clone, Default)]
pub struct Scene {
    /// The tiles on the table.
    pub tiles: Vec<Laid>,
    /// Figures on the table.
    pub tokens: Vec<Token>,
    /// Figures no player owns (the dragon): column, row, picture.
    pub neutral: Vec<(i16, i16, Picture)>,
    /// Cells a tile may go to.
    pub open: Vec<(i16, i16)>,
    /// The tile in hand at the pointer.
    pub ghost: Option<Ghost>,
    /// What may be picked (deployment options, wagon moves).
    pub targets: Vec<Target>,
    /// The colour of the targets (the deciding seat's).
    pub target_colour: Option<Color32>,
    /// Features lit (an event's feature): column, row, local feature.
    pub lit: Vec<(i16, i16, u8)>,
    /// A tile outlined (the last move).
    pub outlined: Option<(i16, i16)>,
}

impl Scene {
    /// The tiles and figures of a game (those a mechanism shows at a corner, at their corner).
    pub fn of_game(game: &Game) -> Scene {
        let board = game.board();
        let tiles: Vec<Laid> = board.placed.iter().map(Laid::from).collect();
        let figures = game.def().figures();
        let at_corners: Vec<_> = game.mechanisms().corner_figures().collect();
        let mut tokens = Vec::new();
        for f in game.figures() {
            let Some(figure) = figures.get(usize::from(f.figure)) else {
                continue;
            };
            if at_corners.iter().any(|c| c.figure == *f) {
                continue;
            }
            let picture = picture_of(figure);
            // The tile whose nodes hold the figure's node.
            let Some(tile) = board
                .placed
                .iter()
                .enumerate()
                .rev()
                .find(|(_, p)| p.node <= f.node)
                .map(|(i, p)| (p, f.node - p.node, i))
            else {
                continue;
            };
            let (placed, local, _) = tile;
            tokens.push(Token {
                x: placed.x,
                y: placed.y,
                spot: Spot::Feature(local as u8),
                seat: f.player,
                picture,
            });
        }
        for c in at_corners {
            let Some(figure) = figures.get(usize::from(c.figure.figure)) else {
                continue;
            };
            tokens.push(Token {
                x: c.x,
                y: c.y,
                spot: Spot::Corner(c.corner),
                seat: c.figure.player,
                picture: picture_of(figure),
            });
        }
        let neutral = Mechanisms::neutral_figures(game)
            .into_iter()
            .filter_map(|n| Some((n.x, n.y, Picture::named(n.look)?)))
            .collect();
        Scene {
            tiles,
            tokens,
            neutral,
            ..Scene::default()
        }
    }
}

/// What the pointer did on the board this frame.
#[derive(Debug, Clone)]
pub struct BoardResponse {
    /// The board's response (hover, clicks).
    pub response: egui::Response,
    /// The cell under the pointer.
    pub hovered_cell: Option<(i16, i16)>,
    /// The cell clicked (a click, not the end of a drag).
    pub clicked_cell: Option<(i16, i16)>,
    /// The target under the pointer (index into [`Scene::targets`]).
    pub hovered_target: Option<usize>,
    /// The target clicked.
    pub clicked_target: Option<usize>,
    /// Quarter turns asked for with Shift and the wheel (positive: clockwise).
    pub rotate: i32,
}

/// The board widget: draws `scene` over all the space `ui` has, with `camera`'s pan and zoom.
pub struct BoardWidget<'a> {
    /// Where the board looks; changed by dragging and the wheel.
    pub camera: &'a mut BoardCamera,
    /// How each tile type is drawn.
    pub art: &'a TileArt,
    /// Tile images.
    pub images: &'a mut ImageCache,
    /// Shift+wheel rotation not yet turned into quarter turns.
    pub wheel_rest: &'a mut f32,
}

impl BoardWidget<'_> {
    /// Draws `scene` and reads the pointer.
    pub fn show(mut self, ui: &mut Ui, scene: &Scene) -> BoardResponse {
        let (rect, response) = ui.allocate_exact_size(ui.available_size(), Sense::click_and_drag());
        let first = self.camera.area.is_none();
        self.camera.area = Some(rect);
        if first {
            self.camera.fit(&scene.tiles, rect);
        }
        if response.dragged() {
            self.camera.centre -= response.drag_delta() / self.camera.cell;
        }
        let mut rotate = 0;
        if response.hovered()
            && let Some(pointer) = response.hover_pos()
        {
            let (zoom, scroll, shift) = ui.input(|i| (i.zoom_delta(), i.smooth_scroll_delta, i.modifiers.shift));
            if shift {
                *self.wheel_rest += scroll.x + scroll.y;
                while self.wheel_rest.abs() >= 40.0 {
                    let step = self.wheel_rest.signum();
                    rotate -= step as i32;
                    *self.wheel_rest -= step * 40.0;
                }
            } else {
                let factor = zoom * (scroll.y * 0.0015).exp();
                if factor != 1.0 {
                    self.camera.zoom_about(factor, pointer);
                }
            }
        }
        let painter = ui.painter_at(rect);
        painter.rect_filled(rect, 0.0, Color32::from_rgb(54, 58, 52));
        let camera = *self.camera;
        let hovered_cell = response.hover_pos().map(|p| camera.cell_at(p));
        for &(x, y) in &scene.open {
            let cell = camera.cell_rect(x, y).shrink(2.0);
            painter.rect_filled(cell, 4.0, Color32::from_rgba_unmultiplied(250, 230, 120, 40));
            painter.rect_stroke(
                cell,
                4.0,
                Stroke::new(1.5, Color32::from_rgba_unmultiplied(250, 230, 120, 150)),
                StrokeKind::Inside,
            );
        }
        for laid in &scene.tiles {
            self.paint_laid(&painter, *laid, camera, 255);
        }
        for &(x, y, local) in &scene.lit {
            let Some(art) = self.tile_at(scene, x, y) else { continue };
            let view = view_of(camera, art.1);
            art.0.paint_feature(
                &painter,
                view,
                local,
                Color32::from_rgba_unmultiplied(255, 245, 150, 130),
            );
        }
        if let Some((x, y)) = scene.outlined {
            painter.rect_stroke(
                camera.cell_rect(x, y),
                2.0,
                Stroke::new(4.0, Color32::from_rgb(255, 220, 60)),
                StrokeKind::Inside,
            );
        }
        for token in &scene.tokens {
            self.paint_token(&painter, scene, camera, token);
        }
        for &(x, y, picture) in &scene.neutral {
            let size = (camera.cell * 0.42).max(14.0);
            let rect = Rect::from_center_size(camera.cell_rect(x, y).center(), Vec2::splat(size));
            painter.circle(
                rect.center(),
                size * 0.55,
                Color32::from_gray(235),
                Stroke::new(2.0, Color32::from_black_alpha(200)),
            );
            picture.paint(&painter, rect.shrink(size * 0.08));
        }
        let pointer = response.hover_pos();
        let hovered_target = pointer.and_then(|p| self.target_at(scene, camera, p));
        let colour = scene.target_colour.unwrap_or(Color32::WHITE);
        if let Some(i) = hovered_target
            && let Some(target) = scene.targets.get(i)
            && let Spot::Feature(local) = target.spot
            && let Some((art, laid)) = self.tile_at(scene, target.x, target.y)
        {
            let fill = Color32::from_rgba_unmultiplied(colour.r(), colour.g(), colour.b(), 110);
            art.paint_feature(&painter, view_of(camera, laid), local, fill);
        }
        for (i, target) in scene.targets.iter().enumerate() {
            if let Some(at) = self.target_point(scene, camera, target) {
                let r = camera.cell * MARKER_RADIUS as f32 * 0.7;
                let rect = Rect::from_center_size(at, Vec2::splat(r * 2.0));
                art::paint_marker(&painter, rect, colour, hovered_target == Some(i));
            }
        }
        if let Some(ghost) = scene.ghost {
            self.paint_laid(&painter, ghost.laid, camera, 170);
            let stroke = if ghost.fits {
                Stroke::new(3.0, Color32::from_rgb(120, 230, 120))
            } else {
                Stroke::new(3.0, Color32::from_rgb(235, 70, 60))
            };
            painter.rect_stroke(
                camera.cell_rect(ghost.laid.x, ghost.laid.y),
                2.0,
                stroke,
                StrokeKind::Inside,
            );
        }
        let clicked = response.clicked();
        BoardResponse {
            clicked_cell: if clicked { hovered_cell } else { None },
            clicked_target: if clicked { hovered_target } else { None },
            hovered_cell,
            hovered_target,
            rotate,
            response,
        }
    }

    fn tile_at<'s>(&'s self, scene: &Scene, x: i16, y: i16) -> Option<(&'s ArtTile, Laid)> {
        let laid = *scene.tiles.iter().find(|t| t.x == x && t.y == y)?;
        Some((self.art.get(laid.tile)?, laid))
    }

    /// Draws a laid tile (`alpha` below 255: see-through, for the tile in hand).
    fn paint_laid(&mut self, painter: &egui::Painter, laid: Laid, camera: BoardCamera, alpha: u8) {
        let rect = camera.cell_rect(laid.x, laid.y);
        if !painter.clip_rect().intersects(rect) {
            return;
        }
        let Some(art) = self.art.get(laid.tile) else {
            painter.rect_filled(rect, 0.0, Color32::DARK_RED);
            return;
        };
        paint_art(painter, self.images, art, view_of(camera, laid));
        if alpha < 255 {
            painter.rect_filled(rect, 0.0, Color32::from_white_alpha(255 - alpha));
        }
        painter.rect_stroke(
            rect,
            0.0,
            Stroke::new(1.0, Color32::from_black_alpha(120)),
            StrokeKind::Inside,
        );
    }

    /// The screen point of a spot on the tile at `(x, y)`.
    fn spot_point(&self, scene: &Scene, camera: BoardCamera, x: i16, y: i16, spot: Spot) -> Option<Pos2> {
        let laid = *scene.tiles.iter().find(|t| t.x == x && t.y == y)?;
        spot_on_screen(camera, self.art, laid, spot)
    }

    fn target_point(&self, scene: &Scene, camera: BoardCamera, target: &Target) -> Option<Pos2> {
        self.spot_point(scene, camera, target.x, target.y, target.spot)
    }

    /// The target under `pos`: a marker first, then a feature's area.
    fn target_at(&self, scene: &Scene, camera: BoardCamera, pos: Pos2) -> Option<usize> {
        let reach = camera.cell * MARKER_RADIUS as f32;
        let near = scene
            .targets
            .iter()
            .enumerate()
            .filter_map(|(i, t)| Some((i, self.target_point(scene, camera, t)?.distance(pos))))
            .filter(|&(_, d)| d <= reach)
            .min_by(|a, b| a.1.total_cmp(&b.1))
            .map(|(i, _)| i);
        if near.is_some() {
            return near;
        }
        let (x, y) = camera.cell_at(pos);
        let whole = Target { x, y, spot: Spot::Tile };
        if let Some(i) = scene.targets.iter().position(|t| *t == whole) {
            return Some(i);
        }
        let (art, laid) = self.tile_at(scene, x, y)?;
        let locals: Vec<u8> = scene
            .targets
            .iter()
            .filter(|t| t.x == x && t.y == y)
            .filter_map(|t| match t.spot {
                Spot::Feature(local) => Some(local),
                Spot::Corner(_) | Spot::Tile => None,
            })
            .collect();
        let local = art.feature_at(view_of(camera, laid).to_tile(pos), &locals)?;
        scene
            .targets
            .iter()
            .position(|t| t.x == x && t.y == y && t.spot == Spot::Feature(local))
    }

    fn paint_token(&self, painter: &egui::Painter, scene: &Scene, camera: BoardCamera, token: &Token) {
        let Some(at) = self.spot_point(scene, camera, token.x, token.y, token.spot) else {
            return;
        };
        let size = (camera.cell * 0.3).max(10.0);
        let rect = Rect::from_center_size(at, Vec2::splat(size));
        let colour = seat_colour(token.seat);
        match token.picture {
            Picture::Follower { big } => {
                let rect = if big { rect.expand(size * 0.15) } else { rect };
                figure_art::meeple(painter, rect.translate(vec2(1.5, 1.5)), Color32::from_black_alpha(140));
                figure_art::meeple(painter, rect, colour);
            }
            picture => {
                painter.circle(
                    at,
                    size * 0.55,
                    colour,
                    Stroke::new(1.5, Color32::from_black_alpha(180)),
                );
                picture.paint(painter, rect.shrink(size * 0.1));
            }
        }
    }
}

/// Where a spot of the laid tile `laid` is on screen: a feature's anchor, turned with the
/// tile, or a corner of its cell.
pub fn spot_on_screen(camera: BoardCamera, art: &TileArt, laid: Laid, spot: Spot) -> Option<Pos2> {
    match spot {
        Spot::Corner(corner) => {
            let rect = camera.cell_rect(laid.x, laid.y);
            Some(match corner % 4 {
                0 => rect.left_top(),
                1 => rect.right_top(),
                2 => rect.right_bottom(),
                _ => rect.left_bottom(),
            })
        }
        Spot::Tile => Some(camera.cell_rect(laid.x, laid.y).center()),
        Spot::Feature(local) => {
            let art = art.get(laid.tile)?;
            Some(view_of(camera, laid).to_screen(art.anchor(local)))
        }
    }
}

/// Paints a tile type at `view`: its image once loaded (a thumbnail when small), else its
/// schematic.
pub fn paint_art(painter: &egui::Painter, images: &mut ImageCache, art: &ArtTile, view: TileView) {
    let (texture, _) = tile_texture(images, art.folder.as_deref(), &art.tile, view.rect.width() < 128.0);
    let clipped = painter.with_clip_rect(view.rect.intersect(painter.clip_rect()));
    match texture {
        Some(texture) => paint_image(&clipped, view, texture),
        None => paint_schematic(&clipped, view, &art.tile, art.drawing()),
    }
}

/// How the tile `laid` is drawn with `camera`.
pub fn view_of(camera: BoardCamera, laid: Laid) -> TileView {
    TileView {
        rect: camera.cell_rect(laid.x, laid.y),
        turns: laid.rotation % 4,
    }
}

/// A short label in a corner of the board (the pile, whose turn).
pub fn corner_label(ui: &Ui, rect: Rect, text: &str) {
    ui.painter().text(
        pos2(rect.left() + 8.0, rect.bottom() - 8.0),
        Align2::LEFT_BOTTOM,
        text,
        FontId::proportional(13.0),
        Color32::from_gray(220),
    );
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use tilewright_engine::FromCatalog;
    use tilewright_engine::bots::random_step;
    use tilewright_engine::game::{GameDef, Rng};

    use super::*;

    /// Figures a mechanism shows at a corner (barns) are drawn there, each once, and every
    /// other figure on its feature.
    #[test]
    fn a_game_shows_corner_figures_at_their_corner_and_the_rest_on_their_feature() {
        let sets = ["base", "abbey-and-mayor"].map(str::to_owned);
        let catalog = tilewright_engine::bundled::catalog();
        let def = Arc::new(GameDef::from_catalog(catalog, &sets, "new-edition").unwrap());
        let (mut actions, mut events) = (Vec::new(), Vec::new());
        for seed in 0..50 {
            let mut game = Game::new(Arc::clone(&def), 4, seed).unwrap();
            let mut rng = Rng::new(seed);
            while random_step(&mut game, &mut rng, &mut actions, &mut events) {}
            let corners: Vec<_> = game.mechanisms().corner_figures().copied().collect();
            if corners.is_empty() {
                continue;
            }
            let scene = Scene::of_game(&game);
            let at_corners = scene.tokens.iter().filter(|t| matches!(t.spot, Spot::Corner(_)));
            assert_eq!(at_corners.clone().count(), corners.len());
            assert!(at_corners.clone().all(|t| t.picture == Picture::Barn));
            assert_eq!(scene.tokens.len(), game.figures().len(), "each figure once");
            return;
        }
        panic!("no barn placed in 50 random games");
    }

    #[test]
    fn following_a_cell_pans_just_enough_to_show_it_with_the_cells_around_it() {
        let area = Rect::from_min_size(pos2(0.0, 0.0), vec2(800.0, 600.0));
        let mut camera = BoardCamera {
            centre: Vec2::ZERO,
            cell: 100.0,
            area: Some(area),
        };
        camera.follow(1, 1);
        assert_eq!(camera.centre, Vec2::ZERO, "in view already: nothing moves");
        camera.follow(6, -1);
        assert!(area.contains_rect(camera.cell_rect(6, -1).expand(100.0)));
        assert_eq!(camera.cell, 100.0, "no zoom");
        assert!(
            camera.cell_rect(6, -1).expand(100.0).max.x >= 799.0,
            "the least pan: the cell beyond it lies on the edge"
        );
        // A view smaller than three cells centres the cell.
        camera.cell = 400.0;
        camera.follow(-3, 2);
        assert_eq!(camera.cell_centre(-3, 2), area.center());
    }

    #[test]
    fn cells_and_screen_points_agree_and_zoom_keeps_the_point_under_the_pointer() {
        let mut camera = BoardCamera {
            centre: vec2(0.4, -1.0),
            cell: 50.0,
            area: Some(Rect::from_min_size(pos2(10.0, 20.0), vec2(800.0, 600.0))),
        };
        for (x, y) in [(0, 0), (3, -2), (-7, 5)] {
            assert_eq!(camera.cell_at(camera.cell_centre(x, y)), (x, y));
            let corner = camera.cell_rect(x, y).min + vec2(1.0, 1.0);
            assert_eq!(camera.cell_at(corner), (x, y));
        }
        let pointer = camera.cell_centre(3, -2) + vec2(7.0, -5.0);
        camera.zoom_about(1.7, pointer);
        assert_eq!(camera.cell, 85.0);
        assert!((camera.cell_centre(3, -2) + vec2(7.0 * 1.7, -5.0 * 1.7) - pointer).length() < 1e-3);
        camera.zoom_about(100.0, pointer);
        assert_eq!(camera.cell, CELL_RANGE.1);
    }

    #[test]
    fn fitting_centres_the_table() {
        let mut camera = BoardCamera::default();
        let laid = |x, y| Laid {
            x,
            y,
            tile: 0,
            rotation: 0,
        };
        let area = Rect::from_min_size(Pos2::ZERO, vec2(900.0, 600.0));
        camera.fit(&[laid(-2, 0), laid(4, 3)], area);
        assert_eq!(camera.centre, vec2(1.0, 1.5));
        assert_eq!(camera.cell, 600.0 / 6.0);
    }
}
