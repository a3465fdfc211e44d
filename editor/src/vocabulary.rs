//! The rules vocabulary a feature may use: the marks and printed tokens declared by the open
//! tile set and by the bundled files, by the kind of feature each goes on; and the badge
//! (label and colour) that stands for one of them in a drawing, derived from its id alone.

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

pub use tilewright_picture::badge::label;

/// A badge's colour for `id` ([`tilewright_picture::badge::colour`]).
pub fn colour(id: &str) -> Color32 {
    let [r, g, b] = tilewright_picture::badge::colour(id);
    Color32::from_rgb(r, g, b)
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
}
