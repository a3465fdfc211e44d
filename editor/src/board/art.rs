//! What the board draws for each compiled tile of a game: the model tile (for its image or its
//! schematic), the folder its image is relative to, and per engine feature (local index) the
//! area to light and the point a figure stands on. Worked out once per tile type, lazily.

use std::cell::OnceCell;
use std::path::PathBuf;

use egui::epaint::Mesh;
use egui::{Color32, Painter, Rect, Shape, Stroke};
use tilewright_engine::catalog::Catalog;
use tilewright_engine::game::GameDef;
use tilewright_engine::model::{FeatureKind, Tile};

use crate::geometry::{self, Point};
use crate::regions::{FieldRegions, GRID, cell_centre, field_regions};
use crate::render::{TileView, fill_polygon};
use crate::schematic::{Schematic, schematic};

/// One tile type as the board draws it.
#[derive(Debug)]
pub struct ArtTile {
    /// The model tile.
    pub tile: Tile,
    /// The folder its image is relative to (none: draw the schematic).
    pub folder: Option<PathBuf>,
    /// The engine's feature ids in local order (compiled feature `k` is `local_ids[k]`).
    pub local_ids: Vec<String>,
    drawing: OnceCell<Schematic>,
    fields: OnceCell<FieldRegions>,
}

impl ArtTile {
    /// A tile drawn from `tile`, its features in the engine's order `local_ids`.
    pub fn new(tile: Tile, folder: Option<PathBuf>, local_ids: Vec<String>) -> ArtTile {
        ArtTile {
            tile,
            folder,
            local_ids,
            drawing: OnceCell::new(),
            fields: OnceCell::new(),
        }
    }

    /// The schematic drawing (worked out on first use).
    pub fn drawing(&self) -> &Schematic {
        self.drawing.get_or_init(|| schematic(&self.tile))
    }

    fn fields(&self) -> &FieldRegions {
        self.fields.get_or_init(|| field_regions(&self.tile, self.drawing()))
    }

    fn kind(&self, local: u8) -> Option<FeatureKind> {
        let id = self.local_ids.get(usize::from(local))?;
        self.tile.features.get(id).map(|f| f.kind)
    }

    /// Where a figure on feature `local` stands, in tile coordinates (unturned).
    pub fn anchor(&self, local: u8) -> Point {
        let Some(id) = self.local_ids.get(usize::from(local)) else {
            return [0.5, 0.5];
        };
        if let Some(anchor) = self.tile.features.get(id).and_then(|f| f.anchor) {
            return anchor;
        }
        self.drawing().anchors.get(id).copied().unwrap_or([0.5, 0.5])
    }

    /// Which of the features `among` lies under tile point `p` (unturned): a marker at a
    /// feature's anchor first, then monasteries and gardens, roads, cities, fields.
    pub fn feature_at(&self, p: Point, among: &[u8]) -> Option<u8> {
        if let Some(&local) = among
            .iter()
            .find(|&&local| geometry::distance(p, self.anchor(local)) < MARKER_RADIUS)
        {
            return Some(local);
        }
        let rank = |kind| match kind {
            FeatureKind::Monastery | FeatureKind::Garden => 0,
            FeatureKind::Road => 1,
            FeatureKind::City => 2,
            FeatureKind::Field => 3,
        };
        let mut candidates: Vec<u8> = among.to_vec();
        candidates.sort_by_key(|&local| self.kind(local).map_or(9, rank));
        candidates.into_iter().find(|&local| self.contains(local, p))
    }

    /// Whether feature `local`'s area holds tile point `p`.
    fn contains(&self, local: u8, p: Point) -> bool {
        let Some(id) = self.local_ids.get(usize::from(local)) else {
            return false;
        };
        let Some(feature) = self.tile.features.get(id) else {
            return false;
        };
        if !feature.polygons.is_empty() {
            return feature.polygons.iter().any(|poly| geometry::point_in_polygon(p, poly));
        }
        let drawing = self.drawing();
        match feature.kind {
            FeatureKind::City => drawing
                .cities
                .iter()
                .any(|c| &c.id == id && c.outline.len() >= 3 && geometry::point_in_polygon(p, &c.outline)),
            FeatureKind::Road => drawing.roads.iter().filter(|r| &r.id == id).any(|r| {
                r.paths.iter().any(|path| {
                    path.windows(2)
                        .any(|w| geometry::closest_on_segment(p, w[0], w[1]).0 < r.width / 2.0 + 0.03)
                })
            }),
            FeatureKind::Field => self.fields().field_at(p) == Some(id.as_str()),
            FeatureKind::Monastery | FeatureKind::Garden => geometry::distance(p, self.anchor(local)) < 0.2,
        }
    }

