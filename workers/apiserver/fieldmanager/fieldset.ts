/**
 * A set of field paths (structured-merge-diff's fieldpath.Set) and its fieldsV1 encoding.
 *
 * Invariant: a node is in `children` only while it holds something, so `isEmpty()` is structural.
 * A path can be both a member and a prefix of other members; fieldsV1 then writes `.` under it.
 * Sets are values: every operation returns a new set.
 */
import { compareElements, parseElement, serializeElement, type Path, type PathElement } from './path.ts';

interface Child {
  element: PathElement;
  set: FieldSet;
}

export class FieldSet {
  private readonly members = new Map<string, PathElement>();
  private readonly children = new Map<string, Child>();

  static of(...paths: Path[]): FieldSet {
    const s = new FieldSet();
    for (const p of paths) s.insert(p);
    return s;
  }

  /** Mutating: only while a set is being built (`from`: the path's elements before it are this set's). */
  insert(path: Path, from = 0): void {
    if (path.length <= from) return;
    const head = path[from];
    const k = serializeElement(head);
    if (from === path.length - 1) {
      this.members.set(k, head);
      return;
    }
    let c = this.children.get(k);
    if (!c) this.children.set(k, (c = { element: head, set: new FieldSet() }));
    c.set.insert(path, from + 1);
  }

  has(path: Path): boolean {
    if (path.length === 0) return false;
    const k = serializeElement(path[0]);
    return path.length === 1 ? this.members.has(k) : !!this.children.get(k)?.set.has(path.slice(1));
  }

  isEmpty(): boolean {
    return this.members.size === 0 && this.children.size === 0;
  }

  /** The subset below one element (empty when there is none). */
  child(e: PathElement): FieldSet {
    return this.children.get(serializeElement(e))?.set ?? EMPTY;
  }

  hasMember(e: PathElement): boolean {
    return this.members.has(serializeElement(e));
  }

  union(o: FieldSet): FieldSet {
    const out = new FieldSet();
    for (const s of [this, o]) for (const [k, e] of s.members) out.members.set(k, e);
    for (const [k, c] of this.children) out.children.set(k, { element: c.element, set: c.set.union(o.child(c.element)) });
    for (const [k, c] of o.children) if (!out.children.has(k)) out.children.set(k, c);
    return out;
  }

  /** Members of this set that `o` does not have as members (children compared recursively). */
  difference(o: FieldSet): FieldSet {
    return this.filtered(
      (k) => !o.members.has(k),
      (c) => c.set.difference(o.child(c.element)),
    );
  }

  intersection(o: FieldSet): FieldSet {
    return this.filtered(
      (k) => o.members.has(k),
      (c) => c.set.intersection(o.child(c.element)),
    );
  }

  /** Removes every path that is a member of `o` or lies below one. */
  recursiveDifference(o: FieldSet): FieldSet {
    return this.filtered(
      (k) => !o.members.has(k),
      (c, k) => (o.members.has(k) ? EMPTY : c.set.recursiveDifference(o.child(c.element))),
    );
  }

  private filtered(keepMember: (k: string) => boolean, mapChild: (c: Child, k: string) => FieldSet): FieldSet {
    const out = new FieldSet();
    for (const [k, e] of this.members) if (keepMember(k)) out.members.set(k, e);
    for (const [k, c] of this.children) {
      const set = mapChild(c, k);
      if (!set.isEmpty()) out.children.set(k, { element: c.element, set });
    }
    return out;
  }

  /** Member paths in structured-merge-diff's iteration order: a level's members, then its children. */
  paths(prefix: Path = []): Path[] {
    const out: Path[] = [];
    for (const e of sortedValues(this.members)) out.push([...prefix, e]);
    for (const c of sortedChildren(this.children)) out.push(...c.set.paths([...prefix, c.element]));
    return out;
  }

  /** Entries in sorted order, each with its member flag and subset (for walks along a schema). */
  entries(): { element: PathElement; member: boolean; set: FieldSet }[] {
    const all: { element: PathElement; member: boolean; set: FieldSet }[] = [];
    for (const [k, e] of this.members) all.push({ element: e, member: true, set: this.children.get(k)?.set ?? EMPTY });
    for (const [k, c] of this.children) if (!this.members.has(k)) all.push({ element: c.element, member: false, set: c.set });
    return all.length > 1 ? all.sort((a, b) => compareElements(a.element, b.element)) : all;
  }

  /** The fieldsV1 object: `.` first, then elements in order, leaves as `{}`. */
  toFieldsV1(): Record<string, unknown> {
    const out: Record<string, unknown> = {};
    for (const { element, member, set } of this.entries()) {
      const inner = set.toFieldsV1();
      out[serializeElement(element)] = member && !set.isEmpty() ? { '.': {}, ...inner } : inner;
    }
    return out;
  }

  static fromFieldsV1(json: unknown): FieldSet {
    const out = new FieldSet();
    if (json === null || typeof json !== 'object' || Array.isArray(json)) throw new Error('fieldsV1 must be an object');
    for (const [k, inner] of Object.entries(json)) {
      if (k === '.') continue;
      const element = parseElement(k);
      const set = FieldSet.fromFieldsV1(inner);
      const self = Object.prototype.hasOwnProperty.call(inner, '.');
      if (set.isEmpty() || self) out.members.set(serializeElement(element), element);
      if (!set.isEmpty()) out.children.set(serializeElement(element), { element, set });
    }
    return out;
  }
}

const EMPTY = new FieldSet();
const sortedValues = (m: Map<string, PathElement>) => [...m.values()].sort(compareElements);
const sortedChildren = (m: Map<string, Child>) => [...m.values()].sort((a, b) => compareElements(a.element, b.element));

export const toFieldsV1 = (set: FieldSet) => set.toFieldsV1();
export const fromFieldsV1 = (json: unknown) => FieldSet.fromFieldsV1(json);
