//! A tile turned or mirrored: its outlines and anchors moved with it, its edges and `on`
//! references rewritten through the engine's edge grammar, and (for tiles drawn over outlines)
//! its edges and `on` lists derived again from the moved outlines.

use image::DynamicImage;
use tilewright_engine::edge::{Layout, SegmentRef, Side};
use tilewright_engine::model::{EdgeLayout, EdgeRef, Tile};

use crate::geometry::{self, Point};

/// How a tile is transformed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Transform {
    /// Quarter turns clockwise (1 to 3).
    Turn(u8),
    /// Mirrored left to right: east and west swap.
    Mirror,
}

impl Transform {
    /// A word for the names of the images it makes: `turned-90`, `mirrored`.
    pub fn slug(self) -> String {
        match self {
            Transform::Turn(q) => format!("turned-{}", u32::from(q % 4) * 90),
            Transform::Mirror => "mirrored".into(),
        }
    }

    /// Words for the name of a copy: `turned 90°`, `mirrored`.
    pub fn words(self) -> String {
        match self {
            Transform::Turn(q) => format!("turned {}°", u32::from(q % 4) * 90),
            Transform::Mirror => "mirrored".into(),
        }
    }

    /// Where a point of the tile (0..1, y down) goes.
    pub fn point(self, p: Point) -> Point {
        match self {
            Transform::Turn(q) => geometry::rotate(p, q),
            Transform::Mirror => [1.0 - p[0], p[1]],
        }
    }

    /// The side a side becomes.
    pub fn side(self, side: Side) -> Side {
        match self {
            Transform::Turn(q) => Side::from_index(side as usize + usize::from(q)),
            Transform::Mirror => match side {
                Side::E => Side::W,
                Side::W => Side::E,
                other => other,
            },
        }
    }

    /// The layout an edge has after the transform. Positions run clockwise, so turning keeps
    /// them; mirroring runs every edge the other way, reversing its segments.
    pub fn layout(self, layout: &Layout) -> Layout {
        // A plain word (a declared kind's too) reads the same either way round.
        if self != Transform::Mirror || layout.plain_word().is_some() {
            return layout.clone();
        }
        let reversed: Vec<_> = layout.segments.iter().rev().collect();
        let rest = reversed[1..].iter().map(|s| (100 - s.end, s.kind));
        Layout::custom(reversed[0].kind, rest).unwrap_or_else(|_| layout.clone())
    }

    /// The reference naming, after the transform, what `reference` named on an edge with
    /// `segments` segments.
    pub fn reference(self, reference: SegmentRef, segments: usize) -> SegmentRef {
        let mirror = self == Transform::Mirror;
        match reference {
            SegmentRef::Side(side) => SegmentRef::Side(self.side(side)),
            SegmentRef::Half { side, second } => SegmentRef::Half {
                side: self.side(side),
                second: second != mirror,
            },
            SegmentRef::Number { side, number } => SegmentRef::Number {
                side: self.side(side),
                number: if mirror {
                    (segments + 1).saturating_sub(number)
                } else {
                    number
                },
            },
        }
    }

    /// The tile's image transformed.
    pub fn image(self, image: &DynamicImage) -> DynamicImage {
        match self {
            Transform::Turn(1) => image.rotate90(),
            Transform::Turn(2) => image.rotate180(),
            Transform::Turn(3) => image.rotate270(),
            Transform::Turn(_) => image.clone(),
            Transform::Mirror => image.fliph(),
        }
    }

