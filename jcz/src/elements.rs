//! What JCZ calls the things a Tilewright tile set declares: its game elements (the ids JCZ
//! saves in a game's setup, `inn`, `big-follower`...) and how a tile writes them.
//!
//! JCZ plays its own rules for each element. An export therefore names the element and says
//! when the set's own declaration differs from the bundled one of the same id (JCZ will not
//! play the difference); an import takes the bundled declaration for each element it meets.

use tilewright_engine::model::{FeatureKind, Marker, Mechanism};

/// Figures, by id, and the JCZ element each is (`None`: the base game's followers, always on).
pub const FIGURES: [(&str, Option<&str>); 9] = [
    ("follower", None),
    ("abbot", Some("abbot")),
    ("big-follower", Some("big-follower")),
    ("builder", Some("builder")),
    ("pig", Some("pig")),
    ("mayor", Some("mayor")),
    ("wagon", Some("wagon")),
    ("barn", Some("barn")),
    ("shepherd", Some("shepherd")),
];

/// Token bags, by id, and their element.
pub const BAGS: [(&str, &str); 1] = [("sheep", "shepherd")];

/// Marks, by id, the kind of feature that carries them, and their element (also the feature's
/// boolean attribute in the XML).
pub const MARKS: [(&str, FeatureKind, &str); 3] = [
    ("inn", FeatureKind::Road, "inn"),
    ("cathedral", FeatureKind::City, "cathedral"),
    ("princess", FeatureKind::City, "princess"),
];

/// Printed tokens JCZ knows: the city goods of its `traders` element, written `resource="…"`.
pub const GOODS: [&str; 3] = ["cloth", "grain", "wine"];
/// The element of the goods.
pub const GOODS_ELEMENT: &str = "traders";

/// The element of a mechanism.
pub fn mechanism_element(mechanism: Mechanism) -> &'static str {
    match mechanism {
        Mechanism::Abbey => "abbey",
        Mechanism::Hills => "hill",
        Mechanism::Vineyards => "vineyard",
        Mechanism::Dragon => "dragon",
        Mechanism::Portals => "portal",
        Mechanism::Fairy => "fairy",
    }
}

/// The element of a tile marker (also the empty element the tile carries: `<hill/>`).
pub fn marker_element(marker: Marker) -> &'static str {
    match marker {
        Marker::Hill => "hill",
        Marker::Vineyard => "vineyard",
        Marker::Volcano => "volcano",
        Marker::Dragon => "dragon",
        Marker::Portal => "portal",
    }
}

/// The element of a figure id, if JCZ has one (`Some(None)`: the base game's followers).
pub fn figure_element(id: &str) -> Option<Option<&'static str>> {
    FIGURES.iter().find(|(f, _)| *f == id).map(|(_, e)| *e)
}

/// The element of a bag id, if JCZ has one.
pub fn bag_element(id: &str) -> Option<&'static str> {
    BAGS.iter().find(|(b, _)| *b == id).map(|(_, e)| *e)
}

/// The element of a mark on a feature of `kind`, if JCZ has one.
pub fn mark_element(id: &str, kind: FeatureKind) -> Option<&'static str> {
    MARKS
        .iter()
        .find(|(m, k, _)| *m == id && *k == kind)
        .map(|(_, _, e)| *e)
}
