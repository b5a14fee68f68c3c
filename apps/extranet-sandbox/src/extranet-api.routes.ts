import { type Doctype } from '@libs/orders/doctype';
import { type DocumentCatalog } from './document.catalog';
import { coOwnershipForUsername } from './fixtures/sandbox-co-ownerships';
import { SandboxHttpError } from './sandbox-http.error';
import { type RouteRequest, type SandboxRoute } from './sandbox-route';
import { DOCTYPES_MISSING_AT_FIRST, scenarioForUsername } from './sandbox-scenario';
import { type SandboxSession, type SandboxSessionStore } from './sandbox-session.store';
import { type SandboxStats } from './sandbox-stats';
import { buildAccountStatement } from './statement.builder';

export interface ExtranetApiDependencies {
  sessions: SandboxSessionStore;
  stats: SandboxStats;
  catalog: DocumentCatalog;
  /** Listings of a `sandbox-missing-docs` user that still lack the held-back documents. */
  pollsBeforeDocumentsAppear: number;
}

const MAX_LOTS_PER_QUERY = 100;
// The service's own order form takes a syndic username of at most 255 characters; the sandbox takes no
// more, so a login cannot make it hold a 64 KiB name in its session and stats maps.
const MAX_USERNAME_LENGTH = 255;
const NOTHING_HIDDEN: ReadonlySet<Doctype> = new Set();
const HELD_BACK: ReadonlySet<Doctype> = new Set(DOCTYPES_MISSING_AT_FIRST);

/** The extranet protocol itself; see the README for the wire format. */
export function extranetApiRoutes(deps: ExtranetApiDependencies): SandboxRoute[] {
  const { sessions, stats, catalog } = deps;

  const findSession = (request: RouteRequest): SandboxSession | undefined => {
    const match = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? '');
    return match === null ? undefined : sessions.find(match[1]);
  };
  const sessionOf = (request: RouteRequest): SandboxSession => {
    const session = findSession(request);
    if (session === undefined) {
      throw new SandboxHttpError(401, 'unauthorized', 'Missing, unknown or expired session token');
    }
    return session;
  };
  const callerOf = (request: RouteRequest): string | undefined => findSession(request)?.username;
  // Until the user has had `pollsBeforeDocumentsAppear` listings, the held-back documents do not exist.
  const hiddenFor = (username: string, listings: number): ReadonlySet<Doctype> =>
    scenarioForUsername(username) === 'missing-docs' && listings <= deps.pollsBeforeDocumentsAppear
      ? HELD_BACK
      : NOTHING_HIDDEN;

  return [
    {
      method: 'POST',
      path: '/api/v1/session',
      api: true,
      caller: (request) => loginUsername(request.body),
      handle: (request) => {
        const username = loginUsername(request.body);
        const password = (request.body as { password?: unknown } | undefined)?.password;
        if (username === undefined || typeof password !== 'string' || password === '') {
          throw new SandboxHttpError(
            400,
            'bad_request',
            `Body must be {"username": string of at most ${MAX_USERNAME_LENGTH} characters, "password": string}`,
          );
        }
        if (scenarioForUsername(username) === 'bad-credentials') {
          throw new SandboxHttpError(401, 'invalid_credentials', 'Invalid username or password');
        }
        return { status: 200, json: { token: sessions.open(username), expiresIn: sessions.ttlSeconds } };
      },
    },
    {
      method: 'GET',
      path: '/api/v1/statement',
      api: true,
      caller: callerOf,
      handle: (request) => {
        const { username } = sessionOf(request);
        const lots = request.query
          .getAll('lots')
          .flatMap((value) => value.split(','))
          .map((lot) => lot.trim())
          .filter((lot) => lot !== '');
        if (lots.length > MAX_LOTS_PER_QUERY) {
          throw new SandboxHttpError(400, 'bad_request', `At most ${MAX_LOTS_PER_QUERY} lots per query`);
        }
        const fixture = coOwnershipForUsername(username);
        return { status: 200, json: buildAccountStatement(fixture, lots.length === 0 ? null : lots) };
      },
    },
    {
      method: 'GET',
      path: '/api/v1/documents',
      api: true,
      caller: callerOf,
      handle: (request) => {
        const { username } = sessionOf(request);
        const listings = stats.recordListing(username);
        const documents = catalog.list(coOwnershipForUsername(username).key, hiddenFor(username, listings));
        return { status: 200, json: { documents } };
      },
    },
    {
      method: 'GET',
      path: '/api/v1/documents/:id/content',
      api: true,
      caller: callerOf,
      handle: (request) => {
        const { username } = sessionOf(request);
        const hidden = hiddenFor(username, stats.listingsOf(username));
        const document = catalog.find(coOwnershipForUsername(username).key, request.params.id, hidden);
        if (document === undefined) throw new SandboxHttpError(404, 'not_found', 'No such document');
        stats.recordDownload(username, document.listing.id);
        return { status: 200, contentType: document.listing.mimetype, bytes: document.content };
      },
    },
  ];
}

/** The login body's username when it is one the sandbox accepts; undefined otherwise. */
function loginUsername(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return undefined;
  const { username } = body as { username?: unknown };
  if (typeof username !== 'string' || username.trim() === '' || username.length > MAX_USERNAME_LENGTH) {
    return undefined;
  }
  return username;
}
