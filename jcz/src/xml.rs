//! JCZ tile XML: writing the 5.x dialect, reading the 5.x and the 4.x dialects.
//!
//! Written with `quick-xml` (escaping, indentation); read with `roxmltree`, a tree whose nodes
//! know their byte range, so a problem names its line and column.

use std::io;

use quick_xml::Writer;
use quick_xml::events::{BytesDecl, BytesText, Event};

use crate::defs::{Definitions, ExpansionDef, FeatureDef, Kind, Pos, TileDef, TileSetDef};
use crate::location::Location;

/// Most `<tile>` elements read from one file: JCZ's own files hold a few hundred, and no game
/// here plays more than [`MAX_TILE_TYPES`](tilewright_engine::limits::MAX_TILE_TYPES) types.
pub const MAX_TILES: usize = 10_000;
/// Most `<tile-set>` elements read from one file.
pub const MAX_SETS: usize = 1_000;
/// Most `<ref>` elements read from one file, over all its sets.
pub const MAX_REFS: usize = 100_000;
/// Most elements in one `<tile>` (its features, markers and other elements).
pub const MAX_TILE_ELEMENTS: usize = 256;

/// The element an export writes to name the start tile of a base game. JCZ reads only the
/// elements it knows, so it ignores this one; an import reads it back.
pub const START_ELEMENT: &str = "tilewright-start";

/// The `<tile>` attribute an export writes with the tile's own id (JCZ's is `<add-on>/<code>`),
/// ignored by JCZ as the start element is, so that an import gives the id back.
pub const SOURCE_ID: &str = "tilewright-id";

/// The `<tile>` attribute with the tile's name, likewise.
pub const SOURCE_NAME: &str = "tilewright-name";

/// `defs` as the text of a 5.x XML file.
pub fn write(defs: &Definitions) -> String {
    let mut writer = Writer::new_with_indent(Vec::new(), b' ', 2);
    write_into(&mut writer, defs).expect("writing into memory cannot fail");
    let mut text = String::from_utf8(writer.into_inner()).expect("the writer writes UTF-8");
    text.push('\n');
    text
}

fn write_into(w: &mut Writer<Vec<u8>>, defs: &Definitions) -> io::Result<()> {
    w.write_event(Event::Decl(BytesDecl::new("1.0", Some("utf-8"), None)))?;
    w.create_element("defs").write_inner_content(|w| {
        w.create_element("tiles").write_inner_content(|w| {
            for tile in &defs.tiles {
                let own = [
                    ("group", &tile.group),
                    (SOURCE_ID, &tile.source_id),
                    (SOURCE_NAME, &tile.name),
                ];
                w.create_element("tile")
                    .with_attribute(("id", tile.id.as_str()))
                    .with_attributes(own.iter().filter_map(|(k, v)| Some((*k, v.as_deref()?))))
                    .write_inner_content(|w| {
                        for feature in &tile.features {
                            write_feature(w, feature)?;
                        }
                        Ok(())
                    })?;
            }
            Ok(())
        })?;
        w.create_element("sets").write_inner_content(|w| {
            for set in &defs.sets {
                w.create_element("tile-set")
                    .with_attribute(("id", set.id.as_str()))
                    .write_inner_content(|w| {
                        for (tile, count) in &set.refs {
                            w.create_element("ref")
                                .with_attribute(("count", count.to_string().as_str()))
                                .with_attribute(("tile", tile.as_str()))
                                .write_empty()?;
                        }
                        Ok(())
                    })?;
            }
            Ok(())
        })?;
        if let Some(expansion) = &defs.expansion {
            write_expansion(w, expansion)?;
        }
        if let Some(start) = &defs.start {
            w.create_element(START_ELEMENT)
                .with_attribute(("tile", start.as_str()))
                .write_empty()?;
        }
        Ok(())
    })?;
    Ok(())
}

