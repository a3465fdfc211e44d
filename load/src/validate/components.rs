//! Checks of figures and token bags, shared by tile sets and expansion files.

use std::collections::HashSet;

use super::tileset::first_over;
use crate::game::Mechanisms;
use crate::game::mechanisms::OwnFigure;
use crate::limits::{MAX_BAG_TOKENS, MAX_BAGS, MAX_COPIES, MAX_FIGURE_TYPES, MAX_SHEEP, MAX_STRENGTH};
use crate::model::{
    Bag, Declarations, FeatureKind, Figure, FigureEffect, NamedStrength, Role, Spot, Strength, TokenKind,
};
use crate::report::Reporter;
use crate::source::escape_segment;

/// Checks every figure and bag of one file.
pub(crate) fn check(declared: Declarations<'_>, report: &mut Reporter<'_>) {
    let Declarations { figures, bags, .. } = declared;
    for (id, figure) in figures {
        check_figure(id, figure, &format!("/figures/{}", escape_segment(id)), report);
    }
    if let Some(id) = figures.keys().nth(MAX_FIGURE_TYPES) {
        report.error_at_key(
            &format!("/figures/{}", escape_segment(id)),
            format!("this file has {} figure types", figures.len()),
            format!("a game holds at most {MAX_FIGURE_TYPES} figure types; remove the ones from here on"),
        );
    }
    if let Some(id) = bags.keys().nth(MAX_BAGS) {
        report.error_at_key(
            &format!("/bags/{}", escape_segment(id)),
            format!("this file has {} bags of sheep and wolves", bags.len()),
            format!("a game draws from {MAX_BAGS} bag; put all the tokens in one bag"),
        );
    }
    for (id, bag) in bags {
        let at = format!("/bags/{}", escape_segment(id));
        check_bag_size(bag, &at, report);
        for (i, token) in bag.tokens.iter().enumerate() {
            let pointer = format!("{at}/tokens/{i}");
            match (token.kind, token.value) {
                (TokenKind::Sheep, None) => report.error_at_key(
                    &pointer,
                    "a sheep token needs a `value`",
                    "add `value = N`, the number of sheep it shows",
                ),
                (TokenKind::Wolf, Some(_)) => report.error_at_key(
                    &format!("{pointer}/value"),
                    "a wolf token has no value",
                    "remove `value`",
                ),
                (TokenKind::Sheep, Some(value)) if value > MAX_SHEEP => report.error(
                    &format!("{pointer}/value"),
                    format!("a token of {value} sheep"),
                    format!("a token shows at most {MAX_SHEEP} sheep"),
                ),
                _ => {}
            }
            if token.count > MAX_COPIES {
                report.error(
                    &format!("{pointer}/count"),
                    format!("{} copies of one token", token.count),
                    format!("give at most {MAX_COPIES}"),
                );
            }
        }
    }
}

/// Reports the token count that brings a bag over [`MAX_BAG_TOKENS`] tokens (a count over
/// [`MAX_COPIES`] has its own error, and counts here as that many).
fn check_bag_size(bag: &Bag, at: &str, report: &mut Reporter<'_>) {
    let counts: Vec<u64> = bag.tokens.iter().map(|t| u64::from(t.count.min(MAX_COPIES))).collect();
    if let Some(i) = first_over(&counts, u64::from(MAX_BAG_TOKENS)) {
        report.error(
            &format!("{at}/tokens/{i}/count"),
            format!(
                "the bag holds {} tokens, over the limit from this count on",
                counts.iter().sum::<u64>()
            ),
            format!("a bag holds at most {MAX_BAG_TOKENS} tokens; lower the counts"),
        );
    }
}

fn check_figure(id: &str, figure: &Figure, at: &str, report: &mut Reporter<'_>) {
    // A mechanism's word makes the figure its own, of the role it says.
    let own = figure
        .mechanism
        .and_then(|word| Mechanisms::own_figures().find(|own| own.word == word));
    if let Some(own) = own.filter(|own| own.role.0 != figure.role) {
        let (mechanism, role) = (own.word.as_str(), own.role.0.as_str());
        report.error(
            &format!("{at}/role"),
            format!("figure `{id}` with mechanism `{mechanism}` must be a {role} figure"),
            format!("set `role = \"{role}\"` ({})", own.role.1),
        );
    }
    if figure.count > MAX_COPIES {
        report.error(
            &format!("{at}/count"),
            format!("{} figures `{id}` per player", figure.count),
            format!("give at most {MAX_COPIES}"),
        );
    }
    if let Strength::Fixed(n) = figure.strength
        && n > MAX_STRENGTH
    {
        report.error(
            &format!("{at}/strength"),
            format!("a strength of {n}"),
            format!("give a strength from 0 to {MAX_STRENGTH}"),
        );
    }
    let mut seen = HashSet::new();
    for (i, spot) in figure.stands_on.iter().enumerate() {
        if !seen.insert(*spot) {
            report.error(
                &format!("{at}/stands-on/{i}"),
                "this place is listed twice",
                "list each place once",
            );
        }
    }
    if figure.strength == Strength::Named(NamedStrength::Pennants) && figure.stands_on.iter().any(|s| *s != Spot::City)
    {
        report.error(
            &format!("{at}/strength"),
            format!("figure `{id}` counts pennants but may stand outside cities"),
            "a figure with `strength = \"pennants\"` may only stand on `city`",
        );
    }
    check_own_places(id, figure, own, at, report);
    check_joins_and_effect(id, figure, at, report);
}

