import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigserial,
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  serial,
  smallint,
  text,
  time,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import {
  activityTypes,
  applicationStatuses,
  eventStatuses,
  newsCategories,
  schoolResponseStatuses,
  schoolTypes,
  volunteerRequestStatuses,
} from '../../shared/catalog';
import { memberRoles, moderationStatuses, roles } from '../../shared/roles';

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/** A text search document, written by the database (migration 0007); never by the application. */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/** Every moment the application keeps is a timestamptz: a point in time, whatever the server's zone. */
const timestamptz = (name: string) => timestamp(name, { withTimezone: true });
const createdAt = () => timestamptz('created_at').notNull().defaultNow();
const updatedAt = () => timestamptz('updated_at').notNull().defaultNow();

export const roleEnum = pgEnum('role', roles);
export const moderationStatusEnum = pgEnum('moderation_status', moderationStatuses);
export const activityTypeEnum = pgEnum('activity_type', activityTypes);
export const eventStatusEnum = pgEnum('event_status', eventStatuses);
export const applicationStatusEnum = pgEnum('registration_status', applicationStatuses);
export const volunteerRequestStatusEnum = pgEnum('volunteer_request_status', volunteerRequestStatuses);
export const schoolResponseStatusEnum = pgEnum('school_response_status', schoolResponseStatuses);
export const newsCategoryEnum = pgEnum('news_category', newsCategories);
export const schoolTypeEnum = pgEnum('school_type', schoolTypes);
export const memberRoleEnum = pgEnum('member_role', memberRoles);

/**
 * Uploaded pictures: verified and re-encoded bytes, served from /api/images/{id}. `uploaded_by` is the
 * account the upload quota counts against; null for pictures of the demo seed and of deleted accounts.
 */
export const images = pgTable(
  'images',
  {
    id: serial('id').primaryKey(),
    contentType: text('content_type').notNull(),
    data: bytea('data').notNull(),
    byteSize: integer('byte_size').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    uploadedBy: integer('uploaded_by').references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('images_uploaded_by_idx').on(t.uploadedBy, t.createdAt)],
);

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    username: text('username').notNull(),
    passwordHash: text('password_hash').notNull(),
    role: roleEnum('role').notNull(),
    notificationsReadAt: timestamptz('notifications_read_at'),
    /** The kinds of e-mail (src/shared/notification-settings.ts) the account turned off; all on by default. */
    mailOptOuts: text('mail_opt_outs').array().notNull().default(sql`'{}'::text[]`),
    /**
     * The secret in the account's private calendar feed address (/api/calendar/{token}.ics); null until
     * asked for. Kept as it is, not hashed, so that the dashboard can show the address again: it reads
     * only the account's own events, and renewing it cuts off the old address.
     */
    calendarToken: text('calendar_token'),
    /**
     * The person's own address for letters (issue 53): an invited member's comes from the invitation.
     * Null for an account made before teams: its letters go to its organisation's address.
     */
    email: text('email'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('users_username_lower_idx').on(sql`lower(${t.username})`),
    uniqueIndex('users_calendar_token_idx').on(t.calendarToken),
    index('users_role_idx').on(t.role),
    index('users_created_idx').on(t.createdAt.desc(), t.id.desc()),
  ],
);

/** Server-side sessions: only the SHA-256 of the cookie value is stored. */
export const sessions = pgTable(
  'sessions',
  {
    idHash: text('id_hash').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamptz('expires_at').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('sessions_user_idx').on(t.userId), index('sessions_expires_idx').on(t.expiresAt)],
);

