/**
 * Standard cron schedules as Kubernetes' CronJobs read them (robfig/cron v3's ParseStandard: five
 * fields minute hour day-of-month month day-of-week, names JAN-DEC and SUN-SAT, ranges, steps,
 * `*` and `?`, and the descriptors @yearly @annually @monthly @weekly @daily @midnight @hourly
 * @every), with robfig's error texts, which the API returns as validation messages.
 *
 * Times are computed on the wall clock of a time zone (IANA name, through Intl; none = UTC, the
 * controllers' own zone): `next` walks the wall clock month → day → hour → minute as robfig's
 * Next does, then converts the wall time back to an instant.
 */

interface Bounds {
  min: number;
  max: number;
  names?: Record<string, number>;
}

const MONTHS = { jan: 1, feb: 2, mar: 3, apr: 4, may: 5, jun: 6, jul: 7, aug: 8, sep: 9, oct: 10, nov: 11, dec: 12 };
const DOWS = { sun: 0, mon: 1, tue: 2, wed: 3, thu: 4, fri: 5, sat: 6 };
const FIELDS: Bounds[] = [
  { min: 0, max: 59 },
  { min: 0, max: 23 },
  { min: 1, max: 31 },
  { min: 1, max: 12, names: MONTHS },
  { min: 0, max: 6, names: DOWS },
];

const DESCRIPTORS: Record<string, string> = {
  '@yearly': '0 0 1 1 *',
  '@annually': '0 0 1 1 *',
  '@monthly': '0 0 1 * *',
  '@weekly': '0 0 * * 0',
  '@daily': '0 0 * * *',
  '@midnight': '0 0 * * *',
  '@hourly': '0 * * * *',
};

/** One field: the allowed values, and whether it was a bare `*`/`?` (robfig's star bit). */
interface FieldSet {
  values: Set<number>;
  star: boolean;
}

export type Schedule =
  | { kind: 'spec'; minute: FieldSet; hour: FieldSet; dom: FieldSet; month: FieldSet; dow: FieldSet }
  | { kind: 'every'; ms: number };

export class CronError extends Error {}

/** Parses a schedule; throws CronError with robfig's message. */
export function parseSchedule(spec: string): Schedule {
  if (spec.length === 0) throw new CronError('empty spec string');
  let s = spec.trim();
  if (s.startsWith('TZ=') || s.startsWith('CRON_TZ=')) s = s.slice(s.indexOf(' ') + 1).trim(); // the zone is refused by validation, not the parser
  if (s.startsWith('@')) {
    if (s.startsWith('@every ')) {
      const ms = goDuration(s.slice('@every '.length));
      if (ms === undefined) throw new CronError(`failed to parse duration ${s}: time: invalid duration ${JSON.stringify(s.slice('@every '.length))}`);
      return { kind: 'every', ms: Math.max(1000, Math.floor(ms / 1000) * 1000) };
    }
    const d = DESCRIPTORS[s];
    if (!d) throw new CronError(`unrecognized descriptor: ${s}`);
    s = d;
  }
  const fields = s.split(/\s+/).filter(Boolean);
  if (fields.length !== 5) throw new CronError(`expected exactly 5 fields, found ${fields.length}: [${fields.join(' ')}]`);
  const [minute, hour, dom, month, dow] = fields.map((f, i) => parseField(f, FIELDS[i]));
  return { kind: 'spec', minute, hour, dom, month, dow };
}

function parseField(field: string, b: Bounds): FieldSet {
  const out: FieldSet = { values: new Set(), star: false };
  for (const expr of field.split(',')) {
    const r = parseRange(expr, b);
    for (let i = r.start; i <= r.end; i += r.step) out.values.add(i);
    if (r.star) out.star = true;
  }
  return out;
}

function parseRange(expr: string, b: Bounds): { start: number; end: number; step: number; star: boolean } {
  const rangeAndStep = expr.split('/');
  const lowAndHigh = rangeAndStep[0].split('-');
  const singleDigit = lowAndHigh.length === 1;
  let start: number;
  let end: number;
  let star = false;
  if (lowAndHigh[0] === '*' || lowAndHigh[0] === '?') {
    start = b.min;
    end = b.max;
    star = true;
  } else {
    start = intOrName(lowAndHigh[0], b.names);
    if (lowAndHigh.length === 1) end = start;
    else if (lowAndHigh.length === 2) end = intOrName(lowAndHigh[1], b.names);
    else throw new CronError(`too many hyphens: ${expr}`);
  }
  let step = 1;
  if (rangeAndStep.length === 2) {
    step = mustParseInt(rangeAndStep[1]);
    if (singleDigit) end = b.max; // `N/step` means N-max/step
    if (step > 1) star = false;
  } else if (rangeAndStep.length > 2) throw new CronError(`too many slashes: ${expr}`);
  if (start < b.min) throw new CronError(`beginning of range (${start}) below minimum (${b.min}): ${expr}`);
  if (end > b.max) throw new CronError(`end of range (${end}) above maximum (${b.max}): ${expr}`);
  if (start > end) throw new CronError(`beginning of range (${start}) beyond end of range (${end}): ${expr}`);
  if (step === 0) throw new CronError(`step of range should be a positive number: ${expr}`);
  return { start, end, step, star };
}

