import { countOf } from '../../../shared/plural';
import { memberRoleLabels } from '../../../shared/roles';
import { type InvitableRole, memberRoleDescriptions } from '../../../shared/team';

const members = { one: 'участник', few: 'участника', many: 'участников' } as const;
const invitations = { one: 'приглашение', few: 'приглашения', many: 'приглашений' } as const;

/** Who a link invites a person as: «как координатора». */
const roleAs: Record<InvitableRole, string> = {
  coordinator: 'координатора',
  viewer: 'наблюдателя',
};

/**
 * Russian text of the «Команда» tab and of the invitation page (issue 53). The server's answers (what
 * was done, why it was refused) come from src/shared/team.ts as they are.
 */
export const teamTexts = {
  heading: 'Команда',
  headingOf: (organisation: string) => `Команда «${organisation}»`,
  memberCount: (count: number) => countOf(count, members),
  loadFailed: 'Не удалось загрузить команду',
  failure: 'Не получилось',
  failureFallback: 'Не удалось выполнить запрос. Попробуйте ещё раз',

  ownerManages: `Приглашать людей, менять роли и удалять участников может только ${memberRoleLabels.owner.toLowerCase()} организации.`,
  rolesHeading: 'Роли в команде',
  membersHeading: 'Участники',
  you: 'вы',
  noEmail: 'e-mail не указан',
  joined: (day: string) => `В команде с ${day}`,
  roleOf: (username: string) => `Роль: ${username}`,
  makeOwner: 'Сделать владельцем',
  makeOwnerTitle: (username: string) => `Сделать ${username} владельцем?`,
  makeOwnerDescription: `Права владельца перейдут к этому участнику: он будет управлять командой и профилем организации. Вы останетесь в команде с ролью «${memberRoleLabels.coordinator}».`,
  makeOwnerConfirm: 'Передать права',
  remove: 'Удалить из команды',
  removeTitle: (username: string) => `Удалить ${username} из команды?`,
  removeDescription:
    'Аккаунт участника будет удалён, все его сеансы завершатся. Сделанное им останется в журнале под его именем.',
  removeConfirm: 'Удалить',
  leave: 'Выйти из команды',
  leaveTitle: 'Выйти из команды?',
  leaveDescription:
    'Ваш аккаунт будет удалён вместе с участием в команде, войти в него больше не получится. Вернуться можно только по новому приглашению.',
  leaveConfirm: 'Выйти',

  inviteHeading: 'Пригласить в команду',
  inviteDescription:
    'Мы отправим на этот адрес письмо со ссылкой: по ней человек придумает имя пользователя и пароль и войдёт в команду.',
  email: 'E-mail',
  role: 'Роль',
  send: 'Отправить приглашение',
  sending: 'Отправляем…',

  invitationsHeading: 'Приглашения',
  invitationCount: (count: number) => countOf(count, invitations),
  invitationsLoadFailed: 'Не удалось загрузить приглашения',
  noInvitations: 'Открытых приглашений нет',
  invitedAs: (role: InvitableRole) => `Роль: ${memberRoleLabels[role].toLowerCase()}`,
  invitedBy: (name: string) => `Пригласил(а): ${name}`,
  sent: (day: string) => `Отправлено ${day}`,
  validUntil: (day: string) => `Действует до ${day}`,
  expired: 'Срок истёк',
  resend: 'Отправить ещё раз',
  revoke: 'Отозвать',
  revokeTitle: (email: string) => `Отозвать приглашение для ${email}?`,
  revokeDescription: 'Ссылка из письма перестанет работать. Пригласить этого человека можно будет снова.',
  revokeConfirm: 'Отозвать',

  invitePage: {
    title: 'Приглашение в команду',
    description: 'Примите приглашение в команду школы или фонда на платформе школьного волонтёрства.',
    invitedTo: (organisation: string, role: InvitableRole) =>
      `Вас приглашают в команду «${organisation}» как ${roleAs[role]}.`,
    roleMeans: (role: InvitableRole) =>
      `${memberRoleLabels[role]} — ${memberRoleDescriptions[role].toLowerCase()}.`,
    email: (email: string) => `Приглашение отправлено на ${email}.`,
    formHint: 'Придумайте имя пользователя и пароль: с ними вы будете входить в личный кабинет.',
    username: 'Имя пользователя',
    usernameHint: 'От 3 до 50 символов',
    password: 'Пароль',
    passwordHint: 'Не менее 6 символов',
    confirmPassword: 'Повторите пароль',
    accept: 'Принять приглашение',
    accepting: 'Создаём аккаунт…',
    checkingLink: 'Проверяем приглашение…',
    incompleteLink: 'Ссылка неполная. Откройте её из письма целиком.',
    signIn: 'Войти',
    home: 'На главную',
  },
} as const;
