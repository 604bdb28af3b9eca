// Fills an empty database with the catalogue the API benchmark's budgets are set for: by default 50,000
// events, 2,000 foundations, 5,000 schools and 500,000 applications (BENCH_EVENTS scales all of it).
// Every table is filled by a few set-based statements (INSERT … SELECT generate_series) so that the
// whole catalogue is made in minutes even on PGlite; only base columns are written, so that whatever
// triggers the migrations add (search documents, counters) fill their own columns as in production.
//
// The variety is what the slow queries depend on: the demo seed's Russian titles, descriptions and
// addresses over forty cities, dates a year back and a year ahead, foundations of very different sizes
// (a few with a thousand events, most with a dozen), one big foundation whose events sixty schools
// apply to, and one school with a year of applications, about two a day.

import { type SQL, sql } from 'drizzle-orm';
import { createSession } from '../src/server/auth/sessions';
import { type Db, rowsOf } from '../src/server/db/client';
import { events, users } from '../src/server/db/schema';
import { demoFoundations, demoNews, demoVolunteerRequests } from '../src/server/db/seed/demo-content';
import { directions } from '../src/shared/catalog';
import { shiftDay } from '../src/shared/dates';

export interface BenchSize {
  /** All events, the open ones of the write benchmark included. */
  events: number;
  openEvents: number;
  foundations: number;
  schools: number;
  applications: number;
  /** Events of the one big foundation (foundation 1). */
  bigFoundationEvents: number;
  /** Schools that apply to the big foundation's events. */
  bigFoundationSchools: number;
  volunteerRequests: number;
  news: number;
}

/**
 * The catalogue for `events` events (default: BENCH_EVENTS, else 50,000), the rest in the issue's
 * proportions. At least 150 schools: the write benchmark holds one approved school per connection, and
 * its warm-up ends with up to fifty of them held by requests cut off.
 */
export function benchSize(events = Number(process.env.BENCH_EVENTS ?? 50_000)): BenchSize {
  if (!Number.isInteger(events) || events < 200) throw new Error('BENCH_EVENTS: целое число от 200');
  return {
    events,
    openEvents: 50,
    foundations: Math.max(20, Math.round(events / 25)),
    schools: Math.max(150, Math.round(events / 10)),
    applications: events * 10,
    bigFoundationEvents: Math.max(20, Math.round(events / 40)),
    bigFoundationSchools: 60,
    volunteerRequests: Math.max(20, Math.round(events / 10)),
    news: Math.min(300, Math.max(30, Math.round(events / 100))),
  };
}

export interface BenchFixture {
  size: BenchSize;
  /** An event in the middle of the catalogue, for the cached detail. */
  eventId: number;
  /** The big foundation: the most events, sixty schools' applications. */
  foundationId: number;
  /** Every event a visitor can open, for uncached details (each id asked once). */
  publicEventIds: number[];
  /** Every approved foundation. */
  foundationIds: number[];
  newsIds: number[];
  volunteerRequestIds: number[];
  /**
   * Events with unlimited places far ahead, one per concurrent writer, which the write benchmark applies
   * for and cancels.
   */
  openEventIds: number[];
  /** Session cookies of approved schools, one per concurrent writer. */
  schoolSessions: string[];
  /** The big foundation's session. */
  bigFoundationSession: string;
  /** The school with a year of applications. */
  busySchoolSession: string;
  adminSession: string;
}

