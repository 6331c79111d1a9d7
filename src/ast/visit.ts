/**
 * Walking the AST: `visit` with enter/leave handlers per node kind, driven by
 * the {@link CHILD_KEYS} table, plus `visitInParallel` to run many visitors
 * (one per rule) in a single pass, and `stripSpans` for structural
 * comparison. The walk keeps its own stack, so hostile nesting cannot
 * overflow the call stack.
 */
import { CHILD_KEYS } from './keys.js';
import type { Node, NodeKind, NodeOfKind } from './nodes.js';

/** Returned from an `enter` handler to stop the whole walk at once. */
export const BREAK: unique symbol = Symbol('BREAK');

/**
 * What an `enter` handler may return: `false` skips the node's children (and
 * its `leave`), {@link BREAK} ends the walk, anything else continues.
 */
export type EnterResult = boolean | typeof BREAK | void;

/**
 * A handler's view of where it is: the parent (null at the root) and the
 * ancestors from the root down to the parent. The array is the walker's own
 * stack: read it during the call, copy it to keep it.
 */
export type EnterHandler<N extends Node> = (node: N, parent: Node | null, ancestors: readonly Node[]) => EnterResult;
export type LeaveHandler<N extends Node> = (node: N, parent: Node | null, ancestors: readonly Node[]) => void;

/** A kind's handlers: a function (shorthand for `enter`) or `{ enter, leave }`. */
export type KindVisitor<N extends Node> = EnterHandler<N> | { readonly enter?: EnterHandler<N>; readonly leave?: LeaveHandler<N> };

/**
 * Handlers keyed by node kind, typed by kind (`{ GateCall(node) { ... } }`),
 * plus optional `enter`/`leave` for every node. For one node the generic
 * `enter` runs before the kind's, and the kind's `leave` before the generic
 * one; `false` from either `enter` skips the subtree.
 */
export type Visitor = { readonly [K in NodeKind]?: KindVisitor<NodeOfKind<K>> } & {
  readonly enter?: EnterHandler<Node>;
  readonly leave?: LeaveHandler<Node>;
};

/** A visitor's handlers for one kind, in call order. */
interface KindHandlers {
  readonly enters: readonly EnterHandler<Node>[];
  readonly leaves: readonly LeaveHandler<Node>[];
}

/** Resolves a visitor's handlers per kind once, so a walk allocates nothing per node for them. */
function handlerLookup(visitor: Visitor): (kind: NodeKind) => KindHandlers {
  const cache = new Map<NodeKind, KindHandlers>();
  return (kind) => {
    let handlers = cache.get(kind);
    if (handlers === undefined) {
      const forKind = visitor[kind] as KindVisitor<Node> | undefined;
      const kindEnter = typeof forKind === 'function' ? forKind : forKind?.enter;
      const kindLeave = typeof forKind === 'function' ? undefined : forKind?.leave;
      handlers = {
        enters: [visitor.enter, kindEnter].filter((h) => h !== undefined),
        leaves: [kindLeave, visitor.leave].filter((h) => h !== undefined),
      };
      cache.set(kind, handlers);
    }
    return handlers;
  };
}

/** One node being walked: where we are among its child properties. */
interface Frame {
  readonly node: Node;
  readonly keys: readonly string[];
  keyIndex: number;
  itemIndex: number;
}

/**
 * Walks `root` depth-first in source order, calling the visitor's handlers.
 * See {@link Visitor} for the handler order and {@link EnterResult} for
 * skipping and stopping.
 */
export function visit(root: Node, visitor: Visitor): void {
  const handlersOf = handlerLookup(visitor);
  const frames: Frame[] = [];
  const ancestors: Node[] = [];

  /** Enters a node; false when its subtree is skipped, BREAK to stop. */
  const enter = (node: Node): boolean | typeof BREAK => {
    const parent = ancestors[ancestors.length - 1] ?? null;
    for (const handler of handlersOf(node.kind).enters) {
      const result = handler(node, parent, ancestors);
      if (result === BREAK) return BREAK;
      if (result === false) return false;
    }
    frames.push({ node, keys: CHILD_KEYS[node.kind] ?? [], keyIndex: 0, itemIndex: 0 });
    ancestors.push(node);
    return true;
  };

  if (enter(root) === BREAK) return;
  while (frames.length > 0) {
    const frame = frames[frames.length - 1] as Frame;
    const child = nextChild(frame);
    if (child !== undefined) {
      if (enter(child) === BREAK) return;
      continue;
    }
    frames.pop();
    ancestors.pop();
    const parent = ancestors[ancestors.length - 1] ?? null;
    for (const handler of handlersOf(frame.node.kind).leaves) handler(frame.node, parent, ancestors);
  }
}

/** The frame's next child node, advancing past nulls; undefined when done. */
function nextChild(frame: Frame): Node | undefined {
  const record = frame.node as unknown as Record<string, unknown>;
  while (frame.keyIndex < frame.keys.length) {
    const value = record[frame.keys[frame.keyIndex] as string];
    if (Array.isArray(value)) {
      if (frame.itemIndex < value.length) return value[frame.itemIndex++] as Node;
    } else if (value !== null && value !== undefined && frame.itemIndex === 0) {
      frame.itemIndex = 1;
      return value as Node;
    }
    frame.keyIndex++;
    frame.itemIndex = 0;
  }
  return undefined;
}

/**
 * One visitor that runs several in a single walk, each as if alone: a
 * visitor that skips a subtree skips it by itself, one that returns
 * {@link BREAK} drops out while the others go on.
 */
export function visitInParallel(visitors: readonly Visitor[]): Visitor {
  /** Per visitor: the node whose subtree it skips, BREAK when finished, null when active. */
  const skipping: (Node | typeof BREAK | null)[] = visitors.map(() => null);
  const lookups = visitors.map(handlerLookup);
  return {
    enter(node, parent, ancestors) {
      lookups.forEach((handlersOf, i) => {
        if (skipping[i] !== null) return;
        for (const handler of handlersOf(node.kind).enters) {
          const result = handler(node, parent, ancestors);
          if (result === BREAK || result === false) {
            skipping[i] = result === BREAK ? BREAK : node;
            return;
          }
        }
      });
    },
    leave(node, parent, ancestors) {
      lookups.forEach((handlersOf, i) => {
        if (skipping[i] === node) skipping[i] = null;
        else if (skipping[i] === null) for (const handler of handlersOf(node.kind).leaves) handler(node, parent, ancestors);
      });
    },
  };
}

/** A value with every `span` property removed, deeply. */
export type WithoutSpans<T> = T extends readonly (infer E)[]
  ? WithoutSpans<E>[]
  : T extends object
    ? { [K in keyof T as K extends 'span' ? never : K]: WithoutSpans<T[K]> }
    : T;

/**
 * A deep copy of a node (or list, or any plain value) without `span`
 * properties, for comparing trees by structure: two parses of differently
 * formatted text compare equal.
 */
export function stripSpans<T>(value: T): WithoutSpans<T> {
  return strip(value) as WithoutSpans<T>;
}

function strip(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(strip);
  if (value === null || typeof value !== 'object') return value;
  const copy: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    if (key !== 'span') copy[key] = strip(item);
  }
  return copy;
}
