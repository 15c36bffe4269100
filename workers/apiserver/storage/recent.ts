/**
 * The objects this isolate last wrote or read, by key, as stored (their text) at their revision,
 * so that an update conditioned on that revision (a PUT carrying it: a kubelet's pod status, its
 * lease, a controller's status) needs no read first. A key's text at a revision never changes;
 * whether that revision is still the key's latest, the write's condition decides (refused: 409,
 * as if the read had seen the newer object). kube-apiserver's GuaranteedUpdate starts from its
 * watch cache's object the same way. Bounded: past `max` keys the oldest go.
 */
export class RecentObjects {
  private readonly byKey = new Map<string, { rev: number; text: string }>();

  constructor(private readonly max = 2000) {}

  remember(key: string, rev: number, text: string): void {
    this.byKey.delete(key);
    this.byKey.set(key, { rev, text });
    if (this.byKey.size > this.max) this.byKey.delete(this.byKey.keys().next().value!);
  }

  forget(key: string): void {
    this.byKey.delete(key);
  }

  /** the key's text at exactly `rev`, if held */
  at(key: string, rev: number): string | undefined {
    const held = this.byKey.get(key);
    return held?.rev === rev ? held.text : undefined;
  }
}
