import { describe, expect, it } from 'vitest';
import { attendanceLabel } from './application-words';
import { eventFormMessages, eventInputSchema, longestCreditHours } from './event-form';
import { validEventInput } from './test/event-input';

const issuesOf = (input: unknown) => {
  const result = eventInputSchema.safeParse(input);
  return result.success ? [] : result.error.issues.map((issue) => [issue.path.join('.'), issue.message]);
};

describe('event form rules over several fields', () => {
  it('are reported together with the errors of other fields', () => {
    const issues = issuesOf({
      ...validEventInput,
      title: '',
      description: 'коротко',
      startTime: '14:00',
      endTime: '12:00',
      minParticipants: 20,
      totalSlots: 10,
      contactPersonEmail: '',
    });
    expect(issues).toEqual(
      expect.arrayContaining([
        ['title', eventFormMessages.title],
        ['description', eventFormMessages.description],
        ['endTime', eventFormMessages.timeOrder],
        ['minParticipants', eventFormMessages.minAboveMax],
        ['contactPersonPhone', eventFormMessages.contacts],
      ]),
    );
  });

  it('ask for both contacts on an empty form, next to every other error', () => {
    const paths = issuesOf({}).map(([path]) => path);
    expect(paths).toEqual(expect.arrayContaining(['title', 'totalSlots', 'contactPersonPhone']));
  });

  it('are not judged on a field that is itself wrong', () => {
    expect(issuesOf({ ...validEventInput, minParticipants: 20, totalSlots: '1.5' })).toEqual([
      ['totalSlots', eventFormMessages.maxInvalid],
    ]);
    expect(issuesOf({ ...validEventInput, endTime: '25:00' })).toEqual([
      ['endTime', eventFormMessages.endTime],
    ]);
  });

  it('check the e-mail once both contacts are given', () => {
    expect(issuesOf({ ...validEventInput, contactPersonEmail: 'почта' })).toEqual([
      ['contactPersonEmail', eventFormMessages.email],
    ]);
  });

  it('are skipped for a body that is not an object', () => {
    expect(() => eventInputSchema.safeParse(null)).not.toThrow();
    expect(() => eventInputSchema.safeParse('событие')).not.toThrow();
  });
});

describe('the maximum of participants', () => {
  it.each(['', '  ', '1.5', 1.5, 'пять', '5e1', true, [5]])(
    'refuses %j with «Некорректное значение»',
    (value) => {
      expect(issuesOf({ ...validEventInput, totalSlots: value })).toEqual([
        ['totalSlots', 'Некорректное значение'],
      ]);
    },
  );

  it.each([
    ['unlimited', null],
    [null, null],
    [999999, null],
    ['999999', null],
    ['12', 12],
    [12, 12],
  ])('reads %j as %j', (value, expected) => {
    expect(eventInputSchema.parse({ ...validEventInput, totalSlots: value }).totalSlots).toBe(expected);
  });

  it('keeps its range messages', () => {
    expect(issuesOf({ ...validEventInput, minParticipants: 1, totalSlots: 0 })).toEqual([
      ['totalSlots', eventFormMessages.maxParticipants],
    ]);
    expect(issuesOf({ ...validEventInput, totalSlots: 501 })).toEqual([
      ['totalSlots', eventFormMessages.maxParticipantsMax],
    ]);
  });
});

describe('hours no longer than the event', () => {
  it.each([
    ['10:00', '12:30', 3],
    ['10:00', '11:00', 1],
    ['09:15', '09:45', 1],
  ])('allows %s–%s %i hours', (startTime, endTime, hours) => {
    expect(issuesOf({ ...validEventInput, startTime, endTime, hours })).toEqual([]);
  });

  it('shows the message under the hours field, and not while the times are wrong', () => {
    expect(issuesOf({ ...validEventInput, startTime: '10:00', endTime: '12:30', hours: 4 })).toEqual([
      ['hours', eventFormMessages.hoursOverLength],
    ]);
    expect(issuesOf({ ...validEventInput, startTime: '14:00', endTime: '12:00', hours: 24 })).toEqual([
      ['endTime', eventFormMessages.timeOrder],
    ]);
  });

  it('reads the length rounded up to whole hours', () => {
    expect(longestCreditHours('10:00', '12:30')).toBe(3);
    expect(longestCreditHours('10:00', '13:00')).toBe(3);
    expect(longestCreditHours('00:00', '23:59')).toBe(24);
  });
});

describe('the words for who came', () => {
  it.each([
    [8, 10, 'пришли 8 из 10'],
    [1, 3, 'пришёл 1 из 3'],
    [21, 30, 'пришёл 21 из 30'],
    [0, 5, 'не пришли'],
    [4, null, 'пришли 4'],
  ])('reads %i of %s as «%s»', (attended, approved, words) => {
    expect(attendanceLabel(attended, approved)).toBe(words);
  });
});
