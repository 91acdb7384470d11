import fs from 'node:fs';
import path from 'node:path';
import { FIRST_VIEW_SLOT_ID } from '@shop/shared';

// index.html is a file, not a module: it cannot import the contract's ids, so this holds it to them.

test("index.html has the first view's slot inside #root, after the boot header, where the server looks for it", () => {
  const html = fs.readFileSync(path.join(__dirname, '../../public/index.html'), 'utf8');
  expect(html).toMatch(new RegExp(`<div id="root"><div class="boot-header"[^]*?</div><template id="${FIRST_VIEW_SLOT_ID}"></template></div>`));
});
