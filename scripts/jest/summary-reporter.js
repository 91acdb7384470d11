// Prints one plain closing line ("N passed, N failed") that CI reads, whatever the runner.
// With JEST_SUMMARY_FILE set, it also appends the counts there so .ci/run can total several passes,
// and with JEST_FAILURES_FILE the failed tests by name: CI prints them last, where its tail is kept
// (stop 46's CI said "1 failed" and the part of its output on record did not say which).
const fs = require('node:fs');
const path = require('node:path');
const { stripVTControlCharacters } = require('node:util');

class SummaryReporter {
  onRunComplete(_contexts, results) {
    const skipped = results.numPendingTests + results.numTodoTests;
    const failed = results.numFailedTests + results.numRuntimeErrorTestSuites;
    const line = `${results.numPassedTests} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`;
    if (process.env.JEST_SUMMARY_FILE) fs.appendFileSync(process.env.JEST_SUMMARY_FILE, `${results.numPassedTests} ${failed} ${skipped}\n`);
    if (process.env.JEST_FAILURES_FILE && failed) fs.appendFileSync(process.env.JEST_FAILURES_FILE, failures(results.testResults));
    if (process.env.JEST_SUMMARY_FILE) process.stdout.write(slowest(results.testResults));
    process.stdout.write(`\n${line}\n`);
  }
}
/** The files that took longest (CI prints them: where to look when the run grows). */
function slowest(files, n = 12) {
  const timed = files.map((f) => ({ file: path.relative(process.cwd(), f.testFilePath), s: (f.perfStats.end - f.perfStats.start) / 1000 }));
  timed.sort((a, b) => b.s - a.s);
  return `\nslowest test files:\n${timed.slice(0, n).map((t) => `  ${t.s.toFixed(1).padStart(7)} s  ${t.file}`).join('\n')}\n`;
}
/** Each failed test (or file that could not run) with the first lines of why, ANSI colours removed. */
function failures(files) {
  const runnerFrame = (l) => /^\s*at .*(node_modules|node:internal|<anonymous>)/.test(l);
  const firstLines = (s, n = 12) =>
    stripVTControlCharacters(s)
      .split('\n')
      .filter((l) => !runnerFrame(l))
      .slice(0, n)
      .map((l) => `    ${l}`)
      .join('\n');
  const out = [];
  for (const f of files) {
    const file = path.relative(process.cwd(), f.testFilePath);
    if (f.testExecError) out.push(`FAILED ${file} (could not run)\n${firstLines(f.testExecError.message ?? String(f.testExecError))}`);
    for (const t of f.testResults) {
      if (t.status === 'failed') out.push(`FAILED ${file} › ${t.fullName}\n${firstLines(t.failureMessages.join('\n'))}`);
    }
  }
  return out.length ? `${out.join('\n')}\n` : '';
}
module.exports = SummaryReporter;
