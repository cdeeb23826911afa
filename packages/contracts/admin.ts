import { z } from 'zod';
import { user } from './auth.ts';

export const ADMIN_MESSAGES = {
  adminOnly: 'Admins only.',
  userNotFound: 'User not found',
  userDeleted: 'User successfully deleted',
  cannotDeleteAdmin: 'Admin accounts cannot be deleted here. Revoke the admin role first.',
} as const;

export const userList = z.array(user);
export type UserList = z.infer<typeof userList>;

export const userIdParam = z.string().min(1).max(64);

export const deleteAllResponse = z.object({ message: z.string(), deleted: z.number().int() });
export type DeleteAllResponse = z.infer<typeof deleteAllResponse>;
