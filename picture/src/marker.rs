//! The pictures of tile markers (a hill, a vineyard, a volcano, a dragon), as shapes in units
//! of the marker's radius around its centre, so that the SVG and the editor draw them alike.

use tilewright_model::Marker;

use crate::palette::{self, Rgb};

/// One shape of a marker's picture, in units of its radius, y downwards.
#[derive(Debug, Clone, PartialEq)]
pub enum MarkerShape {
    /// A filled convex polygon, outlined in the wall colour.
    Polygon(Vec<[f64; 2]>, Rgb),
    /// A filled disc: centre, radius, colour.
    Disc([f64; 2], f64, Rgb),
}

/// The shapes of `marker`'s picture, back to front.
pub fn marker_shapes(marker: Marker) -> Vec<MarkerShape> {
    match marker {
        Marker::Hill => {
            let hill = (0..=12)
                .map(|i| {
                    let a = std::f64::consts::PI * f64::from(i) / 12.0;
                    [-a.cos(), -a.sin() * 0.7 + 0.35]
                })
                .collect();
            vec![MarkerShape::Polygon(hill, palette::HILL)]
        }
        Marker::Vineyard => [
            (-0.3, -0.3),
            (0.3, -0.3),
            (0.0, 0.0),
            (-0.3, 0.3),
            (0.3, 0.3),
            (0.0, 0.6),
        ]
        .into_iter()
        .map(|(x, y)| MarkerShape::Disc([x, y - 0.2], 0.22, palette::GRAPE))
        .collect(),
        Marker::Volcano => vec![
            MarkerShape::Polygon(vec![[-1.0, 0.6], [-0.3, -0.45], [0.3, -0.45], [1.0, 0.6]], palette::ASH),
            MarkerShape::Disc([0.0, -0.5], 0.28, palette::LAVA),
        ],
        Marker::Portal => vec![
            MarkerShape::Polygon(
                vec![
                    [-0.6, 0.7],
                    [-0.6, -0.2],
                    [-0.3, -0.6],
                    [0.3, -0.6],
                    [0.6, -0.2],
                    [0.6, 0.7],
                ],
                palette::PORTAL,
            ),
            MarkerShape::Disc([0.0, 0.1], 0.3, palette::GLOW),
        ],
        Marker::Dragon => vec![
            MarkerShape::Polygon(vec![[-0.9, -0.55], [0.9, -0.55], [0.0, 0.75]], palette::DRAGON),
            MarkerShape::Disc([0.0, -0.2], 0.18, palette::LAVA),
        ],
    }
}
