/**
 * CPU usage as a rate, as metrics-server computes it: the runtime reports cumulative CPU time
 * (core-nanoseconds), and a rate is the difference between two samples over the time between
 * them, which is the metric's `window`. Each counter keeps its last sample; a new sample closes a
 * window only when it is at least `minWindowMs` after that one (a rate over a few milliseconds
 * says nothing), otherwise the previous rate is answered again, as it is for a reading older than
 * the last (concurrent samplings finishing out of order). A counter seen once has no rate yet; a counter that went backwards (a restarted container reuses nothing, but a runtime may
 * reset) starts over.
 */

export interface CounterSample {
  /** epoch ms of the reading */
  at: number;
  /** cumulative core-nanoseconds */
  value: number;
}

export interface Rate {
  /** end of the window, epoch ms */
  at: number;
  windowMs: number;
  /** nanocores: core-nanoseconds per second */
  perSecond: number;
}

export class CounterRates {
  private readonly last = new Map<string, { sample: CounterSample; rate?: Rate }>();

  constructor(private readonly minWindowMs = 1000) {}

  /** Records `sample` of counter `key` and answers its rate, if one is known. */
  observe(key: string, sample: CounterSample): Rate | undefined {
    const prev = this.last.get(key);
    // a reading older than the last one (two requests sampling at once, answered out of order) says nothing new
    if (prev && sample.at < prev.sample.at) return prev.rate;
    if (!prev || sample.value < prev.sample.value) {
      this.last.set(key, { sample });
      return undefined;
    }
    const windowMs = sample.at - prev.sample.at;
    if (windowMs < this.minWindowMs) return prev.rate;
    const rate = { at: sample.at, windowMs, perSecond: ((sample.value - prev.sample.value) * 1000) / windowMs };
    this.last.set(key, { sample, rate });
    return rate;
  }

  /** Forgets every counter not in `live` (containers gone since). */
  retain(live: Set<string>): void {
    for (const key of this.last.keys()) if (!live.has(key)) this.last.delete(key);
  }
}
