import { RefreshWindow } from './refresh-window';

describe('RefreshWindow', () => {
  const day = 24 * 3600 * 1000;
  const now = new Date('2026-06-30T12:00:00Z');
  const window = new RefreshWindow(180 * day, () => now);

  it('keeps an order open while it is not done, and until 180 days after done', () => {
    expect(window.isOver(null)).toBe(false);
    expect(window.isOver(new Date(now.getTime() - 180 * day))).toBe(false);
  });

  it('closes it after', () => {
    expect(window.isOver(new Date(now.getTime() - 180 * day - 1))).toBe(true);
  });
});