    /// `tile` transformed (its image aside): outlines and anchors moved, edges and `on`
    /// references rewritten; a tile drawn with outlines then has its edges and `on` lists
    /// derived from them again. Text that does not read is kept as it was.
    pub fn tile(self, tile: &Tile) -> Tile {
        let mut out = tile.clone();
        let layouts: Vec<Option<Layout>> = tile.edges.iter().map(|e| Layout::parse(&e.0).ok()).collect();
        for side in Side::ALL {
            let edge = &tile.edges[side as usize];
            let moved = layouts[side as usize]
                .as_ref()
                .map_or_else(|| edge.clone(), |l| EdgeLayout(self.layout(l).to_string()));
            out.edges[self.side(side) as usize] = moved;
        }
        for feature in out.features.values_mut() {
            for reference in &mut feature.on {
                if let Ok(parsed) = reference.0.parse::<SegmentRef>() {
                    let segments = layouts[parsed.side() as usize].as_ref().map_or(0, |l| l.segments.len());
                    *reference = EdgeRef(self.reference(parsed, segments).to_string());
                }
            }
            for polygon in &mut feature.polygons {
                for p in polygon.iter_mut() {
                    // Rounded as drawn points are, so `1 - 0.9576` is written `0.0424`.
                    *p = geometry::round(self.point(*p));
                }
                if self == Transform::Mirror {
                    // Keep the outline's winding.
                    polygon.reverse();
                }
            }
            feature.anchor = feature.anchor.map(|a| geometry::round(self.point(a)));
        }
        if out.features.values().any(|f| !f.polygons.is_empty()) {
            return crate::derive::derive_edges(&out).tile;
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use tilewright_engine::model::TileSet;

    fn base_tile(id: &str) -> Tile {
        let set: TileSet = toml::from_str(tilewright_engine::bundled::FILES[0].1).unwrap();
        set.tiles.into_iter().find(|t| t.id == id).unwrap()
    }

    fn edges(tile: &Tile) -> Vec<&str> {
        tile.edges.iter().map(|e| e.0.as_str()).collect()
    }

    #[test]
    fn turning_moves_edges_and_references_round() {
        // Tile D: city north, road east to west.
        let d = base_tile("D");
        let turned = Transform::Turn(1).tile(&d);
        assert_eq!(edges(&turned), ["road", "city", "road", "field"]);
        assert_eq!(turned.features["c"].on, [EdgeRef("E".into())]);
        let back = Transform::Turn(3).tile(&turned);
        assert_eq!(back, d);
    }

    #[test]
    fn mirroring_reverses_segments_and_swaps_east_and_west() {
        let mut tile = base_tile("D");
        tile.edges[0] = EdgeLayout("city 60 field".into());
        tile.features.get_mut("c").unwrap().on = vec![EdgeRef("N1".into())];
        tile.features.get_mut("f1").unwrap().on.push(EdgeRef("N2".into()));
        let mirrored = Transform::Mirror.tile(&tile);
        assert_eq!(mirrored.edges[0].0, "field 40 city");
        assert_eq!(mirrored.features["c"].on, [EdgeRef("N2".into())]);
        assert!(mirrored.features["f1"].on.contains(&EdgeRef("N1".into())));
        assert_eq!(Transform::Mirror.tile(&mirrored), tile);
        let halves = Transform::Mirror.reference("En".parse().unwrap(), 2);
        assert_eq!(
            halves.to_string(),
            "Wn",
            "the north half of the east edge becomes the north half of the west edge"
        );
    }

    #[test]
    fn a_declared_kinds_word_stays_a_word_when_mirrored() {
        let river = Layout::parse("river").unwrap();
        assert_eq!(Transform::Mirror.layout(&river), river);
        let custom = Layout::parse("field 30 river 60 field").unwrap();
        assert_eq!(Transform::Mirror.layout(&custom).to_string(), "field 40 river 70 field");
    }

    #[test]
    fn outlines_move_and_edges_follow_them() {
        let mut tile = base_tile("E");
        // A city cap over the west side.
        tile.features.get_mut("c").unwrap().polygons = vec![vec![[0.0, 0.0], [0.3, 0.3], [0.3, 0.7], [0.0, 1.0]]];
        tile.edges = [
            EdgeLayout("field".into()),
            EdgeLayout("field".into()),
            EdgeLayout("field".into()),
            EdgeLayout("city".into()),
        ];
        let mirrored = Transform::Mirror.tile(&tile);
        assert_eq!(
            mirrored.features["c"].polygons[0][0],
            [1.0, 1.0],
            "reversed, then mirrored"
        );
        assert_eq!(edges(&mirrored), ["field", "city", "field", "field"]);
        assert_eq!(mirrored.features["c"].on, [EdgeRef("E".into())]);
    }
}
