import { describe, expect, it } from 'vitest';
import { journalActorText, journalChanges } from './journal-entry-text';

const lines = (entry: Parameters<typeof journalChanges>[0]) =>
  journalChanges(entry).map(({ field, text }) => `${field}: ${text}`);

describe('an entry of the journal in words', () => {
  it('names who did it by the side they are on', () => {
    const irina = { name: 'irina', role: 'owner', organisationName: 'Гимназия № 1543' };
    expect(journalActorText(irina)).toBe('irina (владелец)');
    expect(journalActorText(irina, true)).toBe('irina (владелец, Гимназия № 1543)');
    expect(journalActorText({ name: null, role: 'viewer', organisationName: 'Фонд «Добро»' })).toBe(
      'Фонд «Добро», наблюдатель',
    );
    expect(journalActorText({ name: null, role: 'admin', organisationName: null })).toBe('Администратор');
    expect(journalActorText(null)).toBe('Платформа');
  });

  it('reads an event’s status and an application’s in their own words', () => {
    expect(
      lines({
        kind: 'event.cancelled',
        before: { status: 'upcoming', applicationStatus: 'approved' },
        after: { status: 'canceled', applicationStatus: 'rejected' },
      }),
    ).toEqual(['Статус: Запланировано → Отменено', 'Статус заявки: Одобрена → Отклонена']);
  });

  it('shows a field that did not change once, an unknown one by its name, and cuts a long text', () => {
    const long = 'Очень длинное описание. '.repeat(20);
    const [description] = lines({
      kind: 'profile.changed',
      before: { description: long },
      after: { description: `${long}!` },
    });
    expect(description?.startsWith('Описание: Очень длинное описание.')).toBe(true);
    expect(description?.split('→')).toHaveLength(2);
    expect(description?.endsWith('…')).toBe(true);
    expect(
      lines({
        kind: 'team.member_removed',
        before: { member: 'petr', role: 'coordinator', colour: 'green' },
        after: { member: 'petr' },
      }),
    ).toEqual(['Участник: petr', 'Роль: Координатор', 'colour: green']);
  });
});
