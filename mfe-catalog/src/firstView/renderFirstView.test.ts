import type { FirstViewContent, FirstViewData, FirstViewProduct } from '@shop/shared';
import { CARD_IMAGE_SIZES, GALLERY_IMAGE_SIZES, HERO_IMAGE_SIZES } from '../products/imageSizes';
import { FIRST_VIEW_STYLE } from './firstViewStyle';
import { renderFirstView } from './renderFirstView';

// The server's data as plain in-memory products, newest first; it records what it was asked for so the
// tests can hold the renderer to the queries the page itself makes.
// The owner's slides as GET /api/content answers them (issue 38, 17), in English and in French.
const slide = (heading: string, over: Partial<FirstViewContent['slides'][number]> = {}) => ({ image: '', eyebrow: 'New collection', heading, text: 'Hand-finished rings.', linkLabel: 'Shop now', link: '/shop', ...over });
const CONTENT: FirstViewContent = { slides: [slide('Timeless gold, made for every day'), slide('Second slide')] };
const CONTENT_FR: FirstViewContent = { slides: [slide("L'or intemporel, à porter chaque jour", { eyebrow: 'Nouvelle collection', linkLabel: 'Découvrir' })] };

function dataOf(products: FirstViewProduct[], content: FirstViewContent | null = CONTENT) {
  const asked = { newest: [] as number[], product: [] as string[], content: 0 };
  const data: FirstViewData = {
    async content() {
      asked.content += 1;
      return content;
    },
    async newest(limit) {
      asked.newest.push(limit);
      return products.slice(0, limit);
    },
    async product(slug) {
      asked.product.push(slug);
      return products.find((p) => p.slug === slug) ?? null;
    },
  };
  return { data, asked };
}

const product = (n: number, imageUrls: string[] = [`/uploads/p${n}.jpg`]): FirstViewProduct => ({ title: `Ring ${n}`, slug: `ring-${n}`, imageUrls });
const many = (count: number) => Array.from({ length: count }, (_, i) => product(i + 1));

/** The HTML as the browser would parse it: the #first-view element. */
function parse(html: string | null): HTMLElement {
  expect(html).not.toBeNull();
  const holder = document.createElement('div');
  holder.innerHTML = html!;
  expect(holder.children).toHaveLength(1);
  const view = holder.firstElementChild as HTMLElement;
  expect(view.id).toBe('first-view');
  return view;
}

const srcsetOf = (url: string) => `${url}?w=320 320w, ${url}?w=480 480w, ${url} 600w`;

describe('renderFirstView: wrapper', () => {
  it('wraps the view in #first-view with its own style first, so it paints styled before any style sheet', async () => {
    const html = await renderFirstView('ShopPage', '/shop', '', dataOf(many(1)).data);
    expect(html!.startsWith(`<div id="first-view"><style>${FIRST_VIEW_STYLE}</style>`)).toBe(true);
    expect(html!.endsWith('</div>')).toBe(true);
    const view = parse(html);
    expect(view.firstElementChild!.tagName).toBe('STYLE');
    expect(view.querySelectorAll('style')).toHaveLength(1);
  });

  it('has no first view for modules other than the home, the shop and a product page, and reads no data for them', async () => {
    const { data, asked } = dataOf(many(3));
    for (const module of ['AboutPage', 'ContactPage', 'homepage', '']) {
      expect(await renderFirstView(module, '/about', '', data)).toBeNull();
    }
    expect(asked).toEqual({ newest: [], product: [], content: 0 });
  });
});

