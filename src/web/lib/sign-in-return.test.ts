import { describe, expect, it } from 'vitest';
import { nextParam, safeNextPath, signInAddress } from './sign-in-return';

describe('safeNextPath', () => {
  it('accepts a path of this site with its query and fragment', () => {
    expect(safeNextPath('/dashboard')).toBe('/dashboard');
    expect(safeNextPath('/foundation/event/12?tab=pending')).toBe('/foundation/event/12?tab=pending');
    expect(safeNextPath('/events/7#application')).toBe('/events/7#application');
    expect(safeNextPath('/events?search=%D0%BF%D0%B0%D1%80%D0%BA')).toBe(
      '/events?search=%D0%BF%D0%B0%D1%80%D0%BA',
    );
    expect(safeNextPath('/')).toBe('/');
  });

  it.each([
    ['nothing', null],
    ['an empty value', ''],
    ['a protocol-relative host', '//evil.com'],
    ['three slashes', '///evil.com'],
    ['a backslash after the slash', '/\\evil.com'],
    ['two backslashes', '\\\\evil.com'],
    ['a backslash later on', '/foo\\..\\..\\evil.com'],
    ['an absolute address', 'https://evil.com/dashboard'],
    ['an http address without slashes', 'http:evil.com'],
    ['a scheme-less host', 'evil.com/dashboard'],
    ['javascript:', 'javascript:alert(1)'],
    ['javascript: in capitals', 'JaVaScRiPt:alert(1)'],
    ['a data: address', 'data:text/html,<script>alert(1)</script>'],
    ['a tab between the slashes', '/\t/evil.com'],
    ['a line break between the slashes', '/\n/evil.com'],
    ['a leading space', ' /dashboard'],
    ['an encoded second slash', '/%2Fevil.com'],
    ['encoded slashes', '/%2F%2Fevil.com'],
    ['an encoded backslash', '/%5Cevil.com'],
    ['an encoded tab before a slash', '/%09/evil.com'],
    ['an encoded address', 'https%3A%2F%2Fevil.com'],
    ['an encoded protocol-relative host', '%2F%2Fevil.com'],
    ['dot segments that climb to a host', '/..//evil.com'],
    ['dot segments after a folder', '/a/../..//evil.com'],
    ['a broken escape', '/events?q=100%'],
    ['an endless value', `/${'a'.repeat(3000)}`],
  ])('refuses %s', (_case, raw) => {
    expect(safeNextPath(raw)).toBeUndefined();
  });
});

describe('signInAddress', () => {
  it('carries the page in the next parameter, encoded, and reads back as the same path', () => {
    const address = signInAddress('/events/7#application');
    expect(address).toBe('/auth?next=%2Fevents%2F7%23application');
    const next = new URL(address, 'http://localhost').searchParams.get(nextParam);
    expect(safeNextPath(next)).toBe('/events/7#application');
  });
});
