//! Sums of per-game values and of their squares, in integers: merged in any order they give
//! the same mean and interval, so a run's figures do not depend on the thread count.

use serde::{Deserialize, Serialize};

use super::report::Estimate;

/// z for a two-sided 95% interval.
const Z95: f64 = 1.959_963_984_540_054;

/// The count, sum and sum of squares of integer values (per-game figures, or per-game
/// differences between two runs).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Moments {
    /// Values added.
    pub n: u64,
    /// Their sum.
    pub sum: i128,
    /// The sum of their squares.
    pub squares: u128,
}

impl Moments {
    /// Adds one value.
    #[inline]
    pub fn add(&mut self, value: i64) {
        self.n += 1;
        self.sum += i128::from(value);
        self.squares += u128::from(value.unsigned_abs()).pow(2);
    }

    /// Adds another's values.
    pub fn merge(&mut self, other: &Moments) {
        self.n += other.n;
        self.sum += other.sum;
        self.squares += other.squares;
    }

    /// Refuses sums that no `n` values that are never negative could have: a negative sum,
    /// a sum of squares below the sum (an integer is at most its square), or below the
    /// square of the sum over `n` (the mean's square is at most the mean of the squares).
    pub fn possible(&self) -> Result<(), String> {
        let squares_needed = |sum: i128| {
            u128::try_from(sum)
                .ok()
                .and_then(|s| s.checked_mul(s))
                .map(|s2| s2.div_ceil(u128::from(self.n.max(1))))
        };
        if self.sum < 0 {
            return Err(format!("sums to {}, where no value added is negative", self.sum));
        }
        if self.n == 0 && (self.sum, self.squares) != (0, 0) {
            return Err("has sums of no value that are not 0".into());
        }
        if u128::try_from(self.sum).is_ok_and(|s| s > self.squares)
            || squares_needed(self.sum).is_some_and(|needed| needed > self.squares)
        {
            return Err(format!(
                "has a sum of squares ({}) too small for {} values summing to {}",
                self.squares, self.n, self.sum
            ));
        }
        Ok(())
    }

    /// The mean, the values divided by `scale` (a win share counted in 60ths: 60); `None`
    /// with no value.
    pub fn mean(&self, scale: f64) -> Option<f64> {
        (self.n > 0).then(|| self.sum as f64 / self.n as f64 / scale)
    }

    /// The mean with its 95% interval (normal approximation, sample variance), the values
    /// divided by `scale`; `None` with no value. One value gives an interval of no width.
    pub fn estimate(&self, scale: f64) -> Option<Estimate> {
        let mean = self.mean(scale)?;
        let half = self
            .variance()
            .map_or(0.0, |v| Z95 * (v / self.n as f64).sqrt() / scale);
        Some(around(mean, half))
    }

    /// The sample variance of the values; `None` with fewer than two.
    fn variance(&self) -> Option<f64> {
        if self.n < 2 {
            return None;
        }
        let n = self.n as f64;
        // Σ(x − x̄)² = Σx² − (Σx)²/n, worked out in integers where it can be: n·Σx² − (Σx)².
        let spread = (self.n as i128)
            .checked_mul(self.squares as i128)
            .and_then(|a| a.checked_sub(self.sum.checked_mul(self.sum)?))
            .map_or_else(
                || self.squares as f64 * n - (self.sum as f64).powi(2),
                |exact| exact as f64,
            )
            .max(0.0);
        Some(spread / (n * (n - 1.0)))
    }
}

/// `mean ± half`.
fn around(mean: f64, half: f64) -> Estimate {
    Estimate {
        mean,
        low: mean - half,
        high: mean + half,
    }
}

impl Moments {
    /// The difference of the means of two independent groups of values, `self − other`, with
    /// its 95% interval (Welch: each group's variance over its size); `None` when a group is
    /// empty. A group of one value adds no width.
    pub fn minus(&self, other: &Moments, scale: f64) -> Option<Estimate> {
        let (a, b) = (self.mean(scale)?, other.mean(scale)?);
        let spread = |m: &Moments| m.variance().map_or(0.0, |v| v / m.n as f64 / (scale * scale));
        Some(around(a - b, Z95 * (spread(self) + spread(other)).sqrt()))
    }

    /// The values of the group `self` leaves out of `all` (which holds them all).
    pub fn rest_of(&self, all: &Moments) -> Moments {
        Moments {
            n: all.n - self.n,
            sum: all.sum - self.sum,
            squares: all.squares - self.squares,
        }
    }
}

