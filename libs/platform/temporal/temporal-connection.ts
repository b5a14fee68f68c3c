import { Connection, defaultGrpcRetryOptions, makeGrpcRetryInterceptor } from '@temporalio/client';
import { closedConnectionInterceptor } from './closed-connection.interceptor';

/**
 * The API's connection to Temporal: lazy, so the API starts (and /health says 503) while Temporal is
 * still coming up. The SDK's own retries, its backoff over `maxAttempts` tries (its default: 10), over a
 * guard that lets a retry due after the connection's close end the call instead of the process.
 */
export function lazyTemporalConnection(address: string, maxAttempts = 10): Connection {
  return Connection.lazy({
    address,
    interceptors: [
      makeGrpcRetryInterceptor(defaultGrpcRetryOptions({ maxAttempts })),
      closedConnectionInterceptor,
    ],
  });
}
