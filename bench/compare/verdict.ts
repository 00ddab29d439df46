// The arithmetic of bench:compare, kept apart so it can be tested: each figure is measured in
// alternating rounds (base, head, head, base, …), each head round is divided by its base round, and
// the spread of those ratios is the noise this run measured.

export const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};

export type RateVerdict = {
  /** Median of head ÷ base over the paired rounds (higher is faster). */
  ratio: number;
  /** Half the spread of the paired ratios: how much the comparison moved between rounds. */
  noise: number;
  verdict: 'slower' | 'faster' | 'same within noise' | 'inconclusive';
  /** Slower beyond the noise and by more than the allowed drop. */
  fails: boolean;
};

/**
 * Compares throughputs (higher is better) measured in pairs. A drop larger than the noise is
 * "slower"; it fails when it is also larger than `allowedDrop`. A drop beyond `allowedDrop` that the
 * noise could explain is "inconclusive" (measure more rounds).
 */
export function compareRates(base: number[], head: number[], allowedDrop: number): RateVerdict {
  if (base.length === 0 || base.length !== head.length) throw new Error('paired rounds expected');
  const ratios = base.map((b, i) => head[i]! / b);
  const ratio = median(ratios);
  const noise =
    ratios.length > 1 ? (Math.max(...ratios) - Math.min(...ratios)) / 2 : Number.POSITIVE_INFINITY;
  const drop = 1 - ratio;
  if (drop > noise) return { ratio, noise, verdict: 'slower', fails: drop > allowedDrop };
  if (-drop > noise) return { ratio, noise, verdict: 'faster', fails: false };
  return { ratio, noise, verdict: drop > allowedDrop ? 'inconclusive' : 'same within noise', fails: false };
}

export type WeightVerdict = { deltaKiB: number; ratio: number; fails: boolean };

/** JS bytes on the wire are exact (the same files give the same bytes): no noise, a plain limit. */
export function compareWeight(baseKiB: number, headKiB: number, allowedKiB: number): WeightVerdict {
  const deltaKiB = headKiB - baseKiB;
  return { deltaKiB, ratio: headKiB / baseKiB, fails: deltaKiB > allowedKiB };
}
