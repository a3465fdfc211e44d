//! Small pictures of figures and token bags, painted with egui's painter (no image files): a
//! meeple for a follower, a mayor, a wagon, a barn, a shepherd with a crook, and a bag's sheep
//! and wolf tokens. Each picture is one widget named for screen readers ("mayor picture").

use egui::{
    Align2, Color32, FontId, Painter, Pos2, Rect, Response, Role, Sense, Shape, Stroke, Ui, Vec2, WidgetInfo, pos2,
    vec2,
};
use serde_json::Value as Json;
use tilewright_engine::game::Mechanisms;
use tilewright_engine::model::FigureMechanism;

/// Side of a figure picture, in points.
pub const SIZE: f32 = 56.0;

/// The follower's colour.
const FOLLOWER: Color32 = Color32::from_rgb(200, 64, 52);
/// Wood for wagons and barns.
const WOOD: Color32 = Color32::from_rgb(150, 100, 56);
/// Roofs, wheels and the crook.
const DARK: Color32 = Color32::from_rgb(70, 48, 34);
/// The mayor's crown.
const GOLD: Color32 = Color32::from_rgb(232, 186, 48);
/// Sheep wool.
const WOOL: Color32 = Color32::from_rgb(246, 244, 236);
/// A wolf's fur.
const FUR: Color32 = Color32::from_rgb(64, 64, 72);

/// What a figure looks like. Each variant's doc names its fields.
#[allow(missing_docs)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Picture {
    /// A follower; `big` when its strength is more than 1.
    Follower { big: bool },
    /// A figure whose strength is the city's pennants.
    Mayor,
    /// A figure that moves after scoring.
    Wagon,
    /// The barn.
    Barn,
    /// The shepherd.
    Shepherd,
    /// A special figure without a mechanism of its own.
    Special,
    /// The dragon, which no player owns.
    Dragon,
    /// The fairy, which no player owns.
    Fairy,
}

impl Picture {
    /// The picture for a figure as the form holds it (JSON, possibly half edited).
    pub fn of(figure: &Json) -> Picture {
        // A mechanism's word makes the figure its own, drawn as the mechanism says.
        let word = figure.get("mechanism").cloned();
        let own = word.and_then(|word| serde_json::from_value::<FigureMechanism>(word).ok());
        let look = own.and_then(|word| Mechanisms::own_figures().find(|o| o.word == word));
        if let Some(picture) = look.and_then(|own| Picture::named(own.look)) {
            return picture;
        }
        let strength = figure.get("strength");
        if strength.and_then(Json::as_str) == Some("pennants") {
            return Picture::Mayor;
        }
        if figure.get("role").and_then(Json::as_str) == Some("special") {
            return Picture::Special;
        }
        Picture::Follower {
            big: strength.and_then(Json::as_u64).is_some_and(|s| s > 1),
        }
    }

    /// The picture of a mechanism's figures by the name the mechanism gives it
    /// (`Mechanisms::figure_look`), if the editor draws one by that name.
    pub fn named(look: &str) -> Option<Picture> {
        match look {
            "wagon" => Some(Picture::Wagon),
            "barn" => Some(Picture::Barn),
            "shepherd" => Some(Picture::Shepherd),
            "dragon" => Some(Picture::Dragon),
            "fairy" => Some(Picture::Fairy),
            _ => None,
        }
    }

    /// The picture's name, as read to screen readers ("mayor" for "mayor picture").
    pub fn name(self) -> &'static str {
        match self {
            Picture::Follower { big: false } => "follower",
            Picture::Follower { big: true } => "big follower",
            Picture::Mayor => "mayor",
            Picture::Wagon => "wagon",
            Picture::Barn => "barn",
            Picture::Shepherd => "shepherd",
            Picture::Special => "special figure",
            Picture::Dragon => "dragon",
            Picture::Fairy => "fairy",
        }
    }

    /// Paints the picture into `rect`.
    pub fn paint(self, painter: &Painter, rect: Rect) {
        match self {
            Picture::Follower { big: false } => meeple(painter, rect.shrink(rect.width() * 0.14), FOLLOWER),
            Picture::Follower { big: true } => meeple(painter, rect, FOLLOWER),
            Picture::Mayor => mayor(painter, rect),
            Picture::Wagon => wagon(painter, rect),
            Picture::Barn => barn(painter, rect),
            Picture::Shepherd => shepherd(painter, rect),
            Picture::Special => special(painter, rect),
            Picture::Dragon => dragon(painter, rect),
            Picture::Fairy => fairy(painter, rect),
        }
    }
}

/// A point at fractions `(x, y)` of `rect`.
fn at(rect: Rect, x: f32, y: f32) -> Pos2 {
    rect.lerp_inside(vec2(x, y))
}

