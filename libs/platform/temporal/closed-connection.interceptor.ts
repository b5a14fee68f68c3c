import { InterceptingCall, type Interceptor, Metadata, status } from '@grpc/grpc-js';

/** What an interceptor's call wraps (grpc-js does not export the interface by name). */
type UnderlyingCall = ConstructorParameters<typeof InterceptingCall>[0];

/**
 * Placed below the SDK's retry interceptor: a call that cannot be created any more (its connection was
 * closed while the call waited to retry, the API shutting down while a health check or a start backed
 * off) ends CANCELLED, which the retry interceptor does not retry. Without it the retry, which runs from
 * a timer, throws "Channel has been shut down" where nothing can catch it, and the process dies.
 */
export const closedConnectionInterceptor: Interceptor = (options, nextCall) => {
  let call: UnderlyingCall;
  try {
    call = nextCall(options);
  } catch (error) {
    call = endedCall(error instanceof Error ? error.message : String(error));
  }
  return new InterceptingCall(call);
};

/** A call that was never made: it reports its end as soon as it is started, and ignores the rest. */
function endedCall(details: string): UnderlyingCall {
  return {
    start: (_metadata, listener) => {
      process.nextTick(() =>
        listener?.onReceiveStatus?.({ code: status.CANCELLED, details, metadata: new Metadata() }),
      );
    },
    sendMessage: () => undefined,
    sendMessageWithContext: () => undefined,
    startRead: () => undefined,
    halfClose: () => undefined,
    cancelWithStatus: () => undefined,
    getPeer: () => '',
    getAuthContext: () => null,
  };
}