/// Where a mechanism's own figure must stand, and that places only some mechanism's own
/// figures stand on (a field corner) hold no other figure.
fn check_own_places(id: &str, figure: &Figure, own: Option<OwnFigure>, at: &str, report: &mut Reporter<'_>) {
    let at = format!("{at}/stands-on");
    if let Some(own) = own {
        if let Some(places) = own.stands_only_on.filter(|places| figure.stands_on != *places) {
            let words = |quote: &str| -> Vec<String> {
                places.iter().map(|p| format!("{quote}{}{quote}", p.as_str())).collect()
            };
            report.error(
                &at,
                format!(
                    "{} `{id}` must stand on {} only",
                    own.word.as_str(),
                    words("`").join(", ")
                ),
                format!("set `stands-on = [{}]`", words("\"").join(", ")),
            );
            return;
        }
        if let Some((spot, why)) = own.never_on.filter(|(spot, _)| figure.stands_on.contains(spot)) {
            report.error(
                &at,
                format!("`{id}` {why}"),
                format!("remove `{}` from `stands-on`", spot.as_str()),
            );
            return;
        }
    }
    // A place that only some mechanisms' figures stand on.
    for spot in &figure.stands_on {
        let theirs: Vec<&str> = Mechanisms::own_figures()
            .filter(|o| o.alone_on.contains(spot))
            .map(|o| o.word.as_str())
            .collect();
        if theirs.is_empty() || own.is_some_and(|o| theirs.contains(&o.word.as_str())) {
            continue;
        }
        report.error(
            &at,
            format!(
                "only a {} stands on a {}, and `{id}` is not one",
                theirs.join(" or a "),
                spot.as_str().replace('-', " ")
            ),
            format!("add `mechanism = \"{}\"` or remove `{}`", theirs[0], spot.as_str()),
        );
    }
}

/// `joins` and `effect` belong to figures that behave by them alone (no mechanism of their
/// own): `joins` and every effect but one to special figures, `take-back-for-points` to
/// followers (the figure must hold its feature alone, for its owner to score it); and an
/// effect only to the kinds of feature where it can happen.
fn check_joins_and_effect(id: &str, figure: &Figure, at: &str, report: &mut Reporter<'_>) {
    let role_of = |key| match (key, figure.effect) {
        ("effect", Some(FigureEffect::TakeBackForPoints)) => Role::Follower,
        _ => Role::Special,
    };
    for (key, given) in [("joins", figure.joins.is_some()), ("effect", figure.effect.is_some())] {
        if !given {
            continue;
        }
        if figure.role != role_of(key) {
            let (whose, other) = match role_of(key) {
                Role::Follower => ("followers", "follower"),
                Role::Special => ("special figures", "special"),
            };
            let what = if key == "effect" {
                format!("this `{key}`")
            } else {
                format!("`{key}`")
            };
            report.error(
                &format!("{at}/{key}"),
                format!("{} `{id}` has {what}, which only {whose} have", figure.role.as_str()),
                format!("set `role = \"{other}\"` or remove `{key}`"),
            );
        } else if figure.mechanism.is_some() {
            report.error(
                &format!("{at}/{key}"),
                format!("`{id}` has both a mechanism and `{key}`; a mechanism decides where its figure goes and what it does"),
                format!("remove `mechanism` or `{key}`"),
            );
        }
    }
    let Some(effect) = figure.effect else {
        return;
    };
    let (allowed, needs): (&[Spot], &str) = match effect {
        FigureEffect::ExtraTurn => (&[Spot::Road, Spot::City], "roads and cities, which a tile can extend"),
        FigureEffect::FieldBonusPerCity(_) => (&[Spot::Field], "fields, which score per completed city"),
        FigureEffect::TakeBackForPoints => (
            &[Spot::Monastery, Spot::Garden],
            "monasteries and gardens, which one figure holds alone",
        ),
    };
    if let Some(i) = figure.stands_on.iter().position(|s| !allowed.contains(s)) {
        report.error(
            &format!("{at}/stands-on/{i}"),
            format!("`{id}`'s effect works only on {needs}, but it may stand elsewhere"),
            format!(
                "list only {} in `stands-on`, or give another effect",
                allowed
                    .iter()
                    .map(|s| format!("`{}`", spot_word(*s)))
                    .collect::<Vec<_>>()
                    .join(" and ")
            ),
        );
    }
}

/// The word of a place in the files: its feature kind's, or `field-corner`.
fn spot_word(spot: Spot) -> &'static str {
    spot.feature_kind().map_or("field-corner", FeatureKind::as_str)
}