/// A filled convex polygon through fractions of `rect`.
fn poly(painter: &Painter, rect: Rect, points: &[(f32, f32)], fill: Color32) {
    let points = points.iter().map(|&(x, y)| at(rect, x, y)).collect();
    painter.add(Shape::convex_polygon(points, fill, Stroke::NONE));
}

/// A meeple silhouette filling `rect`: head, arms, body and legs, each a convex piece.
pub fn meeple(painter: &Painter, rect: Rect, fill: Color32) {
    painter.circle_filled(at(rect, 0.5, 0.2), rect.width() * 0.14, fill);
    poly(
        painter,
        rect,
        &[(0.34, 0.32), (0.66, 0.32), (0.72, 0.72), (0.28, 0.72)],
        fill,
    );
    poly(
        painter,
        rect,
        &[
            (0.06, 0.44),
            (0.2, 0.36),
            (0.8, 0.36),
            (0.94, 0.44),
            (0.86, 0.54),
            (0.14, 0.54),
        ],
        fill,
    );
    poly(
        painter,
        rect,
        &[(0.28, 0.66), (0.5, 0.66), (0.42, 0.96), (0.14, 0.96)],
        fill,
    );
    poly(
        painter,
        rect,
        &[(0.5, 0.66), (0.72, 0.66), (0.86, 0.96), (0.58, 0.96)],
        fill,
    );
}

/// The mayor: a broad, round-shouldered figure with a crown.
pub fn mayor(painter: &Painter, rect: Rect) {
    let fill = Color32::from_rgb(60, 110, 190);
    let body = rect.shrink(rect.width() * 0.06);
    painter.circle_filled(at(body, 0.5, 0.3), body.width() * 0.14, fill);
    poly(
        painter,
        body,
        &[
            (0.3, 0.44),
            (0.7, 0.44),
            (0.86, 0.62),
            (0.9, 0.98),
            (0.1, 0.98),
            (0.14, 0.62),
        ],
        fill,
    );
    painter.circle_filled(at(body, 0.5, 0.5), body.width() * 0.22, fill);
    // The crown: a band with three points.
    poly(
        painter,
        body,
        &[(0.32, 0.14), (0.68, 0.14), (0.68, 0.2), (0.32, 0.2)],
        GOLD,
    );
    for x in [0.32, 0.5, 0.68] {
        poly(painter, body, &[(x - 0.07, 0.15), (x + 0.07, 0.15), (x, 0.02)], GOLD);
    }
}

/// A wagon: a box on two wheels, with its shaft.
pub fn wagon(painter: &Painter, rect: Rect) {
    let r = rect;
    painter.line_segment([at(r, 0.02, 0.56), at(r, 0.2, 0.5)], Stroke::new(2.5, DARK));
    painter.rect_filled(Rect::from_min_max(at(r, 0.18, 0.3), at(r, 0.92, 0.66)), 2.0, WOOD);
    painter.line_segment([at(r, 0.18, 0.42), at(r, 0.92, 0.42)], Stroke::new(1.0, DARK));
    for x in [0.34, 0.76] {
        painter.circle(at(r, x, 0.72), r.width() * 0.12, DARK, Stroke::new(1.5, WOOD));
        painter.circle_filled(at(r, x, 0.72), r.width() * 0.03, WOOD);
    }
}

/// A barn: a house with a pitched roof and a door.
pub fn barn(painter: &Painter, rect: Rect) {
    let r = rect;
    painter.rect_filled(Rect::from_min_max(at(r, 0.16, 0.46), at(r, 0.84, 0.94)), 0.0, WOOD);
    poly(painter, r, &[(0.04, 0.5), (0.5, 0.1), (0.96, 0.5)], DARK);
    painter.rect_filled(Rect::from_min_max(at(r, 0.4, 0.64), at(r, 0.6, 0.94)), 0.0, DARK);
    let door = Stroke::new(1.0, WOOD);
    painter.line_segment([at(r, 0.4, 0.64), at(r, 0.6, 0.94)], door);
    painter.line_segment([at(r, 0.6, 0.64), at(r, 0.4, 0.94)], door);
}

/// A shepherd: a slim figure holding a crook.
pub fn shepherd(painter: &Painter, rect: Rect) {
    let fill = Color32::from_rgb(70, 140, 80);
    let figure = Rect::from_min_max(at(rect, 0.04, 0.2), at(rect, 0.7, 1.0));
    meeple(painter, figure, fill);
    let crook = Stroke::new(2.5, DARK);
    painter.line_segment([at(rect, 0.78, 1.0), at(rect, 0.78, 0.16)], crook);
    let hook: Vec<Pos2> = (0..=8)
        .map(|i| {
            let a = std::f32::consts::PI * (i as f32 / 8.0);
            let c = at(rect, 0.87, 0.16);
            c + Vec2::angled(std::f32::consts::PI + a) * rect.width() * 0.09
        })
        .collect();
    painter.add(Shape::line(hook, crook));
}

