import { z } from 'zod';
import { nameText } from './rules/text.js';
import type { Permission } from './permissions.js';

/** The current-user object (SPEC §3). */
export interface CurrentUser {
  id: string;
  email: string;
  name: string;
  status: UserStatus;
  role: string;
  isSSO: boolean;
  activeOrganizationId: string;
  activeOrganizationSubscriptionId: string | null;
  activeOrganizationCustomerId: string | null;
  activeOrganizationProductId: string | null;
  activeWorkspaceId: string;
  activeWorkspace: string;
  lastLogin: string | null;
  isOrganizationAdmin: boolean;
  assignedWorkspaces: { id: string; name: string }[];
  permissions: Permission[];
}

/** Feature flags (`feat:*`) enabled for the current user; values are `true` or `'true'` (SPEC §6). */
export type Features = Record<string, boolean | 'true' | 'false'>;

/** `POST /auth/login` answer: the current user plus token, permissions and features. */
export interface LoginResponse extends CurrentUser {
  token: string;
  features: Features;
}

export const USER_STATUSES = ['active', 'invited', 'unverified', 'deleted'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];

export const PASSWORD_RULES_MESSAGE =
  'Password must be 8 to 128 characters and contain a lowercase letter, an uppercase letter, a digit and a special character';

/** Same strength rules on the register, reset and change-password forms and on the server. */
export const password = z
  .string({ message: 'Password is required' })
  .min(8, PASSWORD_RULES_MESSAGE)
  .max(128, PASSWORD_RULES_MESSAGE)
  .refine(
    (p) => /[a-z]/.test(p) && /[A-Z]/.test(p) && /\d/.test(p) && /[^A-Za-z0-9]/.test(p),
    PASSWORD_RULES_MESSAGE,
  );

export const email = z
  .string({ message: 'Email is required' })
  .trim()
  .toLowerCase()
  .max(255)
  .email('Enter a valid email address');

export const loginBody = z.object({
  email: z.string({ message: 'Email is required' }).trim().toLowerCase().min(1, 'Email is required').max(255),
  password: z.string({ message: 'Password is required' }).min(1, 'Password is required').max(1024),
});

export const registerBody = z.object({
  user: z.object(
    {
      name: nameText('Name'),
      email,
      credential: password,
    },
    { message: 'User is required' },
  ),
});

export const forgotPasswordBody = z.object({
  user: z.object({ email }, { message: 'User is required' }),
});

export const resetPasswordBody = z.object({
  user: z.object(
    {
      email,
      tempToken: z.string({ message: 'Reset code is required' }).min(1, 'Reset code is required').max(512),
      password,
    },
    { message: 'User is required' },
  ),
});

export const updateUserBody = z
  .object({
    id: z.string().optional(),
    name: nameText('Name').optional(),
    email: email.optional(),
    oldPassword: z.string().max(1024).optional(),
    newPassword: password.optional(),
    confirmPassword: z.string().max(1024).optional(),
  })
  .superRefine((body, ctx) => {
    if (body.newPassword === undefined) return;
    if (!body.oldPassword) {
      ctx.addIssue({
        code: 'custom',
        path: ['oldPassword'],
        message: 'The current password is required to set a new one',
      });
    }
    if (body.confirmPassword !== undefined && body.confirmPassword !== body.newPassword) {
      ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: 'The new passwords do not match' });
    }
  });
export type UpdateUserBody = z.infer<typeof updateUserBody>;
