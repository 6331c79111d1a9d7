/**
 * JSON text written piece by piece to a sink, in chunks of about 64 KiB: a
 * dense distribution goes out without ever being one string or one object.
 * The text is what `JSON.stringify(value, null, indent)` writes.
 */

/** Receives the JSON text, one chunk at a time (a stream's write, a file append, an array push). */
export type JsonSink = (chunk: string) => void;

const CHUNK_CHARS = 64 * 1024;

export class JsonWriter {
  private pieces: string[] = [];
  private length = 0;
  private depth = 0;
  /** Members written so far in each open object or array. */
  private readonly counts: number[] = [];
  private readonly colon: string;
  private readonly newlines: string[] = [];

  constructor(
    private readonly sink: JsonSink,
    private readonly indent = 0,
  ) {
    this.colon = indent > 0 ? ': ' : ':';
  }

  /** Opens an object (`{`) or array (`[`). */
  open(bracket: '{' | '['): void {
    this.raw(bracket);
    this.counts.push(0);
    this.depth++;
  }

  /** Closes the innermost object or array. */
  close(bracket: '}' | ']'): void {
    this.depth--;
    if ((this.counts.pop() ?? 0) > 0) this.raw(this.newline(this.depth));
    this.raw(bracket);
  }

  /** Starts an object member; `plainKey` skips escaping for keys known to need none (bitstrings, digits). */
  key(key: string, plainKey = false): void {
    this.separate();
    this.raw(plainKey ? `"${key}"` : JSON.stringify(key));
    this.raw(this.colon);
  }

  /** Starts an array element. */
  element(): void {
    this.separate();
  }

  /** A finite number, as JSON.stringify writes it. */
  number(value: number): void {
    this.raw(Number.isFinite(value) ? String(value) : 'null');
  }

  /** Any JSON-compatible value: plain objects, arrays, typed arrays are not expected. */
  value(value: unknown): void {
    if (Array.isArray(value)) {
      this.open('[');
      for (const item of value) {
        this.element();
        this.value(item === undefined || typeof item === 'function' ? null : item);
      }
      this.close(']');
    } else if (typeof value === 'object' && value !== null) {
      this.open('{');
      for (const key of Object.keys(value)) {
        const member = (value as Record<string, unknown>)[key];
        if (member === undefined || typeof member === 'function') continue;
        this.key(key);
        this.value(member);
      }
      this.close('}');
    } else if (typeof value === 'number') this.number(value);
    else this.raw(JSON.stringify(value) ?? 'null');
  }

  /** Hands what is buffered to the sink. */
  flush(): void {
    if (this.length === 0) return;
    this.sink(this.pieces.join(''));
    this.pieces = [];
    this.length = 0;
  }

  private separate(): void {
    const last = this.counts.length - 1;
    if ((this.counts[last] as number) > 0) this.raw(',');
    this.counts[last] = (this.counts[last] as number) + 1;
    this.raw(this.newline(this.depth));
  }

  private newline(depth: number): string {
    if (this.indent === 0) return '';
    return (this.newlines[depth] ??= '\n' + ' '.repeat(this.indent * depth));
  }

  private raw(text: string): void {
    this.pieces.push(text);
    this.length += text.length;
    if (this.length >= CHUNK_CHARS) this.flush();
  }
}
