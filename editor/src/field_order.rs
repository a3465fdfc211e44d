//! The order in which the model declares its fields (id and name first, as in the files),
//! which generated forms follow. The committed schemas list properties alphabetically, so the
//! order is read from the model's own `Deserialize`: serde hands every struct's field names,
//! in declaration order, to the deserializer it reads from.

use serde::Deserialize;
use serde::de::{self, Visitor};
use tilewright_engine::FileKind;
use tilewright_engine::model::{
    Bag, DealGroup, ExpansionFile, Feature, Figure, Mark, MarkValues, PrintedToken, RuleSet, Tile, TileSet, Token,
};

/// The fields of the file's top level, in declaration order.
pub fn top_level(kind: FileKind) -> &'static [&'static str] {
    match kind {
        FileKind::TileSet => fields_of::<TileSet>(),
        FileKind::Expansion => fields_of::<ExpansionFile>(),
        FileKind::RuleSet => fields_of::<RuleSet>(),
    }
}

/// The fields of the schema definition `def` (a `$defs` name), in declaration order, for the
/// model's structs; `None` for definitions that are not one.
pub fn of_definition(def: &str) -> Option<&'static [&'static str]> {
    Some(match def {
        "Figure" => fields_of::<Figure>(),
        "Bag" => fields_of::<Bag>(),
        "Token" => fields_of::<Token>(),
        "Tile" => fields_of::<Tile>(),
        "Feature" => fields_of::<Feature>(),
        "Mark" => fields_of::<Mark>(),
        "MarkValues" => fields_of::<MarkValues>(),
        "PrintedToken" => fields_of::<PrintedToken>(),
        "DealGroup" => fields_of::<DealGroup>(),
        _ => return None,
    })
}

/// Sorts `keys` by their place in `declared`; keys it does not name go last, alphabetically.
pub fn sort<K: AsRef<str>>(keys: &mut [K], declared: &[&str]) {
    keys.sort_by_key(|k| {
        let k = k.as_ref();
        (
            declared.iter().position(|d| *d == k).unwrap_or(usize::MAX),
            k.to_owned(),
        )
    });
}

/// The field names serde's derive gives to `deserialize_struct`.
fn fields_of<'de, T: Deserialize<'de>>() -> &'static [&'static str] {
    match T::deserialize(FieldNames) {
        Err(Caught(fields)) => fields,
        Ok(_) => &[],
    }
}

/// A deserializer that reads nothing: it only catches the field names it is asked for.
struct FieldNames;

/// The error that carries the caught names out.
#[derive(Debug)]
struct Caught(&'static [&'static str]);

impl std::fmt::Display for Caught {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "fields {:?}", self.0)
    }
}

impl std::error::Error for Caught {}

impl de::Error for Caught {
    fn custom<M: std::fmt::Display>(_: M) -> Self {
        Caught(&[])
    }
}

impl<'de> de::Deserializer<'de> for FieldNames {
    type Error = Caught;

    fn deserialize_any<V: Visitor<'de>>(self, _: V) -> Result<V::Value, Caught> {
        Err(Caught(&[]))
    }

    fn deserialize_struct<V: Visitor<'de>>(
        self,
        _: &'static str,
        fields: &'static [&'static str],
        _: V,
    ) -> Result<V::Value, Caught> {
        Err(Caught(fields))
    }

    serde::forward_to_deserialize_any! {
        bool i8 i16 i32 i64 i128 u8 u16 u32 u64 u128 f32 f64 char str string bytes byte_buf
        option unit unit_struct newtype_struct seq tuple tuple_struct map enum identifier
        ignored_any
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fields_come_in_declaration_order() {
        assert_eq!(&top_level(FileKind::TileSet)[..2], ["id", "name"]);
        assert_eq!(
            of_definition("Figure").unwrap(),
            ["role", "count", "strength", "stands-on", "mechanism", "joins", "effect"]
        );
        assert_eq!(
            of_definition("Mark").unwrap(),
            ["kind", "complete", "incomplete", "effect"]
        );
        assert_eq!(of_definition("MarkValues").unwrap(), ["per-tile", "per-pennant"]);
        assert_eq!(of_definition("PrintedToken").unwrap(), ["kind", "majority"]);
        assert_eq!(of_definition("DealGroup").unwrap(), ["group", "start"]);
        let mut keys = vec!["tiles", "bags", "zzz", "name", "id"];
        sort(&mut keys, top_level(FileKind::TileSet));
        assert_eq!(keys[..2], ["id", "name"]);
        assert_eq!(keys.last(), Some(&"zzz"));
    }
}
