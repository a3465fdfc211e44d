//! A tile's schematic as an SVG document: the same drawing the editor paints (fields, cities
//! with walls and roofs, roads, courses, crossings, houses, monasteries, abbeys, gardens,
//! pennants, markers, and a badge per mark or printed token), in a square `viewBox` of 100
//! units a side. Written with `maud`, so every text from the data (the tile's id and name, a
//! badge's letter) is escaped; the document names no element ids, so many can share one page.

use maud::{Markup, html};
use tilewright_model::{Marker, Tile};

use crate::badge;
use crate::geometry::{self, Point};
use crate::marker::{MarkerShape, marker_shapes};
use crate::palette::{self, Rgb};
use crate::schematic::{BADGE_STEP, Badge, BadgeKind, Schematic, schematic};

/// How a tile is drawn.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SvgOptions {
    /// The width and height the picture is shown at, in pixels: details too small to see at
    /// that size (the field texture, roofs, badge letters) are left out, as in the editor, and
    /// outlines keep about a pixel's width.
    pub size: u32,
}

impl Default for SvgOptions {
    fn default() -> SvgOptions {
        SvgOptions { size: 128 }
    }
}

/// Units of the `viewBox` per tile side.
const UNIT: f64 = 100.0;

/// The tile's schematic as a standalone SVG document (an `<svg>` element of class `tile` with
/// its namespace, which also goes inline into HTML as it is).
pub fn tile_svg(tile: &Tile, opts: SvgOptions) -> String {
    svg_element(tile, &schematic(tile), opts, Some("http://www.w3.org/2000/svg")).into_string()
}

/// [`tile_svg`] from a drawing of `tile` already made, as markup to place in an HTML page
/// (which needs no namespace).
pub fn tile_markup(tile: &Tile, drawing: &Schematic, opts: SvgOptions) -> Markup {
    svg_element(tile, drawing, opts, None)
}

/// The `<svg>` element, with the namespace `xmlns` if given.
fn svg_element(tile: &Tile, drawing: &Schematic, opts: SvgOptions, xmlns: Option<&str>) -> Markup {
    let size = opts.size.max(1);
    let pen = Pen {
        px: UNIT / f64::from(size),
        size: f64::from(size),
    };
    let title = if tile.name.is_empty() {
        tile.id.clone()
    } else {
        format!("{} ({})", tile.id, tile.name)
    };
    let view_box = format!("0 0 {UNIT} {UNIT}");
    html! {
        svg xmlns=[xmlns] viewBox=(view_box) width=(size) height=(size) role="img" class="tile" {
            title { (title) }
            (pen.body(drawing))
        }
    }
}

/// Sizes of the drawing: `px` is a screen pixel in `viewBox` units, `size` the pixels a side.
#[derive(Clone, Copy)]
struct Pen {
    px: f64,
    size: f64,
}

/// A number as SVG takes it: at most two decimals, no trailing zeros.
fn n(v: f64) -> String {
    let s = format!("{:.2}", v);
    let s = s.trim_end_matches('0').trim_end_matches('.');
    if s == "-0" { "0".to_owned() } else { s.to_owned() }
}

/// A tile point in `viewBox` units.
fn at(p: Point) -> [f64; 2] {
    [p[0] * UNIT, p[1] * UNIT]
}

/// Path data through `points` (tile units), closed with `close`.
fn path_data(points: &[Point], close: bool) -> String {
    let mut d = String::new();
    for (i, p) in points.iter().enumerate() {
        let [x, y] = at(*p);
        d.push_str(if i == 0 { "M" } else { " L" });
        d.push_str(&format!("{} {}", n(x), n(y)));
    }
    if close {
        d.push_str(" Z");
    }
    d
}

/// Path data of a polygon given in `viewBox` units.
fn polygon_data(points: &[[f64; 2]]) -> String {
    let mut d = String::new();
    for (i, p) in points.iter().enumerate() {
        d.push_str(if i == 0 { "M" } else { " L" });
        d.push_str(&format!("{} {}", n(p[0]), n(p[1])));
    }
    d.push_str(" Z");
    d
}

fn fill(c: Rgb) -> String {
    palette::hex(c)
}

