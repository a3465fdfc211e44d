//! The text of a new data file: the smallest tile set, expansion or rule set that reads as its
//! kind, for the editor's New and for commands that start a file.

use crate::edge::{Layout, SegmentKind, SegmentRef, Side};
use crate::schema::FileKind;

/// The text of a new file of `kind`. A tile set made `with_figures` is the start of an
/// expansion: tiles plus the figures it brings.
pub fn template(kind: FileKind, id: &str, with_figures: bool) -> String {
    let schema = format!("#:schema ../schemas/{}", kind.schema_file_name());
    let figures = "\n[figures.follower]\nrole = \"follower\"\ncount = 1\nstands-on = [\"city\", \"road\", \"field\", \"monastery\"]\n";
    match kind {
        FileKind::TileSet => {
            let (name, extra) = if with_figures {
                ("New expansion", figures)
            } else {
                ("New tile set", "")
            };
            // One tile, all field, its field reaching every side.
            let edges = Side::ALL.map(|_| format!("\"{}\"", Layout::word(SegmentKind::Field)));
            let on = Side::ALL.map(|side| format!("\"{}\"", SegmentRef::Side(side)));
            let (edges, on) = (edges.join(", "), on.join(", "));
            format!(
                "{schema}\nid = \"{id}\"\nname = \"{name}\"\neditions = [\"first-edition\"]\n{extra}\n[[tiles]]\nid = \"{id}/1\"\ncount = 1\nedges = [{edges}]\nfeatures.f = {{ kind = \"field\", on = [{on}] }}\n"
            )
        }
        FileKind::Expansion => format!("{schema}\nid = \"{id}\"\nname = \"New expansion\"\n{figures}"),
        FileKind::RuleSet => format!("{schema}\nid = \"{id}\"\nname = \"New rule set\"\nextends = \"first-edition\"\n"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{ExpansionFile, RuleSet, TileSet};
    use crate::source::Source;
    use crate::validate::{detect_kind, validate_sources};

    #[test]
    fn templates_read_as_their_kind_and_validate() {
        for (kind, figures) in FileKind::ALL.into_iter().flat_map(|k| [(k, false), (k, true)]) {
            let text = template(kind, "my-set", figures);
            assert_eq!(detect_kind(&text), Some(kind), "{kind:?}");
            let model = match kind {
                FileKind::TileSet => toml::from_str::<TileSet>(&text).map(drop),
                FileKind::Expansion => toml::from_str::<ExpansionFile>(&text).map(drop),
                FileKind::RuleSet => toml::from_str::<RuleSet>(&text).map(drop),
            };
            assert!(model.is_ok(), "{kind:?}: {model:?}");
            let report = validate_sources(vec![Source::new("new.toml", text)], crate::bundled::catalog());
            assert!(report.diagnostics.is_empty(), "{kind:?}: {:?}", report.diagnostics);
        }
    }
}
