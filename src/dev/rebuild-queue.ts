/**
 * Runs one build at a time. Changes that arrive during a build are gathered and start exactly
 * one more build when it ends, with every path changed meanwhile. A job of its own (the editor's
 * save, built with its unsaved files) runs alone, before the changes gathered meanwhile.
 */
export class RebuildQueue {
  private running = false;
  private pending = new Set<string>();
  private jobs: Array<() => Promise<void>> = [];
  private idle: Promise<void> = Promise.resolve();

  constructor(private readonly run: (changed: string[]) => Promise<void>) {}

  /** Records a changed path and starts a build unless one is running. */
  push(changedPath: string): void {
    this.pending.add(changedPath);
    this.start();
  }

  /** Runs `job` once no build is running; no build starts until it ends. */
  exclusive<T>(job: () => Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.jobs.push(() => job().then(resolve, reject));
      this.start();
    });
  }

  /** Resolves when no build or job is running or queued. */
  whenIdle(): Promise<void> {
    return this.idle;
  }

  private start(): void {
    if (!this.running) this.idle = this.drain();
  }

  private async drain(): Promise<void> {
    this.running = true;
    try {
      while (this.jobs.length > 0 || this.pending.size > 0) {
        const job = this.jobs.shift();
        if (job) {
          await job();
          continue;
        }
        const changed = [...this.pending];
        this.pending = new Set();
        await this.run(changed);
      }
    } finally {
      this.running = false;
    }
  }
}
