import { Module } from '@nestjs/common';
import { AccountAuthController } from './account-auth.controller';

/** `POST /account/auth`; the authentication service itself is the security module's (the guard uses it). */
@Module({ controllers: [AccountAuthController] })
export class AccountsModule {}
