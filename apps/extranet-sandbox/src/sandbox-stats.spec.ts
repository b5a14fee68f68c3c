import { MAX_TRACKED_USERNAMES, SandboxStats } from './sandbox-stats';

describe('SandboxStats', () => {
  it('counts requests, listings and downloads per username', () => {
    const stats = new SandboxStats();
    stats.recordRequest('GET /api/v1/documents', 'etude-dupont');
    expect(stats.recordListing('etude-dupont')).toBe(1);
    expect(stats.recordListing('etude-dupont')).toBe(2);
    stats.recordDownload('etude-dupont', 'doc-1');

    expect(stats.snapshot()).toEqual({
      requests: { total: 1, byRoute: { 'GET /api/v1/documents': 1 } },
      downloads: { 'doc-1': 1 },
      byUsername: {
        'etude-dupont': {
          requests: 1,
          byRoute: { 'GET /api/v1/documents': 1 },
          listings: 2,
          downloads: { 'doc-1': 1 },
        },
      },
    });
  });

  it('keeps at most MAX_TRACKED_USERNAMES usernames, forgetting the oldest first', () => {
    const stats = new SandboxStats();
    for (let i = 0; i < MAX_TRACKED_USERNAMES + 500; i += 1) {
      stats.recordRequest('POST /api/v1/session', `user-${i}`);
    }

    const tracked = Object.keys(stats.snapshot().byUsername);
    expect(tracked).toHaveLength(MAX_TRACKED_USERNAMES);
    expect(tracked[0]).toBe('user-500');
    expect(stats.listingsOf('user-0')).toBe(0);
    // The total still counts every request: only the per-username detail is bounded.
    expect(stats.snapshot().requests.total).toBe(MAX_TRACKED_USERNAMES + 500);
  });

  it('keeps a username that is still in use when newer ones arrive', () => {
    const stats = new SandboxStats();
    stats.recordListing('etude-dupont');
    for (let i = 0; i < MAX_TRACKED_USERNAMES - 1; i += 1) stats.recordListing(`user-${i}`);
    stats.recordListing('etude-dupont');
    stats.recordListing('newcomer');

    expect(stats.listingsOf('etude-dupont')).toBe(2);
    expect(stats.listingsOf('user-0')).toBe(0);
  });
});
