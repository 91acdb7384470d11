import fs from 'node:fs';

// A shop page stats ~6 files (index.html, remotes.json, routes.json, the remote's mf-manifest.json and
// renderer, the static lookup of its path) to notice a build replaced in place without a restart: a fifth
// of a kept product page's profile on a host where syscalls are dear, though the CPU saved was within
// that host's noise (bench/README, 2026-11-30). Here a file is statted once per turn of the event loop: every request handled in the same
// turn shares the answer, and the memo is dropped before the next turn (setImmediate runs after this
// turn's I/O), so a file changed before a request arrives is always seen by it, as with a stat each time.

let memo: Map<string, fs.Stats | null> | null = null;

/** fs.statSync(file), or null when there is nothing there (or it cannot be read), as of this turn of the event loop. */
export function statThisTurn(file: string): fs.Stats | null {
  if (!memo) {
    memo = new Map();
    setImmediate(() => {
      memo = null;
    });
  }
  let stat = memo.get(file);
  if (stat === undefined) {
    try {
      stat = fs.statSync(file, { throwIfNoEntry: false }) ?? null;
    } catch {
      stat = null;
    }
    memo.set(file, stat);
  }
  return stat;
}