    /// Paints feature `local`'s area in `fill` over the tile at `view`.
    pub fn paint_feature(&self, painter: &Painter, view: TileView, local: u8, fill: Color32) {
        let Some(id) = self.local_ids.get(usize::from(local)) else {
            return;
        };
        let Some(feature) = self.tile.features.get(id) else {
            return;
        };
        let edge = Stroke::new(2.0, Color32::WHITE);
        if !feature.polygons.is_empty() {
            for polygon in &feature.polygons {
                fill_polygon(painter, view, polygon, fill, edge);
            }
            return;
        }
        let drawing = self.drawing();
        let s = view.scale();
        match feature.kind {
            FeatureKind::City => {
                for city in drawing.cities.iter().filter(|c| &c.id == id) {
                    fill_polygon(painter, view, &city.outline, fill, edge);
                }
            }
            FeatureKind::Road => {
                for road in drawing.roads.iter().filter(|r| &r.id == id) {
                    for path in &road.paths {
                        let points = path.iter().map(|p| view.to_screen(*p)).collect();
                        painter.add(Shape::line(points, Stroke::new(road.width as f32 * s * 1.4, fill)));
                    }
                }
            }
            FeatureKind::Field => {
                let mut mesh = Mesh::default();
                let cell = 1.0 / GRID as f64;
                for &c in self.fields().fields.get(id).map_or(&[][..], Vec::as_slice) {
                    let centre = cell_centre(c);
                    let corners = [[-0.5, -0.5], [0.5, -0.5], [0.5, 0.5], [-0.5, 0.5]]
                        .map(|d| view.to_screen([centre[0] + d[0] * cell, centre[1] + d[1] * cell]));
                    let base = mesh.vertices.len() as u32;
                    for corner in corners {
                        mesh.colored_vertex(corner, fill);
                    }
                    mesh.add_triangle(base, base + 1, base + 2);
                    mesh.add_triangle(base, base + 2, base + 3);
                }
                painter.add(Shape::mesh(mesh));
            }
            FeatureKind::Monastery | FeatureKind::Garden => {
                painter.circle(view.to_screen(self.anchor(local)), s * 0.2, fill, edge);
            }
        }
    }
}

/// How near (in tile units) a pointer must come to a feature's marker to pick it.
pub const MARKER_RADIUS: f64 = 0.09;

/// The drawing of every compiled tile of a game, by compiled tile index.
#[derive(Debug, Default)]
pub struct TileArt {
    /// By compiled tile index.
    pub tiles: Vec<ArtTile>,
}

impl TileArt {
    /// The art of `def`'s tiles, read from the tile sets of `catalog` it was built from; `folder`
    /// gives the image folder of a tile set by id (none for sets drawn as schematics).
    pub fn of_game(def: &GameDef, catalog: &Catalog, folder: impl Fn(&str) -> Option<PathBuf>) -> TileArt {
        let models = def
            .sets()
            .iter()
            .filter_map(|set| catalog.tileset(&set.id).map(|loaded| (&loaded.model, folder(&set.id))))
            .flat_map(|(set, folder)| set.tiles.iter().map(move |tile| (tile, folder.clone())));
        let tiles = def
            .tables()
            .tiles
            .iter()
            .zip(models)
            .map(|(compiled, (tile, folder))| {
                let ids = compiled.features.iter().map(|f| f.id.clone()).collect();
                ArtTile::new(tile.clone(), folder, ids)
            })
            .collect();
        TileArt { tiles }
    }

    /// The art of compiled tile `tile`.
    pub fn get(&self, tile: u16) -> Option<&ArtTile> {
        self.tiles.get(usize::from(tile))
    }
}

/// A small marker: a ring at `rect`'s centre.
pub fn paint_marker(painter: &Painter, rect: Rect, fill: Color32, hovered: bool) {
    let r = rect.width() * 0.5;
    let stroke = Stroke::new(if hovered { 3.0 } else { 2.0 }, Color32::WHITE);
    painter.circle(rect.center(), r, fill, stroke);
}
