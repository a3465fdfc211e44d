//! Painting a tile: its image or its schematic, the feature outlines as translucent regions,
//! and follower anchors. Used by the canvas, the thumbnails, the rotation strip and the fit check.

use egui::epaint::{Mesh, PathShape, PathStroke};
use egui::{Color32, Painter, Pos2, Rect, Shape, Stroke, TextureId, pos2};
use tilewright_engine::model::{FeatureKind, Marker, Tile};

use crate::geometry::{self, Point};
use crate::marker::{MarkerShape, marker_shapes};
use crate::schematic::{Badge, BadgeKind, Schematic, schematic};
use crate::theme::{kind_colour, palette};
use crate::vocabulary;

/// Where a tile is on screen and how it is turned.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct TileView {
    /// The tile's square on screen.
    pub rect: Rect,
    /// Quarter turns clockwise.
    pub turns: u8,
}

impl TileView {
    /// An unturned tile in `rect`.
    pub fn new(rect: Rect) -> TileView {
        TileView { rect, turns: 0 }
    }

    /// Screen position of a tile point.
    pub fn to_screen(&self, p: Point) -> Pos2 {
        let q = geometry::rotate(p, self.turns);
        pos2(
            self.rect.min.x + q[0] as f32 * self.rect.width(),
            self.rect.min.y + q[1] as f32 * self.rect.height(),
        )
    }

    /// Tile point under a screen position.
    pub fn to_tile(&self, pos: Pos2) -> Point {
        let q = [
            ((pos.x - self.rect.min.x) / self.rect.width()) as f64,
            ((pos.y - self.rect.min.y) / self.rect.height()) as f64,
        ];
        geometry::rotate(q, (4 - self.turns % 4) % 4)
    }

    /// Screen pixels per tile unit.
    pub fn scale(&self) -> f32 {
        self.rect.width()
    }
}

/// What to draw over the tile.
#[derive(Debug, Clone, Default)]
pub struct Overlay<'a> {
    /// Draw feature outlines as translucent regions.
    pub regions: bool,
    /// Draw follower anchors.
    pub anchors: bool,
    /// The selected feature, drawn stronger.
    pub selected: Option<&'a str>,
    /// Features with problems, outlined in red.
    pub faulty: &'a [String],
}

/// Paints `tile`: the image if there is one, else the schematic; then the overlay.
pub fn paint_tile(painter: &Painter, view: TileView, tile: &Tile, image: Option<TextureId>, overlay: &Overlay<'_>) {
    let clipped = painter.with_clip_rect(view.rect.intersect(painter.clip_rect()));
    match image {
        Some(texture) => paint_image(&clipped, view, texture),
        None => paint_schematic(&clipped, view, tile, &schematic(tile)),
    }
    if overlay.regions {
        paint_regions(&clipped, view, tile, overlay);
    }
    if overlay.anchors {
        for (id, feature) in &tile.features {
            if let Some(anchor) = feature.anchor {
                let selected = overlay.selected == Some(id.as_str());
                paint_follower(painter, view.to_screen(anchor), view.scale() * 0.05, selected);
            }
        }
    }
    painter.rect_stroke(
        view.rect,
        0.0,
        Stroke::new(1.0, Color32::from_black_alpha(140)),
        egui::StrokeKind::Inside,
    );
}

/// The image, turned with the tile.
pub fn paint_image(painter: &Painter, view: TileView, texture: TextureId) {
    let mut mesh = Mesh::with_texture(texture);
    for uv in [[0.0, 0.0], [1.0, 0.0], [1.0, 1.0], [0.0, 1.0]] {
        mesh.vertices.push(egui::epaint::Vertex {
            pos: view.to_screen(uv),
            uv: pos2(uv[0] as f32, uv[1] as f32),
            color: Color32::WHITE,
        });
    }
    mesh.add_triangle(0, 1, 2);
    mesh.add_triangle(0, 2, 3);
    painter.add(Shape::mesh(mesh));
}

fn screen_points(view: TileView, points: &[Point]) -> Vec<Pos2> {
    points.iter().map(|p| view.to_screen(*p)).collect()
}

