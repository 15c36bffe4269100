/**
 * The CRI log format containerd writes for each container (one record per line):
 * `<RFC3339Nano time> <stdout|stderr> <F|P> <content>`, where P marks a partial line whose
 * content continues in the next record and F ends the line.
 */
export type Stream = 'stdout' | 'stderr';

export interface LogRecord {
  /** as written, RFC3339 with up to nanoseconds */
  time: string;
  stream: Stream;
  /** false for a P record: the line goes on in the next one */
  full: boolean;
  content: string;
}

/** One record for `text` (a single line, no newline). */
export function criLogLine(at: Date, stream: Stream, text: string): string {
  return `${at.toISOString().replace('Z', '000000Z')} ${stream} F ${text}\n`;
}

/** A record, or undefined for a line that is not in the format (skipped, as the kubelet does). */
export function parseLogRecord(line: string): LogRecord | undefined {
  const m = /^(\S+) (stdout|stderr) ([FP]) ?(.*)$/s.exec(line);
  if (!m) return undefined;
  return { time: m[1], stream: m[2] as Stream, full: m[3] === 'F', content: m[4] };
}

/** Milliseconds since the epoch of a record's time (nanoseconds dropped). */
export function recordMillis(r: LogRecord): number {
  return Date.parse(r.time.replace(/(\.\d{3})\d+/, '$1'));
}
