// Deciding a thumbnail test, as THUMBNAIL_TEST_METHOD states it: each measured day is one
// observation with the noninformative prior p(β, σ²) ∝ 1/σ² and one σ² shared by the variants
// (pooled, so a variant with a day or two is already measurable). When the observations carry
// their day, the model is value = level_i + slope·(day − mid-day) + noise: the rotation puts
// variant A on the earlier days of each cycle, so a channel whose views fall (or grow) would
// otherwise hand A (or the last variant) the win. Without days the model is value = μ_i + noise.
// Either way the levels' posterior is a multivariate Student-t (least squares; σ² from the
// residuals), and the probability of being best comes from joint posterior draws.

/** One measured day: the variant live all day and the deciding metric's value that day. */
export interface DayObservation {
  variant: number;
  value: number;
  /**
   * The day's index (any origin, one per day, e.g. days since the test began). When every
   * observation has one, a linear trend over the days is part of the model.
   */
  day?: number;
}

/** What the data says of one variant's level. */
export interface VariantPosterior {
  /** Measured days. */
  n: number;
  /**
   * The estimated level: the sample mean, or with a trend the level at the middle of the
   * measured days (the trend taken out); null when n = 0.
   */
  mean: number | null;
  /** 95% credible interval of that level; null until measurable. */
  interval: { low: number; high: number } | null;
  /** Null until every variant is measurable. */
  probabilityBest: number | null;
}

/** A test's decision by its posteriors. */
export interface Verdict {
  /** The winning variant's index, or null (no winner yet, or the original is restored). */
  winner: number | null;
  /** The most probable best's probability of being best (also when it does not win); null until measurable. */
  probability: number | null;
  /** The most probable best reached the early bar (earlyConfidence after the minimum days of every variant). */
  confident: boolean;
}

const DEFAULT_DRAWS = 20_000;
const DEFAULT_SEED = 'thumbnail-test';
const CREDIBLE_MASS = 0.95;
/**
 * When every variant's days are identical the pooled variance is 0 and the posterior a point:
 * a floor of 1e-9·(1 + |mean|)² keeps the answer clear (distinct means: the higher wins; equal
 * means: an even split) instead of NaN.
 */
const VARIANCE_FLOOR = 1e-9;

/**
 * The least-squares fit in scaled units: per variant its level, the factor of its own noise
 * (√(1/n_i)) and its loading on the slope's noise (ū_i/√W), so that the levels' covariance,
 * in units of σ², is diag(1/n_i) + ū ūᵀ/W, the variant block of (XᵀX)⁻¹.
 */
interface Fit {
  levels: number[];
  own: number[];
  shared: number[] | null;
  squares: number;
  df: number;
}

/** Posterior of each variant's level (higher is better) and its probability of being best. */
export function posteriors(
  observations: DayObservation[],
  variantCount: number,
  options: { draws?: number; seed?: string } = {},
): VariantPosterior[] {
  const count = Number.isFinite(variantCount) ? Math.max(0, Math.floor(variantCount)) : 0;
  const kept = observations.filter(
    ({ variant, value }) =>
      Number.isInteger(variant) && variant >= 0 && variant < count && Number.isFinite(value),
  );
  const groups = Array.from({ length: count }, (): number[] => []);
  for (const { variant, value } of kept) groups[variant]?.push(value);

  // Work in units of a power of two near the largest magnitude: dividing by it is exact, so the
  // means are the plain means, and sums of squares of huge values cannot overflow.
  const maxAbs = Math.max(0, ...kept.map(({ value }) => Math.abs(value)));
  // (log2 of the largest double rounds up to 1024, whose power of two is no longer finite.)
  const scale = maxAbs > 1 ? 2 ** Math.min(1023, Math.floor(Math.log2(maxAbs))) : 1;
  const stats = groups.map((values) => groupStats(values.map((value) => value / scale)));
  const measured = stats.filter((group) => group.n > 0);
  const everyMeasured = measured.length === count && count > 0;

  const fit = (everyMeasured ? trendFit(kept, count, scale) : null) ?? {
    levels: stats.map((group) => group.mean),
    own: stats.map((group) => (group.n > 0 ? 1 / Math.sqrt(group.n) : 0)),
    shared: null,
    squares: stats.reduce((sum, group) => sum + group.squares, 0),
    df: kept.length - measured.length,
  };
  if (fit.df < 1) {
    return stats.map((group) => ({
      n: group.n,
      mean: group.n > 0 ? finite(group.mean * scale) : null,
      interval: null,
      probabilityBest: null,
    }));
  }

  const largestLevel = Math.max(
    ...fit.levels.filter((_, index) => (stats[index]?.n ?? 0) > 0).map(Math.abs),
  );
  const variance = Math.max(fit.squares / fit.df, VARIANCE_FLOOR * (1 / scale + largestLevel) ** 2);
  const s = Math.sqrt(variance);
  const quantile = studentTQuantile((1 + CREDIBLE_MASS) / 2, fit.df);

  const probabilities = everyMeasured
    ? probabilitiesBest(
        fit.levels,
        fit.own.map((factor) => factor * s),
        fit.shared?.map((factor) => factor * s) ?? null,
        fit.df,
        drawsOf(options.draws),
        options.seed ?? DEFAULT_SEED,
      )
    : null;

  return stats.map((group, index) => {
    const level = fit.levels[index] ?? 0;
    const se = s * Math.hypot(fit.own[index] ?? 0, fit.shared?.[index] ?? 0);
    return {
      n: group.n,
      mean: group.n > 0 ? finite(level * scale) : null,
      interval:
        group.n > 0
          ? {
              low: finite((level - quantile * se) * scale),
              high: finite((level + quantile * se) * scale),
            }
          : null,
      probabilityBest: probabilities ? (probabilities[index] ?? 0) : null,
    };
  });
}

