import fs from 'node:fs';
import path from 'node:path';
import { Worker, type WorkerOptions } from 'node:worker_threads';

// A worker thread's code is a real file of src/ (typechecked and linted with the rest), loaded the way
// the process that starts it runs: from the build (dist/), the compiled `<name>.js` beside the caller;
// from src/ (tsx, ts-jest), where no .js is beside it, the `.ts` source transpiled here and run as
// CommonJS text, since a worker thread runs outside tsx's and jest's loaders. TypeScript is needed in
// that second case only, which is development (the build never asks for it).

const transpiled = new Map<string, string>();

function transpile(file: string): string {
  let code = transpiled.get(file);
  if (code === undefined) {
    const ts = require('typescript') as typeof import('typescript');
    code = ts.transpileModule(fs.readFileSync(file, 'utf8'), {
      fileName: file,
      compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022, esModuleInterop: true },
    }).outputText;
    transpiled.set(file, code);
  }
  return code;
}

/** The worker's compiled file, or null when running from src/. */
function compiledFile(dir: string, name: string): string | null {
  const compiled = path.join(dir, `${name}.js`);
  return fs.existsSync(compiled) ? compiled : null;
}

/**
 * Readies the worker's code ahead of its first thread (from src/, the transpiling: a second or two on a
 * busy host, which would otherwise be taken from the first thread's time bound). Nothing from the build.
 */
export function prepareWorker(dir: string, name: string): void {
  if (!compiledFile(dir, name)) transpile(path.join(dir, `${name}.ts`));
}

/** Starts the worker whose code is `<dir>/<name>.ts` (dir: the caller's __dirname). */
export function startWorker(dir: string, name: string, options: WorkerOptions = {}): Worker {
  const compiled = compiledFile(dir, name);
  if (compiled) return new Worker(compiled, options);
  return new Worker(transpile(path.join(dir, `${name}.ts`)), { ...options, eval: true });
}
