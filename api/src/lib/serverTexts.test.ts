import { CONTACT_ERRORS, COUPON_MESSAGES, PASSWORD_WORDS, REVIEW_ERRORS, listFullMessage, notEnoughStock } from '@shop/contract';
import { RESET_LINK_EXPIRED, RESET_LINK_INVALID, RESET_LINK_USED, WRONG_CURRENT_PASSWORD } from '../accounts/service';
import { startTestApp, type TestApp } from '../test/harness';
import { SERVER_TEXTS, serverTextIn } from './serverTexts';

// Issue 37: the storefront's forms get the API's refusals in the caller's language (?locale= or
// Accept-Language, as the browser's client sends them); English stays verbatim.

describe('the catalogue', () => {
  test('every refusal the storefront can meet has its French; English is returned as it is', () => {
    const english: string[] = [
      ...Object.values(PASSWORD_WORDS),
      ...Object.values(CONTACT_ERRORS),
      ...Object.values(REVIEW_ERRORS),
      ...(Object.values(COUPON_MESSAGES) as unknown[]).filter((m): m is string => typeof m === 'string'),
      WRONG_CURRENT_PASSWORD,
      RESET_LINK_INVALID,
      RESET_LINK_USED,
      RESET_LINK_EXPIRED,
      listFullMessage('addresses'),
      'This field is required',
      'Invalid credentials',
      'User already exists',
    ];
    for (const text of english) {
      expect([text, serverTextIn(text, 'en')]).toEqual([text, text]);
      expect([text, serverTextIn(text, 'fr') === text]).toEqual([text, false]);
    }
    expect(Object.keys(SERVER_TEXTS)).toEqual(['fr']);
  });

  test('a text of a known shape carries its values over; a field-named refusal gives its words; an unknown text stays English', () => {
    expect(serverTextIn('"Gold Ring" is not available in EUR', 'fr')).toBe('« Gold Ring » n’est pas disponible en EUR');
    expect(serverTextIn(notEnoughStock('Gold Ring', 2), 'fr')).toBe('Gold Ring : plus que 2 en stock');
    expect(serverTextIn(`Gold Ring: ${notEnoughStock('Gold Ring', 0)}; please update your cart`, 'fr')).toBe('Gold Ring : Gold Ring est épuisé ; veuillez mettre votre panier à jour');
    expect(serverTextIn(COUPON_MESSAGES.currency('GBP'), 'fr')).toBe('Ce code ne peut pas être utilisé en GBP');
    expect(serverTextIn(`password: ${PASSWORD_WORDS.common}`, 'fr')).toBe('Ce mot de passe est parmi les plus utilisés : choisissez-en un autre');
    expect(serverTextIn('Use at least 3 characters', 'fr')).toBe('Utilisez au moins 3 caractères');
    expect(serverTextIn('Something only the back office says', 'fr')).toBe('Something only the back office says');
  });
});

describe('answers', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  const reg = (over: Record<string, unknown> = {}) => ({ fullName: 'Léa Martin', email: 'lea@example.com', contact: '0612345678', password: 'bracelet-or-rose', ...over });
  const FR = { 'accept-language': 'fr-FR,fr;q=0.9,en;q=0.5' };

  test('register: a French 400 by Accept-Language or ?locale=fr, each field in French; English unchanged', async () => {
    const english = await t.call('POST', '/api/user/register', { body: reg({ email: 'test@bad' }) });
    expect([english.status, english.body.fields]).toEqual([400, { email: 'Enter a valid email address' }]);
    const french = await t.call('POST', '/api/user/register', { body: reg({ email: 'test@bad' }), headers: FR });
    expect([french.status, french.body]).toEqual([400, { message: 'Saisissez une adresse e-mail valide', fields: { email: 'Saisissez une adresse e-mail valide' } }]);
    const byQuery = await t.call('POST', '/api/user/register?locale=fr', { body: reg({ password: 'short' }) });
    expect([byQuery.status, byQuery.body.fields]).toEqual([400, { password: 'Utilisez au moins 10 caractères' }]);
    const common = await t.call('POST', '/api/user/register', { body: reg({ password: 'password12' }), headers: FR });
    expect([common.status, common.body]).toEqual([400, { message: 'Ce mot de passe est parmi les plus utilisés : choisissez-en un autre', fields: { password: 'Ce mot de passe est parmi les plus utilisés : choisissez-en un autre' } }]);
    const empty = await t.call('POST', '/api/user/register', { body: {}, headers: FR });
    expect(empty.body.fields).toEqual({ fullName: 'Ce champ est obligatoire' });
    // A browser that prefers a language the shop lacks gets English.
    const german = await t.call('POST', '/api/user/register', { body: reg({ email: 'test@bad' }), headers: { 'accept-language': 'de-DE' } });
    expect(german.body.fields).toEqual({ email: 'Enter a valid email address' });
    expect(await t.ctx.db.one(`SELECT 1 FROM users WHERE email = 'lea@example.com'`)).toBeUndefined();
  });

  test('login, password change, address, checkout, contact and reviews refuse in French', async () => {
    const c = await t.customer('Chloé Petit');
    expect((await t.call('POST', '/api/user/login', { body: { uid: c.email, password: 'not-the-one-1' }, headers: FR })).body).toEqual({ message: 'Identifiants incorrects' });
    const password = await t.call('PUT', '/api/user/me/password', { token: c.token, body: { currentPassword: 'not-the-one-1', newPassword: 'bracelet-or-rose' }, headers: FR });
    expect([password.status, password.body.message]).toEqual([400, "Votre mot de passe actuel n'est pas le bon"]);
    const address = await t.call('POST', '/api/user/addresses', { token: c.token, body: { line1: ' ', city: 'Paris', postalCode: '75001', country: 'France' }, headers: FR });
    expect([address.status, address.body]).toEqual([400, { message: 'Ce champ est obligatoire', fields: { line1: 'Ce champ est obligatoire' } }]);
    const usd = await t.currency('USD', '$');
    const checkout = await t.call('POST', '/api/order', { token: c.token, body: { paymentMethod: 'Cash On Delivery', selectedCurr: usd._id, shippingAddress: { line1: '1 Rue', city: 'Paris', postalCode: '75001', country: 'France' } }, headers: FR });
    expect([checkout.status, checkout.body.message]).toEqual([400, 'Votre panier est vide']);
    const contact = await t.call('POST', '/api/contact', { body: { name: 'Chloé', email: 'chloe@example.com', message: '   ' }, headers: { ...FR, 'x-forwarded-for': '10.9.8.7' } });
    expect([contact.status, contact.body.message]).toEqual([400, 'Veuillez écrire votre message.']);
    const product = await t.product({ title: 'Bague Soleil' });
    const review = await t.call('POST', `/api/product/${product._id}/reviews`, { token: c.token, body: { rating: 0, title: 'Belle', body: 'Une bague magnifique, très bien finie.' }, headers: FR });
    expect(review.status).toBe(400);
    expect(review.body.message).toMatch(/^(Veuillez choisir de 1 à 5 étoiles\.|Ce champ|Utilisez|Cette valeur)/);
  });
});
