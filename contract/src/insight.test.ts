import { insightChange } from './insight';

describe('insightChange', () => {
  it("is 'new' when the previous period had nothing and this one has something", () => {
    expect(insightChange(5, 0)).toEqual({ kind: 'new' });
    expect(insightChange(0.01, 0)).toEqual({ kind: 'new' });
  });
  it('is 0 % when both are 0, and the change in percent to one decimal otherwise', () => {
    expect(insightChange(0, 0)).toEqual({ kind: 'change', percent: 0 });
    expect(insightChange(150, 100)).toEqual({ kind: 'change', percent: 50 });
    expect(insightChange(0, 100)).toEqual({ kind: 'change', percent: -100 });
    expect(insightChange(1919.5, 1500)).toEqual({ kind: 'change', percent: 28 });
    expect(insightChange(2, 3)).toEqual({ kind: 'change', percent: -33.3 });
    expect(insightChange(100, 100)).toEqual({ kind: 'change', percent: 0 });
  });
});
