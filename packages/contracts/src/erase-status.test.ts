import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  DEVICE_ERRORS,
  deviceErrorIndex,
  deviceErrorIndexByName,
  ERASE_FAILURE_STATUSES,
  ERASE_STATUS,
  ERASE_STATUS_INDEX,
  eraseHelpTopics,
  eraseLogLabel,
  eraseStatusMessage,
  isEraseFailure,
} from './erase-status';

describe('ERASE_STATUS', () => {
  it('has the product messages at 0-21 and Invalid Serial Number last', () => {
    expect(ERASE_STATUS.slice(0, 22)).toEqual([
      'Success',
      'Unsupported Model',
      '403 Not Allowed Action',
      'Get SN Failed',
      'Unsupported Model',
      'Soft Reset Command Failed',
      "Can't Erase Key",
      '429 Too Many Requests',
      'Revert to ULD Default Failed',
      'Get RN Failed',
      'Failed to Receive Valid Serial Number from Device',
      '(Undefined) Get RN Failed',
      '(Undefined) Get SN Failed',
      'Serial Number is Empty',
      '(Undefined) Soft Reset Failed',
      '(Undefined) Revert to ULD Default Failed',
      '500 Server Problem',
      'Failed Initiation (Terminal Not Selected)',
      'Failed Initiation (Terminal Connected)',
      'SULD Mode is not enabled (Terminal Respond)',
      '670000 Revert to ULD Default Failed',
      '620008 Revert to ULD Default Failed',
    ]);
    expect(ERASE_STATUS).toHaveLength(48);
    expect(ERASE_STATUS.at(-1)).toBe('Invalid Serial Number');
    expect(ERASE_STATUS_INDEX.invalidSerialNumber).toBe(ERASE_STATUS.length - 1);
  });

  it('fills 22-46 with device errors, each name once', () => {
    const device = ERASE_STATUS.slice(22, 47);
    expect(device).toHaveLength(25);
    expect(device[0]).toBe('623901 INVALID_PARA');
    expect(device[16]).toBe('623917 READ_FILE_ERROR');
    expect(device.slice(17, 23)).toEqual([
      'PEM_READ_X509_ERROR',
      'HASH_ERROR',
      'X509_GET_RSAKEY_ERROR',
      'AUTH_CODE_ERROR',
      'OPEN_FILE_ERROR',
      'ADD_CERT_CHAIN_FAIL',
    ]);
    expect(new Set(DEVICE_ERRORS.map((e) => e.name)).size).toBe(23);
    for (const e of DEVICE_ERRORS) expect(ERASE_STATUS[e.index]).toContain(e.name);
  });

  it('reads an unknown index safely', () => {
    expect(eraseStatusMessage(19)).toBe('SULD Mode is not enabled (Terminal Respond)');
    expect(eraseStatusMessage(99)).toBe('Unknown Status (99)');
  });
});

describe('device error codes', () => {
  it('maps every code 623901-623917 to its own index', () => {
    const indexes = Array.from({ length: 17 }, (_, i) => deviceErrorIndex(623901 + i));
    expect(indexes).toEqual(Array.from({ length: 17 }, (_, i) => 22 + i));
    for (const [i, index] of indexes.entries()) {
      expect(eraseStatusMessage(index!)).toMatch(new RegExp(`^${623901 + i} `));
    }
  });

  it('accepts the code as text and sorts the rest', () => {
    expect(deviceErrorIndex('623904')).toBe(25);
    expect(eraseStatusMessage(deviceErrorIndex('623904')!)).toBe('623904 VERIFY_ERROR');
    expect(deviceErrorIndex(623950)).toBe(45);
    expect(deviceErrorIndex(620000)).toBeNull();
    expect(deviceErrorIndex(670000)).toBeNull();
    expect(deviceErrorIndex('abc')).toBeNull();
  });

  it('finds errors reported by name', () => {
    expect(deviceErrorIndexByName('AUTH_CODE_ERROR')).toBe(42);
    expect(deviceErrorIndexByName('INVALID_PARA')).toBe(22);
    expect(deviceErrorIndexByName('NOPE')).toBeNull();
  });
});

describe('failures', () => {
  it('counts every status except 0', () => {
    expect(isEraseFailure(0)).toBe(false);
    expect(isEraseFailure(1)).toBe(true);
    expect(isEraseFailure(47)).toBe(true);
    expect(ERASE_FAILURE_STATUSES).toHaveLength(47);
    expect(ERASE_FAILURE_STATUSES).not.toContain(0);
    expect(ERASE_FAILURE_STATUSES.at(-1)).toBe(47);
  });
});

describe('eraseHelpTopics', () => {
  it('links each issue to its questions', () => {
    expect(eraseHelpTopics(17)).toEqual(['enableSuld', 'findSerialNumber', 'checkSerialNumber']);
    expect(eraseHelpTopics(18)).toEqual(['enableSuld']);
    expect(eraseHelpTopics(19)).toEqual(['enableSuld']);
    expect(eraseHelpTopics(13)).toEqual(['findSerialNumber']);
    for (const i of [3, 12, 10]) {
      expect(eraseHelpTopics(i)).toEqual(['findSerialNumber', 'checkSerialNumber']);
    }
    expect(eraseHelpTopics(0)).toEqual([]);
    expect(eraseHelpTopics(16)).toEqual([]);
  });
});

describe('eraseLogLabel', () => {
  it('labels the log lines', () => {
    expect(eraseLogLabel('sn', false)).toBe('SN Fail');
    expect(eraseLogLabel('rn', false)).toBe('RN Fail');
    expect(eraseLogLabel('reset', false)).toBe('RESET Fail');
    expect(eraseLogLabel('erase', false)).toBe('ERASE Fail');
    expect(eraseLogLabel('reset', true)).toBe('RESET OK');
    expect(eraseLogLabel('erase', true)).toBe('ERASE OK');
    expect(eraseLogLabel('sn', true)).toBeNull();
  });
});

describe('docs/erase-status.md', () => {
  it('lists the same messages as the code, index by index', () => {
    const doc = readFileSync(new URL('../../../docs/erase-status.md', import.meta.url), 'utf8');
    const rows = doc
      .split('\n')
      .map((line) => /^\|\s*(\d+)\s*\|\s*(.*?)\s*\|/.exec(line))
      .filter((m) => m !== null)
      .map((m) => [Number(m[1]), m[2]!.replace(/\\\|/g, '|')]);
    expect(rows).toEqual(ERASE_STATUS.map((message, index) => [index, message]));
  });
});
