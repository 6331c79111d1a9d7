/**
 * Result artifacts as sources: each can be built as an object (on first read
 * of its property) or written as JSON text to a sink without being built, so
 * a large exact distribution streams to a file or a response while the
 * artifacts nobody reads cost nothing.
 */
import type { IrCircuit } from '../../ir/types.js';
import { namedRecord, shotsArtifact, shotsJson } from './artifacts.js';
import type { ShotTable } from './outcomes.js';
import { JsonWriter, type JsonSink } from './json-writer.js';

export interface ArtifactSource {
  /** The artifact as an object (a new one per call). */
  build(): unknown;
  /** The artifact as JSON text. */
  write(writer: JsonWriter): void;
  /** The artifact as compact JSON text in one string, where that is quicker than {@link write} (see {@link artifactText}). */
  json?(): string;
}

/** An artifact already held as an object (histogram and shots: their size is bounded by the shots). */
export function plainSource(value: unknown): ArtifactSource {
  return { build: () => value, write: (writer) => writer.value(value), json: () => JSON.stringify(value) };
}

/** An artifact built when first needed, then kept (a debiasing variant's shots, which only the service stores). */
export function deferredSource(make: () => unknown): ArtifactSource {
  let value: unknown;
  let made = false;
  const build = () => {
    if (!made) value = make();
    made = true;
    return value;
  };
  return { build, write: (writer) => writer.value(build()), json: () => JSON.stringify(build()) };
}

/**
 * An artifact built when first read, whose JSON text is written without
 * building it (`text`: exactly `JSON.stringify` of what `make` builds).
 */
export function textSource(make: () => unknown, text: () => string): ArtifactSource {
  const built = deferredSource(make);
  return { ...built, json: text };
}

/** Circuit name -> artifact, for a multicircuit result (names are distinct: the loaders refuse repeats). */
export function perCircuitSource(circuits: readonly (readonly [string, ArtifactSource])[]): ArtifactSource {
  return {
    build() {
      const record = namedRecord<unknown>();
      for (const [name, source] of circuits) record[name] = source.build();
      return record;
    },
    write(writer) {
      writer.open('{');
      for (const [name, source] of circuits) {
        writer.key(name);
        source.write(writer);
      }
      writer.close('}');
    },
  };
}

const SOURCES = new WeakMap<object, ReadonlyMap<string, ArtifactSource>>();

/**
 * Format id -> artifact, each built when its property is first read (and
 * kept). Reading every property (`JSON.stringify`, `Object.entries`) builds
 * every artifact; {@link writeArtifact} builds none.
 */
export function lazyResults(sources: ReadonlyMap<string, ArtifactSource>): Record<string, unknown> {
  const results: Record<string, unknown> = {};
  for (const [format, source] of sources) {
    Object.defineProperty(results, format, {
      enumerable: true,
      configurable: true,
      get() {
        const value = source.build();
        Object.defineProperty(results, format, { value, enumerable: true, configurable: true, writable: true });
        return value;
      },
    });
  }
  SOURCES.set(results, sources);
  return results;
}

/** A shots artifact: built when read, its text written straight from the table (see {@link shotsJson}). */
export function shotsSource(circuit: IrCircuit, table: ShotTable): ArtifactSource {
  return textSource(
    () => shotsArtifact(circuit, table),
    () => shotsJson(circuit, table),
  );
}

/**
 * One artifact of `results` as compact JSON text (what `JSON.stringify(results[format])`
 * gives), written from the run where it can be without building the artifact
 * first (the shots artifact, from the shot table); undefined when the results
 * hold no such artifact. The service stores artifacts as this text.
 */
export function artifactText(results: Record<string, unknown>, format: string): string | undefined {
  const source = SOURCES.get(results)?.get(format);
  if (source?.json) return source.json();
  return Object.prototype.hasOwnProperty.call(results, format) ? JSON.stringify(results[format]) : undefined;
}

export interface WriteArtifactOptions {
  /** Spaces per level, as `JSON.stringify`'s third argument (default 0: compact). */
  readonly indent?: number;
}

/**
 * Writes one artifact of a simulation's `results` as JSON text to `sink`, in
 * chunks of about 64 KiB, without building it as an object (the way to save
 * or send a dense distribution of millions of states). False when the
 * results hold no such artifact.
 */
export function writeArtifact(
  results: Record<string, unknown>,
  format: string,
  sink: JsonSink,
  options: WriteArtifactOptions = {},
): boolean {
  const source = SOURCES.get(results)?.get(format);
  const writer = new JsonWriter(sink, options.indent ?? 0);
  if (source) source.write(writer);
  else if (Object.prototype.hasOwnProperty.call(results, format)) writer.value(results[format]);
  else return false;
  writer.flush();
  return true;
}
