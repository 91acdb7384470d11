import { execFile } from 'node:child_process';

// A PDF's text, read back with a PDF text extractor (unpdf: PDF.js), for the invoice tests (issue 39).
// In a child process: PDF.js is an ES module loaded by dynamic import, which jest's module sandbox refuses.
const SCRIPT = `import { extractText } from 'unpdf';
const chunks = [];
for await (const c of process.stdin) chunks.push(c);
const { text } = await extractText(new Uint8Array(Buffer.concat(chunks)), { mergePages: true });
process.stdout.write(text);`;

/** The text of every page, in reading order, runs of white space made one space. */
export function pdfText(bytes: Uint8Array): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = execFile(process.execPath, ['--input-type=module', '-e', SCRIPT], { cwd: __dirname, maxBuffer: 20_000_000 }, (error, stdout, stderr) =>
      error ? reject(new Error(`${error.message}\n${stderr}`)) : resolve(stdout.replace(/\s+/g, ' ')),
    );
    child.stdin!.end(Buffer.from(bytes));
  });
}