/**
 * Least squares of value ~ level_i + slope·u with u = day − mid-day (halfway between the first
 * and last measured day), so each level is the variant's value at the test's middle. Null, for
 * the model without a trend, when a day is missing, when the residuals would have no degree of
 * freedom (N − k − 1 < 1), or when no variant was measured on two different days (the slope
 * would be confounded with the levels).
 */
function trendFit(kept: DayObservation[], count: number, scale: number): Fit | null {
  const dayOf: number[] = [];
  for (const { day } of kept) {
    if (day === undefined || !Number.isFinite(day)) return null;
    dayOf.push(day);
  }
  const df = kept.length - count - 1;
  if (df < 1) return null;
  const middle = (Math.min(...dayOf) + Math.max(...dayOf)) / 2;
  const n = new Float64Array(count);
  const sumU = new Float64Array(count);
  const sumY = new Float64Array(count);
  kept.forEach(({ variant, value }, index) => {
    n[variant] = (n[variant] ?? 0) + 1;
    sumU[variant] = (sumU[variant] ?? 0) + (dayOf[index] ?? 0) - middle;
    sumY[variant] = (sumY[variant] ?? 0) + value / scale;
  });
  const meanU = Array.from(n, (days, variant) => (sumU[variant] ?? 0) / days);
  const meanY = Array.from(n, (days, variant) => (sumY[variant] ?? 0) / days);
  // W is the within-variant spread of the days, the slope's information.
  let within = 0;
  let cross = 0;
  let spread = 0;
  kept.forEach(({ variant, value }, index) => {
    const u = (dayOf[index] ?? 0) - middle - (meanU[variant] ?? 0);
    within += u * u;
    cross += u * (value / scale - (meanY[variant] ?? 0));
    spread += ((dayOf[index] ?? 0) - middle) ** 2;
  });
  if (!(within > 1e-9 * (1 + spread)) || !Number.isFinite(spread)) return null;
  const slope = cross / within;
  const levels = meanY.map((mean, variant) => mean - slope * (meanU[variant] ?? 0));
  let squares = 0;
  kept.forEach(({ variant, value }, index) => {
    const fitted = (levels[variant] ?? 0) + slope * ((dayOf[index] ?? 0) - middle);
    squares += (value / scale - fitted) ** 2;
  });
  if (!Number.isFinite(squares) || !levels.every(Number.isFinite)) return null;
  return {
    levels,
    own: Array.from(n, (days) => 1 / Math.sqrt(days)),
    shared: meanU.map((mean) => mean / Math.sqrt(within)),
    squares,
    df,
  };
}

/**
 * Early (not `final`): `confident`, and `winner` the most probable best, when every variant has
 * ≥ minDaysPerVariant days and that probability reaches `earlyConfidence` (default
 * `confidence`): checking every day is a sequence of looks, so an early stop needs the stricter
 * bar. When `final` (the duration ended), the most probable best wins if it reaches
 * `confidence`, else winner is null (the original is restored).
 */
