import { z } from 'zod';
import { authMessages, passwordLimits, passwordSchema } from './auth';
import { visibleText } from './text';

/** Texts of changing and resetting a password, shared by the forms, the API and the letter. */
export const passwordMessages = {
  currentPassword: 'Введите текущий пароль',
  wrongCurrentPassword: 'Неверный текущий пароль',
  changed: 'Пароль изменён. На других устройствах нужно войти заново.',

  login: 'Введите имя пользователя или e-mail',
  loginTooLong: 'Имя пользователя или e-mail слишком длинные',
  loginInvisible: 'Имя пользователя или e-mail не могут содержать невидимые символы',
  resetRequested:
    'Если такой аккаунт есть, мы отправили письмо со ссылкой на e-mail из его профиля. Ссылка действует один час.',

  invalidLink: 'Ссылка устарела или уже использована. Запросите новую.',
  linkOpen: 'Ссылка действует: задайте новый пароль.',
  resetDone: 'Пароль изменён. Войдите с новым паролем.',
} as const;

/** The letter with the link; its action path carries the token after '#', see resetLinkPath. */
export const resetLetter = {
  subject: 'Восстановление пароля',
  paragraphs: (username: string) => [
    `Кто-то попросил сменить пароль аккаунта «${username}». Чтобы задать новый пароль, откройте ссылку ниже.`,
    'Ссылка действует один час и сработает только один раз. После смены пароля аккаунт выйдет на всех устройствах.',
    'Если это были не вы — ничего не делайте: пароль останется прежним.',
  ],
  action: 'Задать новый пароль',
} as const;

/** A reset link lives this long. */
export const resetLinkLifetimeMs = 60 * 60 * 1000;
/** At most this many letters per account within resetLinkLifetimeMs; more requests send nothing. */
export const resetLettersPerHour = 3;

/**
 * The page of a reset link. The token is in the fragment: a browser sends neither it to the server
 * nor it in a Referer, so it never lands in access logs.
 */
export const resetPagePath = '/reset-password';
export const resetLinkPath = (token: string) => `${resetPagePath}#${token}`;

/** Characters that draw nothing or turn text around: no username or e-mail holds one. */
const hiddenCharacter = /[\p{Cc}\p{Cf}]/u;

export const passwordChangeSchema = z
  .object({
    currentPassword: z
      .string({ error: passwordMessages.currentPassword })
      .min(1, passwordMessages.currentPassword)
      .max(passwordLimits.max, authMessages.passwordMax),
    newPassword: passwordSchema,
  })
  .meta({ id: 'PasswordChange' });
export type PasswordChangeInput = z.infer<typeof passwordChangeSchema>;

/** The form adds the repeat of the new password, which never leaves the browser. */
export const passwordChangeFormSchema = passwordChangeSchema
  .extend({ confirmPassword: z.string() })
  .refine((form) => form.newPassword === form.confirmPassword, {
    message: authMessages.passwordsDiffer,
    path: ['confirmPassword'],
  });
export type PasswordChangeFormInput = z.infer<typeof passwordChangeFormSchema>;

export const passwordResetRequestSchema = z
  .object({
    /** A username, or the e-mail of a foundation's or school's profile; either regardless of case. */
    login: visibleText(passwordMessages.login)
      .min(1, passwordMessages.login)
      .max(254, passwordMessages.loginTooLong)
      .refine((login) => !hiddenCharacter.test(login), passwordMessages.loginInvisible),
  })
  .meta({ id: 'PasswordResetRequest' });
export type PasswordResetRequestInput = z.infer<typeof passwordResetRequestSchema>;

/** 32 random bytes in base64url, as the link carries them. */
const resetTokenSchema = z
  .string({ error: passwordMessages.invalidLink })
  .regex(/^[A-Za-z0-9_-]{43}$/, passwordMessages.invalidLink);

/** The address that says whether a link is still open; the logs scrub its token (server/http/logger.ts). */
export const resetLinkCheckPath = (token: string) => `/api/password-reset-links/${token}`;
export const resetLinkCheckParamsSchema = z.object({ token: resetTokenSchema });

export const passwordResetConfirmSchema = z
  .object({
    token: resetTokenSchema,
    newPassword: passwordSchema,
  })
  .meta({ id: 'PasswordResetConfirm' });
export type PasswordResetConfirmInput = z.infer<typeof passwordResetConfirmSchema>;

/** The reset page's form: the token comes from the link, the password twice from the person. */
export const passwordResetFormSchema = z
  .object({ newPassword: passwordSchema, confirmPassword: z.string() })
  .refine((form) => form.newPassword === form.confirmPassword, {
    message: authMessages.passwordsDiffer,
    path: ['confirmPassword'],
  });
export type PasswordResetFormInput = z.infer<typeof passwordResetFormSchema>;
