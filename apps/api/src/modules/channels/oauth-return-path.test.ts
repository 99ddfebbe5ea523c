import { describe, expect, it } from 'vitest';
import { safeOAuthReturnPath } from './oauth-return-path.ts';

describe('safeOAuthReturnPath', () => {
  it('keeps app paths with their query and hash, minus the OAuth return parameters', () => {
    expect(safeOAuthReturnPath('/optimization/video/abc?tab=tags#title')).toBe(
      '/optimization/video/abc?tab=tags#title',
    );
    expect(safeOAuthReturnPath('/video-idea/details?phrase=max%20holloway')).toBe(
      '/video-idea/details?phrase=max+holloway',
    );
    expect(safeOAuthReturnPath('/optimization?oauth-success=false&channel=UCx&xsrf=false')).toBe(
      '/optimization',
    );
    expect(safeOAuthReturnPath('/a/./b/../c')).toBe('/a/c');
  });

  it.each([
    '',
    'optimization',
    '//evil.com',
    '///evil.com',
    'https://evil.com/x',
    '/\\evil.com',
    '/x\\y',
    '/%2F%2Fevil.com',
    '/%2f%2fevil.com',
    '/%5Cevil.com',
    '/%5cevil.com',
    '/%252F%252Fevil.com',
    '/..//evil.com',
    '/./../..//evil.com',
    '/https://evil.com',
    '/javascript:alert(1)',
    '/%E0%A4%A',
    '/x\ty',
    '/x y',
    '/x\u0000',
    '/api/users/logout',
    '/API/users',
    '/oauth/youtube/callback',
    '/emulator/_emulator/reset',
    `/${'a'.repeat(2000)}`,
  ])('refuses %j', (raw) => {
    expect(safeOAuthReturnPath(raw)).toBeNull();
  });

  it('refuses nothing it was not given', () => {
    expect(safeOAuthReturnPath(null)).toBeNull();
    expect(safeOAuthReturnPath(undefined)).toBeNull();
  });
});
