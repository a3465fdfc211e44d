//! What the files of a game declare, gathered file by file (the tile sets in the order named,
//! then the expansions) before the rules' house rules apply: tile sets and expansions declare
//! the same tables ([`Declares`]), gathered the same way.

use std::collections::BTreeMap;

use super::setup::{FigureType, MarkType, PrintedTokenType, SetupError};
use super::values::declare_values;
use crate::limits::{MAX_MARKS, MAX_PRINTED_TOKENS};
use crate::model::{Bag, Declares, Mechanism};
use crate::quote::clip;

/// The declarations of the files added so far, each kept in order of first declaration.
#[derive(Debug, Default)]
pub(super) struct Gathered<'a> {
    /// Figure types: the first file to declare an id gives its figure.
    pub figures: Vec<FigureType>,
    /// Every mechanism a file switches on.
    pub mechanisms: Vec<Mechanism>,
    /// Every bag (the shepherds draw from the first).
    pub bags: Vec<&'a Bag>,
    /// Marks (a feature's bit `m` is `marks[m]`).
    pub marks: Vec<MarkType>,
    /// Values with their defaults.
    pub values: BTreeMap<String, u32>,
    /// Kinds of printed token.
    pub tokens: Vec<PrintedTokenType>,
}

impl<'a> Gathered<'a> {
    /// Adds what `file` declares to what the files before it do. A mark, value or printed
    /// token declared again the same way is the same one; declared again otherwise, or more
    /// of them than a game holds, is refused.
    pub fn add(&mut self, file: &'a impl Declares) -> Result<(), SetupError> {
        let declared = file.declarations();
        for (id, figure) in declared.figures {
            if !self.figures.iter().any(|f| &f.id == id) {
                self.figures.push(FigureType::from_model(id, figure)?);
            }
        }
        self.mechanisms.extend(declared.mechanisms.iter().copied());
        self.bags.extend(declared.bags.values());
        let marks = declared.marks.iter().map(|(id, mark)| MarkType::from_model(id, mark));
        declare(
            &mut self.marks,
            marks,
            |m| &m.id,
            SetupError::MarkTwice,
            ("marks", MAX_MARKS),
        )?;
        declare_values(&mut self.values, declared.values)?;
        let tokens = declared.tokens.iter().map(|(id, token)| PrintedTokenType {
            id: id.clone(),
            kind: token.kind,
            majority: token.majority,
        });
        let most = ("kinds of printed token", MAX_PRINTED_TOKENS);
        declare(&mut self.tokens, tokens, |t| &t.id, SetupError::TokenTwice, most)
    }
}

/// Adds `declared` to `known` (each with its id, `id_of`): one the same as a known one of its
/// id is that one; another of a known id is refused (`twice`), and so are more than `most`
/// (what they are, and how many a game holds).
fn declare<T: PartialEq>(
    known: &mut Vec<T>,
    declared: impl Iterator<Item = T>,
    id_of: fn(&T) -> &String,
    twice: fn(String) -> SetupError,
    (what, most): (&'static str, usize),
) -> Result<(), SetupError> {
    for item in declared {
        match known.iter().find(|k| id_of(k) == id_of(&item)) {
            Some(same) if *same == item => {}
            Some(_) => return Err(twice(clip(id_of(&item)))),
            None => known.push(item),
        }
    }
    if known.len() > most {
        return Err(SetupError::TooMany(what, known.len(), most));
    }
    Ok(())
}