/// A rectangle centred on `c` (`viewBox` units).
fn rect(c: [f64; 2], w: f64, h: f64, radius: f64, colour: Rgb) -> Markup {
    html! {
        rect x=(n(c[0] - w / 2.0)) y=(n(c[1] - h / 2.0)) width=(n(w)) height=(n(h)) rx=(n(radius)) fill=(fill(colour)) {}
    }
}

fn circle(c: [f64; 2], r: f64, colour: Rgb) -> Markup {
    html! { circle cx=(n(c[0])) cy=(n(c[1])) r=(n(r)) fill=(fill(colour)) {} }
}

impl Pen {
    /// A stroke width of `px` screen pixels, at least one.
    fn line(&self, px: f64) -> f64 {
        px.max(1.0) * self.px
    }

    fn body(&self, drawing: &Schematic) -> Markup {
        let s = UNIT;
        html! {
            rect width=(n(UNIT)) height=(n(UNIT)) fill=(fill(palette::FIELD)) {}
            @if self.size > 60.0 {
                (self.texture())
            }
            @for course in &drawing.courses {
                @for path in &course.paths {
                    path d=(path_data(path, false)) fill="none" stroke=(fill(palette::COURSE)) stroke-width=(n(course.width * s)) stroke-linejoin="round" {}
                }
            }
            @for road in &drawing.roads {
                @for path in &road.paths {
                    path d=(path_data(path, false)) fill="none" stroke=(fill(palette::ROAD_EDGE)) stroke-width=(n(road.width * s + 2.0 * self.px)) stroke-linejoin="round" {}
                    path d=(path_data(path, false)) fill="none" stroke=(fill(palette::ROAD)) stroke-width=(n(road.width * s)) stroke-linejoin="round" {}
                }
            }
            @for crossing in &drawing.crossings {
                @let (c, r) = (at(*crossing), s * 0.09);
                (rect(c, r * 2.0, r * 2.0, r * 0.3, palette::ROAD_EDGE))
                (rect([c[0], c[1] + r * 0.2], r * 1.2, r, self.px, palette::ROOF))
            }
            @for house in &drawing.houses {
                (self.house(at(*house), s * 0.07))
            }
            @for city in &drawing.cities {
                @if city.outline.len() >= 3 {
                    path d=(path_data(&city.outline, true)) fill=(fill(palette::CITY)) stroke=(fill(palette::WALL)) stroke-width=(n(self.line(self.size * 0.018))) stroke-linejoin="round" {}
                    @if self.size > 40.0 {
                        (self.roofs(&city.outline))
                    }
                }
            }
            @for city in &drawing.cities {
                @let anchor = drawing.anchors.get(&city.id).copied().unwrap_or([0.5, 0.5]);
                @for k in 0..city.pennants {
                    (self.pennant(at([anchor[0] + 0.09 + f64::from(k) * 0.07, anchor[1] - 0.06]), s * 0.05))
                }
            }
            @for (_, p) in &drawing.monasteries {
                (self.monastery(at(*p), s * 0.13))
            }
            @for (_, p) in &drawing.abbeys {
                (self.abbey(*p))
            }
            @for (_, p) in &drawing.gardens {
                (self.garden(at(*p), s * 0.08))
            }
            @for (marker, p) in &drawing.markers {
                (self.marker(*marker, at(*p), s * 0.09))
            }
            @for badge in &drawing.badges {
                (self.badge(badge))
            }
        }
    }

    /// A light field texture so large tiles do not look empty.
    fn texture(&self) -> Markup {
        let mut d = String::new();
        for i in 1..6 {
            let y = f64::from(i) / 6.0;
            for j in 0..5 {
                let x = (f64::from(j) + if i % 2 == 0 { 0.3 } else { 0.7 }) / 5.0;
                d.push_str(&path_data(&[[x - 0.025, y], [x + 0.025, y]], false));
                d.push(' ');
            }
        }
        html! {
            path d=(d.trim_end()) stroke=(fill(palette::FIELD_DARK)) stroke-width=(n(self.line(self.size * 0.006))) {}
        }
    }

