import { z } from 'zod';
import { authMessages, passwordSchema, usernameSchema } from './auth';
import { idParam } from './pagination';
import { type MemberRole, memberRoleLabels, memberRoles } from './roles';

/**
 * The team of a school or a foundation (issue 53): its people, their roles, the invitations that bring
 * new ones in. One place for the words, the rules and the answers, for the forms and the API alike.
 */

/** An invitation link lives this long. */
export const invitationLifetimeDays = 7;
export const invitationLifetimeMs = invitationLifetimeDays * 24 * 60 * 60 * 1000;

/** The roles an invitation may give; an owner is made by handing ownership over, not by a letter. */
export const invitableRoles = ['coordinator', 'viewer'] as const satisfies readonly MemberRole[];
export type InvitableRole = (typeof invitableRoles)[number];

/** What each role may do, as the team tab explains it. */
export const memberRoleDescriptions: Record<MemberRole, string> = {
  owner: 'Всё, включая команду и профиль организации',
  coordinator: 'Мероприятия, заявки, посещаемость, справки, выгрузки и сообщения',
  viewer: 'Только просмотр: ничего не меняет',
};

export const teamMessages = {
  viewerReadsOnly: `Роль «${memberRoleLabels.viewer}» позволяет только просматривать: изменять данные организации могут её владелец и координаторы`,
  ownerOnly: `Это может сделать только ${memberRoleLabels.owner.toLowerCase()} организации`,
  memberNotFound: 'Участник команды не найден',
  organisationNotFound: 'Организация этого пользователя не найдена',
  madeOwner: 'Участник назначен владельцем организации',
  lastOwner:
    'В организации должен остаться хотя бы один владелец: сначала передайте права владельца другому участнику',
  alreadyOwner: 'Этот участник уже владелец организации',
  notYourself: 'Передать права владельца можно только другому участнику команды',
  roleChanged: 'Роль изменена',
  removed: 'Участник удалён из команды. Его сеансы завершены.',
  left: 'Вы вышли из команды организации',
  ownershipTransferred: 'Права владельца переданы',

  email: 'Укажите e-mail',
  emailInvalid: 'Укажите корректный e-mail',
  role: 'Выберите роль: координатор или наблюдатель',
  alreadyInvited: 'На этот адрес уже отправлено приглашение: отправьте его ещё раз или отзовите',
  alreadyMember: 'Человек с этим e-mail уже состоит в команде',
  invitationSent: (email: string) =>
    `Приглашение отправлено на ${email}. Ссылка действует ${invitationLifetimeDays} дней.`,
  invitationResent: (email: string) =>
    `Приглашение отправлено ещё раз на ${email}. Прежняя ссылка больше не действует.`,
  invitationRevoked: 'Приглашение отозвано: ссылка из письма больше не действует',
  invitationNotFound: 'Приглашение не найдено',
  invitationClosed: 'Это приглашение уже принято или отозвано',

  linkInvalid: 'Ссылка приглашения неверна. Проверьте, что она скопирована из письма целиком.',
  linkUsed: 'Это приглашение уже принято. Войдите в свой аккаунт.',
  linkRevoked: 'Это приглашение отозвано. Попросите владельца организации пригласить вас снова.',
  linkExpired: `Срок приглашения истёк: ссылка действует ${invitationLifetimeDays} дней. Попросите владельца организации отправить приглашение ещё раз.`,
  accepted: (organisation: string) => `Добро пожаловать в команду «${organisation}»!`,
} as const;

export const memberSchema = z
  .object({
    id: z.number().int(),
    userId: z.number().int(),
    username: z.string(),
    email: z.string().nullable(),
    role: z.enum(memberRoles),
    joinedAt: z.string(),
    /** The signed-in person's own row. */
    isYou: z.boolean(),
  })
  .meta({ id: 'TeamMember' });
export type Member = z.infer<typeof memberSchema>;

export const membersAnswerSchema = z
  .object({ organisationName: z.string().nullable(), members: z.array(memberSchema) })
  .meta({ id: 'TeamMembers' });
export type MembersAnswer = z.infer<typeof membersAnswerSchema>;

export const memberParamsSchema = z.object({ id: idParam(teamMessages.memberNotFound) });
export const invitationParamsSchema = z.object({ id: idParam(teamMessages.invitationNotFound) });

