/**
 * qsharp-lang as the benches use it: its WebAssembly module read from the
 * package's own file, then its compiler. The package's declarations do not
 * cover these entry points, so the few calls the benches make are declared here.
 */
import { readFileSync } from 'node:fs';

export interface QscEventTarget {
  getResults(): readonly { readonly success: boolean }[];
}

export interface QsharpCompiler {
  getHir(config: {
    sources: [string, string][];
    languageFeatures: string[];
    projectType: 'openqasm';
    profile: 'unrestricted';
  }): Promise<unknown>;
  run(
    config: { sources: [string, string][]; languageFeatures: string[] },
    entry: string,
    shots: number,
    events: QscEventTarget,
  ): Promise<void>;
}

export interface Qsharp {
  loadWasmModule(wasm: ArrayBuffer): Promise<void>;
  getCompiler(): Promise<QsharpCompiler>;
  QscEventTarget: new (captureEvents: boolean) => QscEventTarget;
}

/** The package with its WebAssembly module loaded, and a compiler from it. */
export async function loadQsharp(): Promise<{ qsharp: Qsharp; compiler: QsharpCompiler }> {
  const qsharp = (await import('qsharp-lang')) as unknown as Qsharp;
  const wasm = readFileSync(new URL('../lib/web/qsc_wasm_bg.wasm', import.meta.resolve('qsharp-lang')));
  await qsharp.loadWasmModule(wasm.buffer.slice(wasm.byteOffset, wasm.byteOffset + wasm.byteLength));
  return { qsharp, compiler: await qsharp.getCompiler() };
}