    /// A few roofs so a city reads as a city.
    fn roofs(&self, outline: &[Point]) -> Markup {
        let centre = geometry::label_point(outline);
        let spots = [(-0.07, -0.02), (0.06, 0.01), (0.0, 0.06)]
            .map(|(dx, dy)| [centre[0] + dx, centre[1] + dy])
            .into_iter()
            .filter(|p| geometry::point_in_polygon(*p, outline) && geometry::distance_to_outline(*p, outline) > 0.04);
        let r = UNIT * 0.028;
        html! {
            @for p in spots {
                (rect(at(p), r * 1.6, r * 1.2, self.px, palette::ROOF))
            }
        }
    }

    fn house(&self, c: [f64; 2], r: f64) -> Markup {
        let roof = [
            [c[0] - r * 0.9, c[1] - r * 0.4],
            [c[0], c[1] - r * 1.1],
            [c[0] + r * 0.9, c[1] - r * 0.4],
        ];
        html! {
            (rect(c, r * 1.4, r, self.px, palette::MONASTERY))
            path d=(polygon_data(&roof)) fill=(fill(palette::ROOF)) {}
        }
    }

    /// A church: walls, a roof of `roof`'s colour and a door; also gives the walls' top.
    fn church(&self, c: [f64; 2], r: f64, roof: Rgb) -> (Markup, f64) {
        let body = [c[0], c[1] + r * 0.15];
        let (w, h) = (r * 1.3, r * 1.1);
        let (left, right, top, bottom) = (
            body[0] - w / 2.0,
            body[0] + w / 2.0,
            body[1] - h / 2.0,
            body[1] + h / 2.0,
        );
        let gable = [[left - r * 0.15, top], [c[0], top - r * 0.6], [right + r * 0.15, top]];
        let wall = n(self.px);
        let markup = html! {
            rect x=(n(left)) y=(n(top)) width=(n(w)) height=(n(h)) rx=(n(2.0 * self.px)) fill=(fill(palette::MONASTERY)) stroke=(fill(palette::WALL)) stroke-width=(wall) {}
            path d=(polygon_data(&gable)) fill=(fill(roof)) stroke=(fill(palette::WALL)) stroke-width=(wall) stroke-linejoin="round" {}
            (rect([c[0], bottom - r * 0.25], r * 0.3, r * 0.5, self.px, palette::WALL))
        };
        (markup, top)
    }

    fn monastery(&self, c: [f64; 2], r: f64) -> Markup {
        let (church, top) = self.church(c, r, palette::ROOF);
        let cross = [c[0], top - r * 0.85];
        let d = polyline_pair(
            [[cross[0], cross[1] - r * 0.2], [cross[0], cross[1] + r * 0.2]],
            [
                [cross[0] - r * 0.12, cross[1] - r * 0.07],
                [cross[0] + r * 0.12, cross[1] - r * 0.07],
            ],
        );
        html! {
            (church)
            path d=(d) stroke=(fill(palette::WALL)) stroke-width=(n(self.line(r * 0.08 * self.size / UNIT))) {}
        }
    }

    /// An abbey: a walled cloister whose walls run out to every side (its edges fit anything),
    /// around a larger church with a slate roof.
    fn abbey(&self, p: Point) -> Markup {
        let wall = n(self.line(self.size * 0.03).max(1.5 * self.px));
        let walls: String = [[p[0], 0.0], [1.0, p[1]], [p[0], 1.0], [0.0, p[1]]]
            .iter()
            .map(|end| path_data(&[p, *end], false))
            .collect::<Vec<_>>()
            .join(" ");
        let square = |r: f64, dy0: f64, dy1: f64| -> Vec<Point> {
            [[-r, dy0], [r, dy0], [r, dy1], [-r, dy1]]
                .iter()
                .map(|d| [p[0] + d[0], p[1] + d[1]])
                .collect()
        };
        let (church, _) = self.church(at([p[0], p[1] - 0.08]), UNIT * 0.15, palette::SLATE);
        html! {
            path d=(walls) stroke=(fill(palette::WALL)) stroke-width=(wall) {}
            path d=(path_data(&square(0.3, -0.3, 0.3), true)) fill=(fill(palette::CLOISTER)) stroke=(fill(palette::WALL)) stroke-width=(wall) {}
            path d=(path_data(&square(0.12, 0.04, 0.24), true)) fill=(fill(palette::FIELD)) stroke=(fill(palette::WALL)) stroke-width=(n(self.px)) {}
            (church)
        }
    }

