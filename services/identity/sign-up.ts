import { randomUUID } from 'node:crypto';
import type { AuthResponse, SignupRequest } from '@dayframe/contracts';
import { MESSAGES } from '@dayframe/contracts';
import { conflict } from '@dayframe/service-kit';
import type { IdentityContext } from './context.ts';
import { issueSession } from './session.ts';

export async function signUp(
  ctx: IdentityContext,
  input: Required<SignupRequest>,
): Promise<AuthResponse> {
  // Checked before hashing so a taken address costs no bcrypt time; the unique key still decides races.
  if (await ctx.users.findByEmail(input.email)) throw conflict(MESSAGES.emailInUse, 'email_in_use');
  const passwordHash = await ctx.passwords.hash(input.password);
  const user = await ctx.users.create(
    {
      id: randomUUID(),
      name: input.name,
      email: input.email,
      passwordHash,
      createdAt: new Date(ctx.clock.now()).toISOString(),
    },
    MESSAGES.emailInUse,
  );
  ctx.log.info({ userId: user._id, role: user.role }, 'user signed up');
  return issueSession(ctx, user);
}
