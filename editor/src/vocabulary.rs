//! The rules vocabulary a feature may use: the marks and printed tokens declared by the open
//! tile set and by the bundled files, by the kind of feature each goes on; and the badge
//! (label and colour) that stands for one of them in a drawing, derived from its id alone.

use std::collections::BTreeMap;

use egui::Color32;
use tilewright_engine::model::{Declarations, Declares, FeatureKind, TileSet};

/// The marks and tokens on offer, each id with the kind of feature it goes on and the file
/// that declares it.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Vocabulary {
    /// Marks by id.
    pub marks: BTreeMap<String, Offer>,
    /// Printed tokens by id.
    pub tokens: BTreeMap<String, Offer>,
}

/// A mark or token on offer.
#[derive(Debug, Clone, PartialEq)]
pub struct Offer {
    /// The kind of feature it goes on.
    pub kind: FeatureKind,
    /// The file that declares it.
    pub from: DeclaredBy,
}

/// The file that declares a mark or token: one of the bundled files' is played only with
/// that file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum DeclaredBy {
    /// The open file.
    ThisFile,
    /// A bundled tile set or expansion: its name and file name.
    Bundled {
        /// The file's name (`Inns & Cathedrals`).
        name: String,
        /// Its file name (`inns-and-cathedrals.toml`).
        file: String,
    },
}

impl DeclaredBy {
    /// A few words beside the offer: `this file`, `Inns & Cathedrals`.
    pub fn short(&self) -> String {
        match self {
            DeclaredBy::ThisFile => "this file".into(),
            DeclaredBy::Bundled { name, .. } => name.clone(),
        }
    }

    /// The offer's tooltip: where it is declared and what that means for play.
    pub fn explain(&self) -> String {
        match self {
            DeclaredBy::ThisFile => "Declared by this file".into(),
            DeclaredBy::Bundled { name, file } => {
                format!("Declared by the bundled {name} ({file}): it is played only with {name}")
            }
        }
    }
}

impl Vocabulary {
    /// What `set` declares and what the bundled tile sets and expansions do. Where an id is
    /// declared by both, the open set's declaration wins (it is the one the designer edits).
    pub fn for_set(set: &TileSet) -> Vocabulary {
        let mut out = Vocabulary::default();
        for file in tilewright_engine::bundled::catalog().declaring() {
            let path = &file.source.path;
            let from = DeclaredBy::Bundled {
                name: file.model.name().to_owned(),
                file: path
                    .file_name()
                    .map_or_else(|| path.display().to_string(), |f| f.to_string_lossy().into_owned()),
            };
            out.add(file.model.declarations(), &from);
        }
        out.add(set.declarations(), &DeclaredBy::ThisFile);
        out
    }

    fn add(&mut self, declared: Declarations<'_>, from: &DeclaredBy) {
        let offer = |kind| Offer {
            kind,
            from: from.clone(),
        };
        for (id, mark) in declared.marks {
            self.marks.insert(id.clone(), offer(mark.kind.feature_kind()));
        }
        for (id, token) in declared.tokens {
            self.tokens.insert(id.clone(), offer(token.kind));
        }
    }

    /// The marks a feature of `kind` may carry, each with the file that declares it.
    pub fn marks_for(&self, kind: FeatureKind) -> impl Iterator<Item = (&str, &DeclaredBy)> {
        on_kind(&self.marks, kind)
    }

    /// The tokens that may be printed on a feature of `kind`, each with the file that
    /// declares it.
    pub fn tokens_for(&self, kind: FeatureKind) -> impl Iterator<Item = (&str, &DeclaredBy)> {
        on_kind(&self.tokens, kind)
    }
}

fn on_kind(ids: &BTreeMap<String, Offer>, kind: FeatureKind) -> impl Iterator<Item = (&str, &DeclaredBy)> {
    ids.iter()
        .filter(move |(_, o)| o.kind == kind)
        .map(|(id, o)| (id.as_str(), &o.from))
}

pub use tilewright_picture::badge::label;

/// A badge's colour for `id` ([`tilewright_picture::badge::colour`]).
pub fn colour(id: &str) -> Color32 {
    let [r, g, b] = tilewright_picture::badge::colour(id);
    Color32::from_rgb(r, g, b)
}

#[cfg(test)]
mod tests {
    use tilewright_engine::model::PrintedToken;

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
        let ids =
            |offers: Vec<(&str, &DeclaredBy)>| offers.into_iter().map(|(id, _)| id.to_owned()).collect::<Vec<_>>();
        assert!(ids(v.marks_for(FeatureKind::Road).collect()).contains(&"inn".into()));
        assert!(ids(v.marks_for(FeatureKind::City).collect()).contains(&"cathedral".into()));
        assert!(!ids(v.marks_for(FeatureKind::Road).collect()).contains(&"cathedral".into()));
        assert!(ids(v.tokens_for(FeatureKind::City).collect()).contains(&"wine".into()));
        assert_eq!(
            v.tokens_for(FeatureKind::Road).collect::<Vec<_>>(),
            [("amber", &DeclaredBy::ThisFile)]
        );
        assert_eq!(v.marks_for(FeatureKind::Field).count(), 0);
        // Each offer names the file that declares it.
        let (_, inn) = v.marks_for(FeatureKind::Road).find(|(id, _)| *id == "inn").unwrap();
        assert!(
            matches!(inn, DeclaredBy::Bundled { name, file } if name.contains("Inns") && file.ends_with(".toml")),
            "{inn:?}"
        );
        assert!(inn.explain().contains("played only with"));
    }
}
