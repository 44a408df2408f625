import { describe, expect, it } from 'vitest';
import { loginRedirect } from './redirect';

describe('loginRedirect', () => {
  it('returns to a page of the console with its query', () => {
    expect(loginRedirect('/Goodlist?page_index=2&keyword=%E8%8C%B6')).toBe('/Goodlist?page_index=2&keyword=%E8%8C%B6');
    expect(loginRedirect('/operlog')).toBe('/operlog');
  });

  it('goes home without a redirect, or for a public or token page', () => {
    expect(loginRedirect(null)).toBe('/');
    expect(loginRedirect('')).toBe('/');
    expect(loginRedirect('/login?redirect=/x')).toBe('/');
    expect(loginRedirect('/SelectCustomesr')).toBe('/');
  });

  it('never leaves the console (no open redirect)', () => {
    for (const evil of [
      '//evil.example/x',
      '/\\evil.example',
      'https://evil.example/',
      'javascript:alert(1)',
      '/%0a/evil.example',
      '/\t/evil.example',
      'evil.example',
    ]) {
      const to = loginRedirect(evil);
      expect(to.startsWith('/') && !to.startsWith('//'), evil).toBe(true);
      expect(new URL(to, 'http://console.invalid').origin, evil).toBe('http://console.invalid');
    }
    expect(loginRedirect('//evil.example/x')).toBe('/');
    expect(loginRedirect('/\t/evil.example')).toBe('/');
  });
});
