import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { fieldChanges, fieldLabel, formatValue, shorten, valueMaxChars } from './formatChange.ts';

describe('audit change formatting', () => {
  it('names known fields and spells out unknown ones', () => {
    expect(fieldLabel('licenseType')).toBe('License type');
    expect(fieldLabel('userAmount')).toBe('Users');
    expect(fieldLabel('samlLoginProviderId')).toBe('Saml login provider id');
    expect(fieldLabel('description', 'license.create')).toBe('Name');
    expect(fieldLabel('description', 'template.edit')).toBe('Description');
    expect(fieldLabel('addressableUrlMac', 'template.edit')).toBe('Mac content address');
  });

  it('shows values as people read them', () => {
    expect(formatValue(null)).toBe('—');
    expect(formatValue(true)).toBe('Yes');
    expect(formatValue(false)).toBe('No');
    expect(formatValue(1200)).toBe('1,200');
    const at = '2025-03-07T14:05:09.000Z';
    expect(formatValue(at)).toBe(dayjs(at).format('D-M-YYYY H:mm:ss'));
    expect(formatValue(['a', 'b'])).toBe('a, b');
    expect(formatValue([])).toBe('—');
    expect(formatValue([{ id: 1 }])).toBe('[{"id":1}]');
    expect(formatValue('OrganizationAllowlist', 'sharingType')).toBe('Organization allowlist');
    expect(formatValue('OrganizationAllowlist')).toBe('OrganizationAllowlist');
    expect(formatValue('expired', 'refusalReason')).toBe(
      'The response is expired or not yet valid (check the clocks)',
    );
    expect(formatValue('tooLarge', 'refusalReason')).toBe(
      'The response is larger or more deeply nested than allowed',
    );
    // A code a newer server records still shows, as it is.
    expect(formatValue('somethingNew', 'refusalReason')).toBe('somethingNew');
  });

  it('cuts long values and keeps the whole of them', () => {
    const long = 'x'.repeat(500);
    const cut = shorten(long);
    expect(cut.text).toHaveLength(valueMaxChars);
    expect(cut.text.endsWith('…')).toBe(true);
    expect(cut.full).toBe(long);
    expect(shorten('short')).toEqual({ text: 'short' });
  });

  it('pairs before and after per field, telling created, removed and changed apart', () => {
    expect(fieldChanges({ role: 'User' }, { role: 'Admin' })).toEqual([
      { key: 'role', label: 'Role', kind: 'changed', before: 'User', after: 'Admin' },
    ]);
    expect(fieldChanges(null, { name: 'Acme' })[0]).toMatchObject({
      kind: 'created',
      after: 'Acme',
    });
    expect(fieldChanges({ name: 'Acme' }, null)[0]).toMatchObject({
      kind: 'removed',
      before: 'Acme',
    });
    expect(fieldChanges(null, null)).toEqual([]);
  });
});
