// What an uploaded image may cost to decode, for the upload (catalog/images.ts) and its copies
// (web/imageCopies.ts).

/**
 * Decoded pixels an upload may have (all frames together): 25 megapixels, a 6000 x 4000 camera
 * photo. A few KB of GIF can claim 50000 x 50000; decoding a 7000 x 7000 one cost 5.6 s and 667 MB
 * (issue 16 #9). Checked from the header before anything is decoded, and given to sharp as its own
 * limit wherever it decodes an upload.
 */
export const MAX_IMAGE_PIXELS = 25_000_000;
/** Frames of an animated GIF: a product shot that turns, not a film. */
export const MAX_IMAGE_FRAMES = 100;
