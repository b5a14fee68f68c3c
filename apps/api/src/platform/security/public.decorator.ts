import { SetMetadata, applyDecorators } from '@nestjs/common';
import { ApiExtension } from '@nestjs/swagger';

export const IS_PUBLIC = 'isPublic';

/** Tells the OpenAPI document that the route takes neither X-Auth-Key nor the bearer token. */
export const PUBLIC_OPERATION_EXTENSION = 'x-public';

/** Routes that do not take the bearer token (authentication itself, health). */
export const Public = () =>
  applyDecorators(SetMetadata(IS_PUBLIC, true), ApiExtension(PUBLIC_OPERATION_EXTENSION, true));
