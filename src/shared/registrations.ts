import { z } from 'zod';
import { formNumber } from './form-number';
import { httpLink, telegramLink } from './links';
import { countOf } from './plural';
import { optionalText as sharedOptionalText, visibleText } from './text';

const participantForms = { one: 'участник', few: 'участника', many: 'участников' };

/** Texts of the event application rules (public-area.md section 5, working-areas.md section 5). */
export const registrationMessages = {
  participantsMin: 'Минимум 1 участник',
  participantsWhole: 'Количество участников должно быть целым числом',
  participantsMax: (max: number) => `Максимум ${countOf(max, participantForms)} (доступно мест)`,
  participantsRange: (max: number) => `Количество участников должно быть от 1 до ${max}`,
  contactPerson: 'Имя контактного лица обязательно',
  phone: 'Укажите корректный телефон',
  email: 'Укажите корректный email',
  oneContact: 'Заполните контактное лицо и хотя бы один способ связи',
  tooLong: (max: number) => `Не более ${max} символов`,
  notApprovedSchool: 'Дождитесь одобрения модератором чтобы регистрироваться на мероприятия',
  onlySchools: 'Записывать учеников на мероприятия могут только школы',
  pastEvent: 'Регистрация на прошедшие мероприятия недоступна',
  closedEvent: 'Регистрация на это мероприятие закрыта',
  alreadyApplied: 'Вы уже подали заявку на это мероприятие',
  noPlaces: 'Мест нет',
  notEnoughPlaces: (left: number) => `Недостаточно мест: осталось ${left}`,
  // The toast is titled «Заявка подана!» already (public-area.md section 8); this is its description.
  submitted: 'Ожидайте одобрения от фонда',
  notFound: 'Заявка не найдена',
  eventNotFound: 'Мероприятие не найдено',
  applicationId: 'Некорректный номер заявки',
  cancelled: 'Заявка отменена',
  cannotCancel: 'Отменить можно только заявку, которая ожидает одобрения или одобрена',
  cannotApprove: 'Одобрить можно только заявку, которая ожидает решения',
  cannotReject: 'Отклонить можно только ожидающую или одобренную заявку',
  approved: 'Заявка одобрена',
  rejected: 'Заявка отклонена',
  notYourEvent: 'Это заявка на мероприятие другого фонда',
  notYourApplication: 'Это заявка другой школы',
} as const;

const optionalText = (max: number) => sharedOptionalText(max, registrationMessages.tooLong(max));

/** What a school sends to apply; the server adds what only it knows (places left, the school's state). */
export const registrationInputSchema = z
  .object({
    participantCount: formNumber(
      z
        .number({ error: registrationMessages.participantsMin })
        .int(registrationMessages.participantsWhole)
        .min(1, registrationMessages.participantsMin)
        .max(10_000, registrationMessages.participantsMin),
    ),
    contactPerson: visibleText(registrationMessages.contactPerson)
      .min(2, registrationMessages.contactPerson)
      .max(200, registrationMessages.tooLong(200)),
    contactPhone: optionalText(40).refine(
      (value) => value === null || value.length >= 10,
      registrationMessages.phone,
    ),
    contactEmail: optionalText(200).refine(
      (value) => value === null || z.email().safeParse(value).success,
      registrationMessages.email,
    ),
    contactTelegram: telegramLink(200),
    contactVk: httpLink(200),
    applicationNote: optionalText(2000),
  })
  .refine((input) => input.contactPhone || input.contactEmail || input.contactTelegram || input.contactVk, {
    message: registrationMessages.oneContact,
    path: ['contactPhone'],
  });
export type RegistrationInput = z.infer<typeof registrationInputSchema>;

export const applicationDecisionSchema = z.object({
  action: z.enum(['approve', 'reject'], { error: 'Выберите действие: одобрить или отклонить' }),
  rejectionReason: optionalText(2000),
});

export const applicationStatusFilters = ['pending', 'approved', 'rejected', 'all'] as const;
