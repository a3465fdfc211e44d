//! What tile sets and expansions declare for a game: the same six tables in both kinds of file,
//! read through one view so that each walk over them (gathering a game's, checking them,
//! exporting them) is written once.
//!
//! The tables stay plain fields of [`TileSet`] and [`ExpansionFile`]: both refuse unknown
//! keys, which serde's `flatten` cannot do, and each documents its tables for its own schema.

use std::collections::BTreeMap;

use crate::{Bag, ExpansionFile, Figure, Mark, Mechanism, PrintedToken, TileSet};

/// The declarations of one file, borrowed from it.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Declarations<'a> {
    /// Figures each player receives, by id.
    pub figures: &'a BTreeMap<String, Figure>,
    /// Bags of tokens drawn during play, by id.
    pub bags: &'a BTreeMap<String, Bag>,
    /// Rule mechanisms switched on.
    pub mechanisms: &'a [Mechanism],
    /// Marks a road or city can carry, by id.
    pub marks: &'a BTreeMap<String, Mark>,
    /// Defaults of the values the file's mechanisms read, by key.
    pub values: &'a BTreeMap<String, u32>,
    /// Kinds of token printed on features, by id.
    pub tokens: &'a BTreeMap<String, PrintedToken>,
}

/// A file that declares figures, bags, mechanisms, marks, values and printed tokens: a tile
/// set or an expansion.
pub trait Declares {
    /// The file's id.
    fn id(&self) -> &str;
    /// The file's name for people.
    fn name(&self) -> &str;
    /// What the file declares.
    fn declarations(&self) -> Declarations<'_>;
}

/// Implements [`Declares`] for a file type with the six tables as fields of those names.
macro_rules! declares {
    ($file:ty) => {
        impl Declares for $file {
            fn id(&self) -> &str {
                &self.id
            }

            fn name(&self) -> &str {
                &self.name
            }

            fn declarations(&self) -> Declarations<'_> {
                Declarations {
                    figures: &self.figures,
                    bags: &self.bags,
                    mechanisms: &self.mechanisms,
                    marks: &self.marks,
                    values: &self.values,
                    tokens: &self.tokens,
                }
            }
        }
    };
}

declares!(TileSet);
declares!(ExpansionFile);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_tile_set_and_an_expansion_declaring_the_same_tables_give_the_same_declarations() {
        let tables = "[figures.barn]\nrole = \"special\"\ncount = 1\nstands-on = [\"field-corner\"]\n\
                      mechanism = \"barn\"\n[values]\nbarn-final-per-city = 4\n\
                      [tokens.wine]\nkind = \"city\"\nmajority = 10\n";
        let set: TileSet = toml::from_str(&format!("id = \"s\"\nname = \"Set\"\n{tables}")).unwrap();
        let expansion: ExpansionFile = toml::from_str(&format!("id = \"e\"\nname = \"Exp\"\n{tables}")).unwrap();
        let files: [&dyn Declares; 2] = [&set, &expansion];
        assert_eq!(files.map(Declares::id), ["s", "e"]);
        assert_eq!(files.map(Declares::name), ["Set", "Exp"]);
        assert_eq!(set.declarations(), expansion.declarations());
        let declared = set.declarations();
        assert_eq!(declared.figures.keys().collect::<Vec<_>>(), ["barn"]);
        assert_eq!(declared.values["barn-final-per-city"], 4);
        assert!(declared.bags.is_empty() && declared.marks.is_empty() && declared.mechanisms.is_empty());
    }
}
