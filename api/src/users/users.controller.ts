import { Body, Controller, Get, HttpCode, HttpStatus, Post, UseGuards } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { z } from 'zod';

import { BearerGuard, CurrentUserId } from '../auth/bearer.guard';
import { Reply } from '../common/envelope';
import { ApiAnswer, ApiZodBody } from '../openapi';
import { RateLimited } from '../rate-limits/rate-limited.guard';
import { RegionRule } from '../region/region-rule';
import { ZodBody } from '../common/validation';
import { blockUserBody, BlockUserCommand } from './commands/block-user/block-user.command';
import {
  type EditProfileBody,
  editProfileBody,
  EditProfileCommand,
} from './commands/edit-profile/edit-profile.command';
import { ForgotPasswordCommand } from './commands/forgot-password/forgot-password.command';
import {
  type RequestAccountBody,
  requestAccountBody,
  RequestAccountCommand,
} from './commands/request-account/request-account.command';
import {
  type ResetPasswordBody,
  resetPasswordBody,
  ResetPasswordCommand,
} from './commands/reset-password/reset-password.command';
import {
  type VerifyAccountBody,
  verifyAccountBody,
  VerifyAccountCommand,
} from './commands/verify-account/verify-account.command';
import {
  verifyResetCodeBody,
  VerifyResetCodeCommand,
} from './commands/verify-reset-code/verify-reset-code.command';
import { emailOnlyBody } from './fields';
import { GetMeQuery } from './queries/get-me/get-me.query';
import type { SignedIn } from './signed-in';
import type { UserView } from './user-view';
import { signedInSchema, userViewSchema } from './users.schema';

/** SPEC §7 "Account" paths, as the client calls them (one is under /user, singular). */
@ApiTags('accounts')
@Controller()
export class UsersController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  /** The same answer for every address (no enumeration). */
  @Post('users/request-account')
  @ApiZodBody(requestAccountBody)
  @ApiAnswer(z.null())
  @RateLimited('codeRequest')
  @RegionRule()
  @HttpCode(HttpStatus.OK)
  async requestAccount(
    @Body(new ZodBody(requestAccountBody)) body: RequestAccountBody,
  ): Promise<Reply<null>> {
    await this.commands.execute(new RequestAccountCommand(body.email));
    return new Reply(
      null,
      'We sent a 6-digit code to your email. Enter it to verify your account.',
    );
  }

  @Post('user/resend-otp')
  @ApiZodBody(emailOnlyBody)
  @ApiAnswer(z.null())
  @RateLimited('codeRequest')
  @RegionRule()
  @HttpCode(HttpStatus.OK)
  async resendCode(
    @Body(new ZodBody(emailOnlyBody)) body: { email: string },
  ): Promise<Reply<null>> {
    await this.commands.execute(new RequestAccountCommand(body.email));
    return new Reply(null, 'OTP has been resent to your email');
  }

  @Post('users/verify-account')
  @ApiZodBody(verifyAccountBody)
  @ApiAnswer(signedInSchema, { status: 201 })
  @RateLimited('codeVerification')
  @RegionRule()
  @HttpCode(HttpStatus.CREATED)
  async verifyAccount(
    @Body(new ZodBody(verifyAccountBody)) body: VerifyAccountBody,
  ): Promise<Reply<SignedIn>> {
    return new Reply(
      await this.commands.execute(new VerifyAccountCommand(body)),
      'Account verified successfully',
    );
  }

  /** The same answer for every address (no enumeration). */
  @Post('users/forgot-password')
  @ApiZodBody(emailOnlyBody)
  @ApiAnswer(z.null())
  @RateLimited('codeRequest')
  @HttpCode(HttpStatus.OK)
  async forgotPassword(
    @Body(new ZodBody(emailOnlyBody)) body: { email: string },
  ): Promise<Reply<null>> {
    await this.commands.execute(new ForgotPasswordCommand(body.email));
    return new Reply(
      null,
      'If an account uses this address, a code to reset its password is on its way.',
    );
  }

  @Post('users/verify-forgetpassword-otp')
  @ApiZodBody(verifyResetCodeBody)
  @ApiAnswer(z.null())
  @RateLimited('codeVerification')
  @HttpCode(HttpStatus.OK)
  async verifyResetCode(
    @Body(new ZodBody(verifyResetCodeBody)) body: z.infer<typeof verifyResetCodeBody>,
  ): Promise<Reply<null>> {
    await this.commands.execute(new VerifyResetCodeCommand(body.email, body.otp));
    return new Reply(null, 'OTP verified successfully!');
  }

  @Post('users/reset-password')
  @ApiZodBody(resetPasswordBody)
  @ApiAnswer(z.null())
  @RateLimited('codeVerification')
  @HttpCode(HttpStatus.OK)
  async resetPassword(
    @Body(new ZodBody(resetPasswordBody)) body: ResetPasswordBody,
  ): Promise<Reply<null>> {
    await this.commands.execute(new ResetPasswordCommand(body));
    return new Reply(null, 'Password changed successfully!');
  }

  @Post('users/edit-profile')
  @ApiZodBody(editProfileBody)
  @ApiAnswer(userViewSchema)
  @HttpCode(HttpStatus.OK)
  @UseGuards(BearerGuard)
  @ApiBearerAuth()
  async editProfile(
    @CurrentUserId() userId: string,
    @Body(new ZodBody(editProfileBody)) body: EditProfileBody,
  ): Promise<Reply<UserView>> {
    return new Reply(
      await this.commands.execute(new EditProfileCommand(userId, body)),
      'Profile updated successfully!',
    );
  }

  @Post('users/block-user')
  @ApiZodBody(blockUserBody)
  @ApiAnswer(z.null())
  @HttpCode(HttpStatus.OK)
  @UseGuards(BearerGuard)
  @ApiBearerAuth()
  async blockUser(
    @CurrentUserId() userId: string,
    @Body(new ZodBody(blockUserBody)) body: z.infer<typeof blockUserBody>,
  ): Promise<Reply<null>> {
    await this.commands.execute(new BlockUserCommand(userId, body.userIdToBlock));
    return new Reply(null, 'User blocked successfully!');
  }

  @Get('users/me')
  @ApiAnswer(userViewSchema)
  @UseGuards(BearerGuard)
  @ApiBearerAuth()
  async me(@CurrentUserId() userId: string): Promise<Reply<UserView>> {
    return new Reply(await this.queries.execute(new GetMeQuery(userId)));
  }
}
