import { SetMetadata } from '@nestjs/common';

export const JSON_BODY_LIMIT = 'jsonBodyLimit';

/**
 * How large a JSON body a route reads (docs/contract.md §1): `credentials` for the login's email and
 * password, `standard` for JSON endpoints, `upload` where documents travel in base64.
 */
export type JsonBodyLimit = 'credentials' | 'standard' | 'upload';

/**
 * The route takes a JSON body of at most that size, read once its caller is authenticated
 * (JsonBodyInterceptor). A route without it reads no body at all: whatever a client sends it is
 * discarded unparsed.
 */
export const JsonBody = (limit: JsonBodyLimit) => SetMetadata(JSON_BODY_LIMIT, limit);
