//! Sums of per-game values and of their squares, in integers: merged in any order they give
//! the same mean and interval, so a run's figures do not depend on the thread count.

use super::report::Estimate;

/// z for a two-sided 95% interval.
const Z95: f64 = 1.959_963_984_540_054;

/// The count, sum and sum of squares of integer values (per-game figures, or per-game
/// differences between two runs).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
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

    /// The mean, the values divided by `scale` (a win share counted in 60ths: 60); `None`
    /// with no value.
    pub fn mean(&self, scale: f64) -> Option<f64> {
        (self.n > 0).then(|| self.sum as f64 / self.n as f64 / scale)
    }

    /// The mean with its 95% interval (normal approximation, sample variance), the values
    /// divided by `scale`; `None` with no value. One value gives an interval of no width.
    pub fn estimate(&self, scale: f64) -> Option<Estimate> {
        let mean = self.mean(scale)?;
        let n = self.n as f64;
        let half = if self.n > 1 {
            // Σ(x − x̄)² = Σx² − (Σx)²/n, worked out in integers where it can be: n·Σx² − (Σx)².
            let spread = (self.n as i128)
                .checked_mul(self.squares as i128)
                .and_then(|a| a.checked_sub(self.sum.checked_mul(self.sum)?))
                .map_or_else(
                    || self.squares as f64 * n - (self.sum as f64).powi(2),
                    |exact| exact as f64,
                )
                .max(0.0);
            let variance = spread / (n * (n - 1.0));
            Z95 * (variance / n).sqrt() / scale
        } else {
            0.0
        };
        Some(Estimate {
            mean,
            low: mean - half,
            high: mean + half,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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
