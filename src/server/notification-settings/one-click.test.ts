import { describe, expect, it } from 'vitest';
import { isOneClickBody } from './one-click';

const form = 'application/x-www-form-urlencoded';
const multipart = (boundary: string) => `multipart/form-data; boundary=${boundary}`;
const part = (boundary: string, name: string, value: string) =>
  `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n--${boundary}--\r\n`;

describe('the one-click body of RFC 8058', () => {
  it('is read as a urlencoded form or as multipart/form-data, as providers send it', () => {
    expect(isOneClickBody(form, 'List-Unsubscribe=One-Click')).toBe(true);
    expect(isOneClickBody(`${form}; charset=utf-8`, 'List-Unsubscribe=One-Click\r\n')).toBe(true);
    expect(isOneClickBody(multipart('----x1'), part('----x1', 'List-Unsubscribe', 'One-Click'))).toBe(true);
    expect(
      isOneClickBody('multipart/form-data; boundary="a b"', part('a b', 'List-Unsubscribe', 'One-Click')),
    ).toBe(true);
  });

  it('is nothing else: another field, a second field, another value, or a broken multipart body', () => {
    expect(isOneClickBody(form, 'status=approved')).toBe(false);
    expect(isOneClickBody(form, 'List-Unsubscribe=One-Click&kind=decisions')).toBe(false);
    expect(isOneClickBody(form, 'List-Unsubscribe=Two-Clicks')).toBe(false);
    expect(isOneClickBody(multipart('x'), part('x', 'status', 'approved'))).toBe(false);
    expect(
      isOneClickBody(multipart('x'), part('x', 'List-Unsubscribe', 'One-Click').replace('--x--', '--x')),
    ).toBe(false);
    const twoParts = `--x\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n--x\r\nContent-Disposition: form-data; name="kind"\r\n\r\ndecisions\r\n--x--\r\n`;
    expect(isOneClickBody(multipart('x'), twoParts)).toBe(false);
    expect(isOneClickBody('multipart/form-data', part('x', 'List-Unsubscribe', 'One-Click'))).toBe(false);
    expect(isOneClickBody(multipart('y'), part('x', 'List-Unsubscribe', 'One-Click'))).toBe(false);
  });
});
