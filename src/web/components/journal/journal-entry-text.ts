import { activityTypeLabels, applicationStatusLabels, eventStatusLabels } from '../../../shared/catalog';
import { formatDateRu, isCalendarDay } from '../../../shared/dates';
import { journalFieldLabels } from '../../../shared/export-words';
import type { JournalEntryAnswer } from '../../../shared/journal';
import { memberRoleLabels, moderationStatusLabels, roleLabels } from '../../../shared/roles';
import { journalListTexts as t } from './journal-texts';

/*
 * An entry of the journal in words (issue 53, item 4): who did it and what changed, with the app's codes
 * turned into the Russian words the rest of the app and the journal's export use.
 */

const labelOf = (labels: Readonly<Record<string, string>>, value: string): string | undefined =>
  Object.hasOwn(labels, value) ? labels[value] : undefined;

/** A member role, or 'admin', as a word: «Координатор»; an unknown one as it is. */
export const journalRoleText = (role: string): string =>
  role === 'admin' ? roleLabels.admin : (labelOf(memberRoleLabels, role) ?? role);

/**
 * Who did it: «irina (владелец)» for a person of the reader's own side, «Фонд «Добро», координатор» for
 * the other side, which the server names by organisation only; with `withOrganisation` (the
 * administrator's list, which sees every name) the person's organisation too. Null for the platform.
 */
export function journalActorText(actor: JournalEntryAnswer['actor'], withOrganisation = false): string {
  if (!actor) return t.platform;
  const role = actor.role === null ? null : journalRoleText(actor.role);
  const lowerRole = role?.toLowerCase() ?? null;
  const { name, organisationName } = actor;
  if (name !== null) {
    if (lowerRole === null) return name;
    return withOrganisation && organisationName
      ? t.personWithRoleAt(name, lowerRole, organisationName)
      : t.personWithRole(name, lowerRole);
  }
  if (organisationName)
    return lowerRole === null ? organisationName : t.organisationWithRole(organisationName, lowerRole);
  return role ?? t.nobody;
}

/** A field's name as a person reads it; one the app has no word for shows as it is. */
export const journalFieldText = (field: string): string =>
  labelOf(journalFieldLabels, field) ?? labelOf(t.moreFields, field) ?? field;

/** The most of one value an entry shows. */
const longestValue = 160;

const numbers = new Intl.NumberFormat('ru-RU', { maximumFractionDigits: 2 });

/** One value of a field: Russian words for statuses and roles, days as «12 марта 2026 г.». */
export function journalValueText(kind: string, field: string, value: unknown): string {
  if (value === null || value === undefined) return t.noValue;
  if (typeof value === 'boolean') return value ? t.yes : t.no;
  if (typeof value === 'number') return numbers.format(value);
  if (Array.isArray(value)) return value.map((item) => journalValueText(kind, field, item)).join(', ');
  if (typeof value !== 'string') return JSON.stringify(value);
  const words =
    field === 'role'
      ? { ...memberRoleLabels, admin: roleLabels.admin }
      : field === 'status'
        ? // An event's status and an application's share the field's name, not their words.
          kind.startsWith('event.')
          ? eventStatusLabels
          : applicationStatusLabels
        : field === 'applicationStatus'
          ? applicationStatusLabels
          : field === 'moderationStatus'
            ? moderationStatusLabels
            : field === 'activityType'
              ? activityTypeLabels
              : undefined;
  const word = words && labelOf(words, value);
  if (word) return word;
  if (isCalendarDay(value)) return formatDateRu(value);
  // A profile's description can run to pages: its beginning says which change this was.
  return value.length > longestValue ? `${value.slice(0, longestValue).trimEnd()}…` : value;
}

export interface JournalChange {
  /** The field as the entry records it. */
  key: string;
  /** Its name as a person reads it. */
  field: string;
  /** «Ожидает → Одобрена» when the value changed; the value alone when only one side has it, or both agree. */
  text: string;
}

const asFields = (values: JournalEntryAnswer['before']) =>
  values && typeof values === 'object' && !Array.isArray(values) ? values : {};

/**
 * What an entry changed, field by field in the order it records them: «Статус: Ожидает → Одобрена», or
 * «Участник: petr» for a field that only names what the entry is about.
 */
export function journalChanges(
  entry: Pick<JournalEntryAnswer, 'kind' | 'before' | 'after'>,
): JournalChange[] {
  const before = asFields(entry.before);
  const after = asFields(entry.after);
  const fields = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  return fields.map((field) => {
    const was = Object.hasOwn(before, field) ? journalValueText(entry.kind, field, before[field]) : undefined;
    const is = Object.hasOwn(after, field) ? journalValueText(entry.kind, field, after[field]) : undefined;
    const changed = JSON.stringify(before[field]) !== JSON.stringify(after[field]);
    const text =
      was !== undefined && is !== undefined && changed ? `${was} → ${is}` : (is ?? was ?? t.noValue);
    return { key: field, field: journalFieldText(field), text };
  });
}
