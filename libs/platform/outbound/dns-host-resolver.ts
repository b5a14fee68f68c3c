import { type LookupAddress, promises as dnsPromises } from 'node:dns';
import { readFile } from 'node:fs/promises';
import { isIP } from 'node:net';

/** Resolves a host name to all its addresses (family 0: both), or rejects with an errno-like error. */
export type HostResolver = (hostname: string, family: 0 | 4 | 6) => Promise<LookupAddress[]>;

export interface DnsHostResolverOptions {
  /** Bound of one lookup, every query, retry and search domain included. Default 5 s. */
  timeoutMs?: number;
  /** Name servers (`address` or `address:port`); those of the resolver configuration by default. */
  servers?: readonly string[];
  /** Consulted before DNS, as the system resolver does. Default /etc/hosts. */
  hostsFile?: string;
  /** Where the search domains and `ndots` are read. Default /etc/resolv.conf. */
  resolvConf?: string;
}

/** getaddrinfo's first try (resolv.conf's default `timeout:5`): longer than any working name server. */
export const DEFAULT_DNS_TIMEOUT_MS = 5_000;
/** The hosts file and search domains are read again after this long. */
const SYSTEM_FILES_TTL_MS = 5_000;
/** Answers that mean "no such name (or no address of that family)": the next candidate is tried. */
const NO_SUCH_NAME = new Set(['ENOTFOUND', 'ENODATA', 'ENONAME']);

interface SystemFiles {
  hosts: Map<string, LookupAddress[]>;
  search: SearchRules;
  readAt: number;
}

/** resolv.conf's search list and `ndots` (1 unless set; glibc caps it at 15). */
interface SearchRules {
  domains: string[];
  ndots: number;
}

const DEFAULT_NDOTS = 1;
const MAX_NDOTS = 15;

/**
 * The name resolution of requests made on a client's behalf. `dns.lookup` (getaddrinfo) runs on libuv's
 * threadpool, of which DNS may hold only half (two threads by default), with the system's own timeouts
 * (5 s a try, retried): two callback hosts whose name server never answers held both threads, and every
 * other lookup of the process — other receivers, extranets — waited behind them until its own connection
 * timed out. This one asks the name servers through c-ares on the event loop, bounded by `timeoutMs`, and
 * reads the hosts file itself, so what getaddrinfo gave here (hosts entries, `localhost`, container and
 * service names, the search domains with resolv.conf's `ndots`) still resolves.
 */
export class DnsHostResolver {
  private readonly timeoutMs: number;
  private readonly dns: dnsPromises.Resolver;
  private files: Promise<SystemFiles> | null = null;

  constructor(private readonly options: DnsHostResolverOptions = {}) {
    this.timeoutMs = options.timeoutMs ?? DEFAULT_DNS_TIMEOUT_MS;
    // c-ares doubles its timeout at each try: two tries of a third fill the budget.
    this.dns = new dnsPromises.Resolver({ timeout: Math.max(Math.ceil(this.timeoutMs / 3), 1), tries: 2 });
    if (options.servers) this.dns.setServers([...options.servers]);
  }

  readonly resolve: HostResolver = async (hostname, family) => {
    const absolute = hostname.endsWith('.');
    const name = hostname.toLowerCase().replace(/\.$/, '');
    const literal = isIP(name);
    if (literal !== 0) return [{ address: name, family: literal }];
    const files = await this.systemFiles();
    const fromHosts = ofFamily(files.hosts.get(name) ?? [], family);
    if (fromHosts.length > 0) return fromHosts;
    // RFC 6761 §6.3: localhost names are the loopback addresses, whatever a name server says.
    if (name === 'localhost' || name.endsWith('.localhost')) {
      return ofFamily(
        [
          { address: '127.0.0.1', family: 4 },
          { address: '::1', family: 6 },
        ],
        family,
      );
    }
    const candidates = absolute ? [name] : searchCandidates(name, files.search);
    return withinBudget(this.lookupFirst(name, candidates, family), this.timeoutMs, hostname);
  };

  private async lookupFirst(name: string, candidates: string[], family: 0 | 4 | 6): Promise<LookupAddress[]> {
    let failure: NodeJS.ErrnoException | null = null;
    for (const candidate of candidates) {
      const asked = await Promise.allSettled([
        family === 6 ? Promise.resolve([]) : this.dns.resolve4(candidate),
        family === 4 ? Promise.resolve([]) : this.dns.resolve6(candidate),
      ]);
      // IPv4 first: a host without IPv6 connectivity would try each IPv6 address in vain first.
      const addresses = asked.flatMap((result, index) =>
        result.status === 'fulfilled'
          ? result.value.map((address) => ({ address, family: index === 0 ? 4 : 6 }))
          : [],
      );
      if (addresses.length > 0) return addresses;
      const errors = asked.flatMap((result) =>
        result.status === 'rejected' ? [result.reason as NodeJS.ErrnoException] : [],
      );
      const serious = errors.find((error) => !NO_SUCH_NAME.has(error.code ?? ''));
      if (serious?.code === 'ETIMEOUT') {
        throw lookupError(candidate, 'ETIMEOUT', `no answer within ${this.timeoutMs} ms`);
      }
      if (serious) throw lookupError(candidate, serious.code ?? 'ESERVFAIL', serious.message);
      failure = errors[0] ?? null;
    }
    // Named as asked: the search domains tried are the resolver's, not the client's.
    throw lookupError(name, 'ENOTFOUND', failure?.message ?? 'no address');
  }