/// A special figure without a picture of its own: a meeple in outline colours.
pub fn special(painter: &Painter, rect: Rect) {
    meeple(
        painter,
        rect.shrink(rect.width() * 0.14),
        Color32::from_rgb(140, 90, 170),
    );
}

/// A sheep token at `center`: a white fleece of overlapping circles, a dark head, and the
/// number of sheep it shows.
pub fn sheep(painter: &Painter, center: Pos2, radius: f32, shows: Option<u64>) {
    let r = radius;
    painter.circle_filled(center + vec2(r * 0.9, -r * 0.1), r * 0.35, DARK);
    for (dx, dy) in [(-0.45, -0.2), (0.2, -0.3), (-0.3, 0.3), (0.35, 0.25), (0.0, 0.0)] {
        painter.circle(
            center + vec2(dx * r, dy * r),
            r * 0.55,
            WOOL,
            Stroke::new(0.8, Color32::GRAY),
        );
    }
    painter.circle_filled(center, r * 0.6, WOOL);
    if let Some(n) = shows {
        painter.text(
            center,
            Align2::CENTER_CENTER,
            n.to_string(),
            FontId::proportional(r * 0.95),
            DARK,
        );
    }
}

/// A wolf token at `center`: a dark head with pointed ears and a snout.
pub fn wolf(painter: &Painter, center: Pos2, radius: f32) {
    let r = radius;
    // A pale disc behind, so the dark wolf shows on a dark background.
    painter.circle_filled(
        center + vec2(0.0, -0.05) * r,
        r * 1.05,
        Color32::from_rgb(150, 150, 160),
    );
    let ear = |x: f32| {
        vec![
            center + vec2(x - 0.3, -0.3) * r,
            center + vec2(x + 0.3, -0.3) * r,
            center + vec2(x, -1.0) * r,
        ]
    };
    painter.add(Shape::convex_polygon(ear(-0.45), FUR, Stroke::NONE));
    painter.add(Shape::convex_polygon(ear(0.45), FUR, Stroke::NONE));
    painter.circle_filled(center, r * 0.72, FUR);
    let snout = vec![
        center + vec2(-0.35, 0.2) * r,
        center + vec2(0.35, 0.2) * r,
        center + vec2(0.0, 0.95) * r,
    ];
    painter.add(Shape::convex_polygon(snout, FUR, Stroke::NONE));
    for x in [-0.28, 0.28] {
        painter.circle_filled(center + vec2(x, -0.05) * r, r * 0.1, Color32::from_rgb(240, 200, 60));
    }
}

/// Names a picture's response for screen readers and tests, with `hover` as its tooltip.
fn named(response: Response, name: String, hover: &str) -> Response {
    response.widget_info(|| WidgetInfo::labeled(Role::Image, true, &name));
    response.on_hover_text(hover)
}

/// Draws the picture of a figure (as the form holds it) and returns its response, named
/// "NAME picture".
pub fn figure(ui: &mut Ui, value: &Json) -> Response {
    let picture = Picture::of(value);
    let (rect, response) = ui.allocate_exact_size(Vec2::splat(SIZE), Sense::hover());
    if ui.is_rect_visible(rect) {
        let painter = ui.painter_at(rect);
        painter.rect_filled(rect, 6.0, ui.visuals().extreme_bg_color);
        picture.paint(&painter, rect.shrink(4.0));
    }
    let name = picture.name();
    named(response, format!("{name} picture"), name)
}

/// The tokens of a bag as the form holds it: (is a wolf, sheep shown, how many).
fn tokens(bag: &Json) -> Vec<(bool, Option<u64>, u64)> {
    let Some(tokens) = bag.get("tokens").and_then(Json::as_array) else {
        return Vec::new();
    };
    tokens
        .iter()
        .map(|t| {
            let wolf = t.get("kind").and_then(Json::as_str) == Some("wolf");
            let shows = t.get("value").and_then(Json::as_u64);
            (wolf, shows, t.get("count").and_then(Json::as_u64).unwrap_or(0))
        })
        .collect()
}