/// Per-game pairs `(x, y)` of integers summed with their squares and products, for the
/// ratio `Σy / Σx` (points per placement: `y` points, `x` copies placed in a game) and its
/// 95% interval. The interval is the delta method's (the ratio's linearisation
/// `(y − R·x) / x̄` per game), which, unlike a mean of per-game ratios, leaves no game out
/// and weighs each copy alike.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct RatioMoments {
    /// Games added.
    pub n: u64,
    /// Σx, Σy.
    pub x: u128,
    pub y: u128,
    /// Σx², Σy², Σxy.
    pub xx: u128,
    pub yy: u128,
    pub xy: u128,
}

impl RatioMoments {
    /// The sums of `n` games: `(Σx, Σy)` and `(Σx², Σy², Σxy)`.
    pub fn of(n: u64, (x, y): (u64, u64), (xx, yy, xy): (u64, u64, u64)) -> RatioMoments {
        let wide = u128::from;
        RatioMoments {
            n,
            x: wide(x),
            y: wide(y),
            xx: wide(xx),
            yy: wide(yy),
            xy: wide(xy),
        }
    }

    /// Adds one game's pair.
    #[cfg(test)]
    pub fn add(&mut self, x: u64, y: u64) {
        let (x, y) = (u128::from(x), u128::from(y));
        self.n += 1;
        self.x += x;
        self.y += y;
        self.xx += x * x;
        self.yy += y * y;
        self.xy += x * y;
    }

    /// Adds another's pairs.
    #[cfg(test)]
    pub fn merge(&mut self, other: &RatioMoments) {
        self.n += other.n;
        self.x += other.x;
        self.y += other.y;
        self.xx += other.xx;
        self.yy += other.yy;
        self.xy += other.xy;
    }

    /// `Σy / Σx` with its 95% interval; `None` when `Σx` is 0. One game gives an interval of
    /// no width. The ratio of two counts is never negative, and neither is the interval's low
    /// end (the normal approximation's is cut at 0 when the ratio is near it).
    pub fn estimate(&self) -> Option<Estimate> {
        if self.x == 0 {
            return None;
        }
        let (n, x, y) = (self.n as f64, self.x as f64, self.y as f64);
        let ratio = y / x;
        if self.n < 2 {
            return Some(around(ratio, 0.0));
        }
        // Σ(y − R·x)² = Σy² − 2R·Σxy + R²·Σx², never below 0 but for rounding.
        let residuals = (self.yy as f64 - 2.0 * ratio * self.xy as f64 + ratio * ratio * self.xx as f64).max(0.0);
        let mean_x = x / n;
        let variance = residuals / (n - 1.0) / (n * mean_x * mean_x);
        Some(around(ratio, Z95 * variance.sqrt()).within(0.0, f64::INFINITY))
    }
}

/// The same figure, a ratio of per-game sums `Σnum / Σden`, in two runs of the same seeds (A
/// and B), for the paired difference `R_B − R_A` and its 95% interval. A plain per-game mean
/// is the ratio with `den = 1`. Kept per game: the four values' sums and the sums of their
/// ten pairwise products, in integers, so that threads merge in any order to the same.
///
/// The interval is the delta method's: each game's `(num_B − R_B·den_B)/den̄_B −
/// (num_A − R_A·den_A)/den̄_A` has mean zero, and the difference's variance is the sum of
/// their squares over `n(n − 1)`. With `den = 1` that is the paired-difference interval.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PairedRatio {
    /// Games added.
    pub n: u64,
    /// Σ of num_A, den_A, num_B, den_B.
    sums: [u128; 4],
    /// Σ of the products of each pair of them (`i ≤ j`, row by row).
    products: [u128; 10],
}

/// The index in [`PairedRatio::products`] of the product of values `i ≤ j`.
const fn product(i: usize, j: usize) -> usize {
    i * (7 - i) / 2 + j
}

impl PairedRatio {
    /// Adds a game: `(num, den)` in run A and in run B.
    #[inline]
    pub fn add(&mut self, a: (u64, u64), b: (u64, u64)) {
        let v = [a.0, a.1, b.0, b.1].map(u128::from);
        self.n += 1;
        for i in 0..4 {
            self.sums[i] += v[i];
            for j in i..4 {
                self.products[product(i, j)] += v[i] * v[j];
            }
        }
    }

    /// Adds another's games.
    pub fn merge(&mut self, other: &PairedRatio) {
        self.n += other.n;
        self.sums.iter_mut().zip(other.sums).for_each(|(a, b)| *a += b);
        self.products.iter_mut().zip(other.products).for_each(|(a, b)| *a += b);
    }