const cities = [
  'Москва',
  'Санкт-Петербург',
  'Новосибирск',
  'Екатеринбург',
  'Казань',
  'Нижний Новгород',
  'Челябинск',
  'Самара',
  'Омск',
  'Ростов-на-Дону',
  'Уфа',
  'Красноярск',
  'Воронеж',
  'Пермь',
  'Волгоград',
  'Краснодар',
  'Саратов',
  'Тюмень',
  'Тольятти',
  'Ижевск',
  'Барнаул',
  'Ульяновск',
  'Иркутск',
  'Хабаровск',
  'Ярославль',
  'Владивосток',
  'Махачкала',
  'Томск',
  'Оренбург',
  'Кемерово',
  'Новокузнецк',
  'Рязань',
  'Астрахань',
  'Пенза',
  'Липецк',
  'Киров',
  'Чебоксары',
  'Тула',
  'Калининград',
  'Курск',
];
const streets = [
  'ул. Ленина',
  'ул. Советская',
  'Центральная ул.',
  'ул. Мира',
  'Школьная ул.',
  'Садовая ул.',
  'ул. Гагарина',
  'Лесная ул.',
  'Набережная ул.',
  'пр. Победы',
  'ул. Пушкина',
  'Парковая ул.',
  'ул. Кирова',
  'Молодёжная ул.',
  'ул. Чехова',
  'Берёзовая ул.',
];
const foundationWords = [
  'Зелёный город',
  'Добрые руки',
  'Тёплый дом',
  'Лапа помощи',
  'Живая история',
  'Чистый берег',
  'Старшее поколение',
  'Шаг навстречу',
  'Ёлки-палки',
  'Светлое детство',
  'Родные просторы',
  'Открытые сердца',
  'Вторая жизнь',
  'Книжный мост',
  'Спорт для всех',
  'Музыка добра',
  'Хвост надежды',
  'Память поколений',
  'Лесной патруль',
  'Будущее рядом',
];
const foundationKinds = ['Фонд', 'Благотворительный фонд', 'АНО', 'Движение'];
const people = [
  'Ольга Смирнова',
  'Иван Петров',
  'Елена Викторовна',
  'Сергей Кузнецов',
  'Анна Морозова',
  'Дмитрий Волков',
  'Мария Лебедева',
  'Алексей Соколов',
  'Наталья Орлова',
  'Пётр Ёлкин',
];
const passwordHash = 'not-a-password: accounts of the benchmark sign in through sessions made for them';

/** The demo seed's events and requests as templates: real wording, each with its kind of activity. */
const eventTemplates = demoFoundations.flatMap((foundation) =>
  foundation.events.map((event) => ({
    title: event.title,
    description: event.description,
    type: event.activityType,
    requirements: event.requirements,
    skills: event.skills,
  })),
);

/** Foundations with their number k (1 is the big one), from their account's name. */
const numberedFoundations = sql`select f.id, f.location, split_part(u.username, '_', 3)::int as k
  from foundations f join organisation_members m on m.foundation_id = f.id join users u on u.id = m.user_id where u.username like 'bench\\_foundation\\_%'`;

const json = (value: unknown) => sql`${JSON.stringify(value)}::jsonb`;
/** A deterministic number in [0, modulo) from a row number and a salt, so every run makes the same data. */
const spread = (salt: string, n: SQL, modulo: number) =>
  sql`(abs(hashtext(${salt} || ${n}::text)) % ${modulo}::int)`;

async function insertAccounts(db: Db, size: BenchSize) {
  await db.execute(sql`insert into ${users} (username, password_hash, role)
    select 'bench_foundation_' || n, ${passwordHash}, 'foundation'::role from generate_series(1, ${size.foundations}::int) n
    union all
    select 'bench_school_' || n, ${passwordHash}, 'school'::role from generate_series(1, ${size.schools}::int) n
    union all
    select 'bench_admin', ${passwordHash}, 'admin'::role`);
}

