//! The colours of a tile's schematic drawing, as red, green, blue; every front end paints with
//! these, so a tile looks the same in the editor, an SVG file and a report.

/// A colour as red, green, blue.
pub type Rgb = [u8; 3];

/// Field background.
pub const FIELD: Rgb = [146, 180, 96];
/// Field texture strokes.
pub const FIELD_DARK: Rgb = [128, 162, 82];
/// City area.
pub const CITY: Rgb = [214, 178, 120];
/// City roofs.
pub const ROOF: Rgb = [178, 88, 62];
/// City wall.
pub const WALL: Rgb = [112, 82, 52];
/// Road surface.
pub const ROAD: Rgb = [242, 236, 220];
/// A declared edge kind's course (a river), whatever its name: a neutral blue.
pub const COURSE: Rgb = [96, 146, 196];
/// Road border.
pub const ROAD_EDGE: Rgb = [118, 108, 92];
/// Monastery walls.
pub const MONASTERY: Rgb = [236, 222, 196];
/// Abbey cloister floor.
pub const CLOISTER: Rgb = [200, 190, 170];
/// Abbey roofs.
pub const SLATE: Rgb = [84, 96, 118];
/// Pennant shield.
pub const PENNANT: Rgb = [44, 82, 170];
/// A garden's hedge.
pub const GARDEN: Rgb = [70, 130, 60];
/// A garden's flowers.
pub const FLOWER: Rgb = [235, 200, 80];
/// A hill marker.
pub const HILL: Rgb = [150, 112, 70];
/// A vineyard marker's grapes.
pub const GRAPE: Rgb = [110, 45, 125];
/// A volcano marker's slopes.
pub const ASH: Rgb = [96, 86, 80];
/// A volcano's crater and a dragon's fire.
pub const LAVA: Rgb = [232, 88, 28];
/// A dragon marker.
pub const DRAGON: Rgb = [170, 28, 40];
/// A magic portal's arch.
pub const PORTAL: Rgb = [92, 60, 160];
/// A magic portal's glow.
pub const GLOW: Rgb = [200, 180, 250];

/// `#rrggbb`, for SVG and CSS.
pub fn hex(c: Rgb) -> String {
    format!("#{:02x}{:02x}{:02x}", c[0], c[1], c[2])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hex_is_two_digits_a_channel() {
        assert_eq!(hex([0, 15, 255]), "#000fff");
        assert_eq!(hex(FIELD), "#92b460");
    }
}
