//! Which differences of an A/B to flag: those that are both significant once the number of
//! figures compared is taken into account, and large enough to matter. An A/B compares
//! hundreds of figures (three per tile), so at 95% one in twenty of those that did not move
//! would be flagged by chance; and with many games a change of 0.01 points is significant
//! without being worth a look.
//!
//! Significance is the Benjamini–Hochberg procedure at a false discovery rate of
//! [`FALSE_DISCOVERY_RATE`], on each difference's two-sided p-value under the normal
//! approximation its interval already makes. Size is relative: at least `min_change` of the
//! figure's value in A (any change of a figure that is 0 in A).

use super::report::Difference;

/// The share of flagged differences that may be flagged by chance, in expectation.
pub const FALSE_DISCOVERY_RATE: f64 = 0.05;

/// The least change flagged by default, as a share of the figure's value in A.
pub const DEFAULT_MIN_CHANGE: f64 = 0.02;

/// z for a two-sided 95% interval, as the intervals are made.
const Z95: f64 = 1.959_963_984_540_054;

/// Sets each difference's p-value and whether it is flagged (see the module doc).
pub fn flag(differences: &mut [Difference], min_change: f64) {
    for d in differences.iter_mut() {
        d.p_value = d.difference.map(|e| {
            let se = (e.high - e.low) / (2.0 * Z95);
            match (e.mean == 0.0, se > 0.0) {
                (true, _) => 1.0,
                (false, false) => 0.0,
                (false, true) => two_sided_p(e.mean / se),
            }
        });
    }
    let mut order: Vec<usize> = (0..differences.len())
        .filter(|&i| differences[i].p_value.is_some())
        .collect();
    order.sort_by(|&i, &j| {
        let p = |k: usize| differences[k].p_value.unwrap_or(1.0);
        p(i).total_cmp(&p(j)).then(i.cmp(&j))
    });
    let m = order.len() as f64;
    // The largest rank k whose p-value is at most k/m of the rate: the first k are discoveries.
    let discoveries = order
        .iter()
        .enumerate()
        .rev()
        .find(|&(rank, &i)| differences[i].p_value.unwrap_or(1.0) <= (rank + 1) as f64 / m * FALSE_DISCOVERY_RATE)
        .map_or(0, |(rank, _)| rank + 1);
    for d in differences.iter_mut() {
        d.flagged = false;
    }
    for &i in &order[..discoveries] {
        let d = &mut differences[i];
        let change = d.b - d.a;
        d.flagged = change != 0.0 && change.abs() >= min_change * d.a.abs();
    }
}

/// The two-sided p-value of a standard normal statistic `z`: `erfc(|z| / √2)`.
fn two_sided_p(z: f64) -> f64 {
    erfc(z.abs() / std::f64::consts::SQRT_2)
}

/// The complementary error function for `x ≥ 0`, by Chebyshev fitting (relative error under
/// 1.2e-7 everywhere, enough to rank p-values).
fn erfc(x: f64) -> f64 {
    let t = 1.0 / (1.0 + 0.5 * x);
    let poly = -x * x - 1.265_512_23
        + t * (1.000_023_68
            + t * (0.374_091_96
                + t * (0.096_784_18
                    + t * (-0.186_288_06
                        + t * (0.278_868_07
                            + t * (-1.135_203_98 + t * (1.488_515_87 + t * (-0.822_152_23 + t * 0.170_872_77))))))));
    t * poly.exp()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::balance::{Estimate, FigureKey};

    fn difference(a: f64, mean: f64, half: f64) -> Difference {
        Difference {
            key: FigureKey::TotalScore,
            label: String::new(),
            a,
            b: a + mean,
            difference: Some(Estimate {
                mean,
                low: mean - half,
                high: mean + half,
            }),
            flagged: false,
            p_value: None,
        }
    }

    #[test]
    fn p_values_are_those_of_the_normal_distribution() {
        assert!((two_sided_p(Z95) - 0.05).abs() < 1e-7);
        assert!((two_sided_p(1.0) - 0.317_310_507_862_914).abs() < 1e-7);
        assert!((two_sided_p(-3.0) - 0.002_699_796_063_260).abs() < 1e-8);
        assert!((two_sided_p(0.0) - 1.0).abs() < 1e-7);
    }

    #[test]
    fn benjamini_hochberg_flags_by_rank_and_only_what_is_large_enough() {
        // One difference whose interval just excludes 0 among many that moved by nothing: at
        // 95% alone it is flagged, among twenty figures it is not.
        let mut alone = vec![difference(10.0, 1.0, 0.99)];
        flag(&mut alone, 0.0);
        assert!(alone[0].flagged);
        let mut many: Vec<Difference> = (0..20).map(|_| difference(10.0, 0.1, 1.0)).collect();
        many[0] = difference(10.0, 1.0, 0.99);
        flag(&mut many, 0.0);
        assert!(many.iter().all(|d| !d.flagged));
        // A clear change stays flagged among many; a tiny clear one only without a threshold.
        many[1] = difference(10.0, 3.0, 0.5);
        many[2] = difference(10.0, 0.01, 0.001);
        flag(&mut many, 0.0);
        assert_eq!((many[1].flagged, many[2].flagged), (true, true));
        flag(&mut many, DEFAULT_MIN_CHANGE);
        assert_eq!((many[1].flagged, many[2].flagged), (true, false), "0.01 is 0.1% of 10");
        // The p-values are kept; an exact 0 (identical runs) has p = 1.
        let mut same = vec![difference(5.0, 0.0, 0.0)];
        flag(&mut same, 0.0);
        assert_eq!((same[0].p_value, same[0].flagged), (Some(1.0), false));
    }
}