    fn garden(&self, c: [f64; 2], r: f64) -> Markup {
        html! {
            (circle(c, r, palette::GARDEN))
            @for (dx, dy) in [(-0.4, -0.3), (0.35, -0.2), (0.0, 0.4)] {
                (circle([c[0] + dx * r, c[1] + dy * r], r * 0.22, palette::FLOWER))
            }
        }
    }

    /// A small shield.
    fn pennant(&self, c: [f64; 2], r: f64) -> Markup {
        let shield = [
            [c[0] - r * 0.6, c[1] - r * 0.6],
            [c[0] + r * 0.6, c[1] - r * 0.6],
            [c[0] + r * 0.6, c[1] + r * 0.1],
            [c[0], c[1] + r * 0.75],
            [c[0] - r * 0.6, c[1] + r * 0.1],
        ];
        html! {
            path d=(polygon_data(&shield)) fill=(fill(palette::PENNANT)) stroke="#ffffff" stroke-width=(n(self.line(r * 0.15 * self.size / UNIT))) stroke-linejoin="round" {}
        }
    }

    fn marker(&self, marker: Marker, c: [f64; 2], r: f64) -> Markup {
        let at = |p: [f64; 2]| [c[0] + p[0] * r, c[1] + p[1] * r];
        html! {
            @for shape in marker_shapes(marker) {
                @match shape {
                    MarkerShape::Polygon(points, colour) => {
                        @let points: Vec<[f64; 2]> = points.into_iter().map(at).collect();
                        path d=(polygon_data(&points)) fill=(fill(colour)) stroke=(fill(palette::WALL)) stroke-width=(n(self.px)) {}
                    }
                    MarkerShape::Disc(centre, radius, colour) => (circle(at(centre), radius * r, colour)),
                }
            }
        }
    }

    /// A mark (a disc) or a token (a rounded square) in the id's colour, with its label once
    /// the tile is large enough to read it, and the id in words as its title (a legend on
    /// hover).
    fn badge(&self, badge: &Badge) -> Markup {
        let c = at(badge.at);
        let r = BADGE_STEP * 0.45 * UNIT;
        let colour = fill(badge::colour(&badge.id));
        let outline = n(self.line(r * 0.15 * self.size / UNIT));
        let readable = r * self.size / UNIT >= 5.0;
        html! {
            @match badge.kind {
                BadgeKind::Mark => {
                    circle cx=(n(c[0])) cy=(n(c[1])) r=(n(r)) fill=(colour) stroke="#ffffff" stroke-opacity="0.86" stroke-width=(outline) {}
                }
                BadgeKind::Token => {
                    @let side = r * 1.7;
                    rect x=(n(c[0] - side / 2.0)) y=(n(c[1] - side / 2.0)) width=(n(side)) height=(n(side)) rx=(n(r * 0.3)) fill=(colour) stroke="#ffffff" stroke-opacity="0.86" stroke-width=(outline) {}
                }
            }
            @if readable {
                text x=(n(c[0])) y=(n(c[1])) font-size=(n(r * 1.0)) font-family="sans-serif" fill="#ffffff" text-anchor="middle" dominant-baseline="central" {
                    title { (badge_title(badge)) }
                    (badge::label(&badge.id))
                }
            }
        }
    }
}

/// A badge in words: `mark inn on feature r`, `token wine on feature c`.
fn badge_title(badge: &Badge) -> String {
    let kind = match badge.kind {
        BadgeKind::Mark => "mark",
        BadgeKind::Token => "token",
    };
    format!("{kind} {} on feature {}", badge.id, badge.feature)
}