describe('renderFirstView: home', () => {
  it("shows the owner's first slide, as HeroSlider does", async () => {
    const view = parse(await renderFirstView('HomePage', '/', '', dataOf(many(3)).data));
    expect(view.querySelector('.fv-eyebrow')!.textContent).toBe('New collection');
    expect(view.querySelector('h2')!.textContent).toBe('Timeless gold, made for every day');
    expect(view.querySelector('.fv-lead')!.textContent).toBe('Hand-finished rings.');
    expect(view.querySelector('a.fv-button')!.getAttribute('href')).toBe('/shop');
    expect(view.querySelector('a.fv-button')!.textContent).toBe('Shop now');
  });

  it("escapes the owner's words, keeps an outside link as it is, shows the slide's own picture, and leaves out what is empty", async () => {
    const own = { slides: [slide('<b>Gold</b> & co', { eyebrow: '', text: '', link: 'https://example.com/a?b=1&c=2', image: 'uploads/own.jpg' })] };
    const view = parse(await renderFirstView('HomePage', '/', '', dataOf(many(3), own).data));
    expect(view.querySelector('h2')!.innerHTML).toBe('&lt;b&gt;Gold&lt;/b&gt; &amp; co');
    expect(view.querySelector('.fv-eyebrow')).toBeNull();
    expect(view.querySelector('.fv-lead')).toBeNull();
    expect(view.querySelector('a.fv-button')!.getAttribute('href')).toBe('https://example.com/a?b=1&c=2');
    expect(view.querySelector('img')!.getAttribute('src')).toBe('/uploads/own.jpg?w=480');
  });

  it('has no first view without the content (the page shows its own)', async () => {
    expect(await renderFirstView('HomePage', '/', '', dataOf(many(3), null).data)).toBeNull();
  });

  it('asks for the 12 newest products, like the page hero (useTopTrend)', async () => {
    const { data, asked } = dataOf(many(20));
    await renderFirstView('HomePage', '/', '', data);
    expect(asked).toEqual({ newest: [12], product: [], content: 1 });
  });

  it('shows the first photo among the newest 12 that has one, eager with high priority, with the hero sizes and the page copies', async () => {
    const products = [product(1, []), product(2, ['']), product(3, ['/uploads/hero.jpg', '/uploads/other.jpg']), product(4, ['/uploads/later.jpg'])];
    const view = parse(await renderFirstView('HomePage', '/', '', dataOf(products).data));
    const images = view.querySelectorAll('img');
    expect(images).toHaveLength(1);
    const img = images[0];
    expect(img.closest('.fv-hero-media')).not.toBeNull();
    expect(img.getAttribute('src')).toBe('/uploads/hero.jpg?w=480');
    expect(img.getAttribute('srcset')).toBe(srcsetOf('/uploads/hero.jpg'));
    expect(img.getAttribute('sizes')).toBe(HERO_IMAGE_SIZES);
    expect(img.getAttribute('fetchpriority')).toBe('high');
    expect(img.hasAttribute('loading')).toBe(false);
    expect(img.getAttribute('alt')).toBe('');
    expect([img.getAttribute('width'), img.getAttribute('height')]).toEqual(['600', '778']);
  });

  it('takes no photo from beyond the newest 12 (the page would not show it)', async () => {
    const products = [...Array.from({ length: 12 }, (_, i) => product(i + 1, [])), product(13)];
    const view = parse(await renderFirstView('HomePage', '/', '', dataOf(products).data));
    expect(view.querySelector('img')).toBeNull();
    // The hero text still stands in for the page.
    expect(view.querySelector('h2')!.textContent).toBe('Timeless gold, made for every day');
  });

  it('serves an upload path stored without its leading slash from /uploads', async () => {
    const view = parse(await renderFirstView('HomePage', '/', '', dataOf([product(1, ['uploads/a-b_c.webp'])]).data));
    expect(view.querySelector('img')!.getAttribute('srcset')).toBe(srcsetOf('/uploads/a-b_c.webp'));
  });
});

