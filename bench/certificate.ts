// Certificate benchmark (issue 25): a school's certificate of 200 events, made by the real route on the
// server (app.inject: query, PDF and QR code, no network), against a budget of one second.
// Usage: npx tsx bench/certificate.ts   (exits 1 when the budget fails)

import { buildApp } from '../src/server/app';
import { createSession } from '../src/server/auth/sessions';
import { openPglite } from '../src/server/db/client';
import { hourCredits, organisationMembers, schools, users } from '../src/server/db/schema';
import { type Check, isMain, printChecks } from './report';

const events = 200;
const budgetMs = 1000;
const runs = 5;

export async function runCertificateBench(): Promise<boolean> {
  const database = await openPglite('memory://certificate-bench');
  await database.migrate();
  const app = await buildApp({ db: database.db, rateLimitCounts: 'memory' });
  try {
    const [user] = await database.db
      .insert(users)
      .values({ username: 'bench_school', passwordHash: 'x', role: 'school' })
      .returning({ id: users.id });
    if (!user) throw new Error('bench school not created');
    const [school] = await database.db
      .insert(schools)
      .values({ name: 'Гимназия № 1543 имени Бенчмарка', moderationStatus: 'approved' })
      .returning({ id: schools.id });
    if (!school) throw new Error('bench school not created');
    await database.db
      .insert(organisationMembers)
      .values({ userId: user.id, schoolId: school.id, role: 'owner' });
    await database.db.insert(hourCredits).values(
      Array.from({ length: events }, (_, index) => ({
        schoolId: school.id,
        eventTitle: `Помощь приюту для бездомных животных «Лапа» — выезд № ${index + 1}`,
        eventDate: `2025-${String(9 + Math.floor(index / 50)).padStart(2, '0')}-${String((index % 28) + 1).padStart(2, '0')}`,
        foundationName: 'Благотворительный фонд «Тёплый дом»',
        activityType: 'social' as const,
        participantCount: 12,
        hours: 36,
      })),
    );
    const { sessionId } = await createSession(database.db, user.id);

    const timings: number[] = [];
    let pages = 0;
    for (let run = 0; run < runs; run++) {
      const started = performance.now();
      const response = await app.inject({
        method: 'GET',
        url: '/api/school/certificate.pdf?from=2025-09-01&to=2026-08-31',
        cookies: { sid: sessionId },
      });
      timings.push(performance.now() - started);
      if (response.statusCode !== 200)
        throw new Error(`certificate: ${response.statusCode} ${response.body}`);
      pages = (response.body.match(/\/Type \/Page\b/g) ?? []).length;
    }
    const sorted = [...timings].sort((a, b) => a - b);
    const median = sorted[Math.floor(sorted.length / 2)] ?? Number.POSITIVE_INFINITY;
    const checks: Check[] = [
      {
        name: `Справка на ${events} мероприятий, медиана ${runs} запусков (${pages} стр.)`,
        figure: `${median.toFixed(0)} мс`,
        budget: `< ${budgetMs} мс`,
        passed: median < budgetMs,
      },
      {
        name: 'Та же справка, первый запуск (шрифты ещё не прочитаны)',
        figure: `${(timings[0] ?? 0).toFixed(0)} мс`,
        budget: 'для сведения',
        passed: true,
      },
    ];
    return printChecks('Документы', checks);
  } finally {
    await app.close();
    await database.close();
  }
}

if (isMain(import.meta.url)) process.exit((await runCertificateBench()) ? 0 : 1);
