//! The badge that stands for a declared mark or printed token in a drawing: its label and
//! colour, derived from the id alone (what an id means is data, so no picture of it is drawn).

use crate::palette::Rgb;

/// What a badge shows for `id`: its first two letters or digits, the first upper case (`Fe`
/// for `ferry`, `Fi` for `fish`, `Fl` for `flax`: one letter would draw all three as `F`);
/// `?` for none.
pub fn label(id: &str) -> String {
    let mut letters = id.chars().filter(|c| c.is_alphanumeric());
    let Some(first) = letters.next() else {
        return "?".to_owned();
    };
    first
        .to_uppercase()
        .chain(letters.next().into_iter().flat_map(char::to_lowercase))
        .collect()
}

/// Badge colours: strong and dark enough for a white letter, and none near the drawing's
/// field green, city tan or road white, so a badge stands out wherever it sits.
const BADGE_COLOURS: [Rgb; 8] = [
    [52, 84, 170],
    [128, 58, 160],
    [176, 40, 60],
    [20, 120, 130],
    [190, 60, 140],
    [60, 60, 70],
    [0, 110, 190],
    [90, 40, 110],
];

/// A badge's colour for `id`, picked by a hash of the id (FNV-1a, so the same id has the same
/// colour in every run and build); the high half is folded in, as FNV's low bits alone vary
/// little between short ids.
pub fn colour(id: &str) -> Rgb {
    let hash = id.bytes().fold(0xcbf2_9ce4_8422_2325_u64, |h, b| {
        (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    });
    BADGE_COLOURS[((hash ^ (hash >> 32)) % BADGE_COLOURS.len() as u64) as usize]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_badge_is_derived_from_the_id_alone() {
        assert_eq!(label("wine"), "Wi");
        assert_eq!(label("_x"), "X");
        assert_eq!(label(""), "?");
        // Kinds that share an initial are told apart.
        let labels: std::collections::BTreeSet<String> = ["ferry", "fish", "flax"].iter().map(|id| label(id)).collect();
        assert_eq!(labels.len(), 3, "{labels:?}");
        assert_eq!(colour("grain"), colour("grain"));
        // The bundled sets' kinds that can meet on one tile tell apart by colour too.
        for ids in [["wine", "grain", "cloth"].as_slice(), &["inn", "cathedral"]] {
            let colours: std::collections::BTreeSet<_> = ids.iter().map(|id| colour(id)).collect();
            assert_eq!(colours.len(), ids.len(), "{ids:?}");
        }
    }
}