describe('renderFirstView: shop', () => {
  it('shows the 8 newest products as cards linked to their pages, asking for no more than 8', async () => {
    const { data, asked } = dataOf(many(10));
    const view = parse(await renderFirstView('ShopPage', '/shop', '', data));
    expect(asked).toEqual({ newest: [8], product: [], content: 0 });
    const cards = [...view.querySelectorAll('li.fv-card')];
    expect(cards.map((card) => card.querySelector('h3 a')!.textContent)).toEqual(many(8).map((p) => p.title));
    cards.forEach((card, i) => {
      const links = [...card.querySelectorAll('a')].map((a) => a.getAttribute('href'));
      expect(links).toEqual([`/ring-${i + 1}`, `/ring-${i + 1}`]);
    });
  });

  it('loads the first two card photos eagerly with high priority and the rest lazily, all with the card sizes', async () => {
    const view = parse(await renderFirstView('ShopPage', '/shop', '', dataOf(many(5)).data));
    const images = [...view.querySelectorAll('img')];
    expect(images).toHaveLength(5);
    expect(images.map((img) => img.getAttribute('fetchpriority'))).toEqual(['high', 'high', null, null, null]);
    expect(images.map((img) => img.getAttribute('loading'))).toEqual([null, null, 'lazy', 'lazy', 'lazy']);
    images.forEach((img, i) => {
      expect(img.getAttribute('sizes')).toBe(CARD_IMAGE_SIZES);
      expect(img.getAttribute('srcset')).toBe(srcsetOf(`/uploads/p${i + 1}.jpg`));
    });
  });

  it('escapes product titles, so a title cannot inject markup', async () => {
    const title = `<img src=x onerror="alert(1)"> Tom's & "Jerry's" ring</h3>`;
    const html = await renderFirstView('ShopPage', '/shop', '', dataOf([{ title, slug: 'ring-1', imageUrls: [] }]).data);
    expect(html).not.toContain('<img src=x');
    expect(html).toContain('&lt;img src=x onerror=&quot;alert(1)&quot;&gt; Tom&#39;s &amp; &quot;Jerry&#39;s&quot; ring&lt;/h3&gt;');
    const view = parse(html);
    expect(view.querySelector('h3 a')!.textContent).toBe(title);
    expect(view.querySelector('img')).toBeNull();
  });

  it('treats a lone "?" as no query string', async () => {
    const view = parse(await renderFirstView('ShopPage', '/shop', '?', dataOf(many(2)).data));
    expect(view.querySelectorAll('li.fv-card')).toHaveLength(2);
  });

  it('has no first view for a search, a filter or a later page (they list other products), without reading data', async () => {
    const { data, asked } = dataOf(many(3));
    for (const search of ['?que=ring', '?page=2', 'que=ring']) {
      expect(await renderFirstView('ShopPage', '/shop', search, data)).toBeNull();
    }
    expect(asked.newest).toEqual([]);
  });

  it('has no first view when there are no products (the page shows its empty state)', async () => {
    expect(await renderFirstView('ShopPage', '/shop', '', dataOf([]).data)).toBeNull();
  });
});

describe('renderFirstView: product page', () => {
  it('shows the product title, escaped, in the h1 and its first photo with the gallery sizes, eager with high priority', async () => {
    const title = 'Hoop <b>"gold"</b> & co';
    const { data, asked } = dataOf([{ title, slug: 'gold-hoop', imageUrls: ['/uploads/hoop.jpg', '/uploads/hoop-2.jpg'] }]);
    const html = await renderFirstView('ProductPage', '/gold-hoop', '', data);
    expect(asked).toEqual({ newest: [], product: ['gold-hoop'], content: 0 });
    expect(html).toContain('<h1>Hoop &lt;b&gt;&quot;gold&quot;&lt;/b&gt; &amp; co</h1>');
    const view = parse(html);
    expect(view.querySelector('h1')!.textContent).toBe(title);
    expect(view.querySelector('b')).toBeNull();
    const images = view.querySelectorAll('img');
    expect(images).toHaveLength(1);
    expect(images[0].closest('.fv-stage')).not.toBeNull();
    expect(images[0].getAttribute('srcset')).toBe(srcsetOf('/uploads/hoop.jpg'));
    expect(images[0].getAttribute('sizes')).toBe(GALLERY_IMAGE_SIZES);
    expect(images[0].getAttribute('fetchpriority')).toBe('high');
  });

  it('reads the slug without the surrounding slashes and decodes it', async () => {
    const { data, asked } = dataOf([product(7)]);
    expect(parse(await renderFirstView('ProductPage', '/ring-7/', '', data)).querySelector('h1')!.textContent).toBe('Ring 7');
    expect(parse(await renderFirstView('ProductPage', '/ring%2D7', '', data)).querySelector('h1')!.textContent).toBe('Ring 7');
    expect(asked.product).toEqual(['ring-7', 'ring-7']);
  });

  it('has no first view for an unknown product (the page shows Not Found)', async () => {
    expect(await renderFirstView('ProductPage', '/no-such-ring', '', dataOf(many(3)).data)).toBeNull();
  });

  it('has no first view for a malformed percent-encoding, without reading data', async () => {
    const { data, asked } = dataOf(many(3));
    expect(await renderFirstView('ProductPage', '/%E0%A4%A', '', data)).toBeNull();
    expect(asked.product).toEqual([]);
  });

  it.each([
    ['an empty slug', '/'],
    ['a space', '/gold%20ring'],
    ['a deeper path', '/ring-1/x'],
    ['markup', '/%3Cscript%3E'],
    ['a dot segment', '/..'],
    ['non-ASCII letters', '/%C3%A9t%C3%A9'],
    ['more than 300 characters', `/${'a'.repeat(301)}`],
  ])('has no first view for a slug with %s, and does not even look it up', async (_, pagePath) => {
    const { data, asked } = dataOf(many(3));
    expect(await renderFirstView('ProductPage', pagePath, '', data)).toBeNull();
    expect(asked.product).toEqual([]);
  });

  it('looks up a slug of exactly 300 characters', async () => {
    const slug = 'a'.repeat(300);
    const { data, asked } = dataOf([{ title: 'Long', slug, imageUrls: [] }]);
    expect(parse(await renderFirstView('ProductPage', `/${slug}`, '', data)).querySelector('h1')!.textContent).toBe('Long');
    expect(asked.product).toEqual([slug]);
  });
});