  private systemFiles(): Promise<SystemFiles> {
    const current = this.files;
    if (current) {
      // Re-read in the background once stale: a lookup never waits for the files but the first time.
      void current.then((files) => {
        if (this.files === current && Date.now() - files.readAt > SYSTEM_FILES_TTL_MS) {
          this.files = readSystemFiles(this.options);
        }
      });
      return current;
    }
    this.files = readSystemFiles(this.options);
    return this.files;
  }
}

async function readSystemFiles(options: DnsHostResolverOptions): Promise<SystemFiles> {
  const read = (file: string) => readFile(file, 'utf8').catch(() => '');
  const [hostsText, resolvText] = await Promise.all([
    read(options.hostsFile ?? '/etc/hosts'),
    read(options.resolvConf ?? '/etc/resolv.conf'),
  ]);
  return { hosts: parseHosts(hostsText), search: parseSearch(resolvText), readAt: Date.now() };
}

/** `address name alias…` lines; the first line naming a host gives its address of that family first. */
function parseHosts(text: string): Map<string, LookupAddress[]> {
  const hosts = new Map<string, LookupAddress[]>();
  for (const line of text.split('\n')) {
    const [address, ...names] = line.replace(/#.*/, '').trim().split(/\s+/);
    const family = isIP(address ?? '');
    if (family === 0) continue;
    for (const name of names) {
      const key = name.toLowerCase().replace(/\.$/, '');
      const known = hosts.get(key) ?? [];
      if (!known.some((entry) => entry.address === address)) known.push({ address: address!, family });
      hosts.set(key, known);
    }
  }
  return hosts;
}

/**
 * The names getaddrinfo (glibc's res_search) asks for a name without its final dot: as given first when
 * it has at least `ndots` dots, then with each search domain, then as given if not asked yet. Kubernetes
 * sets `ndots:5`, so that `receiver.namespace` is found as `receiver.namespace.svc.cluster.local`.
 */
function searchCandidates(name: string, rules: SearchRules): string[] {
  const searched = rules.domains.map((domain) => `${name}.${domain}`);
  const dots = name.split('.').length - 1;
  return dots >= rules.ndots ? [name, ...searched] : [...searched, name];
}

/** The last `search` or `domain` line wins, as does the last `ndots` option, as in resolv.conf(5). */
function parseSearch(text: string): SearchRules {
  const rules: SearchRules = { domains: [], ndots: DEFAULT_NDOTS };
  for (const line of text.split('\n')) {
    const [keyword, ...words] = line
      .replace(/[#;].*/, '')
      .trim()
      .split(/\s+/);
    if (keyword === 'search' || keyword === 'domain') {
      rules.domains = words.map((domain) => domain.toLowerCase().replace(/\.$/, '')).filter((d) => d !== '');
    }
    if (keyword === 'options') {
      for (const option of words) {
        const ndots = /^ndots:(\d+)$/.exec(option);
        if (ndots) rules.ndots = Math.min(Number(ndots[1]), MAX_NDOTS);
      }
    }
  }
  return rules;
}

function ofFamily(addresses: LookupAddress[], family: 0 | 4 | 6): LookupAddress[] {
  return family === 0 ? addresses : addresses.filter((entry) => entry.family === family);
}

/** An errno-like error naming the host, as the delivery log and the extranet errors show it. */
function lookupError(hostname: string, code: string, detail: string): NodeJS.ErrnoException {
  return Object.assign(new Error(`DNS lookup of ${hostname} failed (${detail})`), { code, hostname });
}

/** The lookup, or a timeout once `timeoutMs` passed (the query itself ends on c-ares' own timeout). */
function withinBudget<T>(lookup: Promise<T>, timeoutMs: number, hostname: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const expired = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(
      () => reject(lookupError(hostname, 'ETIMEOUT', `no answer within ${timeoutMs} ms`)),
      timeoutMs,
    );
  });
  return Promise.race([lookup, expired]).finally(() => clearTimeout(timer));
}

/** The resolver of outbound clients built without one of their own (the name servers of the system). */
export const systemHostResolver: HostResolver = new DnsHostResolver().resolve;
