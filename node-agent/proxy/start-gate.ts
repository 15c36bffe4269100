/**
 * Holds the start of a new sandbox's containers until the node's rules include its pod: the rules
 * are written while the containers are created (and their images checked, their volumes made),
 * not before the sandbox is handed back, and still no process of the pod can send a packet the
 * rules do not see.
 */
export class StartGate {
  private readonly bySandbox = new Map<string, Promise<void>>();
  private readonly byContainer = new Map<string, Promise<void>>();

  /** The sandbox's containers wait for `rules` (a promise that never rejects). */
  sandbox(id: string, rules: Promise<void>): void {
    this.bySandbox.set(id, rules);
    void rules.then(() => this.bySandbox.delete(id));
  }

  /** A container was created in the sandbox: it waits for what the sandbox waits for. */
  created(sandboxId: string, containerId: string): void {
    const rules = this.bySandbox.get(sandboxId);
    if (!rules) return;
    this.byContainer.set(containerId, rules);
    void rules.then(() => this.byContainer.delete(containerId));
  }

  /** Resolves when the container may start (at once when nothing is pending). */
  async ready(containerId: string): Promise<void> {
    await this.byContainer.get(containerId);
  }
}
