//! The editor's colours: the schematic drawing's palette as egui colours, each feature kind's
//! region colour and each seat's colour, shared by the panels, the pages and the board.

use egui::Color32;
use tilewright_engine::model::FeatureKind;

/// Colours of the schematic drawing ([`tilewright_picture::palette`]) as egui colours.
pub mod palette {
    use egui::Color32;
    use tilewright_picture::palette as rgb;

    const fn colour(c: rgb::Rgb) -> Color32 {
        Color32::from_rgb(c[0], c[1], c[2])
    }

    /// A colour of the schematic palette as an egui colour.
    pub const fn rgb(c: rgb::Rgb) -> Color32 {
        colour(c)
    }

    /// Field background.
    pub const FIELD: Color32 = colour(rgb::FIELD);
    /// Field texture strokes.
    pub const FIELD_DARK: Color32 = colour(rgb::FIELD_DARK);
    /// City area.
    pub const CITY: Color32 = colour(rgb::CITY);
    /// City roofs.
    pub const ROOF: Color32 = colour(rgb::ROOF);
    /// City wall.
    pub const WALL: Color32 = colour(rgb::WALL);
    /// Road surface.
    pub const ROAD: Color32 = colour(rgb::ROAD);
    /// A declared edge kind's course (a river).
    pub const COURSE: Color32 = colour(rgb::COURSE);
    /// Road border.
    pub const ROAD_EDGE: Color32 = colour(rgb::ROAD_EDGE);
    /// Monastery walls.
    pub const MONASTERY: Color32 = colour(rgb::MONASTERY);
    /// Abbey cloister floor.
    pub const CLOISTER: Color32 = colour(rgb::CLOISTER);
    /// Abbey roofs.
    pub const SLATE: Color32 = colour(rgb::SLATE);
    /// Pennant shield.
    pub const PENNANT: Color32 = colour(rgb::PENNANT);
    /// A garden's hedge.
    pub const GARDEN: Color32 = colour(rgb::GARDEN);
    /// A garden's flowers.
    pub const FLOWER: Color32 = colour(rgb::FLOWER);
}

/// The translucent colour of a feature kind's region.
pub fn kind_colour(kind: FeatureKind) -> Color32 {
    match kind {
        FeatureKind::City => Color32::from_rgb(235, 125, 35),
        FeatureKind::Road => Color32::from_rgb(250, 225, 60),
        FeatureKind::Field => Color32::from_rgb(40, 190, 90),
        FeatureKind::Monastery => Color32::from_rgb(220, 50, 60),
        FeatureKind::Garden => Color32::from_rgb(30, 170, 190),
    }
}

/// Seat colours, in the order of the engine's colour names (red, blue, green, yellow, black,
/// grey).
pub const SEAT_COLOURS: [Color32; 6] = [
    Color32::from_rgb(214, 48, 40),
    Color32::from_rgb(40, 96, 220),
    Color32::from_rgb(40, 160, 70),
    Color32::from_rgb(240, 200, 40),
    Color32::from_rgb(30, 30, 34),
    Color32::from_rgb(150, 150, 156),
];

/// The colour of seat `p`.
pub fn seat_colour(p: u8) -> Color32 {
    SEAT_COLOURS.get(usize::from(p)).copied().unwrap_or(Color32::WHITE)
}

/// The colour a seat is drawn in: its figures' colour on the board, black drawn light grey so
/// that it shows on a dark background.
pub fn seat_colour_on_dark(seat: u8) -> Color32 {
    let colour = seat_colour(seat);
    let dark = u16::from(colour.r()) + u16::from(colour.g()) + u16::from(colour.b()) < 150;
    if dark { Color32::from_gray(215) } else { colour }
}