fn write_feature(w: &mut Writer<Vec<u8>>, f: &FeatureDef) -> io::Result<()> {
    let mut attrs: Vec<(&str, String)> = Vec::new();
    if f.pennants > 0 {
        attrs.push(("pennants", f.pennants.to_string()));
    }
    if f.cathedral {
        attrs.push(("cathedral", "true".into()));
    }
    if f.inn {
        attrs.push(("inn", "true".into()));
    }
    if f.princess {
        attrs.push(("princess", "true".into()));
    }
    if let Some(resource) = &f.resource {
        attrs.push(("resource", resource.clone()));
    }
    if let Some(side) = f.multi_edge {
        attrs.push(("multi-edge", side.letter().to_string()));
    }
    if !f.cities.is_empty() {
        let cities: Vec<String> = f.cities.iter().map(|c| c.tokens()).collect();
        attrs.push(("city", cities.join(" ")));
    }
    if !f.wagon.is_empty() {
        attrs.push(("wagon-move", f.wagon.join(" ")));
    }
    let element = w
        .create_element(f.kind.element())
        .with_attributes(attrs.iter().map(|(k, v)| (*k, v.as_str())));
    match (f.location, f.kind.is_inner()) {
        (Some(location), false) => element.write_text_content(BytesText::new(&location.tokens()))?,
        _ => element.write_empty()?,
    };
    Ok(())
}

fn write_expansion(w: &mut Writer<Vec<u8>>, e: &ExpansionDef) -> io::Result<()> {
    w.create_element("expansion")
        .with_attribute(("id", e.id.as_str()))
        .write_inner_content(|w| {
            w.create_element("title").write_text_content(BytesText::new(&e.title))?;
            if !e.description.is_empty() {
                w.create_element("description")
                    .write_text_content(BytesText::new(&e.description))?;
            }
            for set in &e.sets {
                w.create_element("ref")
                    .with_attribute(("tile-set", set.as_str()))
                    .write_empty()?;
            }
            for element in &e.implies {
                w.create_element("implies")
                    .with_attribute(("element", element.as_str()))
                    .write_empty()?;
            }
            for element in &e.enforces {
                w.create_element("enforces")
                    .with_attribute(("element", element.as_str()))
                    .write_empty()?;
            }
            Ok(())
        })?;
    Ok(())
}

/// A problem reading a JCZ XML file, where it is.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReadError {
    /// Where.
    pub pos: Pos,
    /// What is wrong.
    pub message: String,
}

/// Which dialect a file is written in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Dialect {
    /// JCZ 5.x: `<defs>`, `<monastery>`, `<field>`, counts in `<tile-set>`.
    V5,
    /// JCZ 4.x: `<pack>`, `<cloister>`, `<farm>`, counts on `<tile>`.
    V4,
}

