//! The rules vocabulary a feature may use: the marks and printed tokens declared by the open
//! tile set and by the bundled files, by the kind of feature each goes on; and the badge
//! (initial and colour) that stands for one of them in a drawing, derived from its id alone.

use std::collections::BTreeMap;

use egui::Color32;
use tilewright_engine::model::{FeatureKind, Mark, PrintedToken, TileSet};

/// The marks and tokens on offer, each id with the kind of feature it goes on.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Vocabulary {
    /// Marks by id.
    pub marks: BTreeMap<String, FeatureKind>,
    /// Printed tokens by id.
    pub tokens: BTreeMap<String, FeatureKind>,
}

impl Vocabulary {
    /// What `set` declares and what the bundled tile sets and expansions do. Where an id is
    /// declared by both, the open set's declaration wins (it is the one the designer edits).
    pub fn for_set(set: &TileSet) -> Vocabulary {
        let mut out = Vocabulary::default();
        let catalog = tilewright_engine::bundled::catalog();
        let bundled = catalog
            .tilesets
            .iter()
            .map(|t| (&t.model.marks, &t.model.tokens))
            .chain(catalog.expansions.iter().map(|e| (&e.model.marks, &e.model.tokens)));
        for (marks, tokens) in bundled.chain([(&set.marks, &set.tokens)]) {
            out.add(marks, tokens);
        }
        out
    }

    fn add(&mut self, marks: &BTreeMap<String, Mark>, tokens: &BTreeMap<String, PrintedToken>) {
        for (id, mark) in marks {
            self.marks.insert(id.clone(), mark.kind.feature_kind());
        }
        for (id, token) in tokens {
            self.tokens.insert(id.clone(), token.kind);
        }
    }

    /// The marks a feature of `kind` may carry.
    pub fn marks_for(&self, kind: FeatureKind) -> impl Iterator<Item = &str> {
        on_kind(&self.marks, kind)
    }

    /// The tokens that may be printed on a feature of `kind`.
    pub fn tokens_for(&self, kind: FeatureKind) -> impl Iterator<Item = &str> {
        on_kind(&self.tokens, kind)
    }
}

fn on_kind(ids: &BTreeMap<String, FeatureKind>, kind: FeatureKind) -> impl Iterator<Item = &str> {
    ids.iter().filter(move |(_, k)| **k == kind).map(|(id, _)| id.as_str())
}

/// The letter a badge shows for `id`: its first letter or digit, upper case (`?` for none).
pub fn initial(id: &str) -> String {
    id.chars()
        .find(|c| c.is_alphanumeric())
        .map_or_else(|| "?".to_owned(), |c| c.to_uppercase().collect())
}

/// Badge colours: strong and dark enough for a white letter, and none near the drawing's
/// field green, city tan or road white, so a badge stands out wherever it sits.
const BADGE_COLOURS: [Color32; 8] = [
    Color32::from_rgb(52, 84, 170),
    Color32::from_rgb(128, 58, 160),
    Color32::from_rgb(176, 40, 60),
    Color32::from_rgb(20, 120, 130),
    Color32::from_rgb(190, 60, 140),
    Color32::from_rgb(60, 60, 70),
    Color32::from_rgb(0, 110, 190),
    Color32::from_rgb(90, 40, 110),
];

/// A badge's colour for `id`, picked by a hash of the id (FNV-1a, so the same id has the same
/// colour in every run and build); the high half is folded in, as FNV's low bits alone vary
/// little between short ids.
pub fn colour(id: &str) -> Color32 {
    let hash = id.bytes().fold(0xcbf2_9ce4_8422_2325_u64, |h, b| {
        (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    });
    BADGE_COLOURS[((hash ^ (hash >> 32)) % BADGE_COLOURS.len() as u64) as usize]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_bundled_vocabulary_is_offered_by_kind_and_the_open_set_adds_its_own() {
        let mut set = tilewright_engine::bundled::catalog()
            .tileset("base")
            .unwrap()
            .model
            .clone();
        let token: PrintedToken = serde_json::from_value(serde_json::json!({"kind": "road", "majority": 4})).unwrap();
        set.tokens.insert("amber".into(), token);
        let v = Vocabulary::for_set(&set);
        // Inns & Cathedrals declares a road mark and a city mark; Traders & Builders city tokens.
        assert!(v.marks_for(FeatureKind::Road).any(|m| m == "inn"));
        assert!(v.marks_for(FeatureKind::City).any(|m| m == "cathedral"));
        assert!(!v.marks_for(FeatureKind::Road).any(|m| m == "cathedral"));
        assert!(v.tokens_for(FeatureKind::City).any(|t| t == "wine"));
        assert_eq!(v.tokens_for(FeatureKind::Road).collect::<Vec<_>>(), ["amber"]);
        assert_eq!(v.marks_for(FeatureKind::Field).count(), 0);
    }

    #[test]
    fn a_badge_is_derived_from_the_id_alone() {
        assert_eq!(initial("wine"), "W");
        assert_eq!(initial("_x"), "X");
        assert_eq!(initial(""), "?");
        assert_eq!(colour("grain"), colour("grain"));
        // The bundled sets' kinds that can meet on one tile tell apart by colour too.
        for ids in [["wine", "grain", "cloth"].as_slice(), &["inn", "cathedral"]] {
            let colours: std::collections::BTreeSet<_> = ids.iter().map(|id| colour(id).to_array()).collect();
            assert_eq!(colours.len(), ids.len(), "{ids:?}");
        }
    }
}
