/**
 * Serves `kubectl logs` from a CRI log file: --tail counts whole lines, --since-time filters by
 * the records' times, --timestamps prefixes each line with its record's time, --limit-bytes
 * truncates the output, and --follow keeps reading new records until the container stops or the
 * client goes away.
 */
import { open } from 'node:fs/promises';
import { parseLogRecord, recordMillis, type LogRecord } from './format.ts';

export interface ReadLogOptions {
  tailLines?: number;
  sinceSeconds?: number;
  timestamps?: boolean;
  limitBytes?: number;
  follow?: boolean;
  /** while following: whether more records may still come */
  isRunning?: () => boolean;
  signal?: AbortSignal;
  pollMs?: number;
  now?: () => number;
}

type Writer = { write(chunk: Uint8Array): Promise<void> };
const enc = new TextEncoder();

/** Groups records into lines (P records continue into the next) and renders them. */
export function renderLines(records: LogRecord[], timestamps: boolean): string[] {
  const lines: string[] = [];
  let current: string | undefined;
  for (const r of records) {
    current = current === undefined ? (timestamps ? `${r.time} ${r.content}` : r.content) : current + r.content;
    if (r.full) {
      lines.push(current + '\n');
      current = undefined;
    }
  }
  if (current !== undefined) lines.push(current);
  return lines;
}

/** The records of complete lines of `text`, and the unfinished rest (no newline yet). */
export function splitRecords(text: string): { records: LogRecord[]; rest: string } {
  const end = text.lastIndexOf('\n');
  const records = text
    .slice(0, end + 1)
    .split('\n')
    .map(parseLogRecord)
    .filter((r): r is LogRecord => r !== undefined);
  return { records, rest: text.slice(end + 1) };
}

export async function writeLog(path: string, opts: ReadLogOptions, out: Writer): Promise<void> {
  const now = opts.now ?? Date.now;
  const since = opts.sinceSeconds !== undefined ? now() - opts.sinceSeconds * 1000 : undefined;
  let budget = opts.limitBytes ?? Infinity;
  const emit = async (lines: string[]) => {
    for (const line of lines) {
      if (budget <= 0) return;
      let bytes = enc.encode(line);
      if (bytes.length > budget) bytes = bytes.slice(0, budget);
      budget -= bytes.length;
      await out.write(bytes);
    }
  };
  const keep = (r: LogRecord) => since === undefined || recordMillis(r) >= since;

  const file = await open(path, 'r');
  try {
    const decoder = new TextDecoder();
    let offset = 0;
    const readMore = async (): Promise<string> => {
      let text = '';
      const buf = new Uint8Array(64 * 1024);
      for (;;) {
        const { bytesRead } = await file.read(buf, 0, buf.length, offset);
        if (bytesRead === 0) return text;
        offset += bytesRead;
        text += decoder.decode(buf.subarray(0, bytesRead), { stream: true });
      }
    };

    const first = splitRecords(await readMore());
    let rest = first.rest;
    let lines = renderLines(first.records.filter(keep), !!opts.timestamps);
    // a trailing partial line is not a line yet for --tail
    if (opts.tailLines !== undefined) lines = opts.tailLines <= 0 ? [] : lines.slice(-opts.tailLines);
    await emit(lines);
    if (!opts.follow) return;

    let pending: LogRecord[] = [];
    while (budget > 0 && !opts.signal?.aborted) {
      const running = opts.isRunning?.() ?? false;
      const chunk = splitRecords(rest + (await readMore()));
      rest = chunk.rest;
      // a line split across reads waits until its F record arrives
      pending.push(...chunk.records.filter(keep));
      const lastFull = pending.map((r) => r.full).lastIndexOf(true);
      if (lastFull >= 0) {
        await emit(renderLines(pending.slice(0, lastFull + 1), !!opts.timestamps));
        pending = pending.slice(lastFull + 1);
      }
      if (!running && chunk.records.length === 0) return;
      await sleep(opts.pollMs ?? 250, opts.signal);
    }
  } finally {
    await file.close();
  }
}

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const t = setTimeout(done, ms);
    function done() {
      clearTimeout(t);
      signal?.removeEventListener('abort', done);
      resolve();
    }
    signal?.addEventListener('abort', done, { once: true });
  });
}
