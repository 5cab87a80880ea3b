/**
 * A transaction holds its connection across awaits. Two connections to one file in one process (two servers started
 * side by side, as the tests do) would then block each other inside SQLite's busy handler, which sleeps the only
 * thread the holder needs to finish: a deadlock until busy_timeout. Every connection to the same file in this process
 * therefore takes one shared lock in JavaScript, so they wait for each other without blocking the thread. The same
 * lock is what keeps one connection's queries out of another call's open transaction (Kysely's own SQLite driver
 * keeps a second mutex for that; one is enough, and each costs every query a few promises).
 */
export class FileLock {
  private static readonly byFile = new Map<string, FileLock>();
  private held = false;
  private readonly waiting: (() => void)[] = [];
  private users = 0;

  static for(file: string): FileLock {
    let lock = FileLock.byFile.get(file);
    if (!lock) FileLock.byFile.set(file, (lock = new FileLock()));
    lock.users += 1;
    return lock;
  }

  static forget(file: string, lock: FileLock): void {
    lock.users -= 1;
    if (lock.users === 0) FileLock.byFile.delete(file);
  }

  /** Resolves once this caller holds the lock; a free lock is taken at once. */
  acquire(): Promise<void> | void {
    if (!this.held) {
      this.held = true;
      return;
    }
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  release(): void {
    const next = this.waiting.shift();
    if (next) next();
    else this.held = false;
  }
}
