/**
 * V8 flags for workerd, which miniflare has no option for: workerd reads them from its config
 * (`Config.v8Flags`), so they are added to the config miniflare hands it (`Runtime.updateConfig`,
 * a Cap'n Proto message).
 *
 * The defaults:
 * - `--max-semi-space-size=2` caps each isolate's young generation. V8 grows it up to 16 MB per
 *   semi-space under a burst of allocations (1 000 new clusters, a write storm) and never gives
 *   the pages back while workerd runs: 1 000 clusters left workerd ~37 MB bigger at rest with the
 *   default, ~22 MB with 2 MB (`npm run bench -- --only=clusters`). Node runs with the same cap
 *   (package.json).
 * - `--single-threaded-gc` keeps the garbage collector's work on workerd's thread. V8 gives
 *   workerd one background thread per core but one: on 2 cores, one. When a background compile
 *   there ran out of heap, it waited for a collection by the main thread, while the main thread
 *   re-ran its task of sweeping C++ objects (cppgc) for ever, waiting for the concurrent sweeper
 *   that thread was to run: workerd at 100 % of a core, answering nothing (caught in gdb, the
 *   full benchmark, bench/README.md). With sweeping done on the main thread alone, it finishes.
 * `TIMONIER_WORKERD_V8_FLAGS` replaces the list (space-separated; empty: none).
 */

export const DEFAULT_WORKERD_V8_FLAGS = ['--max-semi-space-size=2', '--single-threaded-gc'];

export function workerdV8Flags(env: NodeJS.ProcessEnv = process.env): string[] {
  const set = env.TIMONIER_WORKERD_V8_FLAGS;
  return set === undefined ? DEFAULT_WORKERD_V8_FLAGS : set.split(/\s+/).filter(Boolean);
}

/** The shape of miniflare's Runtime used here: the config goes to workerd through this method. */
interface RuntimeClass {
  prototype: { updateConfig(config: Buffer, ...rest: unknown[]): Promise<unknown> };
}

/** Makes every workerd that miniflare starts run with `flags`. */
export function passV8Flags(runtime: RuntimeClass, flags: string[]): void {
  if (flags.length === 0) return;
  const update = runtime.prototype.updateConfig;
  runtime.prototype.updateConfig = function (config, ...rest) {
    return update.call(this, withV8Flags(config, flags), ...rest);
  };
}

const WORD = 8;
/** Config's pointer fields in order: services, sockets, v8Flags, ... (workerd.capnp) */
const V8_FLAGS_SLOT = 2;

/**
 * `config` (a Cap'n Proto message in stream framing) with `Config.v8Flags` set to `flags`. The
 * list goes in a segment of its own, appended, reached from the root struct by a far pointer, so
 * nothing of the message moves. Throws if the message is not shaped as expected.
 */
export function withV8Flags(config: Buffer, flags: string[]): Buffer {
  const segments = config.readUInt32LE(0) + 1;
  const header = (n: number) => (4 + 4 * n + 7) & ~7; // segment count and sizes, padded to a word
  const sizes = Array.from({ length: segments }, (_, i) => config.readUInt32LE(4 + 4 * i));
  const body = Buffer.from(config.subarray(header(segments)));

  // the root pointer, first word of segment 0: a struct pointer (kind 0) to the Config struct
  const rootLo = body.readInt32LE(0);
  const rootHi = body.readUInt32LE(4);
  if ((rootLo & 3) !== 0) throw new Error('workerd config: the root is not a struct in segment 0');
  const dataWords = rootHi & 0xffff;
  const pointerWords = rootHi >>> 16;
  if (pointerWords <= V8_FLAGS_SLOT) throw new Error('workerd config: no v8Flags field');
  const slot = WORD * (1 + (rootLo >> 2) + dataWords + V8_FLAGS_SLOT);
  if (body.readUInt32LE(slot) !== 0 || body.readUInt32LE(slot + 4) !== 0) throw new Error('workerd config: v8Flags already set');

  // the new segment: a landing pad (list pointer to the flags), one pointer per flag, the texts
  const texts = flags.map((f) => Buffer.from(`${f}\0`, 'utf8'));
  const textWords = texts.map((t) => Math.ceil(t.length / WORD));
  const segment = Buffer.alloc(WORD * (1 + flags.length + textWords.reduce((a, b) => a + b, 0)));
  const listPointer = (at: number, target: number, elementSize: number, count: number) => {
    segment.writeInt32LE(((target - at - 1) << 2) | 1, WORD * at);
    segment.writeUInt32LE((count << 3) | elementSize, WORD * at + 4);
  };
  listPointer(0, 1, 6, flags.length); // element size 6: pointers
  let next = 1 + flags.length;
  texts.forEach((text, i) => {
    listPointer(1 + i, next, 2, text.length); // element size 2: bytes, NUL included
    text.copy(segment, WORD * next);
    next += textWords[i]!;
  });

  // the slot becomes a far pointer (kind 2) to the landing pad, word 0 of the new segment
  body.writeUInt32LE(2, slot);
  body.writeUInt32LE(segments, slot + 4);
  const table = Buffer.alloc(header(segments + 1));
  table.writeUInt32LE(segments, 0);
  [...sizes, segment.length / WORD].forEach((s, i) => table.writeUInt32LE(s, 4 + 4 * i));
  return Buffer.concat([table, body, segment]);
}