async function insertOrganisations(db: Db) {
  // Every 25th foundation and 30th school waits for moderation (never the first ones, which the
  // benchmark signs in as): the administrator's moderation list has work, the public lists hide them.
  await db.execute(sql`insert into foundations (name, short_description, description, directions,
      location, address, phone, email, contact_person, founded_year, moderation_status)
    select
      (${json(foundationKinds)} ->> (k % 4)) || ' «' || (${json(foundationWords)} ->> ((k / 4) % 20)) || '»'
        || case when k > 80 then ' ' || city else '' end,
      'Помогаем вместе со школьниками: ' || lower(${json(foundationWords)} ->> ((k / 4) % 20)) || ', ' || city || '.',
      'Фонд работает в городе ' || city || ' и области с ' || (1995 + k % 28) || ' года. Мы проводим субботники, '
        || 'праздники в домах престарелых, экологические уроки и сборы помощи приютам вместе со школьными '
        || 'волонтёрскими отрядами.',
      array[${json(directions)} ->> (k % 7), ${json(directions)} ->> ((k + 3) % 7)]::text[],
      city, city || ', ' || (${json(streets)} ->> (k % 16)) || ', д. ' || (1 + k % 90),
      '+7 (495) 123-45-67', 'fond' || k || '@example.org', ${json(people)} ->> (k % 10), 1995 + k % 28,
      (case when k > 100 and k % 25 = 0 then 'pending' else 'approved' end)::moderation_status
    from users u,
      lateral (select split_part(u.username, '_', 3)::int as k) as numbered,
      lateral (select ${json(cities)} ->> (case when k % 3 = 0 then 0 when k % 5 = 0 then 1 else k % 40 end) as city) as placed
    where u.username like 'bench\\_foundation\\_%'`);
  await db.execute(sql`insert into schools (name, short_description, description, school_type,
      location, address, phone, email, contact_person, moderation_status)
    select
      (array['Школа', 'Гимназия', 'Лицей', 'Школа'])[1 + k % 4] || ' № ' || (1 + k % 1500) || ' (' || city || ')',
      'Волонтёрский отряд старшеклассников.',
      'Школа с волонтёрским отрядом: ученики помогают фондам города ' || city || '.',
      (case when k % 9 = 0 then 'private' else 'state' end)::school_type,
      city, city || ', ' || (${json(streets)} ->> (k % 16)) || ', д. ' || (1 + k % 120),
      '+7 (499) 245-12-12', 'school' || k || '@example.org', ${json(people)} ->> (k % 10),
      (case when k > 100 and k % 30 = 0 then 'pending' else 'approved' end)::moderation_status
    from users u,
      lateral (select split_part(u.username, '_', 3)::int as k) as numbered,
      lateral (select ${json(cities)} ->> (case when k % 3 = 0 then 0 when k % 5 = 0 then 1 else k % 40 end) as city) as placed
    where u.username like 'bench\\_school\\_%'`);
  // Each account owns its organisation, found by the e-mail made from the same number k.
  await db.execute(sql`insert into organisation_members (user_id, foundation_id, role)
    select u.id, f.id, 'owner' from users u
      join foundations f on f.email = 'fond' || split_part(u.username, '_', 3) || '@example.org'
    where u.username like 'bench\\_foundation\\_%'`);
  await db.execute(sql`insert into organisation_members (user_id, school_id, role)
    select u.id, s.id, 'owner' from users u
      join schools s on s.email = 'school' || split_part(u.username, '_', 3) || '@example.org'
    where u.username like 'bench\\_school\\_%'`);
}

async function insertEvents(db: Db, size: BenchSize, today: string) {
  const n = sql`n`;
  const regular = size.events - size.openEvents;
  // Foundation 1 holds bigFoundationEvents; the rest go to the others by the square of a uniform number,
  // so a few foundations have a thousand events and most a dozen. Past events are mostly completed,
  // a few of every kind cancelled.
  await db.execute(sql`insert into events (foundation_id, title, description, activity_type, status, date,
      start_time, end_time, location, address, hours, total_slots, age_restriction, requirements, skills,
      contact_person_name, contact_person_phone, completed_at, created_at)
    select f.id, template ->> 'title',
      (template ->> 'description') || ' Встречаемся: ' || place.city || '.',
      (template ->> 'type')::activity_type,
      (case when day_offset < 0 then (case when n % 33 = 0 then 'canceled' else 'completed' end)
            when n % 97 = 0 then 'canceled' else 'upcoming' end)::event_status,
      ${today}::date + day_offset,
      make_time(9 + n % 6, (n % 2) * 30, 0), make_time(9 + n % 6 + 2 + n % 4, (n % 2) * 30, 0),
      place.city, place.city || ', ' || (${json(streets)} ->> (n % 16)) || ', д. ' || (1 + n % 120),
      2 + n % 4, case when n % 5 = 0 then null else 20 + (n % 9) * 10 end,
      (array[null, 6, 10, 12, 14, 16, 18]::smallint[])[1 + n % 7],
      template ->> 'requirements', template ->> 'skills',
      ${json(people)} ->> (n % 10), '+7 (916) 555-' || lpad((n % 10000)::text, 4, '0'),
      case when day_offset < 0 and n % 33 <> 0 then (${today}::date + day_offset + 1)::timestamptz end,
      least(now(), (${today}::date + day_offset - 30)::timestamptz)
    from generate_series(1, ${regular}::int) n
      cross join lateral (select ${spread('d', n, 731)} - 365 as day_offset,
        ${json(eventTemplates)} -> ${spread('t', n, eventTemplates.length)} as template,
        case when n <= ${size.bigFoundationEvents}::int then 1
          else 2 + floor((${size.foundations}::int - 1) * power(${spread('f', n, 1_000_003)} / 1000003.0, 2))::int
        end as foundation_number) as picked
      join (${numberedFoundations}) as f on f.k = picked.foundation_number
      cross join lateral (select case when n % 5 = 0 then ${json(cities)} ->> ${spread('c', n, 40)} else f.location end as city) as place`);

  const openEvents = await db
    .insert(events)
    .values(
      Array.from({ length: size.openEvents }, (_, index) => ({
        // The writers' events belong to ordinary foundations (2…), not to the big one whose lists are read.
        foundationId: sql<number>`(select f.id from foundations f join organisation_members m on m.foundation_id = f.id join users u on u.id = m.user_id
          where u.username = ${`bench_foundation_${2 + (index % (size.foundations - 1))}`})`,
        title: `Открытое мероприятие № ${index + 1} для проверки записи`,
        description: 'Школы записываются и отменяют запись под нагрузкой.',
        activityType: 'social' as const,
        date: shiftDay(today, 60),
        startTime: '10:00',
        endTime: '13:00',
        location: 'Москва',
        address: 'Москва, ул. Тверская, д. 1',
        hours: 3,
        totalSlots: null,
      })),
    )
    .returning({ id: events.id });
  return openEvents.map((event) => event.id);
}