function intOrName(s: string, names?: Record<string, number>): number {
  const named = names?.[s.toLowerCase()];
  return named ?? mustParseInt(s);
}

function mustParseInt(s: string): number {
  if (!/^[+-]?\d+$/.test(s)) throw new CronError(`failed to parse int from ${s}: strconv.Atoi: parsing ${JSON.stringify(s)}: invalid syntax`);
  const n = Number(s);
  if (n < 0) throw new CronError(`negative number (${n}) not allowed: ${s}`);
  return n;
}

/** Go's time.ParseDuration for the units a schedule uses (h, m, s, ms). */
function goDuration(s: string): number | undefined {
  const re = /(\d+(?:\.\d+)?)(ms|h|m|s)/gy;
  let total = 0;
  let m: RegExpExecArray | null;
  let at = 0;
  while ((m = re.exec(s))) {
    total += Number(m[1]) * { h: 3_600_000, m: 60_000, s: 1000, ms: 1 }[m[2] as 'h' | 'm' | 's' | 'ms'];
    at = re.lastIndex;
  }
  return at === s.length && at > 0 ? total : undefined;
}

// --- time zones -----------------------------------------------------------------------------

const formatters = new Map<string, Intl.DateTimeFormat>();

/** Whether Intl knows the zone (Go's time.LoadLocation). */
export function validTimeZone(tz: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}

/** The zone's offset from UTC at `ms`, in ms (0 for UTC / no zone). */
function offsetAt(ms: number, tz: string | undefined): number {
  if (!tz || tz === 'UTC' || tz === 'Etc/UTC') return 0;
  let f = formatters.get(tz);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', { timeZone: tz, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric' });
    formatters.set(tz, f);
  }
  const p: Record<string, number> = {};
  for (const part of f.formatToParts(new Date(ms))) if (part.type !== 'literal') p[part.type] = Number(part.value);
  const wall = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  return wall - Math.floor(ms / 1000) * 1000;
}

/** The instant whose wall clock in `tz` reads `wall` (a time in a DST gap lands after it). */
function fromWall(wall: number, tz: string | undefined): number {
  const o1 = offsetAt(wall, tz);
  const guess = wall - o1;
  const o2 = offsetAt(guess, tz);
  return o2 === o1 ? guess : wall - o2;
}

const FIVE_YEARS_MS = 5 * 366 * 86_400_000;

/** The first activation strictly after `after` (ms), or undefined when none within five years. */
export function nextAfter(s: Schedule, after: number, tz?: string): number | undefined {
  if (s.kind === 'every') return Math.floor(after / 1000) * 1000 + s.ms;
  // wall clock, at the next whole minute
  let w = new Date(Math.floor((after + offsetAt(after, tz)) / 60_000) * 60_000 + 60_000);
  const limit = w.getTime() + FIVE_YEARS_MS;
  while (w.getTime() < limit) {
    if (!s.month.values.has(w.getUTCMonth() + 1)) {
      w = new Date(Date.UTC(w.getUTCFullYear(), w.getUTCMonth() + 1, 1));
      continue;
    }
    if (!dayMatches(s, w)) {
      w = new Date(Date.UTC(w.getUTCFullYear(), w.getUTCMonth(), w.getUTCDate() + 1));
      continue;
    }
    if (!s.hour.values.has(w.getUTCHours())) {
      w = new Date(Date.UTC(w.getUTCFullYear(), w.getUTCMonth(), w.getUTCDate(), w.getUTCHours() + 1));
      continue;
    }
    if (!s.minute.values.has(w.getUTCMinutes())) {
      w = new Date(w.getTime() + 60_000);
      continue;
    }
    const at = fromWall(w.getTime(), tz);
    if (at > after) return at;
    w = new Date(w.getTime() + 60_000); // the repeated hour of a DST fall-back: already past
  }
  return undefined;
}

/** Day-of-month and day-of-week: both must match when either is `*`, else either may. */
function dayMatches(s: Extract<Schedule, { kind: 'spec' }>, w: Date): boolean {
  const dom = s.dom.values.has(w.getUTCDate());
  const dow = s.dow.values.has(w.getUTCDay());
  return s.dom.star || s.dow.star ? dom && dow : dom || dow;
}

/** The wall clock of `ms` in `tz` as RFC 3339 with the zone's offset (the scheduled-timestamp annotation). */
export function rfc3339In(ms: number, tz: string | undefined): string {
  const off = offsetAt(ms, tz);
  const wall = new Date(Math.floor(ms / 1000) * 1000 + off).toISOString().replace(/\.\d{3}Z$/, '');
  if (off === 0) return `${wall}Z`;
  const m = Math.abs(off) / 60_000;
  return `${wall}${off < 0 ? '-' : '+'}${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
}
