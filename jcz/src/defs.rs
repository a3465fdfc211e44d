//! A typed JCloisterZone tile definition file (5.x dialect): tiles with their features, tile
//! sets with counts, and the `<expansion>` that shows the sets in JCZ's game setup.

use crate::location::Location;

/// The content of one JCZ XML file.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Definitions {
    /// Tile types, in file order.
    pub tiles: Vec<TileDef>,
    /// Tile sets, in file order.
    pub sets: Vec<TileSetDef>,
    /// The add-on's expansion, if the file declares one.
    pub expansion: Option<ExpansionDef>,
    /// The tile that starts the game, when the file says (the 4.x dialect's `<position>`, or
    /// the `<tilewright-start>` hint an export writes for a base game, which JCZ ignores).
    pub start: Option<String>,
}

/// Where an element was in its file: one-based line and column.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Pos {
    /// One-based line.
    pub line: u32,
    /// One-based column.
    pub column: u32,
}

/// One `<tile>`.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct TileDef {
    /// The tile id, such as `my-tiles/CR`.
    pub id: String,
    /// The tile's id in the tile set it was exported from (`tilewright-id`), which JCZ ignores
    /// and an import gives back.
    pub source_id: Option<String>,
    /// The tile's name in that set (`tilewright-name`), likewise.
    pub name: Option<String>,
    /// JCZ's `group`: when the tile is dealt (`river-spring`, `river`, `river-lake`...).
    pub group: Option<String>,
    /// The features, in file order (cities before the fields that name them).
    pub features: Vec<FeatureDef>,
    /// Where the tile was read from.
    pub pos: Pos,
}

/// Kinds of feature element.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Kind {
    /// `<city>`.
    City,
    /// `<road>`.
    Road,
    /// `<field>` (`<farm>` in 4.x).
    Field,
    /// `<monastery/>` (`<cloister/>` in 4.x).
    Monastery,
    /// `<garden/>`.
    Garden,
    /// `<hill/>`: the tile is a hill tile.
    Hill,
    /// `<vineyard/>`: the tile shows a vineyard.
    Vineyard,
    /// `<volcano/>`: the dragon flies to the tile.
    Volcano,
    /// `<dragon/>`: the tile sends the dragon moving.
    Dragon,
    /// `<portal/>`: a magic portal.
    Portal,
    /// Any other element, by name (`tower`, `dragon`, `river`...).
    Other(String),
}

impl Kind {
    /// The element name in the 5.x dialect.
    pub fn element(&self) -> &str {
        match self {
            Kind::City => "city",
            Kind::Road => "road",
            Kind::Field => "field",
            Kind::Monastery => "monastery",
            Kind::Garden => "garden",
            Kind::Hill => "hill",
            Kind::Vineyard => "vineyard",
            Kind::Volcano => "volcano",
            Kind::Dragon => "dragon",
            Kind::Portal => "portal",
            Kind::Other(name) => name,
        }
    }

    /// The element of a name (4.x spellings included).
    pub fn of_element(name: &str) -> Kind {
        match name {
            "city" => Kind::City,
            "road" => Kind::Road,
            "field" | "farm" => Kind::Field,
            "monastery" | "cloister" => Kind::Monastery,
            "garden" => Kind::Garden,
            "hill" => Kind::Hill,
            "vineyard" => Kind::Vineyard,
            "volcano" => Kind::Volcano,
            "dragon" => Kind::Dragon,
            "portal" => Kind::Portal,
            other => Kind::Other(other.to_owned()),
        }
    }

    /// The class JCZ's artwork names the feature by (`City/N`), for kinds a follower can
    /// stand on or that score; `None` for tile markers.
    pub fn artwork_class(&self) -> Option<&'static str> {
        match self {
            Kind::City => Some("City"),
            Kind::Road => Some("Road"),
            Kind::Field => Some("Field"),
            Kind::Monastery => Some("Monastery"),
            Kind::Garden => Some("Garden"),
            _ => None,
        }
    }

    /// Whether the element has no location text (JCZ puts it at `I`).
    pub fn is_inner(&self) -> bool {
        matches!(
            self,
            Kind::Monastery | Kind::Garden | Kind::Hill | Kind::Vineyard | Kind::Volcano | Kind::Dragon | Kind::Portal
        )
    }
}

/// One feature element of a tile.
#[derive(Debug, Clone, PartialEq)]
pub struct FeatureDef {
    /// What it is.
    pub kind: Kind,
    /// Where it lies: `None` for elements without a location (monastery, garden, markers).
    pub location: Option<Location>,
    /// City: `pennants`.
    pub pennants: u32,
    /// City: `cathedral="true"`.
    pub cathedral: bool,
    /// Road: `inn="true"`.
    pub inn: bool,
    /// City: `princess="true"`.
    pub princess: bool,
    /// City: `resource` (`cloth`, `grain`, `wine`).
    pub resource: Option<String>,
    /// City: the side whose second city segment this city is (`multi-edge`), when two cities
    /// share a side; the first lists the side in its location.
    pub multi_edge: Option<tilewright_engine::edge::Side>,
    /// Field: the cities it borders (`city="N W"` names the cities on `N` and on `W`).
    pub cities: Vec<Location>,
    /// `wagon-move` labels: features of a tile sharing one are neighbours for the wagon.
    pub wagon: Vec<String>,
    /// Attributes this toolkit does not read, by name, so an import can name them.
    pub unread: Vec<String>,
    /// Where the element was read from.
    pub pos: Pos,
}

impl FeatureDef {
    /// A feature of `kind` at `location`, with nothing else set.
    pub fn new(kind: Kind, location: Option<Location>) -> FeatureDef {
        FeatureDef {
            kind,
            location,
            pennants: 0,
            cathedral: false,
            inn: false,
            princess: false,
            resource: None,
            multi_edge: None,
            cities: Vec::new(),
            wagon: Vec::new(),
            unread: Vec::new(),
            pos: Pos::default(),
        }
    }

    /// JCZ's artwork key of the feature (`City/N`, `Field/EL.ER.SL`, `Monastery/I`), or `None`
    /// for tile markers.
    pub fn artwork_key(&self) -> Option<String> {
        let class = self.kind.artwork_class()?;
        let location = self.location.unwrap_or(Location::Inner(1));
        Some(format!("{class}/{}", location.key()))
    }
}

/// One `<tile-set>`.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct TileSetDef {
    /// The set id: `name`, or `name:1`/`name:2` for the editions.
    pub id: String,
    /// Tile ids with their counts, in file order.
    pub refs: Vec<(String, u32)>,
}

/// The `<expansion>` of an add-on.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct ExpansionDef {
    /// `UPPER_SNAKE` id, not one of JCZ's own.
    pub id: String,
    /// Title shown in the game setup.
    pub title: String,
    /// Description, paragraphs split by blank lines.
    pub description: String,
    /// Base ids of the tile sets (`my-tiles` links `my-tiles`, `my-tiles:1` and `my-tiles:2`).
    pub sets: Vec<String>,
    /// Game elements the expansion switches on by default (`inn`, `cathedral`...).
    pub implies: Vec<String>,
    /// Game elements the expansion forces on.
    pub enforces: Vec<String>,
}
