/**
 * Log lines written together: every line logged in one turn of the event
 * loop goes out in one write, at the end of the turn (`setImmediate`), in
 * the order logged. At the default level `serve` logs two lines a request
 * (received, answered), and each was its own write system call: 10-35 us of
 * a POST's CPU on this machine (issue 27). Whatever is still held when the
 * process exits is written then (`exit` runs synchronous code only, and a
 * pipe's or a file's write is synchronous on Linux); a process killed with
 * -9 loses at most the lines of its last turn.
 */
export interface LineBatch {
  write(line: string): void;
  /** Writes what is held now. */
  flush(): void;
}

/**
 * The flush of every batch holding lines, run at exit by one listener (a
 * process may log through several batches; one that holds nothing is not
 * kept, so a process that makes many does not keep them all).
 */
const atExit = new Set<() => void>();
let listening = false;

export function lineBatch(write: (text: string) => void): LineBatch {
  let held = '';
  let scheduled = false;
  const flush = () => {
    scheduled = false;
    atExit.delete(flush);
    if (held === '') return;
    const text = held;
    held = '';
    write(text);
  };
  if (!listening) {
    listening = true;
    process.on('exit', () => {
      for (const each of atExit) each();
    });
  }
  return {
    write(line) {
      held += line;
      if (scheduled) return;
      scheduled = true;
      atExit.add(flush);
      setImmediate(flush);
    },
    flush,
  };
}
