/**
 * Boolean query parameters as every client writes them: httpx and JavaScript
 * send `true`/`false`, Python's requests sends `str(True)`, that is
 * `True`/`False` (PennyLane-IonQ's `sharpen=True`, cirq-ionq's), and others
 * send `1`/`0`. Every boolean property of a route's querystring schema is read
 * from those six spellings before validation, on every route, whatever the
 * Ajv options; any other text is left as it came, so the schema refuses it
 * with the usual 400 naming the parameter. No other parameter is touched.
 */
import type { preValidationHookHandler, RouteOptions } from 'fastify';
import type { App } from './types.js';

const SPELLINGS: ReadonlyMap<string, boolean> = new Map([
  ['true', true],
  ['True', true],
  ['1', true],
  ['false', false],
  ['False', false],
  ['0', false],
]);

interface SchemaNode {
  readonly type?: unknown;
  readonly anyOf?: readonly SchemaNode[];
  readonly properties?: Readonly<Record<string, SchemaNode>>;
}

function isBoolean(node: SchemaNode | undefined): boolean {
  if (!node) return false;
  if (node.type === 'boolean') return true;
  return node.anyOf?.some((branch) => branch.type === 'boolean') ?? false;
}

/** Names of the boolean properties of a querystring schema. */
export function booleanQueryNames(schema: unknown): string[] {
  const properties = (schema as SchemaNode | undefined)?.properties;
  if (!properties) return [];
  return Object.entries(properties)
    .filter(([, node]) => isBoolean(node))
    .map(([name]) => name);
}

/** The spelling as a boolean, or the value unchanged when it is not one of the six. */
export function readQueryBoolean(value: unknown): unknown {
  return typeof value === 'string' ? (SPELLINGS.get(value) ?? value) : value;
}

/** Adds the reading to every route registered after this call that has boolean query parameters. */
export function registerQueryBooleans(app: App): void {
  app.addHook('onRoute', (route: RouteOptions) => {
    const names = booleanQueryNames(route.schema?.querystring);
    if (names.length === 0) return;
    const read: preValidationHookHandler = (request, _reply, done) => {
      const query = request.query as Record<string, unknown>;
      for (const name of names) if (name in query) query[name] = readQueryBoolean(query[name]);
      done();
    };
    const existing: unknown = route.preValidation;
    const before = (
      existing === undefined ? [] : Array.isArray(existing) ? existing : [existing]
    ) as preValidationHookHandler[];
    route.preValidation = [...before, read];
  });
}
