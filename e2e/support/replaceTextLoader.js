// Test-only webpack loader: swaps one literal text for another, to rebuild a remote with changed copy.
module.exports = function replaceTextLoader(source) {
  const { from, to } = this.getOptions();
  return source.split(from).join(to);
};
