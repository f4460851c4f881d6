//! The statistics of a run: sums per stratum merged associatively, means,
//! standard errors and covariances, and the probability that each arm is best.

use super::stop::Stop;
use super::{Arm, BLOCK};
use crate::engine::risk::{self, Dist, Histogram};
use crate::engine::values::{Outcome, TIE};
use crate::rules::Action;
use rand::{RngExt, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;
use std::time::Duration;

/// Draws from the normal approximation that estimate `p_best`.
const P_BEST_DRAWS: usize = 20_000;

/// Estimates for one arm.
#[derive(Clone, Debug)]
pub struct ArmEstimate {
    pub action: Option<Action>,
    /// Mean outcome per play-out.
    pub mean: Outcome,
    /// Standard error of each component of `mean`.
    pub stderr: Outcome,
    /// The degrees of freedom each of those errors rests on (Welch and
    /// Satterthwaite, `Sums::dof`); infinite where nothing varied.
    pub dof: Outcome,
    /// The decider's value: `mean.value[decider] - cost + income`.
    pub ev: f64,
    pub ev_stderr: f64,
    /// Standard error of `ev` minus the reference arm's `ev` (the first
    /// arm's in a sampler's run).
    pub gain_stderr: f64,
    /// The degrees of freedom `gain_stderr` rests on, as `dof`.
    pub gain_dof: f64,
    /// Probability that this arm is the best (normal approximation).
    pub p_best: f64,
    /// The distribution of the decider's value over the play-outs, each an
    /// exact tail where variance reduction ended it (`engine::risk`); its
    /// mean is `ev`. `None` unless asked for.
    pub dist: Option<Dist>,
}

/// The result of a sampling run.
#[derive(Clone, Debug)]
pub struct Estimate {
    pub arms: Vec<ArmEstimate>,
    /// Covariance of the arms' mean values, row-major.
    pub cov: Vec<f64>,
    pub samples: u64,
    pub stop: Stop,
    pub seed: u64,
    pub elapsed: Duration,
    /// The degrees of freedom of `cov` when they are few (a search on a
    /// sample of a roll's die triples): `P(best)` and ties then follow
    /// Student's t. `None`: the normal approximation (the sampler's
    /// covariance rests on hundreds of degrees of freedom at least).
    pub dof: Option<u64>,
    /// How many times the settling rule may look at the run, stopping at the
    /// first look that settles it: 1 when it looks once or not at all.
    /// A claim of 95% holds over all of them ([`one_sided_95`]).
    pub looks: u64,
}

/// Sums over play-outs, merged associatively in chunk order. Kept per stratum,
/// so that the variance is estimated within strata (216 (B - 1) degrees of
/// freedom after B blocks) and not only from the B block means.
#[derive(Clone, Debug)]
pub(super) struct Sums {
    arms: usize,
    pub(super) blocks: u64,
    /// `strata[h * arms + k]`: Σ over blocks of arm `k`'s outcome in stratum `h`.
    strata: Vec<Outcome>,
    /// `strata_sq[h * arms + k]`: Σ over blocks of arm `k`'s outcome in
    /// stratum `h` squared, component by component.
    strata_sq: Vec<Outcome>,
    /// Σ over play-outs of `v_i · v_j`, the decider's values of arms i and j.
    cross: Vec<f64>,
    /// `cross_first[h * arms + k]`: Σ over blocks of `v_k · v_0` in stratum
    /// `h`, for the degrees of freedom of each arm's gain over the first.
    cross_first: Vec<f64>,
    /// Per arm, when risk is asked for: the play-outs' distributions.
    pub(super) hists: Vec<Histogram>,
}

impl Sums {
    pub(super) fn new(arms: usize) -> Sums {
        Sums {
            arms,
            blocks: 0,
            strata: vec![Outcome::default(); BLOCK as usize * arms],
            strata_sq: vec![Outcome::default(); BLOCK as usize * arms],
            cross: vec![0.0; arms * arms],
            cross_first: vec![0.0; BLOCK as usize * arms],
            hists: Vec::new(),
        }
    }

    /// Sums that gather the arms' distributions too.
    pub(super) fn with_risk(arms: usize) -> Sums {
        Sums {
            hists: vec![Histogram::default(); arms],
            ..Sums::new(arms)
        }
    }

    pub(super) fn merge(mut self, other: &Sums) -> Sums {
        self.blocks += other.blocks;
        for (a, b) in self.strata.iter_mut().zip(&other.strata) {
            a.add(1.0, b);
        }
        for (a, b) in self.strata_sq.iter_mut().zip(&other.strata_sq) {
            a.add(1.0, b);
        }
        for (a, b) in self.cross.iter_mut().zip(&other.cross) {
            *a += b;
        }
        for (a, b) in self.cross_first.iter_mut().zip(&other.cross_first) {
            *a += b;
        }
        if self.hists.len() < other.hists.len() {
            self.hists.resize(other.hists.len(), Histogram::default());
        }
        for (a, b) in self.hists.iter_mut().zip(&other.hists) {
            a.merge(b);
        }
        self
    }

    /// Adds the play-outs of all arms in one stratum.
    pub(super) fn add(&mut self, stratum: usize, outcomes: &[Outcome], values: &[f64]) {
        let n = self.arms;
        for (k, o) in outcomes.iter().enumerate() {
            self.strata[stratum * n + k].add(1.0, o);
            self.strata_sq[stratum * n + k].add(1.0, &o.squared());
        }
        for i in 0..n {
            for j in 0..n {
                self.cross[i * n + j] += values[i] * values[j];
            }
            self.cross_first[stratum * n + i] += values[i] * values[0];
        }
    }

    /// Σ over strata of the product of two arms' stratum sums, by component.
    fn strata_product(&self, i: usize, j: usize, f: impl Fn(&Outcome) -> f64) -> f64 {
        let n = self.arms;
        (0..BLOCK as usize)
            .map(|h| f(&self.strata[h * n + i]) * f(&self.strata[h * n + j]))
            .sum()
    }

    fn total(&self, k: usize) -> Outcome {
        let mut out = Outcome::default();
        for h in 0..BLOCK as usize {
            out.add(1.0, &self.strata[h * self.arms + k]);
        }
        out
    }

    /// Σ over play-outs of arm `k`'s outcome squared, component by component.
    fn square(&self, k: usize) -> Outcome {
        let mut out = Outcome::default();
        for h in 0..BLOCK as usize {
            out.add(1.0, &self.strata_sq[h * self.arms + k]);
        }
        out
    }

    /// The degrees of freedom of arm `k`'s variance estimate, component by
    /// component, by Welch and Satterthwaite: with `v_h` each stratum's
    /// variance over the B blocks, `(B - 1) (Σ v_h)² / Σ v_h²`. That is
    /// 216 (B - 1) when every stratum varies alike, and 1 when one stratum
    /// alone varies over two blocks: the error is then as uncertain as one
    /// difference makes it, and an interval of 1.96 errors too narrow.
    /// Infinite where nothing varied (no interval rests on it).
    fn dof(&self, k: usize) -> Outcome {
        let b = self.blocks as f64;
        let (mut sum, mut squares) = (Outcome::default(), Outcome::default());
        for h in 0..BLOCK as usize {
            let i = h * self.arms + k;
            let within = self.strata_sq[i].zip(&self.strata[i], |sq, s| spread(sq, s * s / b, sq));
            sum.add(1.0, &within);
            squares.add(1.0, &within.squared());
        }
        sum.zip(&squares, |v, w| satterthwaite(b, v, w))
    }

    /// As [`Sums::dof`], for arm `k`'s value (`value` picks the decider's
    /// component) less the first arm's: each stratum's variance of the
    /// difference from its sums, squares and `cross_first`.
    fn gain_dof(&self, k: usize, value: impl Fn(&Outcome) -> f64) -> f64 {
        let (n, b) = (self.arms, self.blocks as f64);
        let (mut sum, mut squares) = (0.0, 0.0);
        for h in 0..BLOCK as usize {
            let (i, first) = (h * n + k, h * n);
            let total = value(&self.strata[i]) - value(&self.strata[first]);
            let both = value(&self.strata_sq[i]) + value(&self.strata_sq[first]);
            let square = both - 2.0 * self.cross_first[i];
            // Rounding scales with the squares the difference cancels.
            let within = spread(square, total * total / b, both);
            sum += within;
            squares += within * within;
        }
        satterthwaite(b, sum, squares)
    }
}

/// A stratum's sum of squared deviations, `squares - centre`; 0 where
/// that is rounding alone against `scale`, the squares it was left of
/// ([`ROUNDING`]).
fn spread(squares: f64, centre: f64, scale: f64) -> f64 {
    match squares - centre {
        w if w <= ROUNDING * scale.abs() => 0.0,
        w => w,
    }
}

/// Welch and Satterthwaite's degrees of freedom over B blocks, from the sum
/// of the strata's variances and the sum of their squares; infinite where
/// nothing varied or one block leaves no spread to count.
fn satterthwaite(blocks: f64, sum: f64, squares: f64) -> f64 {
    match squares > 0.0 && blocks >= 2.0 {
        true => (blocks - 1.0) * sum * sum / squares,
        false => f64::INFINITY,
    }
}

/// What is left of a sum of squares after the strata's means is rounding
/// alone below this part of it (a thousand times what rounding leaves in
/// these sums): no spread, not a tiny one. A real spread that small is a
/// play-out in a million differing by 0.03 from values of 30.
/// (`How::probability_interval` tells no spread from a tiny one.)
const ROUNDING: f64 = 1e-12;

/// Means, standard errors and the covariance of the arms' values from the sums.
///
/// With B blocks of H strata, the mean's variance is the sum over strata of each
/// stratum's variance over B play-outs, divided by H² B:
/// `(Σ x² - Σ_h (Σ_b x)² / B) / (H² B (B - 1))`; likewise for covariances.
pub(super) fn summarise(arms: &[Arm], sums: &Sums, decider: Option<usize>, seed: u64) -> Estimate {
    let (blocks, h) = (sums.blocks as f64, BLOCK as f64);
    let n = arms.len();
    let scale = h * h * blocks * (blocks - 1.0);
    // Rounding alone is no spread (`ROUNDING`).
    let variance = |squares: f64, strata: f64| {
        let within = squares - strata / blocks;
        if sums.blocks < 2 {
            f64::INFINITY
        } else if within <= ROUNDING * squares.abs() {
            0.0
        } else {
            within / scale
        }
    };
    let value = |o: &Outcome| decider.map_or(0.0, |d| o.value[d]);
    let mut cov = vec![0.0; n * n];
    for i in 0..n {
        for j in 0..n {
            let centred = sums.cross[i * n + j] - sums.strata_product(i, j, value) / blocks;
            cov[i * n + j] = match sums.blocks < 2 {
                true => f64::INFINITY,
                false => centred / scale,
            };
        }
    }
    // An arm whose value did not vary (rounding aside, as above) covaries
    // with none: its row and column are 0, so that the errors of its
    // differences are the other arm's alone.
    for i in 0..n {
        let square = sums.cross[i * n + i];
        if sums.blocks >= 2 && cov[i * n + i] * scale <= ROUNDING * square.abs() {
            for j in 0..n {
                cov[i * n + j] = 0.0;
                cov[j * n + i] = 0.0;
            }
        }
    }
    let estimates = (0..n)
        .map(|k| {
            let mean = sums.total(k).scaled(1.0 / (h * blocks));
            let stderr = component_stderr(sums, k, &variance);
            let c = |i: usize, j: usize| cov[i * n + j];
            ArmEstimate {
                action: arms[k].action,
                ev: decider.map_or(0.0, |d| mean.value[d] - arms[k].cost + arms[k].income),
                mean,
                dof: sums.dof(k),
                stderr,
                ev_stderr: c(k, k).max(0.0).sqrt(),
                gain_stderr: (c(k, k) + c(0, 0) - 2.0 * c(0, k)).max(0.0).sqrt(),
                gain_dof: sums.gain_dof(k, value),
                p_best: 0.0,
                dist: sums.hists.get(k).map(|hist| {
                    risk::shifted(&hist.dist(), (arms[k].income - arms[k].cost).round() as i64)
                }),
            }
        })
        .collect();
    Estimate {
        arms: estimates,
        cov,
        samples: sums.blocks * BLOCK,
        stop: Stop::Samples,
        seed,
        elapsed: Duration::ZERO,
        dof: None,
        looks: 1,
    }
}

/// The standard error of every component of arm `k`'s mean outcome.
fn component_stderr(sums: &Sums, k: usize, variance: &dyn Fn(f64, f64) -> f64) -> Outcome {
    let mut strata = Outcome::default();
    for h in 0..BLOCK as usize {
        strata.add(1.0, &sums.strata[h * sums.arms + k].squared());
    }
    sums.square(k)
        .zip(&strata, |sq, st| variance(sq, st).sqrt())
}

impl Estimate {
    /// The standard error of the difference of the values of arms `i` and `j`.
    pub fn joint_stderr(&self, i: usize, j: usize) -> f64 {
        let n = self.arms.len();
        let c = |a: usize, b: usize| self.cov[a * n + b];
        (c(i, i) + c(j, j) - 2.0 * c(i, j)).max(0.0).sqrt()
    }
}

/// `p_best`: the share of draws from the normal approximation of the arms' mean
/// values (means and covariance as estimated) in which each arm is the best;
/// ties go to the first arm in canonical order, as in R14.
pub fn estimate_p_best(estimate: &mut Estimate) {
    let n = estimate.arms.len();
    let l = cholesky(&estimate.cov, n);
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(estimate.seed ^ 0x5EED_0FBE_5700);
    let mut wins = vec![0u64; n];
    let mut z = vec![0.0; n];
    for _ in 0..P_BEST_DRAWS {
        z.iter_mut().for_each(|x| *x = normal(&mut rng));
        // Student's t: the normal draw over the root of a chi-square's
        // share of its degrees of freedom (one scale for every arm, as the
        // arms' errors are estimated from the same dice).
        if let Some(dof) = estimate.dof.filter(|&d| d > 0) {
            let chi2: f64 = (0..dof).map(|_| normal(&mut rng).powi(2)).sum();
            let scale = (dof as f64 / chi2.max(f64::MIN_POSITIVE)).sqrt();
            z.iter_mut().for_each(|x| *x *= scale);
        }
        let mut best = (0, f64::NEG_INFINITY);
        for i in 0..n {
            let noise: f64 = (0..=i).map(|j| l[i * n + j] * z[j]).sum();
            let x = estimate.arms[i].ev + noise;
            if x > best.1 + TIE {
                best = (i, x);
            }
        }
        wins[best.0] += 1;
    }
    for (arm, w) in estimate.arms.iter_mut().zip(wins) {
        arm.p_best = w as f64 / P_BEST_DRAWS as f64;
    }
}

/// Lower-triangular `l` with `l lᵀ = cov`; a direction of zero variance (two
/// arms equal on every sample) gets a zero column instead of failing.
fn cholesky(cov: &[f64], n: usize) -> Vec<f64> {
    let mut l = vec![0.0; n * n];
    for j in 0..n {
        let d = cov[j * n + j] - (0..j).map(|k| l[j * n + k] * l[j * n + k]).sum::<f64>();
        let scale = cov[j * n + j].abs().max(1e-300);
        if !d.is_finite() || d <= 1e-12 * scale {
            continue;
        }
        let root = d.sqrt();
        l[j * n + j] = root;
        for i in j + 1..n {
            let s = cov[i * n + j] - (0..j).map(|k| l[i * n + k] * l[j * n + k]).sum::<f64>();
            l[i * n + j] = s / root;
        }
    }
    l
}

/// The one-sided 95% quantile of Student's t with `dof` degrees of freedom;
/// the normal's, 1.645 as in the tables, for `None`.
pub fn t_95(dof: Option<u64>) -> f64 {
    match dof {
        None => 1.645,
        Some(n) => crate::report::t_quantile(1.644_853_626_951_472_2, n),
    }
}

/// The one-sided quantile at which a claim made at the first of `looks`
/// looks that supports it still holds at 95%: 5% / `looks` at each
/// (Bonferroni), since a run that stops at the first look that settles it
/// would otherwise be wrong more often than one look in twenty (2.45
/// standard errors for 7 looks). Student's t for `dof`, as [`t_95`].
pub fn one_sided_95(dof: Option<u64>, looks: u64) -> f64 {
    if looks <= 1 {
        return t_95(dof);
    }
    let z = normal_quantile(1.0 - 0.05 / looks as f64);
    match dof {
        None => z,
        Some(n) => crate::report::t_quantile(z, n),
    }
}

/// The standard normal's quantile of `p` in (0, 1) (Acklam's rational
/// approximation, relative error below 1.2e-9).
fn normal_quantile(p: f64) -> f64 {
    const A: [f64; 6] = [
        -3.969_683_028_665_376e1,
        2.209_460_984_245_205e2,
        -2.759_285_104_469_687e2,
        1.383_577_518_672_69e2,
        -3.066_479_806_614_716e1,
        2.506_628_277_459_239,
    ];
    const B: [f64; 5] = [
        -5.447_609_879_822_406e1,
        1.615_858_368_580_409e2,
        -1.556_989_798_598_866e2,
        6.680_131_188_771_972e1,
        -1.328_068_155_288_572e1,
    ];
    const C: [f64; 6] = [
        -7.784_894_002_430_293e-3,
        -3.223_964_580_411_365e-1,
        -2.400_758_277_161_838,
        -2.549_732_539_343_734,
        4.374_664_141_464_968,
        2.938_163_982_698_783,
    ];
    const D: [f64; 4] = [
        7.784_695_709_041_462e-3,
        3.224_671_290_700_398e-1,
        2.445_134_137_142_996,
        3.754_408_661_907_416,
    ];
    let poly = |k: &[f64], x: f64| k.iter().fold(0.0, |acc, &c| acc * x + c);
    // The tails' form, in q = sqrt(-2 ln(tail)).
    let tail = |t: f64| {
        let q = (-2.0 * t.ln()).sqrt();
        poly(&C, q) / (poly(&D, q) * q + 1.0)
    };
    const LOW: f64 = 0.024_25;
    if p < LOW {
        tail(p)
    } else if p > 1.0 - LOW {
        -tail(1.0 - p)
    } else {
        let q = p - 0.5;
        let r = q * q;
        poly(&A, r) * q / (poly(&B, r) * r + 1.0)
    }
}

/// A standard normal draw (Box-Muller).
fn normal(rng: &mut Xoshiro256PlusPlus) -> f64 {
    let u1: f64 = 1.0 - rng.random::<f64>();
    let u2: f64 = rng.random::<f64>();
    (-2.0 * u1.ln()).sqrt() * (std::f64::consts::TAU * u2).cos()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Two blocks of one arm whose jade harbour odds are `first(h)` and
    /// `second(h)` in stratum `h`.
    fn two_blocks(first: impl Fn(usize) -> f64, second: impl Fn(usize) -> f64) -> Sums {
        let mut sums = Sums::new(1);
        for block in [&first as &dyn Fn(usize) -> f64, &second] {
            for h in 0..BLOCK as usize {
                let mut o = Outcome::default();
                o.harbour[0] = block(h);
                sums.add(h, &[o], &[0.0]);
            }
            sums.blocks += 1;
        }
        sums
    }

    /// Welch and Satterthwaite: one stratum alone varying over two blocks
    /// leaves its error one degree of freedom; every stratum varying alike,
    /// 216; nothing varying, no finite count (no interval rests on it).
    #[test]
    fn the_degrees_of_freedom_count_the_strata_that_vary() {
        let one = two_blocks(|h| f64::from(h == 7), |_| 0.0);
        assert!((one.dof(0).harbour[0] - 1.0).abs() < 1e-9);
        let all = two_blocks(|_| 1.0, |_| 0.0);
        assert!((all.dof(0).harbour[0] - 216.0).abs() < 1e-9);
        let half = two_blocks(|h| f64::from(h % 2 == 0), |_| 0.0);
        assert!((half.dof(0).harbour[0] - 108.0).abs() < 1e-9);
        let none = two_blocks(|h| f64::from(h % 3 == 0), |h| f64::from(h % 3 == 0));
        assert!(none.dof(0).harbour[0].is_infinite());
        let se = component_stderr(&none, 0, &|sq, st| (sq - st / 2.0).max(0.0));
        assert_eq!(se.harbour[0], 0.0);
    }

    /// The gain's degrees of freedom count the strata where the difference
    /// varies: arms that vary together in every stratum but one differ by
    /// one stratum's spread over two blocks, one degree of freedom.
    #[test]
    fn the_gain_s_degrees_of_freedom_count_the_strata_where_arms_differ() {
        let mut sums = Sums::new(2);
        for block in 0..2 {
            for h in 0..BLOCK as usize {
                let first = (h % 5 + block) as f64;
                let second = first + f64::from(h == 7 && block == 1);
                let [mut a, mut b] = [Outcome::default(), Outcome::default()];
                (a.value[0], b.value[0]) = (first, second);
                sums.add(h, &[a, b], &[first, second]);
            }
            sums.blocks += 1;
        }
        let value = |o: &Outcome| o.value[0];
        assert!((sums.dof(0).value[0] - 216.0).abs() < 1e-9);
        assert!((sums.gain_dof(1, value) - 1.0).abs() < 1e-9);
        assert!(sums.gain_dof(0, value).is_infinite());
    }

    /// Two arms, the first ahead by twice the standard error of their
    /// difference (the second's value known exactly).
    fn two_arms(dof: Option<u64>) -> Estimate {
        let arm = |ev: f64| ArmEstimate {
            action: None,
            mean: Outcome::default(),
            dof: Outcome::default(),
            stderr: Outcome::default(),
            ev,
            ev_stderr: 0.0,
            gain_stderr: 0.0,
            gain_dof: f64::INFINITY,
            p_best: 0.0,
            dist: None,
        };
        Estimate {
            arms: vec![arm(2.0), arm(0.0)],
            cov: vec![1.0, 0.0, 0.0, 0.0],
            samples: 4,
            stop: Stop::Samples,
            seed: 3,
            elapsed: Duration::ZERO,
            dof,
            looks: 1,
        }
    }

    #[test]
    fn one_sided_95_over_looks_is_the_bonferroni_quantile() {
        // Python's statistics.NormalDist().inv_cdf(1 - 0.05 / k).
        assert_eq!(one_sided_95(None, 1), 1.645);
        for (looks, want) in [(2, 1.959_963_985), (7, 2.449_997_661), (15, 2.713_051_888)] {
            let got = one_sided_95(None, looks);
            assert!((got - want).abs() < 1e-8, "{looks}: {got}");
        }
        for (p, want) in [(0.01, -2.326_347_874), (0.3, -0.524_400_513), (0.5, 0.0)] {
            assert!((normal_quantile(p) - want).abs() < 1e-8, "{p}");
        }
        // With few degrees of freedom, Student's t at the same level.
        let t = one_sided_95(Some(15), 7);
        assert!((t - crate::report::t_quantile(2.449_997_661, 15)).abs() < 1e-7);
    }

    #[test]
    fn p_best_follows_the_normal_or_student_s_t_by_the_degrees_of_freedom() {
        // P(Z < 2) = 0.9772; P(T < 2) = 0.9303 with 3 degrees of freedom,
        // 0.9681 with 15 (tables). 20,000 draws: standard error 0.002.
        for (dof, want) in [(None, 0.9772), (Some(3), 0.9303), (Some(15), 0.9681)] {
            let mut e = two_arms(dof);
            estimate_p_best(&mut e);
            let got = e.arms[0].p_best;
            assert!((got - want).abs() < 0.008, "{dof:?}: {got} vs {want}");
            assert!((got + e.arms[1].p_best - 1.0).abs() < 1e-12);
        }
    }

    #[test]
    fn t_95_is_the_tables_one_sided_quantile() {
        assert_eq!(t_95(None), 1.645);
        for (dof, table) in [
            (1, 6.314),
            (2, 2.920),
            (3, 2.353),
            (15, 1.753),
            (63, 1.669),
            (215, 1.652),
        ] {
            let got = t_95(Some(dof));
            assert!((got - table).abs() < 0.002, "{dof}: {got} vs {table}");
        }
    }
}
