//! A small deterministic random number generator (SplitMix64), written out here so that a seed
//! replays the same game on every platform and every version of every dependency.

/// SplitMix64: fast, tiny state, good enough for shuffles and random policies.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Rng(u64);

impl Rng {
    /// A generator from a seed.
    pub fn new(seed: u64) -> Rng {
        Rng(seed)
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A uniform number in `0..n` (`n > 0`), by Lemire's multiply-shift with rejection.
    pub fn below(&mut self, n: usize) -> usize {
        debug_assert!(n > 0);
        let n = n as u64;
        let mut m = (self.next_u64() as u128) * (n as u128);
        // The division is needed only in the rare case that the low half is small.
        if (m as u64) < n {
            let threshold = n.wrapping_neg() % n;
            while (m as u64) < threshold {
                m = (self.next_u64() as u128) * (n as u128);
            }
        }
        (m >> 64) as usize
    }

    /// A uniform number in `0..n` (`n > 0`) from 32 random bits by multiply-shift, or `None`
    /// in the rare case where keeping it would bias the result (then draw again): what
    /// [`Rng::below`] does with 64 bits, for callers that take two numbers from one draw.
    #[inline(always)]
    pub fn half_below(bits: u32, n: u32) -> Option<u32> {
        debug_assert!(n > 0);
        let m = u64::from(bits) * u64::from(n);
        // The division is needed only when the low half is small.
        ((m as u32) >= n || (m as u32) >= n.wrapping_neg() % n).then_some((m >> 32) as u32)
    }

    /// Shuffles a slice in place (Fisher-Yates).
    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            let j = self.below(i + 1);
            items.swap(i, j);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn same_seed_same_numbers() {
        let (mut a, mut b) = (Rng::new(7), Rng::new(7));
        for _ in 0..100 {
            assert_eq!(a.next_u64(), b.next_u64());
        }
        // Pinned values: a change here would break every saved game record.
        assert_eq!(Rng::new(0).next_u64(), 0xE220_A839_7B1D_CDAF);
    }

    #[test]
    fn below_stays_in_range_and_covers_it() {
        let mut rng = Rng::new(1);
        let mut seen = [0u32; 5];
        for _ in 0..5000 {
            seen[rng.below(5)] += 1;
        }
        assert!(seen.iter().all(|&n| n > 800), "{seen:?}");
    }

    #[test]
    fn half_below_is_uniform_and_refuses_only_the_biased_remainder() {
        let mut rng = Rng::new(2);
        let mut seen = [0u32; 6];
        for _ in 0..12000 {
            if let Some(n) = Rng::half_below(rng.next_u64() as u32, 6) {
                seen[n as usize] += 1;
            }
        }
        assert!(seen.iter().all(|&n| (1800..2200).contains(&n)), "{seen:?}");
        // With n = 3·2^30, keeping every draw would make 0..2^30 twice as likely as the rest:
        // the quarter of draws whose low product is below 2^32 mod n = 2^30 are refused, and
        // what is kept is uniform over the three quarters of the range.
        let n = 3 << 30;
        let mut kept = [0u32; 3];
        for _ in 0..8000 {
            if let Some(k) = Rng::half_below(rng.next_u64() as u32, n) {
                kept[(k >> 30) as usize] += 1;
            }
        }
        assert!((5700..6300).contains(&kept.iter().sum::<u32>()), "{kept:?} kept");
        assert!(kept.iter().all(|&k| (1850..2150).contains(&k)), "{kept:?}");
    }
}
