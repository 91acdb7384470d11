// Prints one plain closing line ("N passed, N failed") that CI reads, whatever the runner.
// With JEST_SUMMARY_FILE set, it also appends the counts there so .ci/run can total several passes.
const fs = require('node:fs');

class SummaryReporter {
  onRunComplete(_contexts, results) {
    const skipped = results.numPendingTests + results.numTodoTests;
    const failed = results.numFailedTests + results.numRuntimeErrorTestSuites;
    const line = `${results.numPassedTests} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`;
    if (process.env.JEST_SUMMARY_FILE) fs.appendFileSync(process.env.JEST_SUMMARY_FILE, `${results.numPassedTests} ${failed} ${skipped}\n`);
    process.stdout.write(`\n${line}\n`);
  }
}
module.exports = SummaryReporter;
