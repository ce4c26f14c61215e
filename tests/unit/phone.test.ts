import { describe, expect, it } from 'vitest';
import { isValidMobile, isValidPhone, maskPhone, normalizeMobile } from '@/lib/validation/phone';

describe('isValidPhone', () => {
  it.each([
    '13800138000',
    '19912345678',
    '+8613800138000',
    '8613800138000',
    ' 13800138000 ',
    '010-12345678', // landline: 0 + 11 digits or hyphens
    '02112345678', // 0 + 10 digits
    '0755-1234567',
    '0571-88886666', // 0 + 12
    '0571-8888-6666', // 0 + 13
  ])('%s is valid', (v) => {
    expect(isValidPhone(v)).toBe(true);
  });

  it.each([
    '',
    ' ',
    'abc',
    '1380013800', // 10 digits
    '138001380001', // 12 digits
    '23800138000', // does not start with 1
    '+8523800138000',
    '+85213800138000',
    '+86 13800138000',
    '+86-13800138000',
    '086-13800138000x',
    '0123456789', // 0 + 9
    '0571-8888-66667', // 0 + 14
    '0571 88886666', // spaces are not allowed
    '1571-88886666', // landlines start with 0
  ])('%j is invalid', (v) => {
    expect(isValidPhone(v)).toBe(false);
  });

  it('landlines take 10 to 13 characters after the 0', () => {
    expect(isValidPhone(`0${'1'.repeat(9)}`)).toBe(false);
    expect(isValidPhone(`0${'1'.repeat(10)}`)).toBe(true);
    expect(isValidPhone(`0${'1'.repeat(13)}`)).toBe(true);
    expect(isValidPhone(`0${'1'.repeat(14)}`)).toBe(false);
  });

  it('mobiles only: isValidMobile rejects landlines', () => {
    expect(isValidMobile('+8613800138000')).toBe(true);
    expect(isValidMobile('010-12345678')).toBe(false);
  });

  it('normalizes and masks', () => {
    expect(normalizeMobile('+8613800138000')).toBe('13800138000');
    expect(normalizeMobile('8613800138000')).toBe('13800138000');
    expect(normalizeMobile('13800138000')).toBe('13800138000');
    expect(maskPhone('+8613800138000')).toBe('138****8000');
    expect(maskPhone('010-12345678')).not.toContain('1234');
  });
});
