import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { TestProject } from 'vitest/node';
import { wrapPglite } from '../db/client';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A dump of an empty, fully migrated PGlite database that each test file loads. */
    pgliteTemplatePath: string;
  }
}

/**
 * Opening PGlite and running the migrations takes seconds; loading a dump of the result takes well under
 * one. So the migrated database is made once per run and every test file starts from a copy.
 */
export default async function setup(project: TestProject) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'pglite-template-'));
  const client = await PGlite.create('memory://');
  await wrapPglite(client).migrate();
  const dump = await client.dumpDataDir('none');
  const file = path.join(dir, 'template.tar');
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  await client.close();
  project.provide('pgliteTemplatePath', file);
  return () => rmSync(dir, { recursive: true, force: true });
}
