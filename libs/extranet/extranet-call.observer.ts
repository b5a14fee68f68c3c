/** What a connector reports about one request to an extranet; no URL, query or credential. */
export interface ExtranetCallObservation {
  /** Which extranet: `sandbox`, `syndic` (an address given by the order) or an adapter's name. */
  extranet: string;
  operation: 'login' | 'statement' | 'documents' | 'document_content';
  outcome: 'ok' | 'credentials_refused' | 'destination_refused' | 'unavailable';
  durationMs: number;
}

/** Optional hook of the connectors, so the worker can export extranet latency and errors as metrics. */
export interface ExtranetCallObserver {
  observe(call: ExtranetCallObservation): void;
}
