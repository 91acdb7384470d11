/** The pages the front-end benches open, as [name, path]: the home, the shop and its newest product's page. */
export async function measuredPages(baseUrl: string): Promise<Array<[string, string]>> {
  const answer = await fetch(`${baseUrl}/api/product/filter?limit=1&page=1`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
  const first = (await answer.json()) as { items: Array<{ slug: string }> };
  return [
    ['/', '/'],
    ['/shop', '/shop'],
    ['product', `/${first.items[0]?.slug ?? 'no-product'}`],
  ];
}