/// A filled polygon of any shape (triangulated), with an optional outline.
pub fn fill_polygon(painter: &Painter, view: TileView, polygon: &[Point], fill: Color32, stroke: Stroke) {
    if polygon.len() < 3 {
        return;
    }
    let mut mesh = Mesh::default();
    for p in polygon {
        mesh.colored_vertex(view.to_screen(*p), fill);
    }
    for [a, b, c] in geometry::triangulate(polygon) {
        mesh.add_triangle(a as u32, b as u32, c as u32);
    }
    painter.add(Shape::mesh(mesh));
    if stroke.width > 0.0 {
        painter.add(Shape::Path(PathShape::closed_line(
            screen_points(view, polygon),
            PathStroke::from(stroke),
        )));
    }
}

/// The drawing of a tile from its definition.
pub fn paint_schematic(painter: &Painter, view: TileView, tile: &Tile, drawing: &Schematic) {
    let s = view.scale();
    painter.rect_filled(view.rect, 0.0, palette::FIELD);
    // A light field texture so large tiles do not look empty.
    if s > 60.0 {
        for i in 1..6 {
            let y = i as f64 / 6.0;
            for j in 0..5 {
                let x = (j as f64 + if i % 2 == 0 { 0.3 } else { 0.7 }) / 5.0;
                let a = view.to_screen([x - 0.025, y]);
                let b = view.to_screen([x + 0.025, y]);
                painter.line_segment([a, b], Stroke::new((s * 0.006).max(1.0), palette::FIELD_DARK));
            }
        }
    }
    for course in &drawing.courses {
        let w = course.width as f32 * s;
        for path in &course.paths {
            painter.add(Shape::line(screen_points(view, path), Stroke::new(w, palette::COURSE)));
        }
    }
    for road in &drawing.roads {
        let w = road.width as f32 * s;
        for path in &road.paths {
            let points = screen_points(view, path);
            painter.add(Shape::line(points.clone(), Stroke::new(w + 2.0, palette::ROAD_EDGE)));
            painter.add(Shape::line(points, Stroke::new(w, palette::ROAD)));
        }
    }
    for crossing in &drawing.crossings {
        let c = view.to_screen(*crossing);
        let r = s * 0.09;
        painter.rect_filled(
            Rect::from_center_size(c, egui::vec2(r * 2.0, r * 2.0)),
            r * 0.3,
            palette::ROAD_EDGE,
        );
        painter.rect_filled(
            Rect::from_center_size(c + egui::vec2(0.0, r * 0.2), egui::vec2(r * 1.2, r * 1.0)),
            1.0,
            palette::ROOF,
        );
    }
    for house in &drawing.houses {
        paint_house(painter, view.to_screen(*house), s * 0.07);
    }
    for city in &drawing.cities {
        fill_polygon(
            painter,
            view,
            &city.outline,
            palette::CITY,
            Stroke::new((s * 0.018).max(1.0), palette::WALL),
        );
        // A few roofs so a city reads as a city.
        if s > 40.0 && city.outline.len() >= 3 {
            let at = geometry::label_point(&city.outline);
            for (dx, dy) in [(-0.07, -0.02), (0.06, 0.01), (0.0, 0.06)] {
                let p = [at[0] + dx, at[1] + dy];
                if geometry::point_in_polygon(p, &city.outline)
                    && geometry::distance_to_outline(p, &city.outline) > 0.04
                {
                    let c = view.to_screen(p);
                    let r = s * 0.028;
                    painter.rect_filled(
                        Rect::from_center_size(c, egui::vec2(r * 1.6, r * 1.2)),
                        1.0,
                        palette::ROOF,
                    );
                }
            }
        }
    }
    for city in &drawing.cities {
        for k in 0..city.pennants {
            let at = drawing.anchors.get(&city.id).copied().unwrap_or([0.5, 0.5]);
            let p = view.to_screen([at[0] + 0.09 + k as f64 * 0.07, at[1] - 0.06]);
            paint_pennant(painter, p, s * 0.05);
        }
    }
    for (_, at) in &drawing.monasteries {
        paint_monastery(painter, view.to_screen(*at), s * 0.13);
    }
    for (_, at) in &drawing.abbeys {
        paint_abbey(painter, view, *at);
    }
    for (_, at) in &drawing.gardens {
        paint_garden(painter, view.to_screen(*at), s * 0.08);
    }
    for (marker, at) in &drawing.markers {
        paint_marker(painter, *marker, view.to_screen(*at), s * 0.09);
    }
    for badge in &drawing.badges {
        paint_badge(painter, badge, view.to_screen(badge.at), s * BADGE_RADIUS);
    }
    let _ = tile;
}