/**
 * The columns of an application after its event and school, from a row number `n`: a finished event's
 * applications are completed (with attendance and hours) or rejected; a coming one's pending, approved
 * or rejected.
 */
const applicationColumns = (row: SQL) => {
  const n = sql`((${row})::int)`;
  return sql`
  (case when ${rejected(n)} then 'rejected' when ev.status = 'completed' then 'completed'
        when ${n} % 10 < 4 then 'pending' else 'approved' end)::registration_status,
  1 + ${n} % 8,
  ${json(people)} ->> (${n} % 10), '+7 (499) 245-' || lpad((${n} % 10000)::text, 4, '0'),
  case when ev.status = 'completed' and not ${rejected(n)} then 1 + ${n} % 8 - ${n} % 2 end,
  case when ev.status = 'completed' and not ${rejected(n)} then (1 + ${n} % 8 - ${n} % 2) * ev.hours end,
  case when ${rejected(n)} then 'Группа уже набрана' end,
  least(now(), (ev.date - (5 + ${n} % 40))::timestamptz),
  case when not ${rejected(n)} and (ev.status = 'completed' or ${n} % 10 >= 4)
    then least(now(), (ev.date - 3)::timestamptz) end,
  case when ev.status = 'completed' and not ${rejected(n)} then (ev.date + 1)::timestamptz end`;
};
const rejected = (n: SQL) =>
  sql`((ev.status = 'completed' and ${n} % 10 >= 8) or (ev.status <> 'completed' and ${n} % 10 = 9))`;

