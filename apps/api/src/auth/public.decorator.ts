import { SetMetadata } from '@nestjs/common';

export const IS_PUBLIC = 'isPublic';

/** Routes that do not take the bearer token (authentication itself, health). */
export const Public = () => SetMetadata(IS_PUBLIC, true);
