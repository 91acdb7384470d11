import type { Coupon } from '@shop/shared';
import { couponBody, couponErrors, draftOf, emptyDraft } from './couponForm';
import { couponStatus, couponValueText, usesText } from './couponRules';
import { DATE_OUT_OF_RANGE } from '@shop/shared/src/contract';

const USD = { _id: 'usd', name: 'US Dollar', code: 'USD', symbol: '$' };
const EUR = { _id: 'eur', name: 'Euro', code: 'EUR', symbol: '€' };
const now = new Date('2030-06-15T12:00:00.000Z');
const base = { active: true, startsAt: null, endsAt: null, usageLimit: null, timesUsed: 0 };

describe('couponStatus', () => {
  it.each([
    ['Active', base],
    ['Inactive', { ...base, active: false, startsAt: '2031-01-01T00:00:00.000Z' }],
    ['Scheduled', { ...base, startsAt: '2030-06-16T00:00:00.000Z' }],
    ['Expired', { ...base, endsAt: '2030-06-15T11:59:00.000Z' }],
    ['Used up', { ...base, usageLimit: 3, timesUsed: 3 }],
    ['Active', { ...base, usageLimit: 3, timesUsed: 2, startsAt: '2030-06-01T00:00:00.000Z', endsAt: '2030-07-01T00:00:00.000Z' }],
  ])('%s', (status, coupon) => expect(couponStatus(coupon, now)).toBe(status));
});

test('value and uses as the list shows them', () => {
  expect(couponValueText({ discountType: 'percentage', value: [{ currType: 'usd', amount: 15 }, { currType: 'eur', amount: 15 }] }, [USD, EUR])).toBe('15 %');
  expect(couponValueText({ discountType: 'fixed', value: [{ currType: 'eur', amount: 9 }, { currType: 'usd', amount: 10 }] }, [USD, EUR])).toBe('$10.00 / €9.00');
  expect(usesText({ timesUsed: 3, usageLimit: 10 })).toBe('3 / 10');
  expect(usesText({ timesUsed: 3, usageLimit: null })).toBe('3 / ∞');
});

describe('the form mirrors the server', () => {
  const draft = { ...emptyDraft, code: 'SUMMER-15', percent: '15' };
  it('accepts a good draft and refuses what the server refuses', () => {
    expect(couponErrors(draft, [USD])).toEqual({});
    expect(couponErrors({ ...draft, code: 'TWO WORDS' }, [USD]).code).toMatch(/Letters, digits/);
    expect(couponErrors({ ...draft, code: 'X'.repeat(41) }, [USD]).code).toBe('At most 40 characters');
    expect(couponErrors({ ...draft, code: ' ' }, [USD]).code).toBe('Enter a code');
    for (const percent of ['0', '100.5', '', '-3']) expect(couponErrors({ ...draft, percent }, [USD]).percent).toBeTruthy();
    expect(couponErrors({ ...draft, percent: '100' }, [USD]).percent).toBeUndefined();
    expect(couponErrors({ ...draft, discountType: 'fixed', value: { usd: '' } }, [USD]).value).toBeTruthy();
    expect(couponErrors({ ...draft, startsAt: '2030-06-02T10:00', endsAt: '2030-06-01T10:00' }, [USD]).endsAt).toBe('The end must be after the start');
    expect(couponErrors({ ...draft, usageLimit: '2.5', perCustomerLimit: '0' }, [USD])).toMatchObject({ usageLimit: expect.any(String), perCustomerLimit: expect.any(String) });
  });

  it('sends one percent in every currency, blanks as no bound, and reads a saved coupon back', () => {
    const body = couponBody({ ...draft, minSubtotal: { usd: '50', eur: '' }, endsAt: '2030-07-01T10:00', usageLimit: '10' }, [USD, EUR]);
    expect(body).toEqual({
      code: 'SUMMER-15', discountType: 'percentage', value: [{ currType: 'usd', amount: 15 }, { currType: 'eur', amount: 15 }],
      minSubtotal: [{ currType: 'usd', amount: 50 }], startsAt: null, endsAt: new Date('2030-07-01T10:00').toISOString(),
      usageLimit: 10, perCustomerLimit: null, firstOrderOnly: false, active: true, products: [],
    });
    const saved: Coupon = { ...body, _id: 'c1', minSubtotal: body.minSubtotal!, startsAt: null, endsAt: body.endsAt!, usageLimit: 10, perCustomerLimit: null, firstOrderOnly: false, products: [], timesUsed: 0, createdAt: '2030-01-01T00:00:00.000Z' };
    expect(draftOf(saved)).toMatchObject({ percent: '15', value: {}, minSubtotal: { usd: '50' }, endsAt: '2030-07-01T10:00', usageLimit: '10', perCustomerLimit: '' });
  });
});

describe('dates the shop would refuse (issue 34 #6)', () => {
  it('refuses a start or end outside the years 1970-9999 by its field, as the server would', () => {
    const errors = couponErrors({ ...emptyDraft, code: 'GOLD', percent: '10', startsAt: '1969-06-01T10:00', endsAt: '12026-07-01T10:00' }, [USD]);
    expect(errors.startsAt).toBe(DATE_OUT_OF_RANGE);
    expect(errors.endsAt).toBe(DATE_OUT_OF_RANGE);
    expect(couponErrors({ ...emptyDraft, code: 'GOLD', percent: '10', startsAt: '2030-06-01T10:00', endsAt: '2030-07-01T10:00' }, [USD])).toEqual({});
  });
});
