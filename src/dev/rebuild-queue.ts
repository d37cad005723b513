/**
 * Runs one build at a time. Changes that arrive during a build are gathered and start exactly
 * one more build when it ends, with every path changed meanwhile.
 */
export class RebuildQueue {
  private running = false;
  private pending = new Set<string>();
  private idle: Promise<void> = Promise.resolve();

  constructor(private readonly run: (changed: string[]) => Promise<void>) {}

  /** Records a changed path and starts a build unless one is running. */
  push(changedPath: string): void {
    this.pending.add(changedPath);
    if (!this.running) this.idle = this.drain();
  }

  /** Resolves when no build is running or queued. */
  whenIdle(): Promise<void> {
    return this.idle;
  }

  private async drain(): Promise<void> {
    this.running = true;
    try {
      while (this.pending.size > 0) {
        const changed = [...this.pending];
        this.pending = new Set();
        await this.run(changed);
      }
    } finally {
      this.running = false;
    }
  }
}
