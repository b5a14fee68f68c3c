/** The caller of an authenticated route, as established by the API's auth guard. */
export interface AuthenticatedAccount {
  accountId: string;
  email: string;
  apiKeyId: string;
}