async function insertApplications(db: Db, size: BenchSize, today: string, openEventIds: number[]) {
  const columns = sql`(event_id, school_id, status, participant_count, contact_person, contact_phone,
    attended_count, hours_earned, rejection_reason, registered_at, approved_at, completed_at)`;
  // Applications go to events a school could have applied for: not cancelled, not the writers' own.
  const applicable = sql`e.status <> 'canceled' and e.id not in (${sql.join(
    openEventIds.map((id) => sql`${id}`),
    sql`, `,
  )})`;
  const bigFoundation = sql`(select f.id from foundations f join organisation_members m on m.foundation_id = f.id join users u on u.id = m.user_id
    where u.username = 'bench_foundation_1')`;
  const busySchool = sql`(select s.id from schools s join organisation_members m on m.school_id = s.id join users u on u.id = m.user_id
    where u.username = 'bench_school_1')`;
  // Ordinary schools are numbered 0… (writers first), approved only, the busy school apart.
  const ordinarySchools = sql`select s.id, row_number() over (order by split_part(u.username, '_', 3)::int) - 1 as s
    from schools s join organisation_members m on m.school_id = s.id join users u on u.id = m.user_id
    where s.moderation_status = 'approved' and u.username like 'bench\\_school\\_%' and u.username <> 'bench_school_1'`;

  // The busy school: two events a day over the last year and the next three months.
  await db.execute(sql`insert into registrations ${columns}
    select ev.id, ${busySchool}, ${applicationColumns(sql`ev.n`)}
    from (select e.id, e.date, e.status, e.hours, e.id as n,
            row_number() over (partition by e.date order by e.id) as of_day
          from events e where ${applicable} and e.foundation_id <> ${bigFoundation}
            and e.date between ${today}::date - 365 and ${today}::date + 90) as ev
    where ev.of_day <= 2`);

  // The big foundation: each of sixty schools applies to a hundred of its events.
  await db.execute(sql`insert into registrations ${columns}
    select ev.id, school.id, ${applicationColumns(sql`(ev.k * 61 + school.s)`)}
    from (${ordinarySchools}) as school,
      generate_series(0, 99) as j,
      (select e.id, e.date, e.status, e.hours, row_number() over (order by e.id) - 1 as k,
              count(*) over () as total
       from events e where e.foundation_id = ${bigFoundation} and ${applicable}) as ev
    where school.s < ${size.bigFoundationSchools}::int and j < ev.total and ev.k = (school.s * 7 + j) % ev.total`);

  const [{ made } = { made: 0 }] = await rowsOf<{ made: number }>(
    db,
    sql`select count(*)::int as made from registrations`,
  );
  // Everyone else: school s applies to the events at positions 7s, 7s+1, … of a shuffled list, so no
  // school applies twice to one event and every event gets about the same number of applications.
  await db.execute(sql`insert into registrations ${columns}
    select ev.id, school.id, ${applicationColumns(sql`a.n`)}
    from (select count(*) as schools from (${ordinarySchools}) as counted) as sc,
      (select count(*) as total from events e where ${applicable} and e.foundation_id <> ${bigFoundation}) as ec,
      lateral (select n, n % sc.schools as s, ((n % sc.schools) * 7 + n / sc.schools) % ec.total as k
               from generate_series(0, ${Math.max(0, size.applications - made)}::int - 1) as n
               where n / sc.schools < ec.total) as a
      join (${ordinarySchools}) as school on school.s = a.s
      join (select e.id, e.date, e.status, e.hours, row_number() over (order by md5(e.id::text)) - 1 as k
            from events e where ${applicable} and e.foundation_id <> ${bigFoundation}) as ev on ev.k = a.k`);

  // Places held, as the write path keeps them; an event oversubscribed by the spread above gets the
  // places its applications hold.
  await db.execute(sql`update events e set reserved_slots = held.places,
      total_slots = case when e.total_slots is null then null else greatest(e.total_slots, held.places) end
    from (select event_id, sum(participant_count)::int as places from registrations
          where status in ('pending', 'approved') group by event_id) as held
    where held.event_id = e.id`);

  // The ledger of credited hours, as completing an event writes it: a credit for each completed
  // application (its pupils came). The archive, the totals and each listed application's hours read it.
  await db.execute(sql`insert into hour_credits (school_id, registration_id, event_id, foundation_id,
      event_title, event_date, foundation_name, activity_type, participant_count, hours, credited_at)
    select r.school_id, r.id, r.event_id, e.foundation_id, e.title, e.date, f.name, e.activity_type,
      r.attended_count, r.hours_earned, r.completed_at
    from registrations r join events e on e.id = r.event_id join foundations f on f.id = e.foundation_id
    where r.status = 'completed' and r.attended_count > 0`);
}

async function insertOtherContent(db: Db, size: BenchSize, today: string) {
  const requests = demoVolunteerRequests.map((request) => ({
    title: request.title,
    description: request.description,
    requirements: request.requirements,
  }));
  await db.execute(sql`insert into volunteer_requests (foundation_id, title, description, event_date, event_time,
      location, address, requirements, volunteers_needed, status, created_at)
    select f.id, template ->> 'title', template ->> 'description', ${today}::date + (n % 240) - 60,
      make_time(9 + n % 8, 0, 0), f.location, f.location || ', ' || (${json(streets)} ->> (n % 16)) || ', д. ' || (1 + n % 60),
      template ->> 'requirements', 2 + n % 30,
      (case when n % 5 = 0 then 'closed' when n % 7 = 0 then 'fulfilled' else 'open' end)::volunteer_request_status,
      least(now(), (${today}::date + (n % 240) - 90)::timestamptz)
    from generate_series(1, ${size.volunteerRequests}::int) n
      cross join lateral (select ${json(requests)} -> ${spread('r', sql`n`, requests.length)} as template) as picked
      join (${numberedFoundations}) as f on f.k = 1 + ${spread('rf', sql`n`, size.foundations)}`);

  const stories = demoNews.map((item) => ({
    title: item.title,
    content: item.content,
    category: item.category,
  }));
  await db.execute(sql`insert into news (title, content, category, created_at, updated_at)
    select (template ->> 'title') || case when n > ${stories.length}::int then ' (выпуск ' || n || ')' else '' end,
      (template ->> 'content') || E'\n\n' || (template ->> 'content'), (template ->> 'category')::news_category,
      now() - make_interval(days => n), now() - make_interval(days => n)
    from generate_series(1, ${size.news}::int) n,
      lateral (select ${json(stories)} -> (n % ${stories.length}::int) as template) as picked`);

  // What the notification poll of the three signed-in accounts counts: a few hundred each, some unread.
  await db.execute(sql`insert into notifications (user_id, kind, text, link, created_at)
    select u.id, 'applications', 'Новая заявка на мероприятие № ' || n, '/foundation-applications',
      now() - make_interval(hours => n)
    from users u, generate_series(1, 300) n
    where u.username in ('bench_foundation_1', 'bench_school_1', 'bench_admin')`);
  await db.execute(sql`update users set notifications_read_at = now() - interval '48 hours'
    where username in ('bench_foundation_1', 'bench_school_1', 'bench_admin')`);
}

