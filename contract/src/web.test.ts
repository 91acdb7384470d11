import { escapeHtml, firstPhoto, isNewProduct, isSlug, photoSrcSet, uploadAt, uploadUrl } from './web';

describe('what the server and the browser agree on about a page', () => {
  it('escapes text so it can never be markup, in text or a quoted attribute', () => {
    expect(escapeHtml(`<img src=x onerror="alert(1)"> Tom's & co`)).toBe('&lt;img src=x onerror=&quot;alert(1)&quot;&gt; Tom&#39;s &amp; co');
    expect(escapeHtml('plain text')).toBe('plain text');
  });

  it('gives the New badge to a tag equal to "new", whatever its case and the spaces around it', () => {
    expect([['New'], [' NEW '], ['sale', 'new']].map((tags) => isNewProduct({ tags }))).toEqual([true, true, true]);
    expect([['newest'], [], null, undefined].map((tags) => isNewProduct({ tags }))).toEqual([false, false, false, false]);
  });

  it('takes a slug of letters, digits and dashes, up to 300 characters', () => {
    expect(['gold-ring-2', 'A', 'x'.repeat(300)].map(isSlug)).toEqual([true, true, true]);
    expect(['', 'x'.repeat(301), 'gold ring', 'ring/2', '../etc', 'ring%20'].map(isSlug)).toEqual([false, false, false, false, false, false]);
  });

  it('offers a photo at 320 and 480 px and as the 600 px original, in that order', () => {
    expect(photoSrcSet((w) => uploadAt('/uploads/a.jpg', w))).toBe('/uploads/a.jpg?w=320 320w, /uploads/a.jpg?w=480 480w, /uploads/a.jpg 600w');
  });

  it('knows an uploads path from anything else', () => {
    expect([uploadUrl('uploads/a.jpg'), uploadUrl('/uploads/b/c.png')]).toEqual(['/uploads/a.jpg', '/uploads/b/c.png']);
    expect(['/static/x.jpg', 'uploads/../secret', 'uploads/a b.jpg', 'https://x/uploads/a.jpg', '', null, undefined].map(uploadUrl)).toEqual(Array(7).fill(null));
  });

  it("finds the first photo among products, skipping those that have none", () => {
    expect(firstPhoto([{ imageUrls: [] }, { imageUrls: ['', 'b.jpg'] }, { imageUrls: ['c.jpg'] }])).toBe('c.jpg');
    expect(firstPhoto([{ imageUrls: [] }])).toBeUndefined();
  });
});
