import { test } from 'node:test';
import assert from 'node:assert/strict';
import { appendFile, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { criLogLine, parseLogRecord } from './format.ts';
import { writeLog } from './read.ts';

const T = (s: number) => new Date(Date.UTC(2026, 0, 1, 0, 0, s));

async function withLog(lines: string, fn: (path: string) => Promise<void>) {
  const dir = await mkdtemp(join(tmpdir(), 'logs-'));
  const path = join(dir, '0.log');
  await writeFile(path, lines);
  try {
    await fn(path);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

async function read(path: string, opts: Parameters<typeof writeLog>[1]): Promise<string> {
  const chunks: Uint8Array[] = [];
  await writeLog(path, opts, { write: async (c) => void chunks.push(c) });
  return Buffer.concat(chunks).toString();
}

const FILE = criLogLine(T(1), 'stdout', 'one') + criLogLine(T(2), 'stderr', 'two') + `${T(3).toISOString()} stdout P thr\n` + `${T(3).toISOString()} stdout F ee\n` + criLogLine(T(4), 'stdout', 'four');

test('records parse; partial records join into one line', async () => {
  assert.deepEqual(parseLogRecord('2026-01-01T00:00:01.000000000Z stdout F hello world'), { time: '2026-01-01T00:00:01.000000000Z', stream: 'stdout', full: true, content: 'hello world' });
  assert.equal(parseLogRecord('garbage'), undefined);
  await withLog(FILE, async (p) => assert.equal(await read(p, {}), 'one\ntwo\nthree\nfour\n'));
});

test('--tail, --since, --timestamps, --limit-bytes', () =>
  withLog(FILE, async (p) => {
    assert.equal(await read(p, { tailLines: 2 }), 'three\nfour\n');
    assert.equal(await read(p, { tailLines: 0 }), '');
    assert.equal(await read(p, { sinceSeconds: 2, now: () => T(4).getTime() }), 'two\nthree\nfour\n');
    assert.equal(await read(p, { timestamps: true, tailLines: 1 }), `${T(4).toISOString().replace('Z', '000000Z')} four\n`);
    assert.equal(await read(p, { limitBytes: 6 }), 'one\ntw');
  }));

test('--follow streams new lines until the container stops', () =>
  withLog(criLogLine(T(1), 'stdout', 'first'), async (p) => {
    let running = true;
    const chunks: string[] = [];
    const done = writeLog(p, { follow: true, pollMs: 20, isRunning: () => running }, { write: async (c) => void chunks.push(Buffer.from(c).toString()) });
    await new Promise((r) => setTimeout(r, 60));
    await appendFile(p, criLogLine(T(2), 'stdout', 'second'));
    await new Promise((r) => setTimeout(r, 60));
    assert.equal(chunks.join(''), 'first\nsecond\n');
    await appendFile(p, criLogLine(T(3), 'stdout', 'last words'));
    running = false;
    await done;
    assert.equal(chunks.join(''), 'first\nsecond\nlast words\n');
  }));

test('--follow ends when the client goes away', () =>
  withLog(criLogLine(T(1), 'stdout', 'x'), async (p) => {
    const ac = new AbortController();
    const done = writeLog(p, { follow: true, pollMs: 20, isRunning: () => true, signal: ac.signal }, { write: async () => {} });
    setTimeout(() => ac.abort(), 50);
    await done;
  }));
