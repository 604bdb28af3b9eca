import { z } from 'zod';
import { memberRoles, roles, type SignUpRole, signUpRoles } from './roles';
import { visibleText } from './text';

/** Texts of the sign-in and sign-up rules (public-area.md section 5), shared by form and route. */
export const authMessages = {
  usernameMin: 'Имя пользователя должно содержать минимум 3 символа',
  usernameMax: 'Имя пользователя должно содержать не более 50 символов',
  usernameInvisible:
    'Имя пользователя не может содержать невидимые символы и символы, меняющие направление текста',
  passwordMin: 'Пароль должен содержать минимум 6 символов',
  passwordMax: 'Пароль должен содержать не более 200 символов',
  passwordsDiffer: 'Пароли не совпадают',
  chooseAccountType: 'Выберите тип аккаунта',
  roleNotAllowed: 'Зарегистрироваться можно только как фонд или школа',
} as const;

export const usernameLimits = { min: 3, max: 50 } as const;
export const passwordLimits = { min: 6, max: 200 } as const;

/**
 * Characters that draw nothing or turn the text around: direction controls (U+061C, U+200E, U+200F,
 * U+202A–U+202E, U+2066–U+2069) make 'user\u202Eeman' read as another name, and zero-width or other
 * format and control characters make two names that look alike.
 */
const hiddenInName = /[\p{Cc}\p{Cf}]/u;

export const usernameSchema = visibleText(authMessages.usernameMin)
  .min(usernameLimits.min, authMessages.usernameMin)
  .max(usernameLimits.max, authMessages.usernameMax)
  .refine((name) => !hiddenInName.test(name), authMessages.usernameInvisible);

export const passwordSchema = z
  .string({ error: authMessages.passwordMin })
  .min(passwordLimits.min, authMessages.passwordMin)
  .max(passwordLimits.max, authMessages.passwordMax);

export const loginSchema = z.object({
  username: usernameSchema,
  password: passwordSchema,
});
export type LoginInput = z.infer<typeof loginSchema>;

export const signUpRoleSchema = z.enum(signUpRoles, {
  error: (issue) =>
    issue.input === undefined ? authMessages.chooseAccountType : authMessages.roleNotAllowed,
});

export const registerSchema = z.object({
  username: usernameSchema,
  password: passwordSchema,
  role: signUpRoleSchema,
});
export type RegisterInput = z.infer<typeof registerSchema>;

/** The sign-up form adds the password confirmation, which never leaves the browser. */
export const registerFormSchema = registerSchema
  .extend({ confirmPassword: z.string() })
  .refine((form) => form.password === form.confirmPassword, {
    message: authMessages.passwordsDiffer,
    path: ['confirmPassword'],
  });
export type RegisterFormInput = z.infer<typeof registerFormSchema>;

export const defaultSignUpRole: SignUpRole = 'foundation';

/** What the server returns for the signed-in account. */
export const sessionUserSchema = z
  .object({
    id: z.number().int(),
    username: z.string(),
    role: z.enum(roles),
    /** The person's role in their school or foundation; null for the administrator. */
    memberRole: z.enum(memberRoles).nullable(),
    /** The id of their school or foundation (by `role`); null for the administrator. */
    organisationId: z.number().int().nullable(),
  })
  .meta({ id: 'SessionUser' });
export type SessionUser = z.infer<typeof sessionUserSchema>;

/** GET /api/session: the signed-in account, or null for a visitor. */
export const sessionSchema = z.object({ user: sessionUserSchema.nullable() }).meta({ id: 'Session' });
export type Session = z.infer<typeof sessionSchema>;
