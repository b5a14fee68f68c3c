/** The one response shape of the published interface; keys in alphabetical order. */
export interface Envelope<T> {
  message: string | null;
  payload: T | null;
  success: boolean;
}

export function successEnvelope<T>(payload: T, message: string | null = null): Envelope<T> {
  return { message, payload, success: true };
}

export function errorEnvelope(message: string): Envelope<never> {
  return { message, payload: null, success: false };
}
