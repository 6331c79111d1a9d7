/**
 * The path of calls through gate definitions that led to an expanded gate,
 * as a shared linked list: a nest of definitions expands to millions of
 * gates whose paths share prefixes, so each gate holds one node and the
 * `related` array is only built when someone reads it.
 */
import type { AcceptedGate } from '../tables/index.js';
import type { RelatedLocation, Span } from '../diagnostics/index.js';
import type { InlinedGate } from './types.js';

/** One call inside a definition, after the calls that led to it. */
export interface CallChain {
  readonly parent: CallChain | null;
  readonly location: RelatedLocation;
  /** The path as an array, built on first use. */
  array?: readonly RelatedLocation[];
}

/** A chain one call longer. */
export function extendChain(parent: CallChain | null, location: RelatedLocation): CallChain {
  return { parent, location };
}

const NO_RELATED: readonly RelatedLocation[] = Object.freeze([]);

/** The locations of a chain, outermost first (shared, frozen). */
export function chainLocations(chain: CallChain | null): readonly RelatedLocation[] {
  if (chain === null) return NO_RELATED;
  if (chain.array === undefined) chain.array = Object.freeze([...chainLocations(chain.parent), chain.location]);
  return chain.array;
}

/** Where an expanded gate was called from: the top-level gate call. */
export interface CallSite {
  readonly span: Span;
}

/**
 * A gate called at top level, outside any definition: nothing related. A
 * million-gate program holds a million of these, so it keeps only what a
 * top-level call needs (the span is read from the call on demand).
 */
export class TopLevelGate implements InlinedGate {
  readonly kind = 'gate' as const;
  constructor(
    readonly gate: AcceptedGate,
    readonly modifierControls: number,
    readonly params: readonly number[],
    readonly qubits: readonly number[],
    /** The top-level call this gate comes from (its span is read on demand: a million gates need no span objects of their own). */
    private readonly site: CallSite,
  ) {}

  get span(): Span {
    return this.site.span;
  }

  get related(): readonly RelatedLocation[] {
    return NO_RELATED;
  }

  toJSON(): InlinedGate {
    const { kind, gate, modifierControls, params, qubits, span, related } = this;
    return { kind, gate, modifierControls, params, qubits, span, related };
  }
}

/** A gate expanded from a definition, whose `related` is read from its call chain on demand. */
export class ExpandedGate extends TopLevelGate {
  constructor(
    gate: AcceptedGate,
    modifierControls: number,
    params: readonly number[],
    qubits: readonly number[],
    site: CallSite,
    /** The calls that led to the definition holding this gate. */
    private readonly chain: CallChain | null,
    /** The call of this gate inside that definition; null for a call at top level. */
    private readonly location: RelatedLocation | null,
  ) {
    super(gate, modifierControls, params, qubits, site);
  }

  override get related(): readonly RelatedLocation[] {
    const outer = chainLocations(this.chain);
    return this.location === null ? outer : [...outer, this.location];
  }
}
