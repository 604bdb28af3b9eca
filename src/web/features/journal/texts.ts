/**
 * Russian text of the «Журнал» tab of a school's or a foundation's dashboard (issue 53, item 4); the
 * list's own words are shared with the administrator's (src/web/components/journal/journal-texts.ts).
 */
export const journalTexts = {
  heading: 'Журнал',
  note: 'Кто и что менял в заявках, мероприятиях, команде и профиле. Людей своей организации журнал называет по имени, другой стороны — по организации и роли.',
} as const;