describe('renderFirstView: photos', () => {
  it.each([
    'https://evil.example/x.jpg',
    '//evil.example/uploads/x.jpg',
    'javascript:alert(1)',
    '/uploads/../secret.jpg',
    '/uploads/x.jpg" onerror="alert(1)',
    '/uploads/x.jpg?w=1',
    '/static/x.jpg',
    '/uploads/',
  ])('shows no <img> at all for a photo path outside /uploads: %s', async (path) => {
    const products = [{ title: 'Ring', slug: 'ring', imageUrls: [path] }];
    for (const [module, pagePath] of [['HomePage', '/'], ['ShopPage', '/shop'], ['ProductPage', '/ring']]) {
      const html = await renderFirstView(module, pagePath, '', dataOf(products).data);
      const view = parse(html);
      expect(view.querySelector('img')).toBeNull();
      expect(html).not.toContain('evil.example');
      expect(html).not.toContain('javascript:');
      expect(html).not.toContain('onerror');
    }
  });
});

describe('renderFirstView: the New badge', () => {
  // Where the page shows it (a product tagged 'new', SPEC §3), the view shows it too, so the title
  // below it does not jump down when the page takes over.
  it('on a shop card and above a product title, for a product tagged new in any case, and nowhere else', async () => {
    const tagged = { ...product(1), tags: [' NEW '] };
    const plain = { ...product(2), tags: ['gold'] };
    const { data } = dataOf([tagged, plain]);
    const cards = parse(await renderFirstView('ShopPage', '/shop', '', data)).querySelectorAll('li');
    expect([...cards].map((card) => card.querySelector('.fv-media .fv-badge')?.textContent ?? null)).toEqual(['New', null]);
    const page = parse(await renderFirstView('ProductPage', '/ring-1', '', data));
    expect(page.querySelector('.fv-summary > .fv-badge + h1')?.textContent).toBe('Ring 1');
    expect(parse(await renderFirstView('ProductPage', '/ring-2', '', data)).querySelector('.fv-badge')).toBeNull();
  });
});

// Issue 37: /fr/… has its first view in French, its links under /fr (the page's own Link keeps the prefix).
describe('renderFirstView: in French', () => {
  const newProduct = (n: number): FirstViewProduct => ({ ...product(n), tags: ['new'] });
  const inFrench = (products: FirstViewProduct[]) => ({ ...dataOf(products, CONTENT_FR).data, locale: 'fr' as const });

  it("the home's hero: the owner's French words, its button to /fr/shop", async () => {
    const view = parse(await renderFirstView('HomePage', '/', '', inFrench(many(3))));
    expect(view.querySelector('.fv-eyebrow')!.textContent).toBe('Nouvelle collection');
    expect(view.querySelector('h2')!.textContent).toBe("L'or intemporel, à porter chaque jour");
    expect(view.querySelector('a.fv-button')!.getAttribute('href')).toBe('/fr/shop');
    expect(view.querySelector('a.fv-button')!.textContent).toBe('Découvrir');
  });

  it("the shop's cards link to /fr/<slug>, a new piece's badge says Nouveau", async () => {
    const view = parse(await renderFirstView('ShopPage', '/shop', '', inFrench([newProduct(1), product(2)])));
    expect([...view.querySelectorAll('h3 a')].map((a) => a.getAttribute('href'))).toEqual(['/fr/ring-1', '/fr/ring-2']);
    expect([...view.querySelectorAll('a.fv-media')].map((a) => a.getAttribute('href'))).toEqual(['/fr/ring-1', '/fr/ring-2']);
    expect([...view.querySelectorAll('.fv-badge')].map((b) => b.textContent)).toEqual(['Nouveau']);
  });

  it("a product page's New badge in French", async () => {
    const view = parse(await renderFirstView('ProductPage', '/ring-1', '', inFrench([newProduct(1)])));
    expect(view.querySelector('.fv-badge')!.textContent).toBe('Nouveau');
    expect(view.querySelector('h1')!.textContent).toBe('Ring 1');
  });
});