/// Path data of two separate lines (`viewBox` units).
fn polyline_pair(a: [[f64; 2]; 2], b: [[f64; 2]; 2]) -> String {
    [a, b]
        .iter()
        .map(|l| format!("M{} {} L{} {}", n(l[0][0]), n(l[0][1]), n(l[1][0]), n(l[1][1])))
        .collect::<Vec<_>>()
        .join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;
    use tilewright_model::{Feature, FeatureKind, TileSet};

    fn base_tile(id: &str) -> Tile {
        let set: TileSet = crate::testing::bundled_sets().swap_remove(0);
        set.tiles.into_iter().find(|t| t.id == id).unwrap()
    }

    fn count(svg: &str, needle: &str) -> usize {
        svg.matches(needle).count()
    }

    #[test]
    fn a_tile_is_a_square_svg_with_its_features_drawn() {
        let tile = base_tile("D");
        let drawing = schematic(&tile);
        let svg = tile_svg(&tile, SvgOptions { size: 200 });
        assert!(svg.starts_with(
            "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 100 100\" width=\"200\" height=\"200\""
        ));
        assert!(svg.ends_with("</svg>"));
        // One walled city per city, two strokes per road path.
        assert_eq!(
            count(
                &svg,
                &format!("fill=\"{}\" stroke=\"{}\"", fill(palette::CITY), fill(palette::WALL))
            ),
            drawing.cities.len()
        );
        let road_paths: usize = drawing.roads.iter().map(|r| r.paths.len()).sum();
        assert!(road_paths > 0);
        assert_eq!(count(&svg, &format!("stroke=\"{}\"", fill(palette::ROAD))), road_paths);
        assert_eq!(
            count(&svg, &format!("stroke=\"{}\"", fill(palette::ROAD_EDGE))),
            road_paths
        );
    }

    #[test]
    fn markup_for_a_page_has_no_namespace() {
        let tile = base_tile("D");
        let markup = tile_markup(&tile, &schematic(&tile), SvgOptions::default()).into_string();
        assert!(markup.starts_with("<svg viewBox=\"0 0 100 100\""), "{markup}");
        assert_eq!(
            tile_svg(&tile, SvgOptions::default()).replace(" xmlns=\"http://www.w3.org/2000/svg\"", ""),
            markup
        );
    }

    #[test]
    fn small_pictures_leave_out_texture_and_badge_letters() {
        let mut tile = base_tile("D");
        let road = tile
            .features
            .values_mut()
            .find(|f| f.kind == FeatureKind::Road)
            .unwrap();
        road.marks = vec!["inn".into()];
        let large = tile_svg(&tile, SvgOptions { size: 256 });
        let small = tile_svg(&tile, SvgOptions { size: 32 });
        assert!(large.contains(&format!("stroke=\"{}\"", fill(palette::FIELD_DARK))));
        assert!(!small.contains(&format!("stroke=\"{}\"", fill(palette::FIELD_DARK))));
        // Its label, and the mark in words for a legend on hover.
        assert!(large.contains("<title>mark inn on feature"), "{large}");
        assert!(large.contains("</title>In</text>"), "{large}");
        assert!(!small.contains("<text"));
        // The badge is there at both sizes, in the id's colour.
        for svg in [&large, &small] {
            assert_eq!(count(svg, &format!("fill=\"{}\"", fill(badge::colour("inn")))), 1);
        }
    }

    #[test]
    fn every_text_from_the_data_is_escaped() {
        let mut tile = crate::testing::tile(
            ["field"; 4],
            vec![(
                "m",
                Feature {
                    ..Feature::new(FeatureKind::Monastery)
                },
            )],
        );
        tile.id = "<x&\"y>".into();
        tile.name = "</title><script>".into();
        tile.features.get_mut("m").unwrap().marks = vec!["<b".into()];
        let svg = tile_svg(&tile, SvgOptions { size: 400 });
        assert!(
            svg.contains("<title>&lt;x&amp;&quot;y&gt; (&lt;/title&gt;&lt;script&gt;)</title>"),
            "{svg}"
        );
        assert!(!svg.contains("<script"));
        assert!(!svg.contains("<b"));
        assert!(svg.contains(">B</text>"));
    }

    #[test]
    fn every_bundled_tile_draws_to_well_formed_markup() {
        for tile in &crate::testing::bundled_tiles() {
            let svg = tile_svg(tile, SvgOptions::default());
            // Every element opened is closed (no void elements, as XML wants).
            assert_eq!(
                count(&svg, "<") - count(&svg, "</"),
                count(&svg, "</"),
                "tile {}",
                tile.id
            );
            assert!(!svg.contains("NaN") && !svg.contains("inf"), "tile {}", tile.id);
        }
    }

    #[test]
    fn numbers_have_two_decimals_at_most() {
        assert_eq!(n(12.0), "12");
        assert_eq!(n(0.126), "0.13");
        assert_eq!(n(-0.001), "0");
        assert_eq!(n(3.10), "3.1");
    }
}
