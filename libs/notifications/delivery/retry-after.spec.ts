import { retryAfterMs } from './retry-after';

const now = new Date('2025-03-25T17:32:39Z');

describe('retryAfterMs', () => {
  it.each([
    ['7', 7000],
    [' 30 ', 30_000],
    ['0', 1000],
    ['86400', 3_600_000],
    ['Tue, 25 Mar 2025 17:33:39 GMT', 60_000],
    ['Tuesday, 25-Mar-25 17:32:49 GMT', 10_000],
    // asctime names no zone and means UTC, whatever the process's time zone
    ['Tue Mar 25 17:34:39 2025', 120_000],
    ['Tue Mar  5 17:34:39 2025', 1000],
    ['Tue, 25 Mar 2025 17:00:00 GMT', 1000],
  ])('reads %j as %d ms, bounded to [1 s, 1 h]', (header, expected) => {
    expect(retryAfterMs(header, now)).toBe(expected);
  });

  it('reads an asctime date as UTC in a process whose time zone is not', () => {
    const zone = process.env.TZ;
    process.env.TZ = 'Europe/Paris';
    try {
      expect(retryAfterMs('Tue Mar 25 17:34:39 2025', now)).toBe(120_000);
    } finally {
      if (zone === undefined) delete process.env.TZ;
      else process.env.TZ = zone;
    }
  });

  it.each([null, '', '-5', '1.5', 'soon', '2025-03-25T17:33:39Z', 'Tue Mar 25 17:34:39 2025 +0100'])(
    'ignores %j',
    (header) => {
      expect(retryAfterMs(header, now)).toBeNull();
    },
  );
});
