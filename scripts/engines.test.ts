import { readFileSync } from 'node:fs';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

const readJson = (file: string) => JSON.parse(readFileSync(new URL(`../${file}`, import.meta.url), 'utf8'));

describe('supported Node versions', () => {
  // npm ci prints EBADENGINE for every locked package whose engines exclude the running Node; the oldest
  // Node we promise must satisfy all of them, or an operator on it sees warnings and runs untested code.
  it('every locked package runs on the oldest Node that package.json promises', () => {
    const promised = semver.minVersion(readJson('package.json').engines.node);
    expect(promised).not.toBeNull();
    const packages: Record<string, { engines?: { node?: string } }> = readJson('package-lock.json').packages;
    const refusing = Object.entries(packages)
      .filter(([, entry]) => typeof entry.engines?.node === 'string')
      .filter(([, entry]) => !semver.satisfies(promised ?? '0.0.0', entry.engines?.node ?? '*'))
      .map(([name, entry]) => `${name} (${entry.engines?.node})`);
    expect(refusing).toEqual([]);
  });
});