/// Reads a JCZ XML file of either dialect. `name` names the one tile set of a 4.x file (whose
/// counts are on the tiles).
pub fn read(text: &str, name: &str) -> Result<(Definitions, Dialect), ReadError> {
    let doc = roxmltree::Document::parse(text).map_err(|e| {
        let at = e.pos();
        ReadError {
            pos: Pos {
                line: at.row,
                column: at.col,
            },
            message: format!("not well-formed XML: {e}"),
        }
    })?;
    let lines = Lines::new(text);
    let pos_of = |node: roxmltree::Node| lines.pos(node.range().start);
    let root = doc.root_element();
    let legacy = root.tag_name().name() == "pack"
        || root
            .descendants()
            .any(|n| matches!(n.tag_name().name(), "cloister" | "farm") || n.attribute("pennant").is_some());
    let dialect = if legacy { Dialect::V4 } else { Dialect::V5 };
    let mut defs = Definitions::default();
    let mut legacy_counts = TileSetDef {
        id: name.to_owned(),
        refs: Vec::new(),
    };
    let too_many = |node: roxmltree::Node, what: &str, most: usize| ReadError {
        pos: pos_of(node),
        message: format!(
            "more than {most} {what} in one file; split the file (JCZ's own files hold a few hundred tiles)"
        ),
    };
    for (i, node) in root.descendants().filter(|n| n.has_tag_name("tile")).enumerate() {
        if i == MAX_TILES {
            return Err(too_many(node, "<tile> elements", MAX_TILES));
        }
        if node
            .children()
            .filter(roxmltree::Node::is_element)
            .nth(MAX_TILE_ELEMENTS)
            .is_some()
        {
            return Err(ReadError {
                pos: pos_of(node),
                message: format!(
                    "the <tile> holds more than {MAX_TILE_ELEMENTS} elements; a tile has at most {} features",
                    tilewright_engine::limits::MAX_FEATURES
                ),
            });
        }
        let id = node.attribute("id").ok_or_else(|| ReadError {
            pos: pos_of(node),
            message: "a <tile> without an `id`".into(),
        })?;
        let mut tile = TileDef {
            id: id.to_owned(),
            source_id: node.attribute(SOURCE_ID).map(str::to_owned),
            name: node.attribute(SOURCE_NAME).map(str::to_owned),
            group: node.attribute("group").map(str::to_owned),
            features: Vec::new(),
            pos: pos_of(node),
        };
        let mut inner_fields = 0u8;
        // 4.x neighbour groups: whether the monastery is in the group, and the locations.
        let mut neighbours: Vec<(bool, Vec<Location>)> = Vec::new();
        for child in node.children().filter(roxmltree::Node::is_element) {
            let element = child.tag_name().name();
            match element {
                "position" => {
                    defs.start = Some(id.to_owned());
                    continue;
                }
                "wagon-move" => {
                    for group in child.children().filter(|n| n.has_tag_name("neighbouring")) {
                        let mut monastery = false;
                        let mut parts = Vec::new();
                        for token in group.text().unwrap_or_default().split_whitespace() {
                            if matches!(token, "CLOISTER" | "MONASTERY") {
                                monastery = true;
                            } else {
                                parts.push(Location::parse(token).map_err(|message| ReadError {
                                    pos: pos_of(group),
                                    message,
                                })?);
                            }
                        }
                        neighbours.push((monastery, parts));
                    }
                    continue;
                }
                _ => {}
            }
            let feature = read_feature(child, element, &mut inner_fields, pos_of(child))?;
            tile.features.push(feature);
        }
        // 4.x neighbour groups become 5.x labels: a feature takes a group's label when it
        // holds one of the group's locations.
        for (i, (monastery, group)) in neighbours.iter().enumerate() {
            let label = label(i);
            for feature in &mut tile.features {
                let holds = |part: &Location| feature.location.is_some_and(|at| at.contains(*part));
                if (*monastery && feature.kind == Kind::Monastery) || group.iter().any(holds) {
                    feature.wagon.push(label.clone());
                }
            }
        }
        if let Some(count) = node.attribute("count") {
            legacy_counts
                .refs
                .push((id.to_owned(), whole(count, id, pos_of(node))?));
        }
        defs.tiles.push(tile);
    }
    let mut refs = legacy_counts.refs.len();
    for (i, node) in root.descendants().filter(|n| n.has_tag_name("tile-set")).enumerate() {
        if i == MAX_SETS {
            return Err(too_many(node, "<tile-set> elements", MAX_SETS));
        }
        let mut set = TileSetDef {
            id: node.attribute("id").unwrap_or_default().to_owned(),
            refs: Vec::new(),
        };
        for r in node.children().filter(|n| n.has_tag_name("ref")) {
            refs += 1;
            if refs > MAX_REFS {
                return Err(too_many(r, "<ref> elements", MAX_REFS));
            }
            let tile = r.attribute("tile").unwrap_or_default();
            // JCZ's client counts a missing `count` as 1.
            let count = whole(r.attribute("count").unwrap_or("1"), tile, pos_of(r))?;
            set.refs.push((tile.to_owned(), count));
        }
        defs.sets.push(set);
    }
    if defs.sets.is_empty() && !legacy_counts.refs.is_empty() {
        defs.sets.push(legacy_counts);
    }
    if let Some(node) = root.children().find(|n| n.has_tag_name("expansion")) {
        let texts = |tag: &str| -> Option<String> {
            node.children()
                .find(|n| n.has_tag_name(tag))
                .map(|n| n.text().unwrap_or_default().trim().to_owned())
        };
        let attrs = |tag: &str, attr: &str| -> Vec<String> {
            node.children()
                .filter(|n| n.has_tag_name(tag))
                .filter_map(|n| n.attribute(attr).map(str::to_owned))
                .collect()
        };
        if let Some(extra) = node.children().filter(roxmltree::Node::is_element).nth(MAX_SETS) {
            return Err(too_many(extra, "elements in the <expansion>", MAX_SETS));
        }
        defs.expansion = Some(ExpansionDef {
            id: node.attribute("id").unwrap_or_default().to_owned(),
            title: texts("title").unwrap_or_default(),
            description: texts("description").unwrap_or_default(),
            sets: attrs("ref", "tile-set"),
            implies: attrs("implies", "element"),
            enforces: attrs("enforces", "element"),
        });
    }
    if let Some(node) = root.children().find(|n| n.has_tag_name(START_ELEMENT)) {
        defs.start = node.attribute("tile").map(str::to_owned);
    }
    Ok((defs, dialect))
}

/// Lines and columns of byte offsets in a text, found in time linear in the text over all the
/// offsets asked in order (as a tree is walked): each line's start is found once, and a column
/// is counted on from the last one asked on the same line, so neither many elements nor one
/// long line makes reading quadratic.
struct Lines<'a> {
    text: &'a str,
    /// The byte offset of each line's start.
    starts: Vec<usize>,
    /// The last offset asked, with its column.
    last: std::cell::Cell<(usize, u32)>,
}

