import { SetMetadata } from '@nestjs/common';

export const API_KEY_ONLY = 'apiKeyOnly';

/**
 * The route takes `X-Auth-Key` but no bearer token (the login itself): the guard checks that the key
 * is valid and unrevoked before the body is read.
 */
export const ApiKeyOnly = () => SetMetadata(API_KEY_ONLY, true);