    /// Whether the numerators of A and B sum to `a` and `b` (of a mean, whose denominators are
    /// one a game).
    pub fn sums_are(&self, a: i128, b: i128) -> bool {
        i128::try_from(self.sums[0]).ok() == Some(a) && i128::try_from(self.sums[2]).ok() == Some(b)
    }

    /// The ratio in run A, `None` when its denominators sum to 0.
    pub fn a(&self, scale: f64) -> Option<f64> {
        (self.sums[1] > 0).then(|| self.sums[0] as f64 / self.sums[1] as f64 / scale)
    }

    /// The ratio in run B.
    pub fn b(&self, scale: f64) -> Option<f64> {
        (self.sums[3] > 0).then(|| self.sums[2] as f64 / self.sums[3] as f64 / scale)
    }

    /// Whether both runs gave the same values in every game (worked out in integers).
    pub fn identical(&self) -> bool {
        let p = |i, j| self.products[product(i, j)];
        p(0, 0) + p(2, 2) == 2 * p(0, 2) && p(1, 1) + p(3, 3) == 2 * p(1, 3)
    }

    /// `R_B − R_A` with its 95% interval, the ratios divided by `scale`; `None` with fewer
    /// than two games or a ratio without a denominator. Identical runs differ by exactly 0.
    pub fn difference(&self, scale: f64) -> Option<Estimate> {
        let (ra, rb) = (self.a(1.0)?, self.b(1.0)?);
        if self.n < 2 {
            return None;
        }
        if self.identical() {
            return Some(around(0.0, 0.0));
        }
        let n = self.n as f64;
        let (mean_den_a, mean_den_b) = (self.sums[1] as f64 / n, self.sums[3] as f64 / n);
        // Each game's linearised difference is c · (num_A, den_A, num_B, den_B).
        let c = [-1.0 / mean_den_a, ra / mean_den_a, 1.0 / mean_den_b, -rb / mean_den_b];
        let mut squares = 0.0;
        for i in 0..4 {
            for j in i..4 {
                let weight = if i == j { 1.0 } else { 2.0 };
                squares += weight * c[i] * c[j] * self.products[product(i, j)] as f64;
            }
        }
        let variance = squares.max(0.0) / (n * (n - 1.0));
        Some(around((rb - ra) / scale, Z95 * variance.sqrt() / scale))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_paired_mean_has_the_paired_difference_interval() {
        // With den = 1 the difference is the mean of the per-game differences.
        let (a, b) = ([10u64, 12, 7, 9, 15], [11u64, 15, 7, 12, 14]);
        let mut paired = PairedRatio::default();
        let mut diffs = Moments::default();
        for (x, y) in a.iter().zip(&b) {
            paired.add((*x, 1), (*y, 1));
            diffs.add(*y as i64 - *x as i64);
        }
        let (got, want) = (paired.difference(1.0).unwrap(), diffs.estimate(1.0).unwrap());
        for (g, w) in [(got.mean, want.mean), (got.low, want.low), (got.high, want.high)] {
            assert!((g - w).abs() < 1e-9, "{got:?} {want:?}");
        }
        assert!(!paired.identical());
        assert_eq!((paired.a(1.0), paired.b(1.0)), (Some(10.6), Some(11.8)));
    }

    #[test]
    fn a_paired_ratio_is_the_delta_method_of_its_per_game_terms() {
        let games = [
            ((4u64, 2u64), (3u64, 1u64)),
            ((0, 0), (2, 1)),
            ((6, 3), (5, 3)),
            ((2, 2), (1, 1)),
        ];
        let mut paired = PairedRatio::default();
        games.iter().for_each(|&(a, b)| paired.add(a, b));
        let (ra, rb) = (12.0 / 7.0, 11.0 / 6.0);
        let n = games.len() as f64;
        let z: Vec<f64> = games
            .iter()
            .map(|&((na, da), (nb, db))| {
                (nb as f64 - rb * db as f64) / (6.0 / n) - (na as f64 - ra * da as f64) / (7.0 / n)
            })
            .collect();
        let half = Z95 * (z.iter().map(|z| z * z).sum::<f64>() / (n * (n - 1.0))).sqrt();
        let d = paired.difference(1.0).unwrap();
        assert!((d.mean - (rb - ra)).abs() < 1e-12);
        assert!((d.high - d.mean - half).abs() < 1e-9, "{d:?} {half}");
        // The same games in both runs: exactly no difference, whatever rounding would say.
        let mut same = PairedRatio::default();
        games.iter().for_each(|&(a, _)| same.add(a, a));
        assert!(same.identical());
        let zero = same.difference(1.0).unwrap();
        assert_eq!((zero.low, zero.mean, zero.high), (0.0, 0.0, 0.0));
        let mut none = PairedRatio::default();
        none.add((0, 0), (1, 1));
        none.add((0, 0), (1, 1));
        assert_eq!(none.difference(1.0), None, "no copy in A, no ratio");
    }

    #[test]
    fn a_ratio_has_the_delta_method_interval() {
        let mut r = RatioMoments::default();
        let pairs = [(2u64, 5u64), (1, 1), (3, 9), (2, 4)];
        pairs.iter().for_each(|&(x, y)| r.add(x, y));
        let e = r.estimate().unwrap();
        // R = 19 / 8; residuals y − R·x: 0.25, −1.375, 1.875, −0.75.
        let ratio = 19.0 / 8.0;
        assert_eq!(e.mean, ratio);
        let residuals: f64 = pairs.iter().map(|&(x, y)| (y as f64 - ratio * x as f64).powi(2)).sum();
        let half = Z95 * (residuals / 3.0 / (4.0 * 2.0f64.powi(2))).sqrt();
        assert!((e.high - ratio - half).abs() < 1e-12 && (ratio - e.low - half).abs() < 1e-12);
        // Merged in any order, the same; a copy never placed has no ratio.
        let (mut a, mut b) = (RatioMoments::default(), RatioMoments::default());
        pairs[..1].iter().for_each(|&(x, y)| a.add(x, y));
        pairs[1..].iter().for_each(|&(x, y)| b.add(x, y));
        b.merge(&a);
        assert_eq!(b, r);
        // One discard in ten draws: the normal interval would reach below 0, a rate cannot.
        let mut rare = RatioMoments::default();
        (0..9).for_each(|_| rare.add(1, 0));
        rare.add(1, 1);
        let e = rare.estimate().unwrap();
        assert_eq!((e.low, e.mean), (0.0, 0.1));
        assert!((e.high - (0.1 + Z95 * 0.1)).abs() < 1e-12, "{e:?}");
        let mut never = RatioMoments::default();
        never.add(0, 0);
        assert_eq!(never.estimate(), None);
    }

    #[test]
    fn two_groups_differ_by_their_means_within_welchs_interval() {
        let (mut a, mut all) = (Moments::default(), Moments::default());
        for v in [60, 0, 60, 30] {
            a.add(v);
            all.add(v);
        }
        for v in [0, 0, 60] {
            all.add(v);
        }
        let b = a.rest_of(&all);
        assert_eq!((b.n, b.sum, b.squares), (3, 60, 3600));
        let d = a.minus(&b, 60.0).unwrap();
        assert!((d.mean - (0.625 - 1.0 / 3.0)).abs() < 1e-12);
        // Sample variances in wins: a 0.6875/3, b 1/3; half width 1.96·√(va/4 + vb/3).
        let half = Z95 * (0.6875f64 / 3.0 / 4.0 + 1.0 / 9.0).sqrt();
        assert!((d.high - d.mean - half).abs() < 1e-12 && (d.mean - d.low - half).abs() < 1e-12);
        assert_eq!(Moments::default().minus(&b, 1.0), None);
    }

    #[test]
    fn the_interval_is_the_normal_one() {
        let mut m = Moments::default();
        for v in [2, 4, 4, 4, 5, 5, 7, 9] {
            m.add(v);
        }
        let e = m.estimate(1.0).unwrap();
        assert_eq!(e.mean, 5.0);
        // Sample variance 32/7; half width 1.96 · √(32/7/8).
        let half = Z95 * (32.0f64 / 7.0 / 8.0).sqrt();
        assert!((e.high - 5.0 - half).abs() < 1e-12 && (5.0 - e.low - half).abs() < 1e-12);
        let mut halves = Moments::default();
        halves.add(30);
        assert_eq!(
            halves.estimate(60.0).map(|e| (e.low, e.mean, e.high)),
            Some((0.5, 0.5, 0.5))
        );
        assert_eq!(Moments::default().estimate(1.0), None);
    }

    #[test]
    fn merging_in_any_order_gives_the_same() {
        let values = [-3i64, 8, 0, 12, -1, 5];
        let mut all = Moments::default();
        values.iter().for_each(|&v| all.add(v));
        let (mut a, mut b) = (Moments::default(), Moments::default());
        values[..2].iter().for_each(|&v| a.add(v));
        values[2..].iter().for_each(|&v| b.add(v));
        let mut ba = b;
        ba.merge(&a);
        a.merge(&b);
        assert_eq!((a, ba), (all, all));
        assert_eq!(all.squares, 9 + 64 + 144 + 1 + 25);
    }
}
