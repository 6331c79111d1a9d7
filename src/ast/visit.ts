/**
 * Walking the AST: `visit` with enter/leave handlers per node kind, driven by
 * the {@link CHILD_KEYS} table, plus `visitInParallel` to run many visitors
 * (one per rule) in a single pass, and `stripSpans` for structural
 * comparison. The walk keeps its own stack, so hostile nesting cannot
 * overflow the call stack.
 */
import { isDeferred } from './deferred.js';
import { CHILD_KEYS, NODE_KINDS } from './keys.js';
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
export type KindVisitor<N extends Node> =
  EnterHandler<N> | { readonly enter?: EnterHandler<N>; readonly leave?: LeaveHandler<N> };

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

const NO_HANDLERS: KindHandlers = { enters: [], leaves: [] };

/** Resolves a visitor's handlers per kind once, so a walk allocates nothing per node for them. */
function handlerLookup(visitor: Visitor): (kind: NodeKind) => KindHandlers {
  const cache: Partial<Record<NodeKind, KindHandlers>> = {};
  return (kind) => {
    let handlers = cache[kind];
    if (handlers === undefined) {
      const forKind = visitor[kind] as KindVisitor<Node> | undefined;
      const kindEnter = typeof forKind === 'function' ? forKind : forKind?.enter;
      const kindLeave = typeof forKind === 'function' ? undefined : forKind?.leave;
      const enters = [visitor.enter, kindEnter].filter((h) => h !== undefined);
      const leaves = [kindLeave, visitor.leave].filter((h) => h !== undefined);
      handlers = enters.length === 0 && leaves.length === 0 ? NO_HANDLERS : { enters, leaves };
      cache[kind] = handlers;
    }
    return handlers;
  };
}

const NO_KEYS: readonly string[] = [];

/**
 * Walks `root` depth-first in source order, calling the visitor's handlers.
 * See {@link Visitor} for the handler order and {@link EnterResult} for
 * skipping and stopping.
 */
export function visit(root: Node, visitor: Visitor): void {
  const handlersOf = handlerLookup(visitor);
  // The walk's stack as parallel arrays: the open nodes (also the handlers'
  // ancestors), and per node the child key and list item to visit next.
  const ancestors: Node[] = [];
  const keyIndexes: number[] = [];
  const itemIndexes: number[] = [];

  /** Enters a node; false when its subtree is skipped, BREAK to stop. */
  const enter = (node: Node): boolean | typeof BREAK => {
    const enters = handlersOf(node.kind).enters;
    if (enters.length > 0) {
      const parent = ancestors.length > 0 ? (ancestors[ancestors.length - 1] as Node) : null;
      for (const handler of enters) {
        const result = handler(node, parent, ancestors);
        if (result === BREAK) return BREAK;
        if (result === false) return false;
      }
    }
    ancestors.push(node);
    keyIndexes.push(0);
    itemIndexes.push(0);
    return true;
  };

  if (enter(root) === BREAK) return;
  while (ancestors.length > 0) {
    const top = ancestors.length - 1;
    const node = ancestors[top] as Node;
    const record = node as unknown as Record<string, unknown>;
    const keys = CHILD_KEYS[node.kind] ?? NO_KEYS;
    let keyIndex = keyIndexes[top] as number;
    let itemIndex = itemIndexes[top] as number;
    let child: Node | undefined;
    while (keyIndex < keys.length) {
      const value = record[keys[keyIndex] as string];
      if (Array.isArray(value)) {
        if (itemIndex < value.length) {
          child = value[itemIndex++] as Node;
          break;
        }
      } else if (value !== null && value !== undefined && itemIndex === 0) {
        itemIndex = 1;
        child = value as Node;
        break;
      }
      keyIndex++;
      itemIndex = 0;
    }
    keyIndexes[top] = keyIndex;
    itemIndexes[top] = itemIndex;
    if (child !== undefined) {
      if (enter(child) === BREAK) return;
      continue;
    }
    ancestors.pop();
    keyIndexes.pop();
    itemIndexes.pop();
    const leaves = handlersOf(node.kind).leaves;
    if (leaves.length > 0) {
      const parent = ancestors.length > 0 ? (ancestors[ancestors.length - 1] as Node) : null;
      for (const handler of leaves) handler(node, parent, ancestors);
    }
  }
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
  const combined: Partial<Record<NodeKind, { enter: EnterHandler<Node>; leave: LeaveHandler<Node> }>> = {};
  for (const kind of NODE_KINDS) {
    // Only visitors with a handler for this kind take part in its dispatch.
    const interested = lookups
      .map((handlersOf, i) => ({ i, handlers: handlersOf(kind) }))
      .filter(({ handlers }) => handlers !== NO_HANDLERS);
    if (interested.length === 0) continue;
    combined[kind] = {
      enter(node, parent, ancestors) {
        for (const { i, handlers } of interested) {
          if (skipping[i] !== null) continue;
          for (const handler of handlers.enters) {
            const result = handler(node, parent, ancestors);
            if (result === BREAK || result === false) {
              skipping[i] = result === BREAK ? BREAK : node;
              break;
            }
          }
        }
      },
      leave(node, parent, ancestors) {
        for (const { i, handlers } of interested) {
          if (skipping[i] === node) skipping[i] = null;
          else if (skipping[i] === null) for (const handler of handlers.leaves) handler(node, parent, ancestors);
        }
      },
    };
  }
  return combined;
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
  // Its members are accessors, invisible to Object.entries: strip its plain form.
  if (isDeferred(value)) return strip(value.toJSON());
  const copy: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    if (key !== 'span') copy[key] = strip(item);
  }
  return copy;
}