async function sessionOf(db: Db, username: string): Promise<string> {
  const [account] = await rowsOf<{ id: number }>(db, sql`select id from users where username = ${username}`);
  if (!account) throw new Error(`нет учётной записи ${username}`);
  return (await createSession(db, account.id)).sessionId;
}

const idsOf = async (db: Db, query: SQL) => (await rowsOf<{ id: number }>(db, query)).map((row) => row.id);

export async function generateBenchData(db: Db, today: string, size = benchSize()): Promise<BenchFixture> {
  // Each step's time, printed: the generation is a large share of a bench run and the first place to
  // look when it grows.
  const timed = async <T>(step: string, work: () => Promise<T>): Promise<T> => {
    const started = Date.now();
    const result = await work();
    console.log(`  генерация: ${step} за ${((Date.now() - started) / 1000).toFixed(1)} с`);
    return result;
  };
  await timed('учётные записи', () => insertAccounts(db, size));
  await timed('фонды и школы', () => insertOrganisations(db));
  const openEventIds = await timed('мероприятия', () => insertEvents(db, size, today));
  await timed('заявки', () => insertApplications(db, size, today, openEventIds));
  await timed('запросы, новости, уведомления', () => insertOtherContent(db, size, today));
  // The bulk inserts leave dead rows behind: the foundations' event counter rewrote each foundation's row
  // once per event, and the applications' places each event's, all in one transaction, so 2,000
  // foundations took 8,566 pages and every read of the table read them all. A live site makes those
  // writes over months, with its own vacuum (db/client.ts) or autovacuum reusing the space between them;
  // the two tables are rewritten compact, as such a site holds them, and the rest vacuumed.
  await timed('очистка и статистика планировщика', async () => {
    await db.execute(sql`vacuum (full) foundations, events`);
    await db.execute(sql`vacuum (analyze)`);
  });

  const publicEventIds = await idsOf(
    db,
    sql`select e.id from events e join foundations f on f.id = e.foundation_id
      where f.moderation_status = 'approved' and e.status <> 'canceled' order by e.id`,
  );
  const schoolSessions: string[] = [];
  // The writers: approved ordinary schools 2…, two per connection and more.
  for (let k = 2; schoolSessions.length < 130 && k <= size.schools; k++) {
    if (k > 100 && k % 30 === 0) continue;
    schoolSessions.push(await sessionOf(db, `bench_school_${k}`));
  }
  const foundationIds = await idsOf(
    db,
    sql`select id from foundations where moderation_status = 'approved' order by id`,
  );
  const [bigFoundation] = await idsOf(
    db,
    sql`select f.id from foundations f join organisation_members m on m.foundation_id = f.id join users u on u.id = m.user_id where u.username = 'bench_foundation_1'`,
  );
  return {
    size,
    eventId: publicEventIds[Math.floor(publicEventIds.length / 2)] ?? 0,
    foundationId: bigFoundation ?? 0,
    publicEventIds,
    foundationIds,
    newsIds: await idsOf(db, sql`select id from news order by id`),
    // The public reads only the requests of approved foundations; the others answer 404.
    volunteerRequestIds: await idsOf(
      db,
      sql`select r.id from volunteer_requests r join foundations f on f.id = r.foundation_id
           where f.moderation_status = 'approved' order by r.id`,
    ),
    openEventIds,
    schoolSessions,
    bigFoundationSession: await sessionOf(db, 'bench_foundation_1'),
    busySchoolSession: await sessionOf(db, 'bench_school_1'),
    adminSession: await sessionOf(db, 'bench_admin'),
  };
}