/// A badge's radius in tile units: a little under half the step between two, so a row of
/// them stays apart.
const BADGE_RADIUS: f32 = (crate::schematic::BADGE_STEP * 0.45) as f32;

/// A mark (a disc) or a token (a rounded square) in the id's colour, with the id's initial
/// once the tile is large enough to read it.
fn paint_badge(painter: &Painter, badge: &Badge, c: Pos2, r: f32) {
    let fill = vocabulary::colour(&badge.id);
    let outline = Stroke::new((r * 0.15).max(1.0), Color32::from_white_alpha(220));
    match badge.kind {
        BadgeKind::Mark => {
            painter.circle(c, r, fill, outline);
        }
        BadgeKind::Token => {
            let square = Rect::from_center_size(c, egui::vec2(r * 1.7, r * 1.7));
            painter.rect(square, r * 0.3, fill, outline, egui::StrokeKind::Middle);
        }
    }
    if r >= 5.0 {
        painter.text(
            c,
            egui::Align2::CENTER_CENTER,
            vocabulary::label(&badge.id),
            egui::FontId::proportional(r * 1.0),
            Color32::WHITE,
        );
    }
}

fn paint_house(painter: &Painter, c: Pos2, r: f32) {
    painter.rect_filled(
        Rect::from_center_size(c, egui::vec2(r * 1.4, r)),
        1.0,
        palette::MONASTERY,
    );
    painter.add(Shape::convex_polygon(
        vec![
            c + egui::vec2(-r * 0.9, -r * 0.4),
            c + egui::vec2(0.0, -r * 1.1),
            c + egui::vec2(r * 0.9, -r * 0.4),
        ],
        palette::ROOF,
        Stroke::NONE,
    ));
}

/// A church: walls, a roof of `roof`'s colour and a door; returns the walls' rectangle.
fn paint_church(painter: &Painter, c: Pos2, r: f32, roof: Color32) -> Rect {
    let body = Rect::from_center_size(c + egui::vec2(0.0, r * 0.15), egui::vec2(r * 1.3, r * 1.1));
    painter.rect_filled(body, 2.0, palette::MONASTERY);
    painter.rect_stroke(body, 2.0, Stroke::new(1.0, palette::WALL), egui::StrokeKind::Inside);
    painter.add(Shape::convex_polygon(
        vec![
            pos2(body.left() - r * 0.15, body.top()),
            pos2(c.x, body.top() - r * 0.6),
            pos2(body.right() + r * 0.15, body.top()),
        ],
        roof,
        Stroke::new(1.0, palette::WALL),
    ));
    let door = Rect::from_center_size(pos2(c.x, body.bottom() - r * 0.25), egui::vec2(r * 0.3, r * 0.5));
    painter.rect_filled(door, 1.0, palette::WALL);
    body
}

fn paint_monastery(painter: &Painter, c: Pos2, r: f32) {
    let body = paint_church(painter, c, r, palette::ROOF);
    let cross = pos2(c.x, body.top() - r * 0.85);
    let w = (r * 0.08).max(1.0);
    painter.line_segment(
        [cross + egui::vec2(0.0, -r * 0.2), cross + egui::vec2(0.0, r * 0.2)],
        Stroke::new(w, palette::WALL),
    );
    painter.line_segment(
        [
            cross + egui::vec2(-r * 0.12, -r * 0.07),
            cross + egui::vec2(r * 0.12, -r * 0.07),
        ],
        Stroke::new(w, palette::WALL),
    );
}

/// An abbey: a walled cloister whose walls run out to every side (its edges fit anything),
/// around a larger church with a slate roof.
fn paint_abbey(painter: &Painter, view: TileView, at: Point) {
    let s = view.scale();
    let wall = Stroke::new((s * 0.03).max(1.5), palette::WALL);
    for end in [[at[0], 0.0], [1.0, at[1]], [at[0], 1.0], [0.0, at[1]]] {
        painter.line_segment([view.to_screen(at), view.to_screen(end)], wall);
    }
    let r = 0.3;
    let cloister = [[-r, -r], [r, -r], [r, r], [-r, r]].map(|d| [at[0] + d[0], at[1] + d[1]]);
    fill_polygon(painter, view, &cloister, palette::CLOISTER, wall);
    let garth = [[-0.12, 0.04], [0.12, 0.04], [0.12, 0.24], [-0.12, 0.24]].map(|d| [at[0] + d[0], at[1] + d[1]]);
    fill_polygon(painter, view, &garth, palette::FIELD, Stroke::new(1.0, palette::WALL));
    paint_church(painter, view.to_screen([at[0], at[1] - 0.08]), s * 0.15, palette::SLATE);
}

