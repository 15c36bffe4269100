/**
 * A protobuf wire-format reader: just enough of the encoding to walk Kubernetes' generated
 * messages (varints, length-delimited fields, fixed64/fixed32 skipped or read as doubles).
 * Errors are ProtobufError, which the decoder reports as a 400.
 */

export class ProtobufError extends Error {
  override name = 'ProtobufError';
}

export const WIRE = { varint: 0, fixed64: 1, bytes: 2, startGroup: 3, endGroup: 4, fixed32: 5 } as const;

export class Reader {
  pos: number;
  constructor(
    readonly buf: Uint8Array,
    start = 0,
    readonly end = buf.length,
  ) {
    this.pos = start;
  }

  get done(): boolean {
    return this.pos >= this.end;
  }

  /** A varint as a BigInt (64 bits, unsigned as written). */
  varint(): bigint {
    let result = 0n;
    let shift = 0n;
    for (let i = 0; i < 10; i++) {
      if (this.pos >= this.end) throw new ProtobufError('proto: unexpected EOF');
      const b = this.buf[this.pos++];
      result |= BigInt(b & 0x7f) << shift;
      if (b < 0x80) return result;
      shift += 7n;
    }
    throw new ProtobufError('proto: integer overflow');
  }

  /** A varint read as Go reads int64/int32 fields: two's complement, sign-extended. */
  int(bits: 32 | 64): number {
    return Number(BigInt.asIntN(bits, this.varint()));
  }

  tag(): { field: number; wire: number } {
    const t = this.varint();
    const field = Number(t >> 3n);
    const wire = Number(t & 7n);
    if (field <= 0) throw new ProtobufError(`proto: illegal tag ${field} (wire type ${wire})`);
    return { field, wire };
  }

  bytes(): Uint8Array {
    const n = Number(this.varint());
    if (n < 0 || this.pos + n > this.end) throw new ProtobufError('proto: unexpected EOF');
    const out = this.buf.subarray(this.pos, this.pos + n);
    this.pos += n;
    return out;
  }

  double(): number {
    if (this.pos + 8 > this.end) throw new ProtobufError('proto: unexpected EOF');
    const v = new DataView(this.buf.buffer, this.buf.byteOffset + this.pos, 8).getFloat64(0, true);
    this.pos += 8;
    return v;
  }

  skip(wire: number): void {
    switch (wire) {
      case WIRE.varint:
        this.varint();
        return;
      case WIRE.fixed64:
        this.advance(8);
        return;
      case WIRE.bytes:
        this.bytes();
        return;
      case WIRE.fixed32:
        this.advance(4);
        return;
      case WIRE.startGroup:
        for (;;) {
          const t = this.tag();
          if (t.wire === WIRE.endGroup) return;
          this.skip(t.wire);
        }
      default:
        throw new ProtobufError(`proto: illegal wireType ${wire}`);
    }
  }

  private advance(n: number) {
    if (this.pos + n > this.end) throw new ProtobufError('proto: unexpected EOF');
    this.pos += n;
  }
}

/** The fields of a message, in wire order. */
export function* fields(buf: Uint8Array): Generator<{ field: number; wire: number; r: Reader }> {
  const r = new Reader(buf);
  while (!r.done) {
    const { field, wire } = r.tag();
    yield { field, wire, r };
  }
}
