import { describe, expect, it } from 'vitest';
import { createFoundation, createSchool } from '../test/factories';
import { testDatabaseForFile } from '../test/test-app';
import {
  findFoundationOfUser,
  findSchoolOfUser,
  foundationOfUser,
  organisationMessages,
  schoolOfUser,
} from './organisation';

const database = testDatabaseForFile();

describe('the organisation of an account', () => {
  it('is the foundation or the school the person is a member of, with their role', async () => {
    const foundation = await createFoundation(database.db, { name: 'Фонд «Лес»' });
    const school = await createSchool(database.db);
    expect(await foundationOfUser(database.db, foundation.userId)).toMatchObject({
      id: foundation.id,
      name: 'Фонд «Лес»',
      moderationStatus: 'approved',
    });
    expect(await schoolOfUser(database.db, school.userId)).toMatchObject({
      id: school.id,
      memberRole: 'owner',
    });
  });

  it('is none for an account of the other kind: undefined when looked for, 403 when required', async () => {
    const foundation = await createFoundation(database.db);
    const school = await createSchool(database.db);
    expect(await findSchoolOfUser(database.db, foundation.userId)).toBeUndefined();
    expect(await findFoundationOfUser(database.db, school.userId)).toBeUndefined();
    await expect(foundationOfUser(database.db, school.userId)).rejects.toMatchObject({
      statusCode: 403,
      message: organisationMessages.noFoundation,
    });
    await expect(schoolOfUser(database.db, foundation.userId)).rejects.toMatchObject({
      statusCode: 403,
      message: organisationMessages.onlySchools,
    });
  });
});
