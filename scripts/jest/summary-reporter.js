// Prints one plain closing line ("N passed, N failed") that CI reads, whatever the runner.
// With JEST_SUMMARY_FILE set, it also appends the counts there so .ci/run can total several passes.
const fs = require('node:fs');
const path = require('node:path');

class SummaryReporter {
  onRunComplete(_contexts, results) {
    const skipped = results.numPendingTests + results.numTodoTests;
    const failed = results.numFailedTests + results.numRuntimeErrorTestSuites;
    const line = `${results.numPassedTests} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`;
    if (process.env.JEST_SUMMARY_FILE) fs.appendFileSync(process.env.JEST_SUMMARY_FILE, `${results.numPassedTests} ${failed} ${skipped}\n`);
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
module.exports = SummaryReporter;
