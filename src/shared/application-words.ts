import { countOf, pluralForm } from './plural';

// Without zod, so that the public pages' texts may use them.

/** The words an application's numbers are counted in, for every side's texts. */
export const pupilForms = { one: 'ученик', few: 'ученика', many: 'учеников' };
export const schoolForms = { one: 'школа', few: 'школы', many: 'школ' };

/** 'в листе ожидания: 3 школы', as the organiser reads it wherever the event's line is shown. */
export const waitlistLength = (schools: number) => `в листе ожидания: ${countOf(schools, schoolForms)}`;

/**
 * How many of an application's pupils came, as both sides read it: «пришли 8 из 10», «пришёл 1 из 3»,
 * «не пришли» for none. `approved` is unknown (null) for an archive entry whose application is gone.
 */
export function attendanceLabel(attended: number, approved: number | null): string {
  if (attended === 0) return 'не пришли';
  const verb = pluralForm(attended, { one: 'пришёл', few: 'пришли', many: 'пришли' });
  return approved === null ? `${verb} ${attended}` : `${verb} ${attended} из ${approved}`;
}