export function verdict(
  posteriors: VariantPosterior[],
  options: {
    confidence: number;
    minDaysPerVariant: number;
    final: boolean;
    earlyConfidence?: number;
  },
): Verdict {
  const probabilities: number[] = [];
  for (const posterior of posteriors) {
    if (posterior.probabilityBest === null)
      return { winner: null, probability: null, confident: false };
    probabilities.push(posterior.probabilityBest);
  }
  if (probabilities.length === 0) return { winner: null, probability: null, confident: false };
  let best = 0;
  probabilities.forEach((probability, index) => {
    if (probability > (probabilities[best] ?? 0)) best = index;
  });
  const probability = probabilities[best] ?? 0;
  const confident =
    probability >= (options.earlyConfidence ?? options.confidence) &&
    posteriors.every((posterior) => posterior.n >= options.minDaysPerVariant);
  const wins = options.final ? confident || probability >= options.confidence : confident;
  return { winner: wins ? best : null, probability, confident };
}

/** The `p` quantile of Student's t with `df` degrees of freedom (p in (0, 1), df > 0). */
export function studentTQuantile(p: number, df: number): number {
  if (!(p > 0 && p < 1) || !(df > 0)) throw new RangeError(`no t quantile for p=${p}, df=${df}`);
  if (p < 0.5) return -studentTQuantile(1 - p, df);
  if (p === 0.5) return 0;
  const key = `${p}:${df}`;
  const cached = quantiles.get(key);
  if (cached !== undefined) return cached;
  const tail = 1 - p;
  // The upper tail falls as t grows: bracket the quantile, then bisect.
  let low = 0;
  let high = 1;
  while (studentTUpperTail(high, df) > tail) {
    low = high;
    high *= 2;
  }
  for (let i = 0; i < 200 && high - low > 1e-13 * high; i += 1) {
    const mid = (low + high) / 2;
    if (studentTUpperTail(mid, df) > tail) low = mid;
    else high = mid;
  }
  const t = (low + high) / 2;
  quantiles.set(key, t);
  return t;
}

const quantiles = new Map<string, number>();

/** n, mean and sum of squared deviations of one variant's (scaled) values. */
function groupStats(values: number[]): { n: number; mean: number; squares: number } {
  const n = values.length;
  if (n === 0) return { n, mean: 0, squares: 0 };
  const mean = values.reduce((sum, value) => sum + value, 0) / n;
  const squares = values.reduce((sum, value) => sum + (value - mean) ** 2, 0);
  return { n, mean, squares };
}

/**
 * Monte Carlo probability of each variant's level being the highest: each draw takes σ/s from
 * its scaled inverse-χ² posterior, then the levels as level_i + σ/s·(own_i·z_i + shared_i·z₀)
 * with independent standard normals (z₀ the slope's, shared by all): correlated normals whose
 * covariance is the fit's, so the levels are jointly Student-t with one σ². A tie splits its
 * draw evenly.
 */
function probabilitiesBest(
  levels: number[],
  own: number[],
  shared: number[] | null,
  df: number,
  draws: number,
  seed: string,
): number[] {
  const random = new Random(seed);
  const count = levels.length;
  const wins = new Float64Array(count);
  const drawn = new Float64Array(count);
  for (let draw = 0; draw < draws; draw += 1) {
    // σ/s = √(df/χ²); a χ² of exactly 0 would divide by zero, so it is kept above the least double.
    const spread = Math.sqrt(df / Math.max(random.chiSquare(df), Number.MIN_VALUE));
    const common = shared ? random.normal() : 0;
    let best = Number.NEGATIVE_INFINITY;
    let ties = 0;
    for (let i = 0; i < count; i += 1) {
      const noise = (own[i] ?? 0) * random.normal() + (shared?.[i] ?? 0) * common;
      const value = (levels[i] ?? 0) + spread * noise;
      drawn[i] = value;
      if (value > best) {
        best = value;
        ties = 1;
      } else if (value === best) {
        ties += 1;
      }
    }
    for (let i = 0; i < count; i += 1) {
      if (drawn[i] === best) wins[i] = (wins[i] ?? 0) + 1 / ties;
    }
  }
  return Array.from(wins, (won) => Math.min(1, won / draws));
}

/** The number of draws asked for, or the default when it is not a positive count. */
function drawsOf(draws: number | undefined): number {
  return draws !== undefined && Number.isFinite(draws) && draws >= 1
    ? Math.floor(draws)
    : DEFAULT_DRAWS;
}

/** The value, or the largest finite double of its sign when it overflowed. */
function finite(value: number): number {
  if (value === Number.POSITIVE_INFINITY) return Number.MAX_VALUE;
  if (value === Number.NEGATIVE_INFINITY) return -Number.MAX_VALUE;
  return value;
}

/** P(T > t) for t ≥ 0 under Student's t with `df` degrees of freedom. */
function studentTUpperTail(t: number, df: number): number {
  return 0.5 * regularizedBeta(df / (df + t * t), df / 2, 0.5);
}

