// Bounds memory when clients log in under ever new names, as the session store bounds sessions; the
// least recently seen username goes first, so one still in use keeps the listing count its scenario runs on.
export const MAX_TRACKED_USERNAMES = 10_000;

interface UsernameStats {
  requests: number;
  byRoute: Record<string, number>;
  listings: number;
  downloads: Record<string, number>;
}

export interface SandboxStatsSnapshot {
  requests: { total: number; byRoute: Record<string, number> };
  /** Document id → number of times its content was served, all users together. */
  downloads: Record<string, number>;
  byUsername: Record<string, UsernameStats>;
}

/**
 * What the extranet API was asked since start or the last reset, for tests (`GET /__admin/stats`).
 * The per-username listing count also drives the missing-documents scenario.
 */
export class SandboxStats {
  private total = 0;
  private byRoute = new Map<string, number>();
  private downloads = new Map<string, number>();
  private usernames = new Map<string, UsernameStats>();

  recordRequest(route: string, username: string | undefined): void {
    this.total += 1;
    increment(this.byRoute, route);
    if (username === undefined) return;
    const stats = this.statsOf(username);
    stats.requests += 1;
    stats.byRoute[route] = (stats.byRoute[route] ?? 0) + 1;
  }

  /** Counts one served listing; returns how many this user has had, this one included. */
  recordListing(username: string): number {
    const stats = this.statsOf(username);
    stats.listings += 1;
    return stats.listings;
  }

  listingsOf(username: string): number {
    return this.usernames.get(username)?.listings ?? 0;
  }

  recordDownload(username: string, documentId: string): void {
    increment(this.downloads, documentId);
    const stats = this.statsOf(username);
    stats.downloads[documentId] = (stats.downloads[documentId] ?? 0) + 1;
  }

  reset(): void {
    this.total = 0;
    this.byRoute = new Map();
    this.downloads = new Map();
    this.usernames = new Map();
  }

  snapshot(): SandboxStatsSnapshot {
    return {
      requests: { total: this.total, byRoute: Object.fromEntries(this.byRoute) },
      downloads: Object.fromEntries(this.downloads),
      byUsername: Object.fromEntries(
        [...this.usernames].map(([username, stats]) => [
          username,
          { ...stats, byRoute: { ...stats.byRoute }, downloads: { ...stats.downloads } },
        ]),
      ),
    };
  }

  private statsOf(username: string): UsernameStats {
    const stats = this.usernames.get(username) ?? { requests: 0, byRoute: {}, listings: 0, downloads: {} };
    // Re-inserting moves the username to the end of the Map's order, which is the recency order.
    this.usernames.delete(username);
    this.usernames.set(username, stats);
    if (this.usernames.size > MAX_TRACKED_USERNAMES) {
      const oldest = this.usernames.keys().next();
      if (!oldest.done) this.usernames.delete(oldest.value);
    }
    return stats;
  }
}

function increment(counts: Map<string, number>, key: string): void {
  counts.set(key, (counts.get(key) ?? 0) + 1);
}
