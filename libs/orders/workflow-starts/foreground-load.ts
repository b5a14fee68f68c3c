/**
 * Whether the process is serving a burst of requests right now: background work that competes with
 * them for the CPU (order workflow starts) holds back while it is.
 */
export interface ForegroundLoad {
  busy(): boolean;
}

/** For processes that serve no requests: never busy. */
export const NO_FOREGROUND_LOAD: ForegroundLoad = { busy: () => false };