/** Columns shared by both kinds of organisation profile, including the moderation state. */
const organisationColumns = () => ({
  id: serial('id').primaryKey(),
  name: text('name'),
  shortDescription: text('short_description'),
  description: text('description'),
  email: text('email'),
  phone: text('phone'),
  address: text('address'),
  location: text('location'),
  website: text('website'),
  vkLink: text('vk_link'),
  telegramChannel: text('telegram_channel'),
  contactPerson: text('contact_person'),
  logoImageId: integer('logo_image_id').references(() => images.id, { onDelete: 'set null' }),
  moderationStatus: moderationStatusEnum('moderation_status').notNull().default('pending'),
  moderationComment: text('moderation_comment'),
  moderatedBy: integer('moderated_by').references(() => users.id, { onDelete: 'set null' }),
  moderatedAt: timestamptz('moderated_at'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const foundations = pgTable(
  'foundations',
  {
    ...organisationColumns(),
    directions: text('directions').array().notNull().default(sql`'{}'::text[]`),
    bio: text('bio'),
    foundedYear: smallint('founded_year'),
    coverImageId: integer('cover_image_id').references(() => images.id, { onDelete: 'set null' }),
    videoPresentation: text('video_presentation'),
    telegramUsername: text('telegram_username'),
    /** Its events that are not cancelled; kept by db/functions/count_foundation_events.sql. */
    eventsCount: integer('events_count').notNull().default(0),
    /** Name, city, short description and description, as search reads them (migration 0007). */
    searchDocument: tsvector('search_document').generatedAlwaysAs(
      sql`setweight(to_tsvector('russian', search_folded("name")), 'A')
        || setweight(to_tsvector('russian', search_folded("location")), 'B')
        || setweight(to_tsvector('russian', search_folded("short_description")), 'C')
        || setweight(to_tsvector('russian', search_folded("description")), 'D')`,
    ),
  },
  (t) => [
    index('foundations_moderation_idx').on(t.moderationStatus),
    // The moderation list's order (migration 0011): pending first, then the newest.
    index('foundations_moderation_queue_idx').on(
      sql`(${t.moderationStatus} = 'pending') desc`,
      t.createdAt.desc(),
      t.id.desc(),
    ),
    index('foundations_list_idx').on(t.moderationStatus, t.eventsCount.desc(), t.name, t.id),
    // The few foundations visitors may not see, whose events the public lists leave out (migration 0013).
    index('foundations_hidden_idx').on(t.id).where(sql`${t.moderationStatus} <> 'approved'`),
    index('foundations_directions_idx').using('gin', t.directions),
    index('foundations_search_document_idx').using('gin', t.searchDocument),
    check(
      'foundations_founded_year_check',
      sql`${t.foundedYear} is null or ${t.foundedYear} between 1800 and 2100`,
    ),
  ],
);

/** Up to six gallery photos of a foundation, in display order. */
export const foundationPhotos = pgTable(
  'foundation_photos',
  {
    id: serial('id').primaryKey(),
    foundationId: integer('foundation_id')
      .notNull()
      .references(() => foundations.id, { onDelete: 'cascade' }),
    imageId: integer('image_id')
      .notNull()
      .references(() => images.id, { onDelete: 'cascade' }),
    position: smallint('position').notNull().default(0),
  },
  (t) => [index('foundation_photos_foundation_idx').on(t.foundationId, t.position)],
);

export const schools = pgTable(
  'schools',
  {
    ...organisationColumns(),
    schoolType: schoolTypeEnum('school_type'),
    /** Hours the school aims for in a school year, set on its 'Часы' view; null when it set none. */
    yearlyHoursGoal: integer('yearly_hours_goal'),
  },
  (t) => [
    index('schools_moderation_idx').on(t.moderationStatus),
    index('schools_moderation_queue_idx').on(
      sql`(${t.moderationStatus} = 'pending') desc`,
      t.createdAt.desc(),
      t.id.desc(),
    ),
    check('schools_yearly_hours_goal_check', sql`${t.yearlyHoursGoal} is null or ${t.yearlyHoursGoal} > 0`),
  ],
);

/**
 * The people of a school or a foundation and what each may do there (issue 53; docs/decisions/091): the
 * only link between an account and its organisation. A person belongs to one organisation; an
 * organisation outlives any one of them.
 */
export const organisationMembers = pgTable(
  'organisation_members',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .unique()
      .references(() => users.id, { onDelete: 'cascade' }),
    schoolId: integer('school_id').references(() => schools.id, { onDelete: 'cascade' }),
    foundationId: integer('foundation_id').references(() => foundations.id, { onDelete: 'cascade' }),
    role: memberRoleEnum('role').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('organisation_members_school_idx').on(t.schoolId).where(sql`${t.schoolId} is not null`),
    index('organisation_members_foundation_idx').on(t.foundationId).where(sql`${t.foundationId} is not null`),
    check('organisation_members_one_organisation', sql`num_nonnulls(${t.schoolId}, ${t.foundationId}) = 1`),
  ],
);

/**
 * Invitations into a team (issue 53, item 2): a one-time link valid for seven days, of which only the
 * SHA-256 of its token is kept, as with password reset links. A revoked, used or expired one opens nothing.
 */
export const organisationInvitations = pgTable(
  'organisation_invitations',
  {
    id: serial('id').primaryKey(),
    schoolId: integer('school_id').references(() => schools.id, { onDelete: 'cascade' }),
    foundationId: integer('foundation_id').references(() => foundations.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    role: memberRoleEnum('role').notNull(),
    tokenHash: text('token_hash').notNull(),
    invitedBy: integer('invited_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    expiresAt: timestamptz('expires_at').notNull(),
    acceptedAt: timestamptz('accepted_at'),
    acceptedUserId: integer('accepted_user_id').references(() => users.id, { onDelete: 'set null' }),
    revokedAt: timestamptz('revoked_at'),
  },
  (t) => [
    uniqueIndex('organisation_invitations_token_idx').on(t.tokenHash),
    index('organisation_invitations_school_idx').on(t.schoolId).where(sql`${t.schoolId} is not null`),
    index('organisation_invitations_foundation_idx')
      .on(t.foundationId)
      .where(sql`${t.foundationId} is not null`),
    check(
      'organisation_invitations_one_organisation',
      sql`num_nonnulls(${t.schoolId}, ${t.foundationId}) = 1`,
    ),
  ],
);

export const events = pgTable(
  'events',
  {
    id: serial('id').primaryKey(),
    foundationId: integer('foundation_id')
      .notNull()
      .references(() => foundations.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    description: text('description').notNull(),
    activityType: activityTypeEnum('activity_type').notNull(),
    status: eventStatusEnum('status').notNull().default('upcoming'),
    date: date('date', { mode: 'string' }).notNull(),
    startTime: time('start_time').notNull(),
    endTime: time('end_time').notNull(),
    location: text('location').notNull(),
    address: text('address'),
    hours: smallint('hours').notNull(),
    /** null means unlimited places. */
    totalSlots: integer('total_slots'),
    /** Places held by pending and approved applications; changed only under a row lock. */
    reservedSlots: integer('reserved_slots').notNull().default(0),
    minParticipants: integer('min_participants').notNull().default(1),
    /** Minimum age of a participant (3 to 18), null when there is no limit. */
    ageRestriction: smallint('age_restriction'),
    requirements: text('requirements'),
    skills: text('skills'),
    additionalInfo: text('additional_info'),
    contactPersonName: text('contact_person_name'),
    contactPersonPhone: text('contact_person_phone'),
    contactPersonEmail: text('contact_person_email'),
    contactPersonTelegram: text('contact_person_telegram'),
    contactPersonVk: text('contact_person_vk'),
    imageId: integer('image_id').references(() => images.id, { onDelete: 'set null' }),
    completedAt: timestamptz('completed_at'),
    /** iCalendar SEQUENCE: raised on every change a calendar shows, so subscribers replace their copy. */
    calendarSequence: integer('calendar_sequence').notNull().default(0),
    /** When the day-before reminders went out; set once, in the transaction that queues them. */
    remindedAt: timestamptz('reminded_at'),
    /**
     * Title, place, address, the foundation's name and description, as search reads them: written by the
     * trigger events_search_document and, when the foundation is renamed, by one on foundations (0007).
     */
    searchDocument: tsvector('search_document').notNull().default(sql`''::tsvector`),
    /** The city or region of the address (event_city, migration 0007); null when it names none. */
    city: text('city').generatedAlwaysAs(sql`event_city("location", "address")`),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('events_date_idx').on(t.date),
    index('events_foundation_date_idx').on(t.foundationId, t.date),
    // A foundation's events counted, all or by status, and joined to its applications, from the index
    // alone (migration 0014).
    index('events_foundation_status_idx').on(t.foundationId, t.status, t.id),
    index('events_age_idx').on(t.ageRestriction),
    // Both also INCLUDE (foundation_id) in migration 0008, which drizzle's index builder cannot say: the
    // list's count joins the foundations from the index alone.
    index('events_upcoming_order_idx').on(t.date, t.startTime, t.id).where(sql`${t.status} <> 'canceled'`),
    index('events_past_order_idx').on(t.date.desc(), t.startTime, t.id).where(sql`${t.status} <> 'canceled'`),
    // The same orders within one activity type (migration 0015, with the same INCLUDE).
    index('events_type_upcoming_order_idx')
      .on(t.activityType, t.date, t.startTime, t.id)
      .where(sql`${t.status} <> 'canceled'`),
    index('events_type_past_order_idx')
      .on(t.activityType, t.date.desc(), t.startTime, t.id)
      .where(sql`${t.status} <> 'canceled'`),
    // The administrator's list, the latest day first (migration 0013).
    index('events_admin_order_idx').on(t.date.desc(), t.startTime.desc(), t.id.desc()),
    index('events_search_document_idx').using('gin', t.searchDocument),
    index('events_city_date_idx').on(t.city, t.date),
    check('events_total_slots_check', sql`${t.totalSlots} is null or ${t.totalSlots} >= 1`),
    check(
      'events_reserved_slots_check',
      sql`${t.reservedSlots} >= 0 and (${t.totalSlots} is null or ${t.reservedSlots} <= ${t.totalSlots})`,
    ),
    check('events_min_participants_check', sql`${t.minParticipants} >= 1`),
    check('events_hours_check', sql`${t.hours} >= 1`),
    check('events_age_check', sql`${t.ageRestriction} is null or ${t.ageRestriction} between 3 and 18`),
    check('events_time_check', sql`${t.endTime} > ${t.startTime}`),
  ],
);

/**
 * A school's application to take part in an event with a group of pupils. The table, its columns and
 * indexes keep their first name, registrations (docs/decisions/088-applications-not-registrations.md).
 */
export const applications = pgTable(
  'registrations',
  {
    id: serial('id').primaryKey(),
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    schoolId: integer('school_id')
      .notNull()
      .references(() => schools.id, { onDelete: 'cascade' }),
    /**
     * The event's foundation, copied by db/functions/set_registration_foundation.sql so that a
     * foundation's applications have indexes of their own; the default is never kept.
     */
    foundationId: integer('foundation_id').notNull().default(0),
    status: applicationStatusEnum('status').notNull().default('pending'),
    participantCount: integer('participant_count').notNull(),
    contactPerson: text('contact_person').notNull(),
    contactPhone: text('contact_phone'),
    contactEmail: text('contact_email'),
    contactTelegram: text('contact_telegram'),
    contactVk: text('contact_vk'),
    applicationNote: text('application_note'),
    rejectionReason: text('rejection_reason'),
    /** What the school asked for when the foundation approved fewer pupils; null otherwise. */
    requestedCount: integer('requested_count'),
    /** Pupils who came, as the foundation marked on completion; null until the event is completed. */
    attendedCount: integer('attended_count'),
    hoursEarned: integer('hours_earned'),
    /**
     * The school's confirmation that it holds the parents' written consent for every pupil under 14:
     * who confirmed and when. Nothing about the pupils themselves is stored.
     */
    parentalConsentBy: integer('parental_consent_by').references(() => users.id, { onDelete: 'set null' }),
    parentalConsentAt: timestamptz('parental_consent_at'),
    registeredAt: timestamptz('registered_at').notNull().defaultNow(),
    approvedAt: timestamptz('approved_at'),
    rejectedAt: timestamptz('rejected_at'),
    completedAt: timestamptz('completed_at'),
  },
  (t) => [
    check('registrations_participant_count_check', sql`${t.participantCount} >= 1`),
    check(
      'registrations_attended_count_check',
      sql`${t.attendedCount} is null or ${t.attendedCount} between 0 and ${t.participantCount}`,
    ),
    check(
      'registrations_requested_count_check',
      sql`${t.requestedCount} is null or ${t.requestedCount} > ${t.participantCount}`,
    ),
    uniqueIndex('registrations_event_school_active_idx')
      .on(t.eventId, t.schoolId)
      .where(sql`${t.status} in ('waitlisted', 'pending', 'approved')`),
    index('registrations_event_status_idx').on(t.eventId, t.status),
    index('registrations_school_status_idx').on(t.schoolId, t.status),
    index('registrations_school_registered_idx').on(t.schoolId, t.registeredAt.desc(), t.id.desc()),
    index('registrations_registered_idx').on(t.registeredAt.desc(), t.id.desc()),
    index('registrations_foundation_registered_idx').on(t.foundationId, t.registeredAt.desc(), t.id.desc()),
    index('registrations_foundation_status_idx').on(
      t.foundationId,
      t.status,
      t.registeredAt.desc(),
      t.id.desc(),
    ),
  ],
);

/**
 * Volunteer hours credited to a school. A ledger of its own, with the event copied in, so that deleting
 * a completed event keeps the hours. A school deleting the entry from its archive removes the hours from
 * its own total (`withdrawn_at`), not from the foundation's: the foundation did credit them.
 */
export const hourCredits = pgTable(
  'hour_credits',
  {
    id: serial('id').primaryKey(),
    schoolId: integer('school_id')
      .notNull()
      .references(() => schools.id, { onDelete: 'cascade' }),
    applicationId: integer('registration_id').references(() => applications.id, { onDelete: 'set null' }),
    eventId: integer('event_id').references(() => events.id, { onDelete: 'set null' }),
    /** The foundation that credited the hours; kept when the event is deleted. */
    foundationId: integer('foundation_id').references(() => foundations.id, { onDelete: 'set null' }),
    eventTitle: text('event_title').notNull(),
    eventDate: date('event_date', { mode: 'string' }).notNull(),
    foundationName: text('foundation_name'),
    activityType: activityTypeEnum('activity_type'),
    participantCount: integer('participant_count').notNull(),
    hours: integer('hours').notNull(),
    creditedAt: timestamptz('credited_at').notNull().defaultNow(),
    /** When the school removed the entry from its archive; its hours no longer count for the school. */
    withdrawnAt: timestamptz('withdrawn_at'),
  },
  (t) => [
    // Also INCLUDE (hours, withdrawn_at) in migration 0014, which drizzle's index builder cannot say: a
    // school's hours are summed from the index alone.
    index('hour_credits_school_idx').on(t.schoolId, t.eventDate),
    index('hour_credits_foundation_idx').on(t.foundationId, t.hours),
    // An application's hours, summed per row of every list of applications (migration 0012).
    index('hour_credits_registration_idx').on(t.applicationId),
    check('hour_credits_hours_check', sql`${t.hours} >= 0`),
    // 0 when the foundation corrected the attendance to nobody: the row keeps its revoked codes (0016).
    check('hour_credits_participant_count_check', sql`${t.participantCount} >= 0`),
  ],
);

/**
 * A school's certificate of volunteer hours for a period («Справка о волонтёрской деятельности»). The
 * facts printed on it are kept as issued, so that /verify/{code} shows what the paper says and compares
 * it with the records as they are now (`factsDigest`).
 */
export const certificates = pgTable(
  'certificates',
  {
    id: serial('id').primaryKey(),
    /** The verification code printed under the QR: Crockford base32, no dashes (shared/proof-codes.ts). */
    code: text('code').notNull().unique(),
    schoolId: integer('school_id')
      .notNull()
      .references(() => schools.id, { onDelete: 'cascade' }),
    periodFrom: date('period_from', { mode: 'string' }).notNull(),
    periodTo: date('period_to', { mode: 'string' }).notNull(),
    /** The school's name, the events and the totals as printed. */
    facts: jsonb('facts').notNull(),
    /** sha256 of the canonical facts, compared with the same digest of the records at verification. */
    factsDigest: text('facts_digest').notNull(),
    issuedBy: integer('issued_by').references(() => users.id, { onDelete: 'set null' }),
    issuedAt: timestamptz('issued_at').notNull().defaultNow(),
  },
  (t) => [
    index('certificates_school_idx').on(t.schoolId, t.issuedAt),
    check('certificates_period_check', sql`${t.periodFrom} <= ${t.periodTo}`),
  ],
);

/**
 * One code per pupil who came to a completed event: the way a pupil gets a personal record of hours
 * while the platform stores no pupil's name. The name a pupil types when claiming goes into the PDF only.
 */
export const participationCodes = pgTable(
  'participation_codes',
  {
    id: serial('id').primaryKey(),
    /** Crockford base32, no dashes, at least 60 random bits (shared/proof-codes.ts). */
    code: text('code').notNull().unique(),
    /** The ledger entry the code was issued from: it keeps the event's title, date and foundation. */
    hourCreditId: integer('hour_credit_id')
      .notNull()
      .references(() => hourCredits.id, { onDelete: 'cascade' }),
    schoolId: integer('school_id')
      .notNull()
      .references(() => schools.id, { onDelete: 'cascade' }),
    applicationId: integer('registration_id').references(() => applications.id, { onDelete: 'set null' }),
    /** The hours one pupil earned at the event. */
    hours: integer('hours').notNull(),
    createdAt: createdAt(),
    claimedAt: timestamptz('claimed_at'),
    revokedAt: timestamptz('revoked_at'),
    /** Why the code was revoked: null when the school replaced it, else the reason (migration 0016). */
    revokedReason: text('revoked_reason').$type<'attendance_corrected'>(),
    /** The lost code this one was issued in place of. */
    replacesId: integer('replaces_id').references((): AnyPgColumn => participationCodes.id, {
      onDelete: 'set null',
    }),
  },
  (t) => [
    index('participation_codes_credit_idx').on(t.hourCreditId),
    index('participation_codes_school_idx').on(t.schoolId),
    check('participation_codes_hours_check', sql`${t.hours} >= 0`),
    check(
      'participation_codes_revoked_reason_check',
      sql`${t.revokedReason} is null or (${t.revokedReason} = 'attendance_corrected' and ${t.revokedAt} is not null)`,
    ),
  ],
);

/**
 * Every correction of an application's attendance after completion (issue 51): who made it, when, and
 * what the pupils who came, the hours and the codes were before and after. Kept when the event goes.
 */
export const attendanceCorrections = pgTable(
  'attendance_corrections',
  {
    id: serial('id').primaryKey(),
    eventId: integer('event_id').references(() => events.id, { onDelete: 'set null' }),
    applicationId: integer('registration_id').references(() => applications.id, { onDelete: 'set null' }),
    schoolId: integer('school_id').references(() => schools.id, { onDelete: 'set null' }),
    foundationId: integer('foundation_id').references(() => foundations.id, { onDelete: 'set null' }),
    eventTitle: text('event_title').notNull(),
    correctedBy: integer('corrected_by').references(() => users.id, { onDelete: 'set null' }),
    correctedAt: timestamptz('corrected_at').notNull(),
    attendedBefore: integer('attended_before').notNull(),
    attendedAfter: integer('attended_after').notNull(),
    hoursBefore: integer('hours_before').notNull(),
    hoursAfter: integer('hours_after').notNull(),
    codesRevoked: integer('codes_revoked').notNull(),
    codesIssued: integer('codes_issued').notNull(),
  },
  (t) => [index('attendance_corrections_event_idx').on(t.eventId, t.correctedAt)],
);

/**
 * Who did what to applications, hours, events, profiles and teams (issue 53; docs/decisions/091): appended
 * by the services in the transaction of the change they record, never changed. A trigger refuses every
 * UPDATE and DELETE (db/functions/refuse_journal_changes.sql). No foreign keys: an entry outlives the event,
 * the application and the person it names (a cascade would be an UPDATE or DELETE), so it copies the names
 * it shows.
 */
export const journalEntries = pgTable(
  'journal_entries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestamptz('at').notNull().defaultNow(),
    /** What happened: 'application.approved', 'event.cancelled' and the like. */
    kind: text('kind').notNull(),
    /** The person who did it; null for what the platform did on its own. */
    actorUserId: integer('actor_user_id'),
    actorName: text('actor_name'),
    /** The person's role at the time: a member role, or 'admin'. */
    actorRole: text('actor_role'),
    actorSchoolId: integer('actor_school_id'),
    actorFoundationId: integer('actor_foundation_id'),
    /** Whose journal shows it: the school of the application, the foundation of the event. */
    schoolId: integer('school_id'),
    foundationId: integer('foundation_id'),
    eventId: integer('event_id'),
    applicationId: integer('application_id'),
    eventTitle: text('event_title'),
    before: jsonb('before'),
    after: jsonb('after'),
  },
  (t) => [
    index('journal_entries_foundation_idx').on(t.foundationId, t.at.desc(), t.id.desc()),
    index('journal_entries_school_idx').on(t.schoolId, t.at.desc(), t.id.desc()),
    index('journal_entries_at_idx').on(t.at.desc(), t.id.desc()),
  ],
);

export const volunteerRequests = pgTable(
  'volunteer_requests',
  {
    id: serial('id').primaryKey(),
    foundationId: integer('foundation_id')
      .notNull()
      .references(() => foundations.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    description: text('description').notNull(),
    eventDate: date('event_date', { mode: 'string' }).notNull(),
    eventTime: time('event_time').notNull(),
    location: text('location').notNull(),
    address: text('address'),
    requirements: text('requirements'),
    volunteersNeeded: integer('volunteers_needed').notNull(),
    status: volunteerRequestStatusEnum('status').notNull().default('open'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('volunteer_requests_needed_check', sql`${t.volunteersNeeded} >= 1`),
    index('volunteer_requests_foundation_idx').on(t.foundationId, t.createdAt),
    index('volunteer_requests_status_idx').on(t.status, t.eventDate),
    // INCLUDE (foundation_id) in migration 0008, as events_upcoming_order_idx.
    index('volunteer_requests_list_idx').on(
      sql`(case ${t.status} when 'open' then 0 else 1 end)`,
      t.createdAt.desc(),
      t.id.desc(),
    ),
  ],
);

export const schoolResponses = pgTable(
  'school_responses',
  {
    id: serial('id').primaryKey(),
    requestId: integer('request_id')
      .notNull()
      .references(() => volunteerRequests.id, { onDelete: 'cascade' }),
    schoolId: integer('school_id')
      .notNull()
      .references(() => schools.id, { onDelete: 'cascade' }),
    volunteersOffered: integer('volunteers_offered').notNull(),
    message: text('message'),
    contactPerson: text('contact_person'),
    contactPhone: text('contact_phone'),
    contactEmail: text('contact_email'),
    status: schoolResponseStatusEnum('status').notNull().default('pending'),
    processingNote: text('processing_note'),
    createdAt: createdAt(),
    processedAt: timestamptz('processed_at'),
  },
  (t) => [
    uniqueIndex('school_responses_request_school_idx').on(t.requestId, t.schoolId),
    index('school_responses_school_idx').on(t.schoolId),
    check('school_responses_offered_check', sql`${t.volunteersOffered} >= 1`),
  ],
);

export const foundationReports = pgTable(
  'foundation_reports',
  {
    id: serial('id').primaryKey(),
    foundationId: integer('foundation_id')
      .notNull()
      .references(() => foundations.id, { onDelete: 'cascade' }),
    eventTitle: text('event_title').notNull(),
    eventDate: date('event_date', { mode: 'string' }).notNull(),
    volunteersCount: integer('volunteers_count').notNull(),
    additionalInfo: text('additional_info'),
    createdAt: createdAt(),
  },
  (t) => [
    check('foundation_reports_volunteers_check', sql`${t.volunteersCount} >= 1`),
    index('foundation_reports_foundation_idx').on(t.foundationId, t.createdAt),
  ],
);

export const news = pgTable(
  'news',
  {
    id: serial('id').primaryKey(),
    title: text('title').notNull(),
    content: text('content').notNull(),
    category: newsCategoryEnum('category').notNull().default('news'),
    foundationId: integer('foundation_id').references(() => foundations.id, { onDelete: 'set null' }),
    imageUrl: text('image_url'),
    imageId: integer('image_id').references(() => images.id, { onDelete: 'set null' }),
    isPublished: boolean('is_published').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('news_published_idx').on(t.isPublished, t.createdAt),
    index('news_category_idx').on(t.category),
    index('news_published_created_idx').on(t.createdAt.desc(), t.id.desc()).where(sql`${t.isPublished}`),
  ],
);

export const notifications = pgTable(
  'notifications',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    text: text('text').notNull(),
    link: text('link'),
    createdAt: createdAt(),
  },
  (t) => [index('notifications_user_created_idx').on(t.userId, t.createdAt.desc())],
);

/**
 * E-mail waiting to be sent, written in the transaction of the change that causes it (an outbox): the
 * worker in src/server/mail takes rows with FOR UPDATE SKIP LOCKED, so several processes never send one
 * twice, and a crash between commit and send leaves the row for the next run. `message` is what to say
 * (MailMessage), drawn into HTML and text when sent; `user_id` is the recipient account, for the
 * unsubscribe link of `kind`.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    kind: text('kind').notNull(),
    toAddress: text('to_address').notNull(),
    message: jsonb('message').notNull(),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamptz('next_attempt_at').notNull().defaultNow(),
    lastError: text('last_error'),
    sentAt: timestamptz('sent_at'),
    /** Set when the worker gave up after its last attempt; the administrator sees these. */
    failedAt: timestamptz('failed_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('mail_outbox_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.sentAt} is null and ${t.failedAt} is null`),
    index('mail_outbox_failed_idx').on(t.failedAt.desc()).where(sql`${t.failedAt} is not null`),
  ],
);

/** One-time password reset links: only the SHA-256 of the token is stored, as with sessions. */
export const passwordResets = pgTable(
  'password_resets',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamptz('expires_at').notNull(),
    usedAt: timestamptz('used_at'),
    createdAt: createdAt(),
  },
  (t) => [index('password_resets_user_idx').on(t.userId, t.createdAt)],
);

/** A foundation's message to every school with a pending or approved application to one of its events. */
export const eventMessages = pgTable(
  'event_messages',
  {
    id: serial('id').primaryKey(),
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    authorId: integer('author_id').references(() => users.id, { onDelete: 'set null' }),
    text: text('text').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('event_messages_event_idx').on(t.eventId, t.createdAt)],
);

/** Fixed-window counters behind @fastify/rate-limit, shared by every app process. */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  count: integer('count').notNull(),
  resetAt: timestamptz('reset_at').notNull(),
});

/** Facts about the database itself, such as whether the demo content has been seeded. */
export const appState = pgTable('app_state', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  updatedAt: updatedAt(),
});