/// Draws a bag's tokens, a sheep or wolf per kind of token with how many are in the bag, and
/// returns the response, named "bag picture".
pub fn bag(ui: &mut Ui, value: &Json) -> Response {
    let tokens = tokens(value);
    let cell = 36.0;
    let width = (tokens.len().max(1) as f32 * cell).min(8.0 * cell);
    let (rect, response) = ui.allocate_exact_size(vec2(width, SIZE), Sense::hover());
    if ui.is_rect_visible(rect) {
        let painter = ui.painter_at(rect);
        painter.rect_filled(rect, 6.0, ui.visuals().extreme_bg_color);
        for (i, &(is_wolf, shows, count)) in tokens.iter().enumerate().take(8) {
            let center = pos2(rect.left() + cell * (i as f32 + 0.5), rect.top() + 22.0);
            if is_wolf {
                wolf(&painter, center, 12.0);
            } else {
                sheep(&painter, center, 12.0, shows);
            }
            painter.text(
                pos2(center.x, rect.bottom() - 8.0),
                Align2::CENTER_CENTER,
                format!("×{count}"),
                FontId::proportional(11.0),
                ui.visuals().text_color(),
            );
        }
    }
    let (sheep, wolves) = tokens
        .iter()
        .fold((0, 0), |(s, w), t| if t.0 { (s, w + t.2) } else { (s + t.2, w) });
    named(
        response,
        "bag picture".into(),
        &format!("{sheep} sheep tokens, {wolves} wolves"),
    )
}

/// The fairy: a slim figure with four pale wings.
fn fairy(painter: &Painter, rect: Rect) {
    const WING: Color32 = Color32::from_rgb(170, 210, 250);
    const BODY: Color32 = Color32::from_rgb(150, 60, 170);
    poly(painter, rect, &[(0.5, 0.45), (0.12, 0.18), (0.16, 0.5)], WING);
    poly(painter, rect, &[(0.5, 0.45), (0.84, 0.5), (0.88, 0.18)], WING);
    poly(painter, rect, &[(0.5, 0.55), (0.2, 0.62), (0.3, 0.82)], WING);
    poly(painter, rect, &[(0.5, 0.55), (0.7, 0.82), (0.8, 0.62)], WING);
    poly(
        painter,
        rect,
        &[(0.44, 0.34), (0.56, 0.34), (0.6, 0.86), (0.4, 0.86)],
        BODY,
    );
    painter.circle_filled(at(rect, 0.5, 0.24), rect.width() * 0.09, BODY);
}

/// The dragon: a red body with raised wings, a head and a tail.
fn dragon(painter: &Painter, rect: Rect) {
    const RED: Color32 = Color32::from_rgb(170, 28, 40);
    const DARK: Color32 = Color32::from_rgb(110, 16, 24);
    poly(painter, rect, &[(0.12, 0.18), (0.46, 0.5), (0.3, 0.62)], DARK);
    poly(painter, rect, &[(0.88, 0.18), (0.7, 0.62), (0.54, 0.5)], DARK);
    poly(
        painter,
        rect,
        &[(0.3, 0.5), (0.7, 0.5), (0.78, 0.72), (0.5, 0.84), (0.22, 0.72)],
        RED,
    );
    poly(painter, rect, &[(0.44, 0.3), (0.56, 0.3), (0.6, 0.5), (0.4, 0.5)], RED);
    painter.circle_filled(at(rect, 0.5, 0.26), rect.width() * 0.1, RED);
    poly(painter, rect, &[(0.62, 0.78), (0.92, 0.9), (0.66, 0.86)], RED);
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn figures_get_the_picture_of_what_they_do() {
        let of = |v: Json| Picture::of(&v);
        assert_eq!(
            of(json!({"role": "follower", "count": 7})),
            Picture::Follower { big: false }
        );
        assert_eq!(
            of(json!({"role": "follower", "strength": 2})),
            Picture::Follower { big: true }
        );
        assert_eq!(of(json!({"role": "follower", "strength": "pennants"})), Picture::Mayor);
        assert_eq!(
            of(json!({"role": "follower", "mechanism": "moves-after-scoring"})),
            Picture::Wagon
        );
        assert_eq!(of(json!({"role": "special", "mechanism": "barn"})), Picture::Barn);
        assert_eq!(
            of(json!({"role": "special", "mechanism": "shepherd"})),
            Picture::Shepherd
        );
        assert_eq!(of(json!({"role": "special"})), Picture::Special);
        assert_eq!(of(json!(null)), Picture::Follower { big: false });
    }

    #[test]
    fn a_bag_lists_its_tokens() {
        let bag = json!({"tokens": [{"kind": "sheep", "value": 2, "count": 5}, {"kind": "wolf", "count": 2}]});
        assert_eq!(tokens(&bag), [(false, Some(2), 5), (true, None, 2)]);
        assert!(tokens(&json!({})).is_empty());
    }
}