/** The regularized incomplete beta function I_x(a, b) (Numerical Recipes' continued fraction). */
function regularizedBeta(x: number, a: number, b: number): number {
  if (x <= 0) return 0;
  if (x >= 1) return 1;
  const front = Math.exp(
    a * Math.log(x) + b * Math.log1p(-x) + logGamma(a + b) - logGamma(a) - logGamma(b),
  );
  // The continued fraction converges fast only below (a + 1) / (a + b + 2); above, use symmetry.
  if (x < (a + 1) / (a + b + 2)) return (front * betaContinuedFraction(x, a, b)) / a;
  return 1 - (front * betaContinuedFraction(1 - x, b, a)) / b;
}

/** The continued fraction of the incomplete beta function (modified Lentz). */
function betaContinuedFraction(x: number, a: number, b: number): number {
  const tiny = 1e-300;
  const guard = (value: number) => (Math.abs(value) < tiny ? tiny : value);
  let c = 1;
  let d = 1 / guard(1 - ((a + b) * x) / (a + 1));
  let h = d;
  // Needs about √max(a, b) terms; the cap only guards against a runaway.
  for (let m = 1; m <= 100_000; m += 1) {
    const m2 = 2 * m;
    const even = (m * (b - m) * x) / ((a - 1 + m2) * (a + m2));
    d = 1 / guard(1 + even * d);
    c = guard(1 + even / c);
    h *= d * c;
    const odd = (-(a + m) * (a + b + m) * x) / ((a + m2) * (a + 1 + m2));
    d = 1 / guard(1 + odd * d);
    c = guard(1 + odd / c);
    const step = d * c;
    h *= step;
    if (Math.abs(step - 1) < 1e-15) break;
  }
  return h;
}

const LANCZOS = [
  0.99999999999980993, 676.5203681218851, -1259.1392167224028, 771.32342877765313,
  -176.61502916214059, 12.507343278686905, -0.13857109526572012, 9.9843695780195716e-6,
  1.5056327351493116e-7,
];

/** ln Γ(x) for x > 0 (Lanczos, g = 7; about 15 significant digits). */
function logGamma(x: number): number {
  if (x < 0.5) return Math.log(Math.PI / Math.sin(Math.PI * x)) - logGamma(1 - x);
  const shifted = x - 1;
  let sum = LANCZOS[0] ?? 1;
  for (let i = 1; i < LANCZOS.length; i += 1) sum += (LANCZOS[i] ?? 0) / (shifted + i);
  const t = shifted + 7.5;
  return 0.5 * Math.log(2 * Math.PI) + (shifted + 0.5) * Math.log(t) - t + Math.log(sum);
}

/**
 * A small seeded generator (mulberry32 over a 32-bit FNV-1a hash of the seed): the same seed
 * gives the same draws, so a test's figures do not change between page loads.
 */
class Random {
  private state: number;
  private spare: number | null = null;

  constructor(seed: string) {
    let hash = 0x811c9dc5;
    for (let i = 0; i < seed.length; i += 1) {
      hash ^= seed.charCodeAt(i);
      hash = Math.imul(hash, 0x01000193);
    }
    this.state = hash >>> 0;
  }

  /** Uniform in [0, 1). */
  uniform(): number {
    this.state = (this.state + 0x6d2b79f5) | 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  }

  /** Standard normal (Box–Muller; the pair's second value is kept for the next call). */
  normal(): number {
    if (this.spare !== null) {
      const value = this.spare;
      this.spare = null;
      return value;
    }
    const radius = Math.sqrt(-2 * Math.log(1 - this.uniform()));
    const angle = 2 * Math.PI * this.uniform();
    this.spare = radius * Math.sin(angle);
    return radius * Math.cos(angle);
  }

  /** χ² with `df` degrees of freedom, as twice a Gamma(df/2). */
  chiSquare(df: number): number {
    return 2 * this.gamma(df / 2);
  }

  /** Gamma(shape, 1) by Marsaglia–Tsang; below shape 1 boosted by U^(1/shape). */
  private gamma(shape: number): number {
    if (shape < 1) return this.gamma(shape + 1) * (1 - this.uniform()) ** (1 / shape);
    const d = shape - 1 / 3;
    const c = 1 / Math.sqrt(9 * d);
    for (;;) {
      const x = this.normal();
      const v = (1 + c * x) ** 3;
      if (v <= 0) continue;
      const u = 1 - this.uniform();
      if (u < 1 - 0.0331 * x ** 4) return d * v;
      if (Math.log(u) < 0.5 * x * x + d * (1 - v + Math.log(v))) return d * v;
    }
  }
}