export const memberRoleChangeSchema = z
  .object({ role: z.enum(memberRoles, { error: 'Выберите роль: владелец, координатор или наблюдатель' }) })
  .meta({ id: 'TeamMemberRoleChange' });

export const ownershipTransferSchema = z
  .object({ memberId: z.number({ error: teamMessages.memberNotFound }).int().positive() })
  .meta({ id: 'OwnershipTransfer' });

const emailSchema = z
  .string({ error: teamMessages.email })
  .trim()
  .toLowerCase()
  .min(1, teamMessages.email)
  .max(254, teamMessages.emailInvalid)
  .pipe(z.email({ error: teamMessages.emailInvalid }));

export const invitationInputSchema = z
  .object({
    email: emailSchema,
    role: z.enum(invitableRoles, { error: teamMessages.role }),
  })
  // Not 'InvitationInput': the generator names the input twin of Invitation so.
  .meta({ id: 'NewInvitation' });
export type InvitationInput = z.infer<typeof invitationInputSchema>;

export const invitationSchema = z
  .object({
    id: z.number().int(),
    email: z.string(),
    role: z.enum(invitableRoles),
    invitedBy: z.string().nullable(),
    sentAt: z.string(),
    expiresAt: z.string(),
    /** Past its seven days: the owner may send it again. */
    expired: z.boolean(),
  })
  .meta({ id: 'Invitation' });
export type Invitation = z.infer<typeof invitationSchema>;

export const invitationsAnswerSchema = z
  .object({ invitations: z.array(invitationSchema) })
  .meta({ id: 'Invitations' });

export const invitationSentSchema = z
  .object({ message: z.string(), invitation: invitationSchema })
  .meta({ id: 'InvitationSent' });

/** 32 random bytes in base64url, as the link carries them. */
export const invitationTokenSchema = z
  .string({ error: teamMessages.linkInvalid })
  .regex(/^[A-Za-z0-9_-]{43}$/, teamMessages.linkInvalid);

/**
 * The page of an invitation link. The token is in the fragment: a browser sends neither it to the server
 * nor it in a Referer, so it never lands in access logs.
 */
export const invitePagePath = '/invite';
export const inviteLinkPath = (token: string) => `${invitePagePath}#${token}`;
/** The address that says whether a link is still open; the logs scrub its token (server/http/logger.ts). */
export const invitationLinkCheckPath = (token: string) => `/api/invitation-links/${token}`;
export const invitationLinkParamsSchema = z.object({ token: invitationTokenSchema });

/** What the acceptance page shows before its form. */
export const invitationLinkSchema = z
  .object({
    organisationName: z.string(),
    organisationKind: z.enum(['school', 'foundation']),
    role: z.enum(invitableRoles),
    email: z.string(),
  })
  .meta({ id: 'InvitationLink' });
export type InvitationLink = z.infer<typeof invitationLinkSchema>;

export const invitationAcceptSchema = z
  .object({
    token: invitationTokenSchema,
    username: usernameSchema,
    password: passwordSchema,
    confirmPassword: z.string({ error: authMessages.passwordsDiffer }),
  })
  .refine((input) => input.password === input.confirmPassword, {
    message: authMessages.passwordsDiffer,
    path: ['confirmPassword'],
  })
  .meta({ id: 'InvitationAccept' });
export type InvitationAcceptInput = z.infer<typeof invitationAcceptSchema>;

/** The letter with the link. */
export const invitationLetter = {
  subject: (organisation: string) => `Приглашение в команду «${organisation}»`,
  paragraphs: (organisation: string, role: InvitableRole, invitedBy: string) => [
    `${invitedBy} приглашает вас в команду «${organisation}» на платформе школьного волонтёрства.`,
    `Ваша роль: ${memberRoleLabels[role].toLowerCase()} — ${memberRoleDescriptions[role].toLowerCase()}.`,
    `Чтобы принять приглашение, откройте ссылку и придумайте имя пользователя и пароль. Ссылка действует ${invitationLifetimeDays} дней и сработает один раз.`,
    'Если вы не ждали этого письма, просто не открывайте ссылку.',
  ],
  action: 'Принять приглашение',
} as const;
