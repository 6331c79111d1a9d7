/**
 * The native gate limit: lowering stops once the native circuit holds more
 * operations than its bound, so that a program within the QIS gate limit
 * (each `ctrl(7) @ x` becomes about 150 native gates) cannot make `compile`
 * build millions of objects. Thrown by the emitter, turned into a
 * diagnostic by `compile`.
 */
export class NativeGateLimitError extends Error {
  constructor(readonly limit: number) {
    super(`more than ${limit} native operations`);
  }
}
