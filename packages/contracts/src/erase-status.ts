import { DEVICE_ERROR_CODE_FIRST, DEVICE_ERROR_CODE_LAST } from './constants';

// Key Erase status table (docs/erase-status.md). A record's `status` is an index into ERASE_STATUS; 0 is
// success and every other index is a failure. Indexes 0-21 and the last are the product's; the
// layout of 22-46 is this project's, documented in docs/erase-status.md.

/** Named device errors in the product's order; the first 17 carry codes 623901-623917 in order. */
const DEVICE_ERROR_NAMES = [
  'INVALID_PARA',
  'READ_FLASH_ERROR',
  'BIO_WRITE_ERROR',
  'VERIFY_ERROR',
  'EXTENSION_NULL',
  'EXTENSION_OVERSIZE',
  'EXTENSION_NUMBER_ERROR',
  'PEMID_ERROR',
  'PEM_READ_BIO_X509_ERROR',
  'FLASH_NULL',
  'WRITE_FLASH_ERROR',
  'CA_ERROR',
  'COMMAND_ERROR',
  'NO_COMMAND',
  'FIRST_PEM_ERROR',
  'SECOND_PEM_ERROR',
  'READ_FILE_ERROR',
  // No code of their own: reported by name in the terminal's failure reply.
  'PEM_READ_X509_ERROR',
  // The product shows this one as the unfilled placeholder '{hash}': a hash check failure.
  'HASH_ERROR',
  'X509_GET_RSAKEY_ERROR',
  'AUTH_CODE_ERROR',
  'OPEN_FILE_ERROR',
  'ADD_CERT_CHAIN_FAIL',
] as const;
export type DeviceErrorName = (typeof DEVICE_ERROR_NAMES)[number];

const DEVICE_ERROR_FIRST_INDEX = 22;
const CODED_COUNT = DEVICE_ERROR_CODE_LAST - DEVICE_ERROR_CODE_FIRST + 1;

export type DeviceError = { index: number; name: DeviceErrorName; code: number | null };

export const DEVICE_ERRORS: readonly DeviceError[] = DEVICE_ERROR_NAMES.map((name, i) => ({
  index: DEVICE_ERROR_FIRST_INDEX + i,
  name,
  code: i < CODED_COUNT ? DEVICE_ERROR_CODE_FIRST + i : null,
}));

const deviceErrorMessage = (e: DeviceError) => (e.code === null ? e.name : `${e.code} ${e.name}`);

/** Named indexes the code refers to; the rest are reached through the table. */
export const ERASE_STATUS_INDEX = {
  success: 0,
  unsupportedModel: 1,
  notAllowed: 2,
  getSnFailed: 3,
  unsupportedModelDevice: 4,
  softResetFailed: 5,
  cantEraseKey: 6,
  tooManyRequests: 7,
  revertFailed: 8,
  getRnFailed: 9,
  invalidSnFromDevice: 10,
  getRnUndefined: 11,
  getSnUndefined: 12,
  snEmpty: 13,
  softResetUndefined: 14,
  revertUndefined: 15,
  serverProblem: 16,
  terminalNotSelected: 17,
  terminalConnected: 18,
  suldNotEnabled: 19,
  revertFailed670000: 20,
  revertFailed620008: 21,
  /** Any 6239xx code outside 623901-623917. */
  unknownDeviceError: 45,
  /** A reply whose result code matches nothing the step expects. */
  unexpectedResponse: 46,
  invalidSerialNumber: 47,
} as const;

export const ERASE_STATUS: readonly string[] = [
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
  ...DEVICE_ERRORS.map(deviceErrorMessage),
  '6239xx Unknown Device Error',
  'Unexpected Response from Terminal',
  'Invalid Serial Number',
];

const ERASE_SUCCESS = ERASE_STATUS_INDEX.success;

/** The message of a status index; an index outside the table reads 'Unknown Status (N)'. */
export const eraseStatusMessage = (index: number): string =>
  ERASE_STATUS[index] ?? `Unknown Status (${index})`;

/** Every status except 0 is a failure (and counts in the dashboard's failed count). */
export const isEraseFailure = (index: number): boolean => index !== ERASE_SUCCESS;

/** All failure indexes: the dashboard's filter of error statuses. */
export const ERASE_FAILURE_STATUSES: readonly number[] = ERASE_STATUS.map((_, i) => i).filter(
  isEraseFailure,
);

/**
 * The status index of a device error code: 623901-623917 map in order to 22-38, any other 6239xx
 * to 45; null when the code is not a device error.
 */
export function deviceErrorIndex(code: number | string): number | null {
  const n = typeof code === 'string' ? Number(code.trim()) : code;
  if (!Number.isInteger(n)) return null;
  if (n >= DEVICE_ERROR_CODE_FIRST && n <= DEVICE_ERROR_CODE_LAST) {
    return DEVICE_ERROR_FIRST_INDEX + (n - DEVICE_ERROR_CODE_FIRST);
  }
  if (n >= 623900 && n <= 623999) return ERASE_STATUS_INDEX.unknownDeviceError;
  return null;
}

/** The status index of a device error name (for the errors reported by name); null if unknown. */
export const deviceErrorIndexByName = (name: string): number | null =>
  DEVICE_ERRORS.find((e) => e.name === name)?.index ?? null;

// --- Help hints (docs/erase-status.md#help-hints) ---

export const ERASE_HELP_TOPICS = {
  enableSuld: 'How to enable SULD mode',
  findSerialNumber: 'How to find the serial number in the terminal',
  checkSerialNumber: 'How to check that the serial number is valid',
} as const;
export type EraseHelpTopic = keyof typeof ERASE_HELP_TOPICS;

const HELP_INDEXES: Record<EraseHelpTopic, readonly number[]> = {
  enableSuld: [17, 18, 19],
  findSerialNumber: [17, 13, 3, 12, 10],
  checkSerialNumber: [17, 3, 12, 10],
};

/** The help questions linked from a failed status, in a fixed order; [] when none applies. */
export const eraseHelpTopics = (index: number): EraseHelpTopic[] =>
  (Object.keys(HELP_INDEXES) as EraseHelpTopic[]).filter((t) => HELP_INDEXES[t].includes(index));

// --- Log lines (docs/erase-status.md#log-lines) ---

export const ERASE_LOG_LABELS = {
  snFail: 'SN Fail',
  rnFail: 'RN Fail',
  resetFail: 'RESET Fail',
  eraseFail: 'ERASE Fail',
  resetOk: 'RESET OK',
  eraseOk: 'ERASE OK',
} as const;

export type EraseStep = 'sn' | 'rn' | 'reset' | 'erase';

/** The log line label of a step's result; null for the steps that log nothing on success. */
export function eraseLogLabel(step: EraseStep, isOk: boolean): string | null {
  switch (step) {
    case 'sn':
      return isOk ? null : ERASE_LOG_LABELS.snFail;
    case 'rn':
      return isOk ? null : ERASE_LOG_LABELS.rnFail;
    case 'reset':
      return isOk ? ERASE_LOG_LABELS.resetOk : ERASE_LOG_LABELS.resetFail;
    case 'erase':
      return isOk ? ERASE_LOG_LABELS.eraseOk : ERASE_LOG_LABELS.eraseFail;
  }
}
