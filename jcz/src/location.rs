//! JCloisterZone locations: sides (`N E S W`), field halves (`NL NR EL ER SL SR WL WR`) and
//! inner areas (`I II III IV`), with the names JCZ gives their unions (the artwork keys).
//!
//! A half is numbered as Tilewright numbers the halves of a side, clockwise: JCZ's `NL` (the
//! west half of north) is Tilewright's `Nw`, `NR` is `Ne`, `EL` is `En` and so on, so half `h`
//! of side `s` is bit `2s + h` here as in JCZ.

use std::fmt;

use tilewright_engine::edge::Side;

/// The letters of the sides, clockwise from north.
const SIDES: [&str; 4] = ["N", "E", "S", "W"];
/// The field halves in JCZ's bit order.
const HALVES: [&str; 8] = ["NL", "NR", "EL", "ER", "SL", "SR", "WL", "WR"];
/// Inner locations.
const INNER: [&str; 4] = ["I", "II", "III", "IV"];
/// JCZ's named unions of sides, with their side bits (N=1, E=2, S=4, W=8).
const NAMED_SIDES: [(&str, u8); 11] = [
    ("NE", 0b0011),
    ("SE", 0b0110),
    ("SW", 0b1100),
    ("NW", 0b1001),
    ("WE", 0b1010),
    ("NS", 0b0101),
    ("NWSE", 0b1111),
    ("_N", 0b1110),
    ("_E", 0b1101),
    ("_S", 0b1011),
    ("_W", 0b0111),
];

/// Where a JCZ feature lies on its tile.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Location {
    /// Whole sides, one bit per side clockwise from north (city, road, river).
    Sides(u8),
    /// Field halves, one bit per half in JCZ's order (`NL` = 1 … `WR` = 128).
    Halves(u8),
    /// The `n`th inner area (1 = `I`).
    Inner(u8),
}

impl Location {
    /// The location of one side.
    pub fn side(side: Side) -> Location {
        Location::Sides(1 << side as u8)
    }

    /// The location of half `half` (0 or 1, clockwise) of `side`.
    pub fn half(side: Side, half: usize) -> Location {
        Location::Halves(1 << (2 * side as usize + half))
    }

    /// The union of two locations of the same form, or `None` when the forms differ.
    pub fn union(self, other: Location) -> Option<Location> {
        match (self, other) {
            (Location::Sides(a), Location::Sides(b)) => Some(Location::Sides(a | b)),
            (Location::Halves(a), Location::Halves(b)) => Some(Location::Halves(a | b)),
            (Location::Inner(a), Location::Inner(b)) if a == b => Some(self),
            _ => None,
        }
    }

    /// The sides covered (side locations only), clockwise from north.
    pub fn sides(self) -> Vec<Side> {
        match self {
            Location::Sides(bits) => Side::ALL.into_iter().filter(|s| bits & (1 << *s as u8) != 0).collect(),
            _ => Vec::new(),
        }
    }

    /// The halves covered (half locations only) as `(side, half)`.
    pub fn halves(self) -> Vec<(Side, usize)> {
        match self {
            Location::Halves(bits) => (0..8)
                .filter(|i| bits & (1 << i) != 0)
                .map(|i| (Side::from_index(i / 2), i % 2))
                .collect(),
            _ => Vec::new(),
        }
    }

    /// The first side or half of the location (itself for an inner area): enough for JCZ to
    /// name the feature holding it, as a field's `city` does.
    pub fn first(self) -> Location {
        match self {
            Location::Sides(bits) => Location::Sides(bits & bits.wrapping_neg()),
            Location::Halves(bits) => Location::Halves(bits & bits.wrapping_neg()),
            Location::Inner(_) => self,
        }
    }

    /// Whether every side or half of `part` is in this location (JCZ matches a field's `city`
    /// reference this way: `N` names a city on `N W`).
    pub fn contains(self, part: Location) -> bool {
        match (self, part) {
            (Location::Sides(a), Location::Sides(b)) | (Location::Halves(a), Location::Halves(b)) => {
                b != 0 && a & b == b
            }
            (a, b) => a == b,
        }
    }

