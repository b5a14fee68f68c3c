/** What a client gives to reach the syndic's extranet on the seller's behalf. Secrets: never log them. */
export interface SyndicCredentials {
  /** The syndic's name as the client spells it; used to pick a dedicated connector. */
  name: string;
  username: string;
  password: string;
  /** Address of the extranet, when the client knows it. */
  url?: string;
}