fn paint_garden(painter: &Painter, c: Pos2, r: f32) {
    painter.circle_filled(c, r, palette::GARDEN);
    for (dx, dy) in [(-0.4, -0.3), (0.35, -0.2), (0.0, 0.4)] {
        painter.circle_filled(c + egui::vec2(dx * r, dy * r), r * 0.22, palette::FLOWER);
    }
}

/// A small shield.
pub fn paint_pennant(painter: &Painter, c: Pos2, r: f32) {
    let points = vec![
        c + egui::vec2(-r * 0.6, -r * 0.6),
        c + egui::vec2(r * 0.6, -r * 0.6),
        c + egui::vec2(r * 0.6, r * 0.1),
        c + egui::vec2(0.0, r * 0.75),
        c + egui::vec2(-r * 0.6, r * 0.1),
    ];
    painter.add(Shape::convex_polygon(
        points,
        palette::PENNANT,
        Stroke::new((r * 0.15).max(1.0), Color32::WHITE),
    ));
}

fn paint_marker(painter: &Painter, marker: Marker, c: Pos2, r: f32) {
    let at = |p: [f64; 2]| c + egui::vec2(p[0] as f32 * r, p[1] as f32 * r);
    for shape in marker_shapes(marker) {
        match shape {
            MarkerShape::Polygon(points, colour) => {
                painter.add(Shape::convex_polygon(
                    points.into_iter().map(at).collect(),
                    palette::rgb(colour),
                    Stroke::new(1.0, palette::WALL),
                ));
            }
            MarkerShape::Disc(centre, radius, colour) => {
                painter.circle_filled(at(centre), radius as f32 * r, palette::rgb(colour));
            }
        }
    }
}

/// The feature outlines as translucent regions.
pub fn paint_regions(painter: &Painter, view: TileView, tile: &Tile, overlay: &Overlay<'_>) {
    // Fields first, so cities and roads lie on top.
    let mut order: Vec<(&String, &tilewright_engine::model::Feature)> = tile.features.iter().collect();
    order.sort_by_key(|(_, f)| match f.kind {
        FeatureKind::Field => 0,
        FeatureKind::Garden => 1,
        FeatureKind::City => 2,
        FeatureKind::Road => 3,
        FeatureKind::Monastery => 4,
    });
    for (id, feature) in order {
        let selected = overlay.selected == Some(id.as_str());
        let faulty = overlay.faulty.iter().any(|f| f == id);
        let base = kind_colour(feature.kind);
        let alpha = if selected {
            120
        } else if overlay.selected.is_some() {
            55
        } else {
            85
        };
        let fill = Color32::from_rgba_unmultiplied(base.r(), base.g(), base.b(), alpha);
        let stroke = if faulty {
            Stroke::new(2.5, Color32::from_rgb(230, 40, 40))
        } else if selected {
            Stroke::new(2.0, Color32::WHITE)
        } else {
            Stroke::new(1.2, base.gamma_multiply(0.8))
        };
        for polygon in &feature.polygons {
            fill_polygon(painter, view, polygon, fill, stroke);
        }
    }
}

/// A follower figure standing at `c`.
pub fn paint_follower(painter: &Painter, c: Pos2, r: f32, selected: bool) {
    let fill = if selected {
        Color32::from_rgb(255, 210, 40)
    } else {
        Color32::from_rgb(40, 110, 220)
    };
    let stroke = Stroke::new((r * 0.12).max(1.0), Color32::from_black_alpha(200));
    let body = vec![
        c + egui::vec2(-r * 0.9, r * 1.0),
        c + egui::vec2(-r * 0.35, -r * 0.2),
        c + egui::vec2(r * 0.35, -r * 0.2),
        c + egui::vec2(r * 0.9, r * 1.0),
    ];
    painter.add(Shape::convex_polygon(body, fill, stroke));
    painter.circle(c + egui::vec2(0.0, -r * 0.55), r * 0.45, fill, stroke);
}