    /// The atomic tokens, space-separated, as the built-in XML files write them (`N W`, `NL NR`).
    pub fn tokens(self) -> String {
        match self {
            Location::Sides(bits) => pick(&SIDES, u16::from(bits)).join(" "),
            Location::Halves(bits) => pick(&HALVES, u16::from(bits)).join(" "),
            Location::Inner(n) => INNER[usize::from(n.clamp(1, 4)) - 1].to_owned(),
        }
    }

    /// JCZ's canonical name, which artwork keys use: a named union when there is one (`N`,
    /// `NW`, `_S`, `NWSE`), else the halves joined with `.` (`EL.ER.SL`).
    pub fn key(self) -> String {
        match self {
            Location::Sides(bits) => NAMED_SIDES
                .iter()
                .find(|(_, b)| *b == bits)
                .map(|(name, _)| (*name).to_owned())
                .unwrap_or_else(|| pick(&SIDES, u16::from(bits)).join(".")),
            Location::Halves(bits) => pick(&HALVES, u16::from(bits)).join("."),
            Location::Inner(_) => self.tokens(),
        }
    }

    /// Reads a location as JCZ does: whitespace-separated tokens, each an atomic name, a named
    /// union or a dotted union; `INNER_FARM` (the 4.x name) is `I`. The tokens must all be of
    /// one form.
    pub fn parse(text: &str) -> Result<Location, String> {
        let mut found: Option<Location> = None;
        for token in text.split_whitespace().flat_map(|t| t.split('.')) {
            let one = one_token(token).ok_or_else(|| format!("`{token}` is not a location JCZ knows"))?;
            found = Some(match found {
                None => one,
                Some(before) => before
                    .union(one)
                    .ok_or_else(|| format!("`{text}` mixes sides, field halves and inner areas"))?,
            });
        }
        found.ok_or_else(|| "the location is empty".to_owned())
    }
}

fn one_token(token: &str) -> Option<Location> {
    if token == "INNER_FARM" {
        return Some(Location::Inner(1));
    }
    if let Some(i) = SIDES.iter().position(|s| *s == token) {
        return Some(Location::Sides(1 << i));
    }
    if let Some(i) = HALVES.iter().position(|s| *s == token) {
        return Some(Location::Halves(1 << i));
    }
    if let Some(i) = INNER.iter().position(|s| *s == token) {
        return Some(Location::Inner(i as u8 + 1));
    }
    NAMED_SIDES
        .iter()
        .find(|(name, _)| *name == token)
        .map(|(_, bits)| Location::Sides(*bits))
}

fn pick<'a>(names: &[&'a str], bits: u16) -> Vec<&'a str> {
    names
        .iter()
        .enumerate()
        .filter(|(i, _)| bits & (1 << i) != 0)
        .map(|(_, n)| *n)
        .collect()
}

impl fmt::Display for Location {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.tokens())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn halves_follow_tilewright_clockwise_order() {
        assert_eq!(Location::half(Side::N, 0).tokens(), "NL");
        assert_eq!(Location::half(Side::E, 0).tokens(), "EL");
        assert_eq!(Location::half(Side::S, 1).tokens(), "SR");
        assert_eq!(Location::half(Side::W, 1).tokens(), "WR");
    }

    #[test]
    fn keys_use_the_named_unions() {
        let l = |t| Location::parse(t).unwrap();
        assert_eq!(l("N W").key(), "NW");
        assert_eq!(l("E S W").key(), "_N");
        assert_eq!(l("N E S W").key(), "NWSE");
        assert_eq!(l("W E").key(), "WE");
        assert_eq!(l("S").key(), "S");
        assert_eq!(l("WR WL SR").key(), "SR.WL.WR");
        assert_eq!(l("II").key(), "II");
        assert_eq!(l("INNER_FARM"), Location::Inner(1));
        assert_eq!(l("NW"), l("N W"));
        assert_eq!(l("NL.NR"), l("NL NR"));
    }

    #[test]
    fn mixed_or_unknown_tokens_are_refused() {
        assert!(Location::parse("N NL").is_err());
        assert!(Location::parse("CLOISTER").is_err());
        assert!(Location::parse("").is_err());
    }

    #[test]
    fn a_partial_city_reference_matches() {
        let l = |t| Location::parse(t).unwrap();
        assert!(l("N W").contains(l("N")));
        assert!(!l("N").contains(l("N W")));
    }
}