impl<'a> Lines<'a> {
    fn new(text: &'a str) -> Lines<'a> {
        let starts = std::iter::once(0)
            .chain(text.match_indices('\n').map(|(i, _)| i + 1))
            .collect();
        Lines {
            text,
            starts,
            last: std::cell::Cell::new((0, 1)),
        }
    }

    /// The one-based line and column (in characters) of byte offset `at`.
    fn pos(&self, at: usize) -> Pos {
        let at = at.min(self.text.len());
        let line = self.starts.partition_point(|&s| s <= at).max(1);
        let start = self.starts[line - 1];
        let (last, column) = self.last.get();
        let (from, column) = if last >= start && last <= at {
            (last, column)
        } else {
            (start, 1)
        };
        let column = column + self.text.get(from..at).map_or(0, |t| t.chars().count()) as u32;
        self.last.set((at, column));
        Pos {
            line: u32::try_from(line).unwrap_or(u32::MAX),
            column,
        }
    }
}

/// A count of tile `tile`, at `pos`: at most the copies of a tile a game holds.
fn whole(count: &str, tile: &str, pos: Pos) -> Result<u32, ReadError> {
    let most = tilewright_engine::limits::MAX_COPIES;
    count.parse().ok().filter(|n| *n <= most).ok_or_else(|| ReadError {
        pos,
        message: format!("the count `{count}` of tile `{tile}` is not a whole number from 0 to {most} (the most copies of a tile a game holds)"),
    })
}

/// The `i`th wagon-move label: `a`…`z`, then `a1`….
fn label(i: usize) -> String {
    let letter = char::from(b'a' + (i % 26) as u8);
    if i < 26 {
        letter.to_string()
    } else {
        format!("{letter}{}", i / 26)
    }
}

fn read_feature(
    node: roxmltree::Node,
    element: &str,
    inner_fields: &mut u8,
    pos: Pos,
) -> Result<FeatureDef, ReadError> {
    let at = |message: String| ReadError { pos, message };
    let kind = Kind::of_element(element);
    let text = node.text().unwrap_or_default().trim();
    let location = if kind.is_inner() || text.is_empty() {
        None
    } else if matches!(text, "INNER_FARM" | "INNER_FIELD") {
        // 4.x writes every inner field the same; each is its own area.
        *inner_fields += 1;
        Some(Location::Inner(*inner_fields))
    } else {
        Some(Location::parse(text).map_err(|e| at(format!("<{element}> `{text}`: {e}")))?)
    };
    let mut feature = FeatureDef::new(kind, location);
    feature.pos = pos;
    for attr in node.attributes() {
        let value = attr.value();
        match attr.name() {
            "pennants" => {
                feature.pennants = value.parse().map_err(|_| {
                    at(format!(
                        "`pennants=\"{value}\"` is not a whole number from 0 to {}",
                        u32::MAX
                    ))
                })?;
            }
            "pennant" => feature.pennants = u32::from(yes(value)),
            "cathedral" => feature.cathedral = yes(value),
            "inn" => feature.inn = yes(value),
            "princess" => feature.princess = yes(value),
            "resource" => feature.resource = Some(value.to_owned()),
            "city" => {
                feature.cities = value
                    .split_whitespace()
                    .map(Location::parse)
                    .collect::<Result<_, _>>()
                    .map_err(|e| at(format!("`city=\"{value}\"`: {e}")))?;
            }
            "multi-edge" => match Location::parse(value) {
                Ok(Location::Sides(bits)) if bits.count_ones() == 1 => {
                    feature.multi_edge = Location::Sides(bits).sides().first().copied();
                }
                _ => return Err(at(format!("`multi-edge=\"{value}\"` is not one side"))),
            },
            "wagon-move" => feature.wagon = value.split_whitespace().map(str::to_owned).collect(),
            // Allowed by default, forbidden by `false`: a castle needs JCZ's Castle rules, which
            // a Tilewright tile set does not have, so neither value changes the tile here.
            "castle-base" => {}
            other => feature.unread.push(format!("{other}=\"{value}\"")),
        }
    }
    Ok(feature)
}

/// JCZ's booleans: `true`, `yes` or `1`.
fn yes(value: &str) -> bool {
    matches!(value, "true" | "yes" | "1")
}
